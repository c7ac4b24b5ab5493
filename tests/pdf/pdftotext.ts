// The text of a PDF as poppler's pdftotext reads it (poppler-utils, installed by .ci/run), page by
// page, in the order the document draws it (-raw), whitespace and line breaks as single spaces.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Each page's text, whitespace folded into single spaces. */
export async function pdftotextPages(bytes: Uint8Array): Promise<string[]> {
  const work = await mkdtemp(join(tmpdir(), 'pdftotext-'));
  try {
    const file = join(work, 'document.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { maxBuffer: 16 * 1024 * 1024 });
    // pdftotext ends each page with a form feed.
    return stdout
      .split('\f')
      .slice(0, -1)
      .map((page) => page.replace(/\s+/g, ' ').trim());
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The piece of a pattern for letter `index` of `value`: a space in the value is a space in the
 * text; between two other letters a line break may have come (a word split over two lines).
 */
function piece(value: readonly string[], index: number): string {
  const letter = value[index] as string;
  if (letter === ' ') return ' ';
  const mayBreak = index > 0 && value[index - 1] !== ' ';
  return `${mayBreak ? ' ?' : ''}${escape(letter)}`;
}

/** A pattern that finds `value` in pdftotextPages' text, whole and in order, however it was broken into lines. */
export function valuePattern(value: string): string {
  const letters = Array.from(value);
  return letters.map((_, index) => piece(letters, index)).join('');
}

/** A pattern that finds any start of `value` (at least its first letter), the longest that is there. */
export function startPattern(value: string): string {
  const letters = Array.from(value);
  let pattern = '';
  for (let index = letters.length - 1; index >= 0; index -= 1) {
    pattern = `${piece(letters, index)}${pattern === '' ? '' : `(?:${pattern})?`}`;
  }
  return pattern;
}
