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
  CONTINUED_TITLE,
  HEADING_RULE_DROP,
  MARK_SIZE,
  MIN_VALUE_SIZE,
  PAD,
  PAGE_COUNT,
  PAGE_WIDTH,
  boxLineBaselines,
  continuedEntryLabel,
  continuedNote,
  continuedPage,
  intakeLayout,
  lineStart,
  lineWidth,
  pageFooter,
  type MarkOption,
  type PrintedField,
  type SplitSsnField,
  type TextField,
} from './layout';
import { MARK } from './fonts';
import {
  isPurelyNumeric,
  linesEndingWith,
  normaliseText,
  sizeToFit,
  wrapByCharacters,
  wrapToRoom,
  type LineRoom,
  type Measure,
} from './text';

export type PdfIntake = GeneralCaseInformation | LooseApiIntake;

export interface DrawOp {
  /** 0 to 3 the template's pages, 4 and after the Continued pages. */
  page: number;
  text: string;
  x: number;
  y: number;
  size: number;
  /** The value font (DejaVu Sans) unless said: the template's label fonts on Continued pages. */
  font?: 'label' | 'heading';
}

/** A heading's rule on a Continued page, as the template draws its own. */
export interface RuleOp {
  page: number;
  from: number;
  to: number;
  y: number;
}

export interface IntakeDrawing {
  texts: DrawOp[];
  rules: RuleOp[];
  /** The template's four pages and the Continued pages after them. */
  pageCount: number;
}

/**
 * A value too long for its box: `place(note)` gives the lines its box prints, the last one ending
 * with `note`, and the rest of the value, which a Continued page prints.
 */
interface Overflow {
  field: PrintedField;
  place: (note: string) => { ops: DrawOp[]; rest: string };
}

type Placed = DrawOp[] | Overflow;

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

/**
 * A value with the spec's wrap (addresses, descriptions, witnesses: docs/product/pdf.md): lines of
 * the rule's characters, all shrunk together to fit their width; at MIN_VALUE_SIZE a line still
 * too wide is wrapped by width as well. Lines past the field's count continue.
 */
function wrappedTextOps(field: TextField & PrintedField, value: string, measure: Measure): Placed {
  const rule =
    field.numericWrap && isPurelyNumeric(value) ? field.numericWrap : (field.wrap ?? { firstLine: Infinity, otherLines: Infinity });
  const roomOf = (index: number): LineRoom => ({
    width: lineWidth(field, index),
    characters: index === 0 ? rule.firstLine : rule.otherLines,
  });
  const byCharacters = wrapByCharacters(value, rule);
  const fitted = sizeToFit(byCharacters, field.size, MIN_VALUE_SIZE, (index) => lineWidth(field, index), measure);
  const size = fitted ?? MIN_VALUE_SIZE;
  const lines = fitted === null ? wrapToRoom(value, roomOf, size, measure) : byCharacters;
  const draw = (drawn: readonly string[]): DrawOp[] => {
    const top = field.y + (drawn.length > 1 ? (field.multiLineRaise ?? 0) : 0);
    return drawn.map((line, index) => ({ page: field.page, text: line, x: lineStart(field, index), y: top - index * field.lineGap, size }));
  };
  if (lines.length <= field.maxLines) return draw(lines);
  return {
    field,
    place: (note) => {
      const { lines: boxed, rest } = linesEndingWith(value, field.maxLines, roomOf, size, measure, note);
      return { ops: draw(boxed), rest };
    },
  };
}

/**
 * A one-line value: at its size, or smaller down to MIN_VALUE_SIZE; then in lines at that size
 * stacked inside its box (boxLineBaselines); what those lines cannot hold continues.
 */
function lineTextOps(field: TextField & PrintedField, value: string, measure: Measure): Placed {
  const width = lineWidth(field, 0);
  const size = sizeToFit([value], field.size, MIN_VALUE_SIZE, () => width, measure);
  if (size !== null) return [{ page: field.page, text: value, x: field.x, y: field.y, size }];
  const baselines = boxLineBaselines(field);
  const roomOf = (): LineRoom => ({ width, characters: Infinity });
  const draw = (drawn: readonly string[]): DrawOp[] =>
    drawn.map((line, index) => ({ page: field.page, text: line, x: field.x, y: baselines[index] as number, size: MIN_VALUE_SIZE }));
  const lines = wrapToRoom(value, roomOf, MIN_VALUE_SIZE, measure);
  if (lines.length <= baselines.length) return draw(lines);
  return {
    field,
    place: (note) => {
      const { lines: boxed, rest } = linesEndingWith(value, baselines.length, roomOf, MIN_VALUE_SIZE, measure, note);
      return { ops: draw(boxed), rest };
    },
  };
}

