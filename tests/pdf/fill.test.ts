// The filled intake PDF (src/pdf/fill.ts) as a reader sees it: the real template and font, the
// text read back with pdf.js, each value checked against its place in the layout table
// (intake spec 'PDF preview, download and fill rules').
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyIntake, toApiIntake, type GeneralCaseInformation } from '../../src/domain/intake';
import { fillIntakePdf, type PdfIntake } from '../../src/pdf/fill';
import {
  CONTINUED_TITLE,
  MIN_VALUE_SIZE,
  PAD,
  continuedEntryLabel,
  continuedNote,
  intakeLayout,
  lineStart,
  valueBox,
  type PrintedField,
  type TextField,
} from '../../src/pdf/layout';
import { measureWith, valueFontWidths } from '../../src/pdf/fonts';
import { fullValidIntake, withFields } from '../domain/intake/fixtures';
import { extractText, readPdfAssets, withoutTemplate, type PlacedText } from './support';

let templateBytes: Uint8Array;
let fontBytes: Uint8Array;
let templateText: PlacedText[];

beforeAll(async () => {
  ({ templateBytes, fontBytes } = await readPdfAssets());
  templateText = await extractText(templateBytes);
});

/** What the filler drew for `intake`: the filled document's text minus the template's own. */
async function drawn(intake: PdfIntake): Promise<PlacedText[]> {
  return withoutTemplate(await extractText(await fillIntakePdf(intake, templateBytes, fontBytes)), templateText);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

const TOLERANCE = 2;
const near = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE;
const at = (texts: readonly PlacedText[], page: number, x: number, y: number) =>
  texts.filter((text) => text.page === page && near(text.x, x) && near(text.y, y));

function field(path: string): PrintedField {
  const found = intakeLayout.find((entry) => `${entry.section}.${entry.field}` === path);
  if (!found) throw new Error(`no layout entry for ${path}`);
  return found;
}
const textField = (path: string) => field(path) as TextField & PrintedField;

/** An intake with values the form's types would not allow (older records, leads' 'Male'). */
function loose(intake: GeneralCaseInformation, section: keyof GeneralCaseInformation, patch: Record<string, unknown>): PdfIntake {
  return { ...intake, [section]: { ...(intake[section] as object), ...patch } } as unknown as PdfIntake;
}

const marksAt = (texts: readonly PlacedText[], page: number, point: { x: number; y: number }) =>
  at(texts, page, point.x, point.y).filter((text) => text.str === 'X');

describe('a full intake', () => {
  const intake = () => toApiIntake(fullValidIntake());
  // The values as the reader must see them: calendar dates as MM/DD/YYYY, counts as numbers.
  const printedAs: Record<string, string> = {
    'personalInformation.birthDate': '03/05/1990',
    'injuryInformation.hospitalDate': '05/02/2024',
    'incidentDescription.incidentDate': '03/14/2024',
    'personalInformation.passengerCount': '2',
    'incidentDescription.howManyVehicles': '3',
  };

  it("prints every text value once, at its field's page and position, and nothing else", async () => {
    const texts = await drawn(intake());
    const source = intake() as unknown as Record<string, Record<string, unknown>>;
    let expectedCount = 0;
    for (const entry of intakeLayout) {
      if (entry.kind !== 'text') continue;
      const path = `${entry.section}.${entry.field}`;
      const raw = source[entry.section]?.[entry.field];
      const expected = printedAs[path] ?? (typeof raw === 'string' ? raw : '');
      const found = at(texts, entry.page, lineStart(entry, 0), entry.y).filter((text) => text.str !== 'X');
      if (expected === '') {
        expect(found, path).toEqual([]);
        continue;
      }
      expectedCount += 1;
      expect(
        found.map((text) => text.str),
        path,
      ).toEqual([expected]);
    }
    const ssnParts = 3;
    const marks = texts.filter((text) => text.str === 'X').length;
    expect(texts.length).toBe(expectedCount + ssnParts + marks);
  });

  it('marks each Yes/No answer at its yes or no position, and an unanswered one nowhere', async () => {
    const texts = await drawn(intake());
    const source = intake() as unknown as Record<string, Record<string, unknown>>;
    const unanswered: string[] = [];
    for (const entry of intakeLayout) {
      if (entry.kind !== 'xMark') continue;
      const path = `${entry.section}.${entry.field}`;
      const answer = source[entry.section]?.[entry.field];
      expect(marksAt(texts, entry.page, entry.yes), `${path} yes`).toHaveLength(answer === true ? 1 : 0);
      expect(marksAt(texts, entry.page, entry.no), `${path} no`).toHaveLength(answer === false ? 1 : 0);
      if (answer === null) unanswered.push(path);
    }
    expect(unanswered).toEqual(['injuryInformation.receivingTreatment']);
  });

  it('ticks the languages, phone uses and symptoms it holds, and marks male, single and no SSN status box', async () => {
    const texts = await drawn(intake());
    const ticked = (path: string) => {
      const entry = field(path);
      if (entry.kind !== 'tick' && entry.kind !== 'choice') throw new Error(path);
      return entry.options.filter((option) => marksAt(texts, entry.page, option).length === 1).map((option) => option.label);
    };
    expect(ticked('personalInformation.languages')).toEqual(['Spanish', 'English']);
    expect(ticked('personalInformation.phoneUsages')).toEqual(['Call', 'Text']);
    expect(ticked('injuryInformation.painAndSymptoms')).toEqual(['Headaches']);
    expect(ticked('personalInformation.gender')).toEqual(['Male']);
    expect(ticked('personalInformation.civilStatus')).toEqual(['Single']);
    // hasSsn has no box: the SSN itself is printed instead.
    expect(ticked('personalInformation.status')).toEqual([]);
  });

  it('splits the SSN at its hyphens into the three fixed positions', async () => {
    const texts = await drawn(intake());
    const ssn = field('personalInformation.ssnItin');
    if (ssn.kind !== 'splitSsn') throw new Error('ssnItin is not split');
    expect(ssn.parts.map((part) => at(texts, 0, part.x, ssn.y).map((text) => text.str))).toEqual([['900'], ['00'], ['0001']]);
  });

  it("draws every value with the template's copy of the font: the file is the template and a few kilobytes more", async () => {
    const bytes = await fillIntakePdf(intake(), templateBytes, fontBytes);
    expect(fontBytes.length).toBeGreaterThan(500_000);
    // The template carries part of the font, not all of it.
    expect(templateBytes.length).toBeLessThan(200_000);
    // An update after the template's own bytes (src/pdf/update.ts), holding no font of its own.
    expect(sameBytes(bytes.subarray(0, templateBytes.length), templateBytes)).toBe(true);
    const update = new TextDecoder('latin1').decode(bytes.subarray(templateBytes.length));
    expect(update).not.toContain('/FontFile2');
    expect(bytes.length - templateBytes.length).toBeLessThan(30_000);
  });

  it('fills each document on its own: a document filled after another carries none of its values', async () => {
    const blank = await fillIntakePdf(toApiIntake(emptyIntake()), templateBytes, fontBytes);
    const full = await fillIntakePdf(intake(), templateBytes, fontBytes);
    const vietnamese = withFields(fullValidIntake(), {
      'personalInformation.firstName': 'Nguyễn Thị Minh Khai',
      'personalInformation.lastName': 'ნინო',
    });
    await fillIntakePdf(vietnamese, templateBytes, fontBytes);
    const blankAgain = await fillIntakePdf(toApiIntake(emptyIntake()), templateBytes, fontBytes);
    expect(sameBytes(blankAgain, blank)).toBe(true);
    expect(withoutTemplate(await extractText(blankAgain), templateText)).toEqual([]);
    const fullAgain = await fillIntakePdf(intake(), templateBytes, fontBytes);
    expect(sameBytes(fullAgain, full)).toBe(true);
  });

  it("prints the same from the form's shape (YYYY-MM-DD dates) as from the API's (ISO dates)", async () => {
    const fromForm = await drawn(fullValidIntake());
    const fromApi = await drawn(intake());
    expect(fromForm).toEqual(fromApi);
  });
});

describe('choices and ticks', () => {
  const choiceOf = async (intake: PdfIntake, path: string) => {
    const texts = await drawn(intake);
    const entry = field(path);
    if (entry.kind !== 'tick' && entry.kind !== 'choice') throw new Error(path);
    return entry.options.filter((option) => marksAt(texts, entry.page, option).length === 1).map((option) => option.label);
  };

  it('marks female and married with the other mark, and matches a capitalised Male', async () => {
    const female = loose(fullValidIntake(), 'personalInformation', { gender: 'female', civilStatus: 'married' });
    expect(await choiceOf(female, 'personalInformation.gender')).toEqual(['Female']);
    expect(await choiceOf(female, 'personalInformation.civilStatus')).toEqual(['Married']);
    expect(await choiceOf(loose(fullValidIntake(), 'personalInformation', { gender: ' Male ' }), 'personalInformation.gender')).toEqual([
      'Male',
    ]);
  });

  it('gives pending, noSsn and needToGet each their own box', async () => {
    const boxes = await Promise.all(
      (['noSsn', 'pending', 'needToGet'] as const).map((status) =>
        choiceOf(
          withFields(fullValidIntake(), { 'personalInformation.status': status, 'personalInformation.ssnItin': '' }),
          'personalInformation.status',
        ),
      ),
    );
    expect(boxes).toEqual([['No SSN'], ['Pending'], ['Need to Get']]);
  });

  it('ticks languages and phone uses by a case-insensitive, trimmed match', async () => {
    const intake = loose(fullValidIntake(), 'personalInformation', { languages: [' Spanish ', 'VIETNAMESE'], phoneUsages: ['Text '] });
    expect(await choiceOf(intake, 'personalInformation.languages')).toEqual(['Spanish', 'Vietnamese']);
    expect(await choiceOf(intake, 'personalInformation.phoneUsages')).toEqual(['Text']);
  });
});

describe('wrapping', () => {
  it('wraps an address at 60 characters, two lines starting higher than a one-line address', async () => {
    const address = '4500 Example Boulevard, Apartment 12B, Building C, Springfield Heights, EX 00000';
    const entry = textField('personalInformation.address');
    const texts = (await drawn(withFields(emptyIntake(), { 'personalInformation.address': address }))).filter((text) => text.page === 0);
    expect(texts).toHaveLength(2);
    const [first, second] = texts as [PlacedText, PlacedText];
    expect(first.y).toBeGreaterThan(entry.y + 2);
    expect(near(first.y - second.y, entry.lineGap)).toBe(true);
    expect(near(first.x, entry.x) && near(second.x, entry.x)).toBe(true);
    expect(Array.from(first.str).length).toBeLessThanOrEqual(60);
    expect(`${first.str} ${second.str}`).toBe(address);

    const single = await drawn(withFields(emptyIntake(), { 'personalInformation.address': '12 Short Road' }));
    expect(single.map((text) => [text.str, text.x, text.y])).toEqual([['12 Short Road', entry.x, entry.y]]);
  });

  it('wraps a long description onto lines 14 points apart', async () => {
    const words =
      'The client was stopped at the light when the defendant, driving fast, hit the rear bumper and pushed the car into the crosswalk; both drivers waited.';
    const entry = textField('incidentDescription.description');
    const texts = (await drawn(withFields(emptyIntake(), { 'incidentDescription.description': words }))).filter((text) => text.page === 3);
    expect(texts.length).toBeGreaterThan(1);
    texts.forEach((text, index) => {
      expect(near(text.x, entry.x)).toBe(true);
      expect(near(text.y, entry.y - 14 * index)).toBe(true);
      expect(Array.from(text.str).length).toBeLessThanOrEqual(80);
    });
    expect(texts.map((text) => text.str).join(' ')).toBe(words);
  });

  /** Lines of `text` as drawn, each checked to be full: the next word would not have fitted. */
  async function witnessLines(text: string) {
    const entry = textField('incidentDescription.witnessNamesAndContacts');
    const texts = (await drawn(withFields(emptyIntake(), { 'incidentDescription.witnessNamesAndContacts': text }))).filter(
      (t) => t.page === 3,
    );
    expect(texts.map((t) => t.str).join(' ')).toBe(text);
    expect(near((texts[0] as PlacedText).x, entry.firstLineX as number)).toBe(true);
    texts.slice(1).forEach((t, index) => {
      expect(near(t.x, entry.x)).toBe(true);
      expect(near(t.y, entry.y - 14 * (index + 1))).toBe(true);
    });
    const lengths = texts.map((t) => Array.from(t.str).length);
    const fullLengths = texts.slice(0, -1).map((t, index) => {
      const nextWord = (texts[index + 1] as PlacedText).str.split(' ')[0] as string;
      return Array.from(`${t.str} ${nextWord}`).length;
    });
    return { lengths, fullLengths };
  }

  it('wraps witness names at 65 characters on the first line and 80 after it', async () => {
    const { lengths, fullLengths } = await witnessLines(
      'Pat Witness saw the crash from the corner store and can be reached at the store most days; Lee Observer was waiting at the crosswalk with a dog.',
    );
    expect(lengths.length).toBe(3);
    expect(lengths[0]).toBeLessThanOrEqual(65);
    expect(fullLengths[0]).toBeGreaterThan(65);
    expect(lengths[1]).toBeLessThanOrEqual(80);
    expect(fullLengths[1]).toBeGreaterThan(80);
  });

  it('wraps purely numeric witness text at 92 characters on the first line and 110 after it', async () => {
    const { lengths, fullLengths } = await witnessLines(
      Array.from({ length: 10 }, (_, index) => `(555) 010-05${String(index).padStart(2, '0')},`).join(' '),
    );
    expect(lengths.length).toBe(2);
    expect(lengths[0]).toBeLessThanOrEqual(92);
    expect(fullLengths[0]).toBeGreaterThan(92);
    expect(lengths[1]).toBeLessThanOrEqual(110);
  });
});

describe('blank values and hard text', () => {
  it('prints nothing at all for a blank intake, or for one with every section missing', async () => {
    expect(await drawn(emptyIntake())).toEqual([]);
    expect(await drawn({} as PdfIntake)).toEqual([]);
  });

  it('prints no count when its Yes/No is not Yes', async () => {
    const texts = await drawn(
      withFields(emptyIntake(), { 'personalInformation.passengers': false, 'personalInformation.passengerCount': 2 }),
    );
    const count = textField('personalInformation.passengerCount');
    expect(at(texts, 0, count.x, count.y)).toEqual([]);
  });

  it('prints a Vietnamese name exactly, diacritics included, however it was typed', async () => {
    const composed = 'Nguyễn Thị Minh Khai';
    const first = textField('personalInformation.firstName');
    for (const typed of [composed, composed.normalize('NFD')]) {
      const texts = await drawn(withFields(emptyIntake(), { 'personalInformation.firstName': typed }));
      expect(at(texts, 0, first.x, first.y).map((text) => text.str)).toEqual([composed]);
    }
  });

  it("prints Latin, Vietnamese, Greek and Cyrillic names and signs from the template's font, as wide as they were measured", async () => {
    const values: [string, string][] = [
      ['personalInformation.firstName', 'Nguyễn Thị'],
      ['personalInformation.middleName', 'Ζωή'],
      ['personalInformation.lastName', 'Muñoz-Ибрагимов'],
      ['vehicleInformation.owner', '€20 – № 5 “O’B”…'],
    ];
    const intake = withFields(emptyIntake(), Object.fromEntries(values));
    const bytes = await fillIntakePdf(intake, templateBytes, fontBytes);
    expect(new TextDecoder('latin1').decode(bytes.subarray(templateBytes.length))).not.toContain('/FontFile2');
    const texts = withoutTemplate(await extractText(bytes), templateText);
    const measure = measureWith(valueFontWidths(fontBytes));
    for (const [path, value] of values) {
      const entry = textField(path);
      const [printed, ...others] = at(texts, entry.page, entry.x, entry.y);
      expect(others, path).toEqual([]);
      expect(printed?.str, path).toBe(value);
      // The template's width table agrees with the widths the filler fits text by.
      expect(printed?.width, path).toBeCloseTo(measure(value, printed?.size ?? 0), 2);
    }
  });

  it("prints a letter the template's font lacks from a subset embedded in that document, beside values drawn from the template's", async () => {
    const values: [string, string][] = [
      ['personalInformation.firstName', 'ნინო'],
      ['personalInformation.middleName', 'x\u0303'],
      ['personalInformation.lastName', 'Nguyễn'],
    ];
    const bytes = await fillIntakePdf(withFields(emptyIntake(), Object.fromEntries(values)), templateBytes, fontBytes);
    expect(new TextDecoder('latin1').decode(bytes.subarray(templateBytes.length))).toContain('/FontFile2');
    const texts = withoutTemplate(await extractText(bytes), templateText);
    for (const [path, value] of values) {
      const entry = textField(path);
      expect(
        at(texts, entry.page, entry.x, entry.y).map((text) => text.str),
        path,
      ).toEqual([value]);
    }
    expect(texts).toHaveLength(values.length);
  });

  it('continues a value too long for its box on a Continued page, the box ending with where, never reaching the next field', async () => {
    const first = textField('personalInformation.firstName');
    const middle = textField('personalInformation.middleName');
    const texts = await drawn(
      withFields(emptyIntake(), { 'personalInformation.firstName': 'W'.repeat(100), 'personalInformation.middleName': 'Q' }),
    );
    const inBox = texts.filter((text) => text.page === 0 && text.str !== 'Q');
    expect(inBox.length).toBeGreaterThan(1);
    expect((inBox.at(-1) as PlacedText).str.endsWith(continuedNote(5))).toBe(true);
    for (const printed of inBox) {
      expect(printed.size).toBeCloseTo(MIN_VALUE_SIZE, 1);
      expect(printed.x + printed.width).toBeLessThanOrEqual(valueBox(first).right - PAD + 0.5);
      expect(printed.x + printed.width).toBeLessThan(valueBox(middle).left);
      expect(printed.y - 0.24 * printed.size).toBeGreaterThanOrEqual(valueBox(first).bottom);
    }
    const continued = texts.filter((text) => text.page === 4).map((text) => text.str);
    expect(continued).toContain(CONTINUED_TITLE);
    expect(continued).toContain(continuedEntryLabel(first));
    const boxed = inBox.map((text) => text.str.replace(continuedNote(5), '').trim()).join('');
    const rest = continued.filter((text) => /^W+$/.test(text)).join('');
    expect(boxed + rest).toBe('W'.repeat(100));
  });

  it('shrinks a value a little too long to fit whole, without cutting it', async () => {
    const hospital = textField('injuryInformation.hospital');
    const name = 'Springfield Example Regional Hospital';
    const texts = await drawn(withFields(emptyIntake(), { 'injuryInformation.hospital': name }));
    const [printed] = at(texts, 2, hospital.x, hospital.y) as [PlacedText];
    expect(printed.str).toBe(name);
    expect(printed.size).toBeLessThan(12);
    expect(printed.x + printed.width).toBeLessThanOrEqual(valueBox(hospital).right - PAD + 0.5);
  });

  it('keeps an overlong description inside its box, its last line ending with where the rest continues', async () => {
    const entry = textField('incidentDescription.description');
    const text = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const texts = await drawn(withFields(emptyIntake(), { 'incidentDescription.description': text }));
    const inBox = texts.filter((t) => t.page === 3);
    expect(inBox).toHaveLength(entry.maxLines);
    expect((inBox.at(-1) as PlacedText).str.endsWith(continuedNote(5))).toBe(true);
    for (const t of inBox) {
      expect(t.y).toBeGreaterThan(valueBox(entry).bottom);
      expect(t.x + t.width).toBeLessThanOrEqual(valueBox(entry).right);
    }
    const continued = texts.filter((t) => t.page === 4 && !t.str.startsWith(continuedEntryLabel(entry)) && t.str !== CONTINUED_TITLE);
    const boxed = inBox.map((t) => t.str.replace(continuedNote(5), '').trim());
    expect([...boxed, ...continued.filter((t) => t.str.startsWith('word')).map((t) => t.str)].join(' ')).toBe(text);
  });
});
