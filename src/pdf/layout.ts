// Where every value of the intake PDF is printed (intake spec 'PDF preview, download and fill
// rules'). ONE table, `intakeLayout`, read by both the template builder (scripts/build-intake-
// template.ts draws each field's label and box from it) and the filler (fill.ts draws each value
// at it), so labels and values cannot drift apart (docs/architecture.md 'PDF').
//
// Coordinates are PDF points on US Letter (612 x 792), origin bottom-left. Every field owns the
// strip from x - PAD (its column's left edge) to x - PAD + width. For a text field, x/y is the
// baseline start of its (first) value line, inside a value box of that width. For marks (xMark,
// tick, choice), y is the baseline of the inline label printed from the column's edge, and each
// mark position is where the 'X' is drawn. Four pages: 0 personal, 1 vehicle and defendant,
// 2 injury, 3 incident. Points of injury and the checklist are not printed (the spec lists the five
// sections used).
//
// Decisions where the spec is silent:
// - Addresses: size 9, wrapped at 60 characters, at most 2 lines 10 points apart; a two-line
//   address starts ADDRESS_RAISE points higher, so the pair sits centred on the one-line baseline.
// - Long descriptions: size 12, wrapped at 80 characters (what fits the 540-point box at 12),
//   lines 14 points apart (spec), 3 lines for the 180-character text areas, 2 for the
//   100-character ones.
// - Witness names and contacts: the first line shares its row with the inline caption 'Names and
//   contact information:', so it is the shorter one: 65 characters on the first line and 80 on the
//   following ones; when the text is purely numeric (digits with phone punctuation only, see
//   text.ts isPurelyNumeric) 92 and 110, since such text has no long words to keep whole.
// - The incident fields after the witnesses (photoOrEvidence and its description) follow the
//   same rules as the fields before them: a Yes/No row, then a 2-line description.
// - Every mark is an 'X' (MARK_SIZE) inside an 11-point box, as on a paper form.
import { fieldLabel, intakeFields, printedLabel, tickGroups, type FieldRule, type IntakeFieldId } from '../domain/intake/fields';
import type { IntakeSections } from '../domain/intake/types';

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
export const PAGE_COUNT = 4;

/** Value sizes (spec: 12 for most values and 9 for addresses). */
export const VALUE_SIZE = 12;
export const ADDRESS_SIZE = 9;
/**
 * Smallest size a value is printed at (docs/product/pdf.md#text-sizes-and-wrapping): a value that
 * does not fit its box at this size continues on a Continued page, it is never cut.
 */
export const MIN_VALUE_SIZE = 8;
/** Value lines stacked in a one-line box (VALUE_LINES_SIZE): baseline to baseline. */
export const BOX_LINE_GAP = 9.5;
/** DejaVu Sans's ascent and descent (its font bounding box), as fractions of the size. */
export const VALUE_ASCENT = 0.93;
export const VALUE_DESCENT = 0.24;
export const MARK_SIZE = 10;
/** Spec: long descriptions wrap onto lines spaced 14 points apart. */
export const DESCRIPTION_LINE_GAP = 14;
export const ADDRESS_LINE_GAP = 10;
/** How much higher a multi-line address starts (spec: 'starts slightly higher'). */
export const ADDRESS_RAISE = 5;
export const ADDRESS_WRAP = 60;
export const DESCRIPTION_WRAP = 80;

/** Template label sizes (Helvetica): above value boxes, inline before marks, after mark boxes. */
export const BOX_LABEL_SIZE = 7.5;
export const INLINE_LABEL_SIZE = 9;
export const OPTION_LABEL_SIZE = 9;
/** Space between a value box's left edge and the value's first character. */
export const PAD = 3;
/** A mark's box extends this far left of and below the 'X' position, and is MARK_BOX points wide. */
export const MARK_BOX_OFFSET = 2;
export const MARK_BOX = 11;
/** Where an option's label starts, right of its mark position. */
export const OPTION_LABEL_OFFSET = 12;

