// Wrapping and fitting (src/pdf/text.ts) with a simple measure: every character 1 point wide at
// size 1, so widths are easy to reason about.
import { describe, expect, it } from 'vitest';
import { isPurelyNumeric, linesEndingWith, normaliseText, sizeToFit, wrapByCharacters, wrapToRoom, type Measure } from '../../src/pdf/text';

const measure: Measure = (text, size) => Array.from(text).length * size;

describe('wrapByCharacters', () => {
  it('keeps whole words within the characters of each line', () => {
    expect(wrapByCharacters('one two three four five', { firstLine: 9, otherLines: 9 })).toEqual(['one two', 'three', 'four five']);
  });

  it("uses the first line's count for the first line and the other count after it", () => {
    const lines = wrapByCharacters('aa bb cc dd ee ff gg', { firstLine: 5, otherLines: 11 });
    expect(lines).toEqual(['aa bb', 'cc dd ee ff', 'gg']);
  });

  it('splits a word longer than a line, counting an accented letter as one character', () => {
    expect(wrapByCharacters('ễễễễễễễ', { firstLine: 3, otherLines: 3 })).toEqual(['ễễễ', 'ễễễ', 'ễ']);
  });
});

describe('normaliseText and isPurelyNumeric', () => {
  it('composes accents and folds whitespace and newlines into single spaces', () => {
    expect(normaliseText('  Nguye\u0302\u0303n \n Thi\u0323  ')).toBe('Nguyễn Thị');
  });

  it('calls digits with phone punctuation numeric, and anything with a letter not', () => {
    expect(isPurelyNumeric('(555) 010-0500, 555 010 0501')).toBe(true);
    expect(isPurelyNumeric('Pat (555) 010-0500')).toBe(false);
    expect(isPurelyNumeric('--')).toBe(false);
  });
});

describe('sizeToFit', () => {
  const widthOf = () => 120;

  it('leaves text that fits at its size', () => {
    expect(sizeToFit(['ten chars!'], 12, 8, widthOf, measure)).toBe(12);
  });

  it('shrinks every line together until the widest fits', () => {
    expect(sizeToFit(['a'.repeat(15), 'b'.repeat(5)], 12, 8, widthOf, measure)).toBe(8);
  });

  it('gives up below the smallest size instead of cutting', () => {
    expect(sizeToFit(['c'.repeat(16)], 12, 8, widthOf, measure)).toBeNull();
  });
});

describe('wrapToRoom and linesEndingWith', () => {
  const room =
    (characters = Infinity) =>
    () => ({ width: 10, characters });

  it('wraps whole words by width and by characters, splitting only a word longer than a line', () => {
    expect(wrapToRoom('one two three four', room(), 1, measure)).toEqual(['one two', 'three four']);
    expect(wrapToRoom('one two three four', room(7), 1, measure)).toEqual(['one two', 'three', 'four']);
    expect(wrapToRoom('abcdefghijklmnopqrstuvwxy', room(), 1, measure)).toEqual(['abcdefghij', 'klmnopqrst', 'uvwxy']);
  });

  it('ends the last line with the note and gives back the rest, losing nothing', () => {
    const text = 'aa bb cc dd ee ff gg hh';
    const { lines, rest } = linesEndingWith(text, 2, room(), 1, measure, '(p5)');
    expect(lines).toEqual(['aa bb cc', 'dd ee (p5)']);
    expect(rest).toBe('ff gg hh');
    expect(`${lines.join(' ').replace(' (p5)', '')} ${rest}`).toBe(text);
  });
});
