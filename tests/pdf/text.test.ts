// Wrapping and fitting (src/pdf/text.ts) with a simple measure: every character 1 point wide at
// size 1, so widths are easy to reason about.
import { describe, expect, it } from 'vitest';
import { ELLIPSIS, fitLines, isPurelyNumeric, normaliseText, wrapByCharacters, type Measure } from '../../src/pdf/text';

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

describe('fitLines', () => {
  const base = { size: 12, minSize: 6, maxLines: 3, widthOf: () => 120, measure };

  it('leaves text that fits at its size', () => {
    expect(fitLines(['ten chars!'], base)).toEqual({ lines: ['ten chars!'], size: 12, truncated: false });
  });

  it('shrinks every line together until the widest fits', () => {
    const fitted = fitLines(['a'.repeat(15), 'b'.repeat(5)], base);
    expect(fitted.size).toBe(8);
    expect(fitted.lines).toEqual(['a'.repeat(15), 'b'.repeat(5)]);
  });

  it('cuts a line with an ellipsis when even the minimum size is too big', () => {
    const fitted = fitLines(['c'.repeat(30)], base);
    expect(fitted.size).toBe(6);
    expect(fitted.lines[0]).toBe(`${'c'.repeat(19)}${ELLIPSIS}`);
    expect(measure(fitted.lines[0] as string, fitted.size)).toBeLessThanOrEqual(120);
    expect(fitted.truncated).toBe(true);
  });

  it('drops lines past the maximum and ends the last one kept with an ellipsis', () => {
    const fitted = fitLines(['one', 'two', 'three', 'four'], base);
    expect(fitted.lines).toEqual(['one', 'two', `three${ELLIPSIS}`]);
    expect(fitted.truncated).toBe(true);
  });
});