function textOps(field: TextField & PrintedField, value: string, measure: Measure): Placed {
  if (value === '') return [];
  return field.wrap ? wrappedTextOps(field, value, measure) : lineTextOps(field, value, measure);
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

/**
 * ssnItin's parts, each in its slot at its size or smaller down to MIN_VALUE_SIZE. A part too wide
 * even then (an older record's number, not 123-45-6789) cannot be split apart: the number
 * continues whole, and the slots say where.
 */
function ssnOps(field: SplitSsnField & PrintedField, value: unknown, measure: Measure): Placed {
  if (typeof value !== 'string') return [];
  const parts = ssnParts(value);
  const placed = parts.map((part, index) => {
    const slot = field.parts[index];
    if (!slot || part === '') return [];
    const size = sizeToFit([part], field.size, MIN_VALUE_SIZE, () => slot.width - 2 * PAD, measure);
    return size === null ? null : [{ page: field.page, text: part, x: slot.x, y: field.y, size }];
  });
  if (placed.every((ops) => ops !== null)) return placed.flat();
  const whole = normaliseText(value);
  return {
    field,
    place: (note) => ({ ops: [{ page: field.page, text: note, x: field.parts[0].x, y: field.y, size: MIN_VALUE_SIZE }], rest: whole }),
  };
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

function fieldOps(field: PrintedField, fields: Fields, measure: Measure): Placed {
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

/** The heading, rule and footer of Continued page `page` (0-based, after the template's pages). */
function continuedPageFrame(page: number): { texts: DrawOp[]; rule: RuleOp } {
  const { heading, footer } = continuedPage;
  return {
    texts: [
      { page, text: CONTINUED_TITLE, x: heading.x, y: heading.y, size: heading.size, font: 'heading' },
      { page, text: pageFooter(page), x: footer.x, y: footer.y, size: footer.size, font: 'label' },
    ],
    rule: { page, from: heading.x, to: PAGE_WIDTH - heading.x, y: heading.y - HEADING_RULE_DROP },
  };
}

/**
 * Values too long for their boxes (docs/product/pdf.md#continued-pages): each box prints what it
 * holds and ends with where the value continues; the rest goes on Continued pages after the
 * template's, one entry each (its label, section and page, then the rest), in layout order.
 */
function continueOverflows(overflows: readonly Overflow[], measure: Measure): IntakeDrawing & { boxes: Map<Overflow, DrawOp[]> } {
  // Digits are one width in the value font, and no entry is longer than a page, so a note naming
  // a page with as many digits as the last possible one is as wide as the real one or wider.
  const provisional = continuedNote(PAGE_COUNT + overflows.length);
  const split = overflows.map((overflow) => ({ overflow, ...overflow.place(provisional) }));
  const { x, width, top, bottom, labelSize, labelGap, valueSize, lineGap, entryGap } = continuedPage;
  const texts: DrawOp[] = [];
  const rules: RuleOp[] = [];
  const boxes = new Map<Overflow, DrawOp[]>();
  let page = PAGE_COUNT - 1;
  let y = -Infinity;
  const newPage = () => {
    page += 1;
    const frame = continuedPageFrame(page);
    texts.push(...frame.texts);
    rules.push(frame.rule);
    y = top;
  };
  for (const { overflow, ops, rest } of split) {
    const lines = wrapToRoom(rest, () => ({ width, characters: Infinity }), valueSize, measure);
    const height = labelGap + (lines.length - 1) * lineGap;
    if (y - height < bottom) newPage();
    const note = continuedNote(page + 1);
    const last = ops.length - 1;
    boxes.set(
      overflow,
      ops.map((op, index) => (index === last ? { ...op, text: op.text.slice(0, -provisional.length) + note } : op)),
    );
    texts.push({ page, text: continuedEntryLabel(overflow.field), x: x - PAD, y, size: labelSize, font: 'label' });
    lines.forEach((line, index) => texts.push({ page, text: line, x, y: y - labelGap - index * lineGap, size: valueSize }));
    y -= height + entryGap;
  }
  return { texts, rules, pageCount: page + 1, boxes };
}

/**
 * Every piece of text the filler draws for `intake`: the values in layout order (a box that
 * continues ends with where), then the Continued pages'.
 */
export function planIntakeDrawing(intake: PdfIntake, measure: Measure): IntakeDrawing {
  const placed = intakeLayout.map((field) => fieldOps(field, sectionOf(intake, field.section), measure));
  const overflows = placed.filter((ops): ops is Overflow => !Array.isArray(ops));
  if (overflows.length === 0) return { texts: placed.flat() as DrawOp[], rules: [], pageCount: PAGE_COUNT };
  const { boxes, texts, rules, pageCount } = continueOverflows(overflows, measure);
  const inBoxes = placed.flatMap((ops) => (Array.isArray(ops) ? ops : (boxes.get(ops) ?? [])));
  return { texts: [...inBoxes, ...texts], rules, pageCount };
}
