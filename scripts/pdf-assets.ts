// The filler's inputs read from disk, for Node callers (tests, benchmarks, scripts); the browser
// fetches the same two files (src/pdf/assets.ts).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const TEMPLATE_PATH = `${root}public/intake-template.pdf`;
export const FONT_PATH = `${root}node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf`;

export interface NodePdfAssets {
  templateBytes: Uint8Array;
  fontBytes: Uint8Array;
}

/** DejaVuSans.ttf, the value font (the template carries part of it, see src/pdf/fonts.ts). */
export async function readFontBytes(): Promise<Uint8Array> {
  return new Uint8Array(await readFile(FONT_PATH));
}

export async function readPdfAssets(): Promise<NodePdfAssets> {
  const [template, font] = await Promise.all([readFile(TEMPLATE_PATH), readFile(FONT_PATH)]);
  return { templateBytes: new Uint8Array(template), fontBytes: new Uint8Array(font) };
}
