// Turning a value into the lines the PDF prints: wrapping by characters (the spec counts
// characters per line), and fitting each line into its box. Pure functions; the width of text is
// measured by the caller's font, so the same code runs in the worker, in Node and in the tests.
import type { WrapRule } from './layout';

/** Width in points of `text` at `size`. */
export type Measure = (text: string, size: number) => number;

export const ELLIPSIS = '\u2026';

/**
 * A value as one printable line: composed Unicode (so 'Nguyễn' prints its precomposed letters,
 * whichever way it was typed) and every run of whitespace, newlines included, as one space.
 */
export function normaliseText(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * Digits with phone punctuation only ('(555) 010-0500, 555 010 0501'): the witness text that wraps
 * at 92/110 characters instead of 65/80 (spec 'PDF preview'; layout.ts says which line gets which).
 */
export function isPurelyNumeric(text: string): boolean {
  return /\d/.test(text) && /^[\d\s()+\-.,/#]+$/.test(text);
}

function chars(text: string): string[] {
  return Array.from(text);
}

/**
 * Greedy word wrap: as many whole words as fit within the line's character count; a word longer
 * than a whole line is split. Characters are counted as code points, so an accented letter is one.
 */
export function wrapByCharacters(text: string, rule: WrapRule): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  const limit = () => (lines.length === 0 ? rule.firstLine : rule.otherLines);
  const flush = () => {
    lines.push(line.join(''));
    line = [];
  };
  for (const word of text.split(' ').filter(Boolean)) {
    let rest = chars(word);
    const needed = line.length === 0 ? rest.length : line.length + 1 + rest.length;
    if (needed <= limit()) {
      line = line.length === 0 ? rest : [...line, ' ', ...rest];
      continue;
    }
    if (line.length > 0) flush();
    while (rest.length > limit()) {
      line = rest.slice(0, limit());
      rest = rest.slice(limit());
      flush();
    }
    line = rest;
  }
  if (line.length > 0) flush();
  return lines;
}

/** The longest start of `text` that, followed by an ellipsis, is at most `width` wide. */
export function truncateToWidth(text: string, width: number, size: number, measure: Measure): string {
  const base = chars(text.endsWith(ELLIPSIS) ? text.slice(0, -ELLIPSIS.length) : text);
  let low = 0;
  let high = base.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(base.slice(0, middle).join('').trimEnd() + ELLIPSIS, size) <= width) low = middle;
    else high = middle - 1;
  }
  return base.slice(0, low).join('').trimEnd() + ELLIPSIS;
}

export interface FitOptions {
  size: number;
  minSize: number;
  maxLines: number;
  /** The room of line `index`, in points. */
  widthOf: (index: number) => number;
  measure: Measure;
}

export interface FittedLines {
  lines: string[];
  size: number;
  /** Whether some of the text could not be printed (it ends in an ellipsis). */
  truncated: boolean;
}

/**
 * Lines that fit their box (spec: text that would overflow is handled, and is never drawn over
 * another field): lines past `maxLines` are dropped and the last kept one ends in an ellipsis;
 * then all lines shrink together (one size per field reads better than a ragged mix) down to
 * `minSize`; a line still too wide at that size is cut and ends in an ellipsis.
 */
export function fitLines(input: readonly string[], options: FitOptions): FittedLines {
  const { maxLines, widthOf, measure } = options;
  const lines = input.slice(0, maxLines);
  let truncated = input.length > maxLines;
  if (truncated) lines[maxLines - 1] = `${(lines[maxLines - 1] ?? '').trimEnd()}${ELLIPSIS}`;
  let size = options.size;
  lines.forEach((line, index) => {
    const widthAtOne = measure(line, 1);
    if (widthAtOne > 0) size = Math.min(size, widthOf(index) / widthAtOne);
  });
  // Rounded down to a tenth so that rounding in the width sum can never push a line over.
  size = Math.max(options.minSize, Math.floor(size * 10) / 10);
  const fitted = lines.map((line, index) => {
    if (measure(line, size) <= widthOf(index)) return line;
    truncated = true;
    return truncateToWidth(line, widthOf(index), size, measure);
  });
  return { lines: fitted, size, truncated };
}
