// A signature drawn with a finger, a pen or a mouse (docs/product/engagement.md#screens): pointer
// events on a canvas, one stroke per press. After each stroke the pad gives its drawing as a PNG
// data URL; 'Clear' empties it. A drawing given back as `image` (the page shown again after a
// language change or a failed send) is painted back, so nothing drawn is lost. The typed name is
// the keyboard's way to sign; the pad itself is for pointers.
import { useEffect, useRef, type PointerEvent } from 'react';
import * as css from './SignaturePad.css';

export interface SignaturePadProps {
  /** The drawing so far, as the pad last gave it, or null for an empty pad. */
  image: string | null;
  label: string;
  hint: string;
  clearLabel: string;
  onDraw: (image: string) => void;
  onClear: () => void;
  /** The pad's canvas is marked invalid (nothing drawn when asked to sign). */
  invalid?: boolean;
  describedBy?: string;
  /** The page's own secondary button style, for 'Clear'. */
  clearClassName?: string;
}

const INK = '#111827';
const LINE_WIDTH = 2.5;

function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  return canvas.getContext('2d');
}

/** Sizes the canvas's pixels to its box (sharp on high-density screens) and draws in CSS pixels. */
function fitToBox(canvas: HTMLCanvasElement): void {
  const ratio = window.devicePixelRatio || 1;
  const { width, height } = canvas.getBoundingClientRect();
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.max(1, Math.round(height * ratio));
  const ink = context2d(canvas);
  if (!ink) return;
  ink.setTransform(ratio, 0, 0, ratio, 0, 0);
  ink.lineWidth = LINE_WIDTH;
  ink.lineCap = 'round';
  ink.lineJoin = 'round';
  ink.strokeStyle = INK;
}

function paint(canvas: HTMLCanvasElement, image: string | null): void {
  const ink = context2d(canvas);
  if (!ink) return;
  ink.save();
  ink.setTransform(1, 0, 0, 1, 0, 0);
  ink.clearRect(0, 0, canvas.width, canvas.height);
  ink.restore();
  if (!image) return;
  const picture = new Image();
  picture.onload = () => {
    const { width, height } = canvas.getBoundingClientRect();
    ink.drawImage(picture, 0, 0, width, height);
  };
  picture.src = image;
}

export function SignaturePad({ image, label, hint, clearLabel, onDraw, onClear, invalid, describedBy, clearClassName }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  /** The image this pad last gave: no repaint when it comes back as the prop. */
  const given = useRef<string | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    fitToBox(canvas);
    paint(canvas, image);
    given.current = image;
    // Only at mount: later images are the pad's own strokes, already on the canvas.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas && image !== given.current) {
      paint(canvas, image);
      given.current = image;
    }
  }, [image]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const { x, y } = pointOf(event);
    drawing.current = { pointerId: event.pointerId, x, y };
    const ink = context2d(event.currentTarget);
    if (!ink) return;
    // A dot for a tap.
    ink.beginPath();
    ink.arc(x, y, LINE_WIDTH / 2, 0, Math.PI * 2);
    ink.fillStyle = INK;
    ink.fill();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke || stroke.pointerId !== event.pointerId) return;
    const ink = context2d(event.currentTarget);
    if (!ink) return;
    const { x, y } = pointOf(event);
    ink.beginPath();
    ink.moveTo(stroke.x, stroke.y);
    ink.lineTo(x, y);
    ink.stroke();
    drawing.current = { ...stroke, x, y };
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke || stroke.pointerId !== event.pointerId) return;
    drawing.current = null;
    const picture = event.currentTarget.toDataURL('image/png');
    given.current = picture;
    onDraw(picture);
  };

  return (
    <div className={css.pad}>
      <canvas
        ref={canvasRef}
        className={css.canvas}
        role="img"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div className={css.row}>
        <span className={css.hint}>{hint}</span>
        <button type="button" className={clearClassName} disabled={image === null} onClick={onClear}>
          {clearLabel}
        </button>
      </div>
    </div>
  );
}