export const printedSections = [
  'personalInformation',
  'vehicleInformation',
  'defendantInformation',
  'injuryInformation',
  'incidentDescription',
] as const;
export type PrintedSection = (typeof printedSections)[number];
export type FieldOf<S extends PrintedSection> = keyof IntakeSections[S] & string;

export type PageIndex = 0 | 1 | 2 | 3;

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** Characters per line: the first line and each following one. */
export interface WrapRule {
  firstLine: number;
  otherLines: number;
}

interface FieldBase {
  page: PageIndex;
  /** What the template prints for the field. */
  label: string;
  x: number;
  y: number;
  width: number;
}

export interface TextField extends FieldBase {
  kind: 'text';
  size: number;
  /** date: MM/DD/YYYY. count: printed only when the Yes/No field `countOf` is Yes. */
  format?: 'date' | 'count';
  countOf?: string;
  maxLines: number;
  lineGap: number;
  /** No wrap: one line that shrinks, then is cut, to fit. */
  wrap?: WrapRule;
  /** The wrap used instead when the text is purely numeric (witnesses). */
  numericWrap?: WrapRule;
  /** How much higher the first line starts when the value takes more than one line. */
  multiLineRaise?: number;
  /** The label is printed inside the box at x/y and the first line starts here instead. */
  firstLineX?: number;
}

/** Yes/No: an X at `yes` for true, at `no` for false, nothing for null (spec). */
export interface XMarkField extends FieldBase {
  kind: 'xMark';
  yes: Point;
  no: Point;
}

export interface MarkOption extends Point {
  /** The value that puts an X here; null = any other non-blank value (choice only). */
  value: string | null;
  label: string;
}

/**
 * Ticks (spec: languages and phone uses, matched case-insensitively after trimming). A list value
 * ticks each option it holds; an object of booleans (painAndSymptoms) ticks each key that is true.
 */
export interface TickField extends FieldBase {
  kind: 'tick';
  options: MarkOption[];
}

/** One X among options (gender, civil status, SSN status); a value matching none marks nothing. */
export interface ChoiceField extends FieldBase {
  kind: 'choice';
  options: MarkOption[];
}

export interface SsnPart {
  /** Baseline start of the part's digits; its box starts PAD points left. */
  x: number;
  width: number;
}

/** ssnItin split at its hyphens into three parts at fixed positions (spec). */
export interface SplitSsnField extends FieldBase {
  kind: 'splitSsn';
  size: number;
  parts: readonly [SsnPart, SsnPart, SsnPart];
}

export type FieldShape = TextField | XMarkField | TickField | ChoiceField | SplitSsnField;

type Placement = { [S in PrintedSection]: { section: S; field: FieldOf<S> } }[PrintedSection];
export type PrintedField = Placement & FieldShape;

/** Headings, the title and page footers: printed by the template only, never by the filler. */
export interface TemplateText {
  page: PageIndex;
  text: string;
  x: number;
  y: number;
  size: number;
  kind: 'title' | 'heading' | 'footer';
}

// The grid: three columns of 174 points with 9 between them, inside 36-point margins.
const LEFT = 36;
const COLUMN = 174;
const GUTTER = 9;
const col = (index: 0 | 1 | 2): number => LEFT + index * (COLUMN + GUTTER) + PAD;
const C1 = col(0);
const C2 = col(1);
const C3 = col(2);
const SPAN2 = 2 * COLUMN + GUTTER;
const FULL = 3 * COLUMN + 2 * GUTTER;
/** The No box sits this far right of the Yes box. */
const YES_NO_GAP = 36;

/**
 * What the template prints for a field: the catalogue's print label (src/domain/intake/fields.ts).
 * A label printed inline before its marks or its first line reads as a question ('Towed?') for a
 * Yes/No answer, and ends with a colon otherwise ('Gender:').
 */
function inlineLabel(label: string, question: boolean): string {
  if (/[?:]$/.test(label)) return label;
  return question ? `${label}?` : `${label}:`;
}

