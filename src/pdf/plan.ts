// What the filler draws for an intake: every value as text at its layout position, by the rules of
// intake spec 'PDF preview, download and fill rules'. Pure: fill.ts draws the result with pdf-lib,
// the tests read it directly.
//
// The intake may be in either shape (src/domain/intake/types.ts): the form's
// GeneralCaseInformation (dates 'YYYY-MM-DD', counts number | '') or the API's (dates ISO
// timestamps or null, counts integers), and any field may be missing or null (older records):
// the page can pass whichever it holds, without converting.
import { parseCalendarDate } from '../domain/dates';
import { digitsOf, formatSsn } from '../domain/formatters';
import type { GeneralCaseInformation, LooseApiIntake } from '../domain/intake';
import {
  MARK_SIZE,
  MIN_VALUE_SIZE,
  PAD,
  intakeLayout,
  lineStart,
  lineWidth,
  type MarkOption,
  type PageIndex,
  type PrintedField,
  type SplitSsnField,
  type TextField,
} from './layout';
import { MARK } from './fonts';
import { fitLines, isPurelyNumeric, normaliseText, wrapByCharacters, type Measure } from './text';

export type PdfIntake = GeneralCaseInformation | LooseApiIntake;

export interface DrawOp {
  page: PageIndex;
  text: string;
  x: number;
  y: number;
  size: number;
}

type Fields = Record<string, unknown>;

function sectionOf(intake: PdfIntake, section: string): Fields {
  const value = (intake as unknown as Fields)[section];
  return value !== null && typeof value === 'object' ? (value as Fields) : {};
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** The printed text of a text field's value; '' prints nothing (spec: empty or missing is blank). */
export function printedText(field: TextField, value: unknown, fields: Fields): string {
  if (field.format === 'count') {
    // A count whose Yes/No is not Yes was cleared (docs/product/pdf.md) and travels as 0: print nothing.
    if (field.countOf !== undefined && fields[field.countOf] !== true) return '';
    return typeof value === 'number' && Number.isFinite(value) ? String(Math.trunc(value)) : '';
  }
  if (typeof value !== 'string') return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  const text = normaliseText(value);
  if (field.format === 'date' && text !== '') {
    const date = parseCalendarDate(text);
    // Dates print as MM/DD/YYYY; something unreadable prints as it is rather than vanish.
    return date ? `${pad2(date.month)}/${pad2(date.day)}/${date.year}` : text;
  }
  return text;
}

function textOps(field: TextField, value: string, measure: Measure): DrawOp[] {
  if (value === '') return [];
  const rule = field.numericWrap && isPurelyNumeric(value) ? field.numericWrap : field.wrap;
  const wrapped = rule ? wrapByCharacters(value, rule) : [value];
  const { lines, size } = fitLines(wrapped, {
    size: field.size,
    minSize: MIN_VALUE_SIZE,
    maxLines: field.maxLines,
    widthOf: (index) => lineWidth(field, index),
    measure,
  });
  const top = field.y + (lines.length > 1 ? (field.multiLineRaise ?? 0) : 0);
  return lines.map((line, index) => ({
    page: field.page,
    text: line,
    x: lineStart(field, index),
    y: top - index * field.lineGap,
    size,
  }));
}

/** ssnItin's three parts: split at hyphens (spec); nine bare digits are grouped 3-2-4 first. */
export function ssnParts(value: string): string[] {
  const text = normaliseText(value);
  if (text === '') return [];
  const grouped = !text.includes('-') && digitsOf(text).length === 9 ? formatSsn(text) : text;
  const parts = grouped.split('-').map((part) => part.trim());
  // More than three parts cannot be placed apart: the extra ones stay with the last.
  return parts.length > 3 ? [parts[0], parts[1], parts.slice(2).join('-')].map(String) : parts;
}

function ssnOps(field: SplitSsnField, value: unknown, measure: Measure): DrawOp[] {
  if (typeof value !== 'string') return [];
  return ssnParts(value).flatMap((part, index) => {
    const slot = field.parts[index];
    if (!slot || part === '') return [];
    const { lines, size } = fitLines([part], {
      size: field.size,
      minSize: MIN_VALUE_SIZE,
      maxLines: 1,
      widthOf: () => slot.width - 2 * PAD,
      measure,
    });
    return lines.map((line) => ({ page: field.page, text: line, x: slot.x, y: field.y, size }));
  });
}

function mark(field: PrintedField, at: { x: number; y: number }): DrawOp {
  return { page: field.page, text: MARK, x: at.x, y: at.y, size: MARK_SIZE };
}

const matches = (value: unknown, option: string): boolean =>
  typeof value === 'string' && value.trim().toLowerCase() === option.toLowerCase();

function tickedOptions(value: unknown, options: readonly MarkOption[]): MarkOption[] {
  if (Array.isArray(value)) return options.filter((option) => value.some((item) => matches(item, option.value ?? '')));
  if (value !== null && typeof value === 'object') {
    const flags = value as Fields;
    return options.filter((option) => option.value !== null && flags[option.value] === true);
  }
  return [];
}

function chosenOption(value: unknown, options: readonly MarkOption[]): MarkOption | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return options.find((option) => option.value !== null && matches(value, option.value)) ?? options.find((option) => option.value === null);
}

function fieldOps(field: PrintedField, fields: Fields, measure: Measure): DrawOp[] {
  const value = fields[field.field];
  switch (field.kind) {
    case 'text':
      return textOps(field, printedText(field, value, fields), measure);
    case 'splitSsn':
      return ssnOps(field, value, measure);
    case 'xMark':
      // Only true and false mark; null (unanswered) and anything else print nothing.
      if (value === true) return [mark(field, field.yes)];
      if (value === false) return [mark(field, field.no)];
      return [];
    case 'tick':
      return tickedOptions(value, field.options).map((option) => mark(field, option));
    case 'choice': {
      const option = chosenOption(value, field.options);
      return option ? [mark(field, option)] : [];
    }
  }
}

/** Every piece of text the filler draws for `intake`, in layout order. */
export function planIntakeDrawing(intake: PdfIntake, measure: Measure): DrawOp[] {
  return intakeLayout.flatMap((field) => fieldOps(field, sectionOf(intake, field.section), measure));
}
