// Shared by the PDF tests: the real template and font from disk, and the text of a PDF as pdf.js
// (the library the viewer uses) reads it, each piece with its page and position.
import { createRequire } from 'node:module';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

export { readPdfAssets } from '../../scripts/pdf-assets';

// The legacy build is a UMD bundle whose exports Node's ES-module loader cannot see by name. On
// load it tries the optional `canvas` package for rendering (which is not installed: these tests
// only read text) and logs a warning about it; that one expected message is kept out of the output.
function loadPdfjs(): typeof import('pdfjs-dist') {
  const log = console.log;
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('Warning: Cannot polyfill')) return;
    log(...args);
  };
  try {
    return createRequire(import.meta.url)('pdfjs-dist/legacy/build/pdf.js') as typeof import('pdfjs-dist');
  } finally {
    console.log = log;
  }
}

const pdfjs = loadPdfjs();

export interface PlacedText {
  page: number;
  str: string;
  /** Baseline start, PDF points. */
  x: number;
  y: number;
  /** Advance width of the whole string, PDF points. */
  width: number;
  /** Font size (the text matrix's vertical scale). */
  size: number;
}

export async function extractText(bytes: Uint8Array): Promise<PlacedText[]> {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const doc = await pdfjs.getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const placed: PlacedText[] = [];
  try {
    for (let page = 0; page < doc.numPages; page += 1) {
      const content = await (await doc.getPage(page + 1)).getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const text = item as TextItem;
        const [, , , size, x, y] = text.transform as number[];
        placed.push({ page, str: text.str, x: x as number, y: y as number, width: text.width, size: size as number });
      }
    }
  } finally {
    await doc.destroy();
  }
  return placed;
}

function key(text: PlacedText): string {
  return `${text.page}|${text.str}|${text.x.toFixed(1)}|${text.y.toFixed(1)}`;
}

/** The pieces of `filled` that are not in `template`: what the filler drew. */
export function withoutTemplate(filled: readonly PlacedText[], template: readonly PlacedText[]): PlacedText[] {
  const remaining = new Map<string, number>();
  for (const text of template) remaining.set(key(text), (remaining.get(key(text)) ?? 0) + 1);
  return filled.filter((text) => {
    const count = remaining.get(key(text)) ?? 0;
    if (count === 0) return true;
    remaining.set(key(text), count - 1);
    return false;
  });
}