type Shape = DistributiveOmit<FieldShape, 'label'>;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** The print label of a field, or the legend of the one group of ticks the PDF prints. */
function labelOf(id: string): string {
  return id === `${I}.painAndSymptoms` ? tickGroups.painAndSymptoms.legend : printedLabel(id as IntakeFieldId);
}

function place<S extends PrintedSection>(section: S, field: FieldOf<S>, shape: Shape): PrintedField {
  const label = labelOf(`${section}.${field}`);
  const inline =
    shape.kind === 'xMark' || shape.kind === 'tick' || shape.kind === 'choice' || (shape.kind === 'text' && shape.firstLineX !== undefined);
  // The mapped union cannot be narrowed from a generic S; the parameters already tie field to section.
  return { section, field, ...shape, label: inline ? inlineLabel(label, shape.kind === 'xMark') : label } as PrintedField;
}

function text<S extends PrintedSection>(
  section: S,
  field: FieldOf<S>,
  page: PageIndex,
  x: number,
  y: number,
  width: number,
  extra: Partial<TextField> = {},
): PrintedField {
  return place(section, field, {
    kind: 'text',
    page,
    x,
    y,
    width,
    size: VALUE_SIZE,
    maxLines: 1,
    lineGap: DESCRIPTION_LINE_GAP,
    ...extra,
  });
}

function date<S extends PrintedSection>(section: S, field: FieldOf<S>, page: PageIndex, x: number, y: number): PrintedField {
  return text(section, field, page, x, y, COLUMN, { format: 'date' });
}

function address<S extends PrintedSection>(section: S, field: FieldOf<S>, page: PageIndex, y: number): PrintedField {
  return text(section, field, page, C1, y, FULL, {
    size: ADDRESS_SIZE,
    wrap: { firstLine: ADDRESS_WRAP, otherLines: ADDRESS_WRAP },
    maxLines: 2,
    lineGap: ADDRESS_LINE_GAP,
    multiLineRaise: ADDRESS_RAISE,
  });
}

function description<S extends PrintedSection>(section: S, field: FieldOf<S>, page: PageIndex, y: number, maxLines: number): PrintedField {
  return text(section, field, page, C1, y, FULL, {
    wrap: { firstLine: DESCRIPTION_WRAP, otherLines: DESCRIPTION_WRAP },
    maxLines,
    lineGap: DESCRIPTION_LINE_GAP,
  });
}

function yesNo<S extends PrintedSection>(
  section: S,
  field: FieldOf<S>,
  page: PageIndex,
  x: number,
  y: number,
  width: number,
  yesX: number,
): PrintedField {
  return place(section, field, {
    kind: 'xMark',
    page,
    x,
    y,
    width,
    yes: { x: yesX, y },
    no: { x: yesX + YES_NO_GAP, y },
  });
}

/**
 * The marks of a choice, a list or a group of ticks, each at its x, labelled as the form labels the
 * option (src/domain/intake/fields.ts). `otherwise` is the option marked for any other value.
 */
function marks(
  id: `${PrintedSection}.${string}`,
  y: number,
  positions: readonly [key: string, x: number][],
  otherwise?: string,
): MarkOption[] {
  const optionLabel = (key: string): string => {
    if (id === `${I}.painAndSymptoms`) return fieldLabel(`${id}.${key}` as IntakeFieldId);
    const rule: FieldRule = intakeFields[id as IntakeFieldId];
    if (rule.kind !== 'choice' && rule.kind !== 'list') throw new Error(`${id} has no options`);
    return (rule.options as Readonly<Record<string, string>>)[key] as string;
  };
  return positions.map(([key, x]) => ({ value: key === otherwise ? null : key, label: optionLabel(key), x, y }));
}

const P = 'personalInformation';
const V = 'vehicleInformation';
const D = 'defendantInformation';
const I = 'injuryInformation';
const E = 'incidentDescription';

