// Values too long for their boxes (docs/product/pdf.md#continued-pages): an intake with every text
// of the field catalogue at its limit, in made-up words (longValues.ts), filled with the real
// template and font and read back with poppler's pdftotext (text) and pdf.js (sizes, positions).
// Every value must be there whole and in order, in its box or begun there and continued on a
// Continued page that names it; nothing below 8 points, nothing cut, nothing over another field.
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyIntake, toApiIntake } from '../../src/domain/intake';
import { textFields } from '../../src/domain/intake/fields';
import { fillIntakePdf, type PdfIntake } from '../../src/pdf/fill';
import { MARK } from '../../src/pdf/fonts';
import {
  MIN_VALUE_SIZE,
  PAGE_COUNT,
  VALUE_ASCENT,
  VALUE_DESCENT,
  continuedEntryLabel,
  intakeLayout,
  ssnPartBox,
  valueBox,
  type PrintedField,
  type Rect,
} from '../../src/pdf/layout';
import { withFields } from '../domain/intake/fixtures';
import { longValues, longValuesIntake } from './longValues';
import { pdftotextPages, printedValue, readingOf } from './pdftotext';
import { extractText, readPdfAssets, withoutTemplate, type PlacedText } from './support';

let templateBytes: Uint8Array;
let fontBytes: Uint8Array;
let templateText: PlacedText[];

beforeAll(async () => {
  ({ templateBytes, fontBytes } = await readPdfAssets());
  templateText = await extractText(templateBytes);
});

const fill = (intake: PdfIntake) => fillIntakePdf(intake, templateBytes, fontBytes);

function placeOf(path: string): PrintedField {
  const found = intakeLayout.find((entry) => `${entry.section}.${entry.field}` === path);
  if (!found) throw new Error(`no layout entry for ${path}`);
  return found;
}

describe('an intake with every text field at its limit (docs/product/pdf.md#continued-pages)', () => {
  const values = longValues();
  let bytes: Uint8Array;
  let pages: string[];
  let drawn: PlacedText[];

  beforeAll(async () => {
    bytes = await fill(toApiIntake(longValuesIntake()));
    pages = await pdftotextPages(bytes);
    drawn = withoutTemplate(await extractText(bytes), templateText);
  });

  it('reads every value whole and in order with pdftotext: in its box, or begun there and continued on a Continued page that names it', () => {
    const readings = textFields.map(([path]) => {
      const field = placeOf(path);
      return [path, readingOf(pages, field, printedValue(path, values[path]))] as const;
    });
    expect(readings.filter(([, reading]) => reading === null).map(([path]) => path)).toEqual([]);
    const continued = readings.filter(([, reading]) => reading?.continuedOn !== undefined);
    // The values the task names all continue: each box holds two lines of 8 points at most.
    expect(continued.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        'personalInformation.email',
        'personalInformation.alternateContact',
        'personalInformation.seatingPosition',
        'vehicleInformation.insuredBy',
        'injuryInformation.hospital',
        'defendantInformation.driversName',
      ]),
    );
    // The Continued pages follow the template's, and each is named by some box.
    expect(pages.length).toBeGreaterThan(PAGE_COUNT);
    const named = new Set(continued.map(([, reading]) => reading?.continuedOn));
    for (let page = PAGE_COUNT + 1; page <= pages.length; page += 1) expect(named.has(page), `page ${page}`).toBe(true);
    // Entry labels are unique, so a reader can tell the two 'Insured by' apart.
    const labels = continued.map(([path]) => continuedEntryLabel(placeOf(path)));
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('prints nothing below 8 points and cuts nothing (no ellipsis)', () => {
    expect(MIN_VALUE_SIZE).toBe(8);
    expect(drawn.length).toBeGreaterThan(100);
    const small = drawn.filter((text) => text.size < MIN_VALUE_SIZE - 0.01).map((text) => `${text.str} (${text.size})`);
    expect(small).toEqual([]);
    expect(pages.join(' ')).not.toContain('\u2026');
    expect(pages.join(' ')).not.toContain('...');
  });

  it("keeps every line of a value inside its own field's box, and no two lines over each other", () => {
    const rectOf = (text: PlacedText): Rect => ({
      left: text.x,
      right: text.x + text.width,
      bottom: text.y - VALUE_DESCENT * text.size,
      top: text.y + VALUE_ASCENT * text.size,
    });
    const inside = (rect: Rect, box: Rect) =>
      rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5 && rect.bottom >= box.bottom - 0.5 && rect.top <= box.top + 0.5;
    const boxesOn = (page: number) =>
      intakeLayout
        .filter((field) => field.page === page)
        .flatMap((field) =>
          field.kind === 'text' ? [valueBox(field)] : field.kind === 'splitSsn' ? field.parts.map((part) => ssnPartBox(field, part)) : [],
        );
    const values = drawn.filter((text) => text.page < PAGE_COUNT && text.str !== MARK);
    const outside = values.filter((text) => !boxesOn(text.page).some((box) => inside(rectOf(text), box))).map((text) => text.str);
    expect(outside).toEqual([]);
    // Lines the spec sets 14 (or 10) points apart are closer than the font's whole bounding box
    // (1.17 em): two lines overlap when their letters do, from the descender to the ascender of
    // an 'l' (0.76 em in DejaVu Sans).
    const inkOf = (text: PlacedText): Rect => ({ ...rectOf(text), top: text.y + 0.76 * text.size });
    const overlapping: string[] = [];
    drawn.forEach((text, index) => {
      for (const other of drawn.slice(index + 1)) {
        const [a, b] = [inkOf(text), inkOf(other)];
        const apart = a.right <= b.left || b.right <= a.left || a.top <= b.bottom || b.top <= a.bottom;
        if (text.page === other.page && !apart) overlapping.push(`${text.str} / ${other.str}`);
      }
    });
    expect(overlapping).toEqual([]);
  });
});

describe('a value a little too long for one line', () => {
  it("prints the insurer's whole name in its box on two lines at 8 points, with no Continued page", async () => {
    const insurer = 'Progressive Direct Insurance Company of Northern California Inc.';
    const bytes = await fill(withFields(emptyIntake(), { 'vehicleInformation.insuredBy': insurer }));
    const pages = await pdftotextPages(bytes);
    expect(pages).toHaveLength(PAGE_COUNT);
    expect(readingOf(pages, placeOf('vehicleInformation.insuredBy'), insurer)).toEqual({ page: 2 });
    const lines = withoutTemplate(await extractText(bytes), templateText);
    expect(lines.map((line) => line.str).join(' ')).toBe(insurer);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.size).toBeGreaterThanOrEqual(MIN_VALUE_SIZE);
  });
});
