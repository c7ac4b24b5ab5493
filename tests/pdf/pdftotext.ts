// The text of a PDF as poppler's pdftotext reads it (poppler-utils, installed by .ci/run), page by
// page, in the order the document draws it (-raw), whitespace and line breaks as single spaces.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CONTINUED_TITLE, continuedEntryLabel, type PrintedField } from '../../src/pdf/layout';
import { ssnParts } from '../../src/pdf/plan';
import { normaliseText } from '../../src/pdf/text';

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

/** What the PDF must read for a value: the text, or the SSN's three parts. */
export function printedValue(path: string, value: string): string {
  return path === 'personalInformation.ssnItin' ? ssnParts(value).join(' ') : normaliseText(value);
}

export interface Reading {
  /** Where the value's box is, and where it continues if it does (1-based pages). */
  page: number;
  continuedOn?: number;
}

/**
 * Where `value` of the field at `field` reads in `pages` (pdftotextPages): whole on its page; or
 * a start of it there ending with the note '(continued on page N)', and the rest on page N right
 * after the entry that names the field. Null when neither.
 */
export function readingOf(pages: readonly string[], field: PrintedField, value: string): Reading | null {
  const own = pages[field.page] ?? '';
  if (new RegExp(`(?:^| )${valuePattern(value)}(?: |$)`).test(own)) return { page: field.page + 1 };
  const box = new RegExp(`(?:^| )(${startPattern(value)}) ?\\(continued on page (\\d+)\\)`).exec(own);
  if (!box) return null;
  // The rest of the value: what is left after as many letters as the box holds.
  let letters = Array.from((box[1] as string).replace(/ /g, '')).length;
  let index = 0;
  for (const letter of Array.from(value)) {
    if (letters === 0) break;
    index += letter.length;
    if (letter !== ' ') letters -= 1;
  }
  const rest = value.slice(index).trimStart();
  const continuedOn = Number(box[2]);
  const continued = pages[continuedOn - 1] ?? '';
  if (!continued.startsWith(CONTINUED_TITLE)) return null;
  const entry = new RegExp(`(?:^| )${escape(continuedEntryLabel(field))} ${valuePattern(rest)}(?: |$)`);
  return entry.test(continued) ? { page: field.page + 1, continuedOn } : null;
}