export const intakeLayout: readonly PrintedField[] = [
  // Page 0: Client Personal Information.
  text(P, 'firstName', 0, C1, 680, COLUMN),
  text(P, 'middleName', 0, C2, 680, COLUMN),
  text(P, 'lastName', 0, C3, 680, COLUMN),
  address(P, 'address', 0, 636),
  place(P, 'languages', {
    kind: 'tick',
    page: 0,
    x: C1,
    y: 606,
    width: 240,
    options: marks(`${P}.languages`, 606, [
      ['spanish', 97],
      ['english', 150],
      ['vietnamese', 203],
    ]),
  }),
  place(P, 'phoneUsages', {
    kind: 'tick',
    page: 0,
    x: 285,
    y: 606,
    width: 294,
    options: marks(`${P}.phoneUsages`, 606, [
      ['call', 350],
      ['text', 395],
    ]),
  }),
  text(P, 'phoneNumber', 0, C1, 566, COLUMN),
  text(P, 'email', 0, C2, 566, COLUMN),
  text(P, 'dl', 0, C3, 566, COLUMN),
  place(P, 'gender', {
    kind: 'choice',
    page: 0,
    x: C1,
    y: 528,
    width: COLUMN,
    options: marks(
      `${P}.gender`,
      528,
      [
        ['male', 84],
        ['female', 130],
      ],
      'female',
    ),
  }),
  place(P, 'civilStatus', {
    kind: 'choice',
    page: 0,
    x: C2,
    y: 528,
    width: COLUMN,
    options: marks(
      `${P}.civilStatus`,
      528,
      [
        ['single', 282],
        ['married', 330],
      ],
      'married',
    ),
  }),
  date(P, 'birthDate', 0, C3, 528),
  // hasSsn has no box: the SSN/ITIN itself shows it (spec: the three other statuses each mark one).
  place(P, 'status', {
    kind: 'choice',
    page: 0,
    x: C1,
    y: 490,
    width: SPAN2,
    options: marks(`${P}.status`, 490, [
      ['noSsn', 97],
      ['pending', 150],
      ['needToGet', 205],
    ]),
  }),
  place(P, 'ssnItin', {
    kind: 'splitSsn',
    page: 0,
    x: C3,
    y: 490,
    width: COLUMN,
    size: VALUE_SIZE,
    parts: [
      { x: C3, width: 38 },
      { x: 453, width: 26 },
      { x: 492, width: 50 },
    ],
  }),
  text(P, 'alternateContact', 0, C1, 452, COLUMN),
  text(P, 'relationshipToClient', 0, C2, 452, COLUMN),
  text(P, 'altPhoneNumber', 0, C3, 452, COLUMN),
  text(P, 'minorParentsName', 0, C1, 414, COLUMN),
  text(P, 'seatingPosition', 0, C2, 414, COLUMN),
  yesNo(P, 'passengers', 0, C1, 376, COLUMN, C1 + 84),
  text(P, 'passengerCount', 0, C2, 376, COLUMN, { format: 'count', countOf: 'passengers' }),
  yesNo(P, 'existingClient', 0, C1, 346, SPAN2, C1 + 165),

  // Page 1: Client Vehicle Information.
  yesNo(V, 'clientHasPhotos', 1, C1, 722, COLUMN, C1 + 84),
  yesNo(V, 'drivable', 1, C2, 722, COLUMN, C2 + 84),
  yesNo(V, 'lienHolder', 1, C3, 722, COLUMN, C3 + 84),
  yesNo(V, 'tl', 1, C1, 696, COLUMN, C1 + 84),
  yesNo(V, 'towed', 1, C2, 696, COLUMN, C2 + 84),
  text(V, 'information', 1, C1, 658, SPAN2),
  text(V, 'owner', 1, C3, 658, COLUMN),
  text(V, 'location', 1, C1, 620, SPAN2),
  text(V, 'financeCompany', 1, C3, 620, COLUMN),
  text(V, 'vin', 1, C1, 582, COLUMN),
  text(V, 'licensePlate', 1, C2, 582, COLUMN),
  text(V, 'pds', 1, C3, 582, COLUMN),
  text(V, 'repairFacility', 1, C1, 544, SPAN2),
  text(V, 'phoneNumber', 1, C3, 544, COLUMN),
  text(V, 'insuredBy', 1, C1, 506, COLUMN),
  text(V, 'policyNo', 1, C2, 506, COLUMN),
  text(V, 'claimNo', 1, C3, 506, COLUMN),
  text(V, 'pdAdjuster', 1, C1, 468, COLUMN),
  text(V, 'phone1', 1, C2, 468, COLUMN),
  text(V, 'fax1', 1, C3, 468, COLUMN),
  text(V, 'biAdjuster', 1, C1, 430, COLUMN),
  text(V, 'phone2', 1, C2, 430, COLUMN),
  text(V, 'fax2', 1, C3, 430, COLUMN),

  // Page 1: Defendant Personal and Vehicle Information.
  yesNo(D, 'clientHasPhotos', 1, C1, 372, COLUMN, C1 + 84),
  yesNo(D, 'drivable', 1, C2, 372, COLUMN, C2 + 84),
  text(D, 'driversName', 1, C1, 334, COLUMN),
  text(D, 'owner', 1, C2, 334, COLUMN),
  text(D, 'phoneNumber', 1, C3, 334, COLUMN),
  address(D, 'address', 1, 290),
  text(D, 'information', 1, C1, 250, FULL),
  text(D, 'vin', 1, C1, 212, COLUMN),
  text(D, 'licensePlate', 1, C2, 212, COLUMN),
  text(D, 'insuredBy', 1, C3, 212, COLUMN),
  text(D, 'policyNo', 1, C1, 174, COLUMN),
  text(D, 'claimNo', 1, C2, 174, COLUMN),
  text(D, 'pdAdjuster', 1, C1, 136, COLUMN),
  text(D, 'phone1', 1, C2, 136, COLUMN),
  text(D, 'fax1', 1, C3, 136, COLUMN),
  text(D, 'biAdjuster', 1, C1, 98, COLUMN),
  text(D, 'phone2', 1, C2, 98, COLUMN),
  text(D, 'fax2', 1, C3, 98, COLUMN),

  // Page 2: Injury Information.
  yesNo(I, 'ems', 2, C1, 722, COLUMN, C1 + 84),
  yesNo(I, 'ara', 2, C2, 722, COLUMN, C2 + 84),
  yesNo(I, 'photos', 2, C3, 722, COLUMN, C3 + 110),
  yesNo(I, 'hospitalized', 2, C1, 684, COLUMN, C1 + 84),
  date(I, 'hospitalDate', 2, C2, 684),
  text(I, 'hospital', 2, C3, 684, COLUMN),
  text(I, 'painStart', 2, C1, 646, FULL),
  description(I, 'painAndSymptomsExp', 2, 608, 3),
  place(I, 'painAndSymptoms', {
    kind: 'tick',
    page: 2,
    x: C1,
    y: 556,
    width: FULL,
    options: marks(`${I}.painAndSymptoms`, 556, [
      ['lossOfConciousness', 135],
      ['headaches', 250],
      ['vomitting', 320],
    ]),
  }),
  description(I, 'dailyLifeWorkEffect', 2, 520, 3),
  yesNo(I, 'receivingTreatment', 2, C1, 466, FULL, C1 + 305),
  text(I, 'doctor', 2, C1, 430, COLUMN),
  text(I, 'doctorPhone', 2, C2, 430, COLUMN),
  text(I, 'doctorFax', 2, C3, 430, COLUMN),
  text(I, 'chiropractor', 2, C1, 392, COLUMN),
  text(I, 'chiropractorPhone', 2, C2, 392, COLUMN),
  text(I, 'chiropractorFax', 2, C3, 392, COLUMN),
  text(I, 'specialist', 2, C1, 354, COLUMN),
  text(I, 'specialistPhone', 2, C2, 354, COLUMN),
  text(I, 'specialistFax', 2, C3, 354, COLUMN),
  yesNo(I, 'priorInjuries', 2, C1, 324, COLUMN, C1 + 84),
  description(I, 'description', 2, 290, 2),
  yesNo(I, 'treatmentReceived', 2, C1, 246, SPAN2, C1 + 170),
  text(I, 'facilityTreated', 2, C1, 208, COLUMN),
  text(I, 'doctorSpecialistName', 2, C2, 208, COLUMN),
  text(I, 'dates', 2, C3, 208, COLUMN),
  yesNo(I, 'healthInsurance', 2, C1, 178, COLUMN, C1 + 84),
  text(I, 'provider', 2, C1, 142, COLUMN),
  text(I, 'insIdNumber', 2, C2, 142, COLUMN),

  // Page 3: Incident Description.
  text(E, 'crashReportNum', 3, C1, 712, COLUMN),
  text(E, 'city', 3, C2, 712, COLUMN),
  text(E, 'county', 3, C3, 712, COLUMN),
  yesNo(E, 'police', 3, C1, 674, COLUMN, C1 + 110),
  text(E, 'crashLocation', 3, C2, 674, SPAN2),
  yesNo(E, 'clientCited', 3, C1, 636, COLUMN, C1 + 110),
  text(E, 'clientCitedReason', 3, C2, 636, COLUMN),
  // The incident date (docs/product/pdf.md#incident-date) came after the page was laid out: it
  // takes the free third column of this row, so no printed field moved.
  date(E, 'incidentDate', 3, C3, 636),
  yesNo(E, 'defendant', 3, C1, 598, COLUMN, C1 + 110),
  text(E, 'defendantReason', 3, C2, 598, COLUMN),
  yesNo(E, 'multiVehicle', 3, C1, 560, COLUMN, C1 + 110),
  text(E, 'howManyVehicles', 3, C2, 560, COLUMN, { format: 'count', countOf: 'multiVehicle' }),
  description(E, 'description', 3, 522, 3),
  yesNo(E, 'priorIncidents', 3, C1, 466, COLUMN, C1 + 110),
  description(E, 'fault', 3, 430, 3),
  yesNo(E, 'witnesses', 3, C1, 374, COLUMN, C1 + 110),
  text(E, 'witnessNamesAndContacts', 3, C1, 344, FULL, {
    firstLineX: 172,
    wrap: { firstLine: 65, otherLines: 80 },
    numericWrap: { firstLine: 92, otherLines: 110 },
    maxLines: 3,
    lineGap: DESCRIPTION_LINE_GAP,
  }),
  yesNo(E, 'photoOrEvidence', 3, C1, 286, COLUMN, C1 + 110),
  description(E, 'photoOrEvidenceDescription', 3, 250, 2),
];

