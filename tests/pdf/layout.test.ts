// The printed-field table (src/pdf/layout.ts): every field of the five printed sections has a
// place, nothing is printed over anything else, and the spec's sizes and wrap widths hold.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyIntake } from '../../src/domain/intake';
import {
  ADDRESS_SIZE,
  DESCRIPTION_LINE_GAP,
  PAGE_COUNT,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  VALUE_SIZE,
  fieldParts,
  fieldRoom,
  intakeLayout,
  overlaps,
  printedSections,
  templateTextRect,
  templateTexts,
  type MeasureLabel,
  type PrintedField,
  type Rect,
  type TextField,
} from '../../src/pdf/layout';

/** The template prints its labels in Helvetica: measure them with Helvetica's real widths. */
let measure: MeasureLabel;
beforeAll(async () => {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  measure = (text, size) => font.widthOfTextAtSize(text, size);
});

const MARGIN = 18;
const name = (field: PrintedField) => `${field.section}.${field.field}`;
const find = (path: string) => intakeLayout.find((field) => name(field) === path) as PrintedField;
const textField = (path: string) => find(path) as TextField;

describe('the printed-field table', () => {
  it('places every field of the five printed sections exactly once', () => {
    const blank = emptyIntake();
    const expected = printedSections.flatMap((section) => Object.keys(blank[section]).map((field) => `${section}.${field}`));
    const placed = intakeLayout.map(name);
    expect([...placed].sort()).toEqual([...expected].sort());
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('puts every field on one of the four US Letter pages, inside the margins', () => {
    for (const field of intakeLayout) {
      expect(field.page, name(field)).toBeGreaterThanOrEqual(0);
      expect(field.page, name(field)).toBeLessThan(PAGE_COUNT);
      const room = fieldRoom(field, measure);
      expect(room.left, name(field)).toBeGreaterThanOrEqual(MARGIN);
      expect(room.bottom, name(field)).toBeGreaterThanOrEqual(MARGIN);
      expect(room.right, name(field)).toBeLessThanOrEqual(PAGE_WIDTH - MARGIN);
      expect(room.top, name(field)).toBeLessThanOrEqual(PAGE_HEIGHT - MARGIN);
    }
  });

  it('keeps each label, box and option text within the width the field declares', () => {
    for (const field of intakeLayout) {
      const room = fieldRoom(field, measure);
      for (const part of fieldParts(field, measure)) {
        expect(part.left, name(field)).toBeGreaterThanOrEqual(room.left - 0.01);
        expect(part.right, name(field)).toBeLessThanOrEqual(room.right + 0.01);
      }
    }
  });

  it('lets no two fields overlap on a page, nor a field and a heading, the title or a footer', () => {
    const collisions: string[] = [];
    const headings = templateTexts.map((text) => ({ page: text.page, label: text.text, rect: templateTextRect(text, measure) }));
    intakeLayout.forEach((field, index) => {
      const room = fieldRoom(field, measure);
      for (const other of intakeLayout.slice(index + 1)) {
        if (other.page === field.page && overlaps(room, fieldRoom(other, measure))) collisions.push(`${name(field)} / ${name(other)}`);
      }
      for (const heading of headings) {
        if (heading.page === field.page && overlaps(room, heading.rect)) collisions.push(`${name(field)} / '${heading.label}'`);
      }
    });
    expect(collisions).toEqual([]);
  });

  it("keeps a mark field's label clear of its first box, and its boxes clear of each other", () => {
    for (const field of intakeLayout) {
      if (field.kind === 'text' || field.kind === 'splitSsn') continue;
      const [label, ...options] = fieldParts(field, measure) as [Rect, ...Rect[]];
      options.forEach((part, index) => {
        expect(overlaps(label, part), `${name(field)} label / part ${index}`).toBe(false);
        options.slice(index + 1).forEach((other) => expect(overlaps(part, other), name(field)).toBe(false));
      });
    }
  });

  it('prints values at 12 points and addresses at 9, wrapped at 60 and starting higher on two lines', () => {
    for (const field of intakeLayout) {
      if (field.kind !== 'text') continue;
      const isAddress = field.field === 'address';
      expect(field.size, name(field)).toBe(isAddress ? ADDRESS_SIZE : VALUE_SIZE);
      if (isAddress) {
        expect(field.wrap, name(field)).toEqual({ firstLine: 60, otherLines: 60 });
        expect(field.maxLines).toBeGreaterThan(1);
        expect(field.multiLineRaise).toBeGreaterThan(0);
      }
    }
    for (const path of ['personalInformation.address', 'defendantInformation.address']) {
      expect(textField(path).kind, path).toBe('text');
      expect(textField(path).size, path).toBe(ADDRESS_SIZE);
    }
  });

  it('wraps long descriptions onto lines 14 points apart, and witness text at 65/80 or 92/110', () => {
    const wrapped = intakeLayout.filter(
      (field): field is PrintedField & TextField => field.kind === 'text' && field.wrap !== undefined && field.field !== 'address',
    );
    expect(wrapped.map(name)).toEqual(
      expect.arrayContaining([
        'injuryInformation.painAndSymptomsExp',
        'injuryInformation.dailyLifeWorkEffect',
        'incidentDescription.description',
        'incidentDescription.fault',
        'incidentDescription.witnessNamesAndContacts',
      ]),
    );
    for (const field of wrapped) expect(field.lineGap, name(field)).toBe(DESCRIPTION_LINE_GAP);
    const witnesses = textField('incidentDescription.witnessNamesAndContacts');
    expect(witnesses.wrap).toEqual({ firstLine: 65, otherLines: 80 });
    expect(witnesses.numericWrap).toEqual({ firstLine: 92, otherLines: 110 });
  });

  it("gives each Yes/No two marks, the SSN three parts left to right, and the spec's options", () => {
    for (const field of intakeLayout) {
      if (field.kind === 'xMark') expect(field.no.x - field.yes.x, name(field)).toBeGreaterThan(20);
    }
    const ssn = find('personalInformation.ssnItin');
    expect(ssn.kind).toBe('splitSsn');
    if (ssn.kind === 'splitSsn') {
      const [first, second, third] = ssn.parts;
      expect(first.x + first.width).toBeLessThan(second.x);
      expect(second.x + second.width).toBeLessThan(third.x);
    }
    const values = (path: string) => {
      const field = find(path);
      return field.kind === 'tick' || field.kind === 'choice' ? field.options.map((option) => option.value) : [];
    };
    expect(values('personalInformation.languages')).toEqual(['spanish', 'english', 'vietnamese']);
    expect(values('personalInformation.phoneUsages')).toEqual(['call', 'text']);
    expect(values('personalInformation.gender')).toEqual(['male', null]);
    expect(values('personalInformation.civilStatus')).toEqual(['single', null]);
    expect(values('personalInformation.status')).toEqual(['noSsn', 'pending', 'needToGet']);
  });

  it('prints a count only under a Yes/No of its own section', () => {
    for (const field of intakeLayout) {
      if (field.kind !== 'text' || field.format !== 'count') continue;
      const control = find(`${field.section}.${field.countOf}`);
      expect(control?.kind, name(field)).toBe('xMark');
    }
  });
});
