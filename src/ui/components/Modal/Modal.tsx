import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import * as css from './Modal.css';

export const MODAL_CLOSE_LABEL = 'Close';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'object',
  'embed',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector));
}

export interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  /** The dialog's buttons, e.g. 'No, Cancel' and 'Yes, Register Anyway'. */
  footer?: ReactNode;
  /** Escape, the close button and a click on the backdrop call it; without it they do nothing. */
  onClose?: () => void;
  /** Where focus goes on open; the first focusable element of the dialog otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'md' | 'wide';
}

/**
 * An accessible modal dialog, mounted while it is open (`{open && <Modal ...>}`): it takes focus
 * when it appears, keeps Tab inside, and gives focus back to where it was when it goes away.
 */
export function Modal({ title, children, footer, onClose, initialFocusRef, size = 'md' }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = dialog.current;
    const target = initialFocusRef?.current ?? (container ? focusableIn(container)[0] : undefined) ?? container;
    target?.focus();
    return () => {
      // The opener may have gone (e.g. a row re-rendered); only restore to something still there.
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // Focus moves once, when the dialog appears (the ref object stays the same across renders);
    // later renders must not steal it back.
  }, [initialFocusRef]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    // aria-modal tells assistive technology the page behind is inert; Tab must agree.
    const focusable = focusableIn(dialog.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className={css.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
      data-testid="modal-backdrop"
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={css.dialog({ size })}
        onKeyDown={handleKeyDown}
      >
        <div className={css.header}>
          <h2 id={titleId} className={css.title}>
            {title}
          </h2>
          {onClose && (
            <button type="button" className={css.close} aria-label={MODAL_CLOSE_LABEL} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className={css.body}>{children}</div>
        {footer && <div className={css.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