export const TITLE = 'Client Intake Form';

/**
 * Each page's footer. It names the page alone, not the count: a filled intake may have Continued
 * pages after the template's four (docs/product/pdf.md#continued-pages).
 */
export function pageFooter(pageIndex: number): string {
  return `${TITLE} - page ${pageIndex + 1}`;
}

const FOOTER_Y = 24;
const FOOTER_SIZE = 8;

/** Section headings are the intake form's tab names (docs/product/pdf.md). */
export const templateTexts: readonly TemplateText[] = [
  { page: 0, text: TITLE, x: LEFT, y: 748, size: 18, kind: 'title' },
  { page: 0, text: 'Client Personal Information', x: LEFT, y: 716, size: 12, kind: 'heading' },
  { page: 1, text: 'Client Vehicle Information', x: LEFT, y: 748, size: 12, kind: 'heading' },
  { page: 1, text: 'Defendant Personal and Vehicle Information', x: LEFT, y: 398, size: 12, kind: 'heading' },
  { page: 2, text: 'Injury Information', x: LEFT, y: 748, size: 12, kind: 'heading' },
  { page: 3, text: 'Incident Description', x: LEFT, y: 748, size: 12, kind: 'heading' },
  ...([0, 1, 2, 3] as const).map((page) => ({
    page,
    text: pageFooter(page),
    x: LEFT,
    y: FOOTER_Y,
    size: FOOTER_SIZE,
    kind: 'footer' as const,
  })),
];

