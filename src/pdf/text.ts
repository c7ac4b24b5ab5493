// Turning a value into the lines the PDF prints: wrapping by characters (the spec counts
// characters per line), and fitting each line into its box. Pure functions; the width of text is
// measured by the caller's font, so the same code runs in the worker, in Node and in the tests.
import type { WrapRule } from './layout';

/** Width in points of `text` at `size`. */
export type Measure = (text: string, size: number) => number;

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

/** The room of one line: its width in points and, where the spec counts them, its characters. */
export interface LineRoom {
  width: number;
  characters: number;
}

/** Whether `line` fits `room` at `size` (a hundredth of a point of rounding allowed). */
export function fitsRoom(line: string, room: LineRoom, size: number, measure: Measure): boolean {
  return chars(line).length <= room.characters && measure(line, size) <= room.width + 0.01;
}

/**
 * One line taken from the front of `words` (which loses what the line takes): as many whole words
 * as `fits` allows; when not even the first word fits alone, its longest start that does (at least
 * one letter), and the rest of that word stays first in `words`.
 */
export function takeLine(words: string[], fits: (line: string) => boolean): string {
  let line = '';
  while (words.length > 0) {
    const word = words[0] as string;
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      words.shift();
      continue;
    }
    if (line !== '') break;
    const letters = chars(word);
    let low = 1;
    let high = letters.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(letters.slice(0, middle).join(''))) low = middle;
      else high = middle - 1;
    }
    line = letters.slice(0, low).join('');
    words[0] = letters.slice(low).join('');
    break;
  }
  return line;
}

/** The words of a printable line (normaliseText): split at its single spaces. */
export function wordsOf(text: string): string[] {
  return text.split(' ').filter(Boolean);
}

/** `text` in greedy lines, line `index` within `roomOf(index)` at `size`. */
export function wrapToRoom(text: string, roomOf: (index: number) => LineRoom, size: number, measure: Measure): string[] {
  const words = wordsOf(text);
  const lines: string[] = [];
  while (words.length > 0) {
    const room = roomOf(lines.length);
    lines.push(takeLine(words, (line) => fitsRoom(line, room, size, measure)));
  }
  return lines;
}

/**
 * The largest size, from `size` down to `minSize` in tenths, at which every line fits its width;
 * null when some line is too wide even at `minSize`. Rounded down to a tenth so that rounding in
 * the width sum can never push a line over. One size for all of a field's lines: it reads better
 * than a ragged mix.
 */
export function sizeToFit(
  lines: readonly string[],
  size: number,
  minSize: number,
  widthOf: (index: number) => number,
  measure: Measure,
): number | null {
  let fitted = size;
  lines.forEach((line, index) => {
    const widthAtOne = measure(line, 1);
    if (widthAtOne > 0) fitted = Math.min(fitted, widthOf(index) / widthAtOne);
  });
  fitted = Math.floor(fitted * 10) / 10;
  return fitted >= minSize ? Math.min(size, fitted) : null;
}

/**
 * The first `count` lines of `text` in `roomOf`'s rooms, the last one ending with `note` (the
 * note counts against the width only, not the characters), and what is left over. The last line
 * holds as much of the text as fits beside the note; with none, the note alone.
 */
export function linesEndingWith(
  text: string,
  count: number,
  roomOf: (index: number) => LineRoom,
  size: number,
  measure: Measure,
  note: string,
): { lines: string[]; rest: string } {
  const words = wordsOf(text);
  const lines: string[] = [];
  while (lines.length < count - 1 && words.length > 0) {
    const room = roomOf(lines.length);
    lines.push(takeLine(words, (line) => fitsRoom(line, room, size, measure)));
  }
  const room = roomOf(lines.length);
  const last = takeLine(words, (line) => chars(line).length <= room.characters && measure(`${line} ${note}`, size) <= room.width + 0.01);
  lines.push(last === '' ? note : `${last} ${note}`);
  return { lines, rest: words.join(' ') };
}
