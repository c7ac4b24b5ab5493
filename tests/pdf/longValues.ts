// An intake whose every text field of the catalogue (src/domain/intake/fields.ts) is as long as
// its limit allows, in made-up words that appear nowhere else, so that each value can be found in
// the filled PDF's text (docs/product/pdf.md#continued-pages). Every Yes/No is Yes, so that no
// value is cleared; the rest is the full valid intake's (a final intake the server stores as is).
import { fieldsOfKind, textFields, type TextPath, type YesNoPath } from '../../src/domain/intake/fields';
import type { GeneralCaseInformation } from '../../src/domain/intake';
import { fullValidIntake, withFields } from '../domain/intake/fixtures';

const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';

/** The made-up word number `index`: syllables spelled from its digits, never the same twice. */
function madeUpWord(index: number): string {
  let rest = index + CONSONANTS.length * VOWELS.length;
  let word = '';
  while (rest > 0) {
    const syllable = rest % (CONSONANTS.length * VOWELS.length);
    word += `${CONSONANTS[Math.floor(syllable / VOWELS.length)]}${VOWELS[syllable % VOWELS.length]}`;
    rest = Math.floor(rest / (CONSONANTS.length * VOWELS.length));
  }
  // A word ends in a consonant so that no two words run together into a third.
  return `${word}x`;
}

/** Words numbered from `first` joined by `separator` until `length` characters exactly (the last word cut to fit). */
function wordsOfLength(first: number, length: number, separator: string): { text: string; next: number } {
  let text = '';
  let next = first;
  while (text.length < length) {
    const word = madeUpWord(next);
    next += 1;
    text = text === '' ? word : `${text}${separator}${word}`;
  }
  text = text.slice(0, length);
  // A cut that leaves a separator last, or a one-letter word, is filled with letters.
  return { text: text.replace(/[ .]$/, 'q').replace(/ (\w)$/, 'q$1'), next };
}

/** Each text field's value at its limit: words for texts, a dotted address for the e-mail, 123-45-6789 for the SSN. */
export function longValues(): Record<TextPath, string> {
  const values = {} as Record<TextPath, string>;
  let next = 1;
  textFields.forEach(([path, rule], index) => {
    if (rule.kind === 'ssn') {
      values[path] = `9${String(10 + index).slice(-2)}-${String(index % 100).padStart(2, '0')}-${String(1000 + index).slice(-4)}`;
      return;
    }
    if (rule.kind === 'email') {
      const domain = '@example.test';
      const local = wordsOfLength(next, rule.maxLength - domain.length, '.');
      next = local.next;
      values[path] = `${local.text}${domain}`;
      return;
    }
    const words = wordsOfLength(next, rule.maxLength, ' ');
    next = words.next;
    values[path] = words.text;
  });
  return values;
}

export function longValuesIntake(): GeneralCaseInformation {
  const base = fullValidIntake();
  const yes = Object.fromEntries(fieldsOfKind('yesNo').map(([path]) => [path, true])) as Partial<Record<YesNoPath, boolean>>;
  return withFields({ ...base, personalInformation: { ...base.personalInformation, status: 'hasSsn' } }, { ...yes, ...longValues() });
}