/** The rule under a heading sits this far below its baseline. */
export const HEADING_RULE_DROP = 5;

// ---- Continued pages (docs/product/pdf.md#continued-pages) ----

/** The heading of each page added after the template's four for values too long for their box. */
export const CONTINUED_TITLE = 'Continued';

/** What a box whose value continues says at its end, `pageNumber` counted from 1. */
export function continuedNote(pageNumber: number): string {
  return `(continued on page ${pageNumber})`;
}

/** The section heading a field is printed under: the nearest heading above it on its page. */
export function sectionHeadingOf(field: PrintedField): string {
  const above = templateTexts.filter((text) => text.kind === 'heading' && text.page === field.page && text.y > field.y);
  const nearest = above.reduce<TemplateText | undefined>((best, text) => (best && best.y <= text.y ? best : text), undefined);
  return nearest?.text ?? TITLE;
}

/** What names a continued value on a Continued page: its printed label, section and page. */
export function continuedEntryLabel(field: PrintedField): string {
  return `${field.label.replace(/[?:]$/, '')} (${sectionHeadingOf(field)}, page ${field.page + 1})`;
}

/** A Continued page: its heading and footer as on the template's pages, entries in between. */
export const continuedPage = {
  heading: { x: LEFT, y: 748, size: 12 },
  footer: { x: LEFT, y: FOOTER_Y, size: FOOTER_SIZE },
  /** The first entry's label baseline; no value line goes below `bottom`. */
  top: 716,
  bottom: 48,
  labelSize: INLINE_LABEL_SIZE,
  /** From an entry's label baseline to its first value line's. */
  labelGap: 15,
  valueSize: VALUE_SIZE,
  lineGap: DESCRIPTION_LINE_GAP,
  /** From an entry's last value line to the next entry's label. */
  entryGap: 20,
  x: LEFT + PAD,
  width: FULL - 2 * PAD,
} as const;

// ---- Geometry shared by the template, the filler and the tests ----

/** The room one line of a text field has, from its start to PAD before the box's right edge. */
export function lineStart(field: TextField, lineIndex: number): number {
  return lineIndex === 0 && field.firstLineX !== undefined ? field.firstLineX : field.x;
}

export function lineWidth(field: TextField, lineIndex: number): number {
  return boxRight(field) - PAD - lineStart(field, lineIndex);
}

function boxRight(field: FieldBase): number {
  return field.x - PAD + field.width;
}

/** The value box the template draws and the filler keeps every line inside. */
export function valueBox(field: TextField): Rect {
  const raise = field.multiLineRaise ?? 0;
  return {
    left: field.x - PAD,
    right: boxRight(field),
    top: field.y + raise + field.size + 3,
    bottom: field.y + (field.maxLines > 1 ? raise : 0) - (field.maxLines - 1) * field.lineGap - 5,
  };
}

/**
 * Where the lines of a value go when it does not fit one line of its one-line box: at
 * MIN_VALUE_SIZE, BOX_LINE_GAP apart, as many as the box's height holds, the block centred in it.
 */
export function boxLineBaselines(field: TextField): number[] {
  const box = valueBox(field);
  const height = box.top - box.bottom;
  const lineHeight = (VALUE_ASCENT + VALUE_DESCENT) * MIN_VALUE_SIZE;
  const count = Math.max(1, Math.floor((height - lineHeight) / BOX_LINE_GAP) + 1);
  const block = lineHeight + (count - 1) * BOX_LINE_GAP;
  const first = box.top - (height - block) / 2 - VALUE_ASCENT * MIN_VALUE_SIZE;
  return Array.from({ length: count }, (_, index) => first - index * BOX_LINE_GAP);
}

export function markBox(mark: Point): Rect {
  const left = mark.x - MARK_BOX_OFFSET;
  const bottom = mark.y - MARK_BOX_OFFSET;
  return { left, bottom, right: left + MARK_BOX, top: bottom + MARK_BOX };
}

export function ssnPartBox(field: SplitSsnField, part: SsnPart): Rect {
  return { left: part.x - PAD, right: part.x - PAD + part.width, top: field.y + field.size + 3, bottom: field.y - 5 };
}

/** The mark positions of a mark field, each with the option label printed after it. */
export function markOptions(field: XMarkField | TickField | ChoiceField): MarkOption[] {
  if (field.kind === 'xMark') {
    return [
      { value: 'yes', label: 'Yes', ...field.yes },
      { value: 'no', label: 'No', ...field.no },
    ];
  }
  return field.options;
}

/** Inline labels start at the column's edge, in line with the labels above value boxes. */
export function inlineLabelX(field: FieldBase): number {
  return field.x - PAD;
}

export type MeasureLabel = (text: string, size: number) => number;

/** Approximate ascent/descent of label text, as fractions of the size (Helvetica). */
const LABEL_ASCENT = 0.75;
const LABEL_DESCENT = 0.22;

function textRect(x: number, y: number, width: number, size: number): Rect {
  return { left: x, right: x + width, bottom: y - size * LABEL_DESCENT, top: y + size * LABEL_ASCENT };
}

/** Where a boxed field's label goes: just above the box's top-left corner. */
export function boxLabelPosition(box: Rect): Point {
  return { x: box.left, y: box.top + 2.5 };
}

/** Every rectangle the template and the filler draw for a field (labels, boxes, option texts). */
export function fieldParts(field: PrintedField, measure: MeasureLabel): Rect[] {
  switch (field.kind) {
    case 'text': {
      const box = valueBox(field);
      if (field.firstLineX !== undefined) {
        return [box, textRect(field.x, field.y, measure(field.label, INLINE_LABEL_SIZE), INLINE_LABEL_SIZE)];
      }
      const label = boxLabelPosition(box);
      return [box, textRect(label.x, label.y, measure(field.label, BOX_LABEL_SIZE), BOX_LABEL_SIZE)];
    }
    case 'splitSsn': {
      const boxes = field.parts.map((part) => ssnPartBox(field, part));
      const label = boxLabelPosition(boxes[0] as Rect);
      return [...boxes, textRect(label.x, label.y, measure(field.label, BOX_LABEL_SIZE), BOX_LABEL_SIZE)];
    }
    default:
      return [
        textRect(inlineLabelX(field), field.y, measure(field.label, INLINE_LABEL_SIZE), INLINE_LABEL_SIZE),
        ...markOptions(field).flatMap((option) => [
          markBox(option),
          textRect(option.x + OPTION_LABEL_OFFSET, option.y, measure(option.label, OPTION_LABEL_SIZE), OPTION_LABEL_SIZE),
        ]),
      ];
  }
}

export function unionOf(rects: readonly Rect[]): Rect {
  return {
    left: Math.min(...rects.map((rect) => rect.left)),
    bottom: Math.min(...rects.map((rect) => rect.bottom)),
    right: Math.max(...rects.map((rect) => rect.right)),
    top: Math.max(...rects.map((rect) => rect.top)),
  };
}

/** The room a field is given: its declared width from x - PAD, and the height its parts take. */
export function fieldRoom(field: PrintedField, measure: MeasureLabel): Rect {
  const drawn = unionOf(fieldParts(field, measure));
  return { left: field.x - PAD, right: boxRight(field), bottom: drawn.bottom, top: drawn.top };
}

/** A heading's rule runs across the page under it. */
export function templateTextRect(text: TemplateText, measure: MeasureLabel): Rect {
  const rect = textRect(text.x, text.y, measure(text.text, text.size), text.size);
  if (text.kind !== 'heading') return rect;
  return { ...rect, right: PAGE_WIDTH - text.x, bottom: text.y - HEADING_RULE_DROP - 1 };
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top;
}
