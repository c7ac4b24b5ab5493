// Between the form and the wire (docs/product/intake-form.md 'Normalisation on save').
import { fromIsoTimestamp, toIsoTimestamp } from '../dates';
import { emptyIntake, emptySections } from './empty';
import { intakeFieldIds, intakeFields, type FieldRule } from './fields';
import { sectionKeys } from './keys';
import { conditionHolds, isBlank } from './rules';
import type { ApiGeneralCaseInformation, ApiIntakeSections, Count, GeneralCaseInformation } from './types';

/**
 * What a loaded or received intake may look like: any field missing or null (older records, other
 * clients), any choice an empty string (unanswered).
 */
export type LooseApiIntake = Loose<ApiGeneralCaseInformation>;
type Loose<T> = T extends readonly (infer U)[]
  ? readonly U[] | null
  : T extends object
    ? { [K in keyof T]?: Loose<T[K]> | null }
    : T | (T extends string ? '' : never) | null;

/** 'n/a' typed as a middle name, in any case, means there is none (docs/product/intake-form.md). */
export function normaliseMiddleName(middleName: string): string {
  return middleName.trim().toLowerCase() === 'n/a' ? '' : middleName;
}

/** Counts travel as integers, 0 when empty (docs/product/intake-form.md); never below 0 (docs/product/intake-form.md). */
export function countToInteger(value: Count | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.max(0, Math.trunc(value));
}

function dateToIso(value: string): string | null {
  return isBlank(value) ? null : toIsoTimestamp(value);
}

function dateFromIso(value: string | null | undefined): string {
  return value == null || isBlank(value) ? '' : fromIsoTimestamp(value);
}

type Record_ = Record<string, unknown>;

/**
 * A copy with each date and count converted as its kind says (fields.ts); `read` gives another
 * field of the copy, for a count shown only under its condition. Dates and counts sit directly in
 * their section, and only the sections are copied.
 */
function convertDatesAndCounts<T extends object>(
  intake: object,
  convert: { date: (value: unknown) => unknown; count: (value: unknown, shown: boolean) => unknown },
): T {
  const copy: Record_ = { ...intake };
  for (const section of sectionKeys) copy[section] = { ...(copy[section] as Record_) };
  const read = (path: string) => (copy[path.slice(0, path.indexOf('.'))] as Record_)[path.slice(path.indexOf('.') + 1)];
  for (const path of intakeFieldIds) {
    const rule: FieldRule = intakeFields[path];
    if (rule.kind !== 'date' && rule.kind !== 'count') continue;
    const [section, field] = path.split('.') as [string, string];
    const values = copy[section] as Record_;
    if (rule.kind === 'date') values[field] = convert.date(values[field]);
    else values[field] = convert.count(values[field], !rule.disabledUnless || conditionHolds(rule.disabledUnless, read));
  }
  return copy as T;
}

/**
 * The form's intake as it is sent (POST/PATCH /v1/intake): 'n/a' middle name emptied, counts as
 * integers, 'YYYY-MM-DD' dates as ISO timestamps (null when empty). Throws Error('Invalid date')
 * for a date that is not one (docs/product/intake-form.md). The one change of shape on the way
 * from the form to the stored row.
 */
export function toApiIntake(intake: GeneralCaseInformation): ApiGeneralCaseInformation {
  const api = convertDatesAndCounts<ApiGeneralCaseInformation>(intake, {
    date: (value) => dateToIso(value as string),
    count: (value) => countToInteger(value as Count),
  });
  api.personalInformation.middleName = normaliseMiddleName(api.personalInformation.middleName);
  return api;
}

/**
 * Only the fields the form knows, each from `source` when it is there and the blank value
 * otherwise, so ids and unknown keys never reach the form (and are never sent back). An empty
 * string where an answer is null until given (a choice, a Yes/No) is unanswered too
 * (docs/product/intake-form.md).
 */
function pickKnown<T>(blank: T, source: unknown): T {
  const from = (source ?? {}) as Record_;
  const picked: Record_ = {};
  for (const [key, empty] of Object.entries(blank as Record_)) {
    const value = from[key];
    if (value === undefined || value === null || (empty === null && value === '')) picked[key] = empty;
    else if (Array.isArray(empty)) picked[key] = Array.isArray(value) ? [...(value as unknown[])] : empty;
    else if (empty !== null && typeof empty === 'object') picked[key] = pickKnown(empty, value);
    else picked[key] = value;
  }
  return picked as T;
}

/** A count as the form shows it: the number sent, or empty while its question is not answered Yes. */
function shownCount(value: unknown, shown: boolean): Count {
  return shown && typeof value === 'number' && Number.isFinite(value) ? value : '';
}

/**
 * A loaded intake ready for editing: ISO timestamps back to 'YYYY-MM-DD', missing or null fields
 * blank, and a count whose controlling answer is not Yes shown empty (it was cleared, docs/product/intake-form.md, and
 * travelled as 0). Throws Error('Invalid ISO date string') for an unreadable date (docs/product/intake-form.md).
 */
export function fromApiIntake(api: LooseApiIntake): GeneralCaseInformation {
  return convertDatesAndCounts<GeneralCaseInformation>(pickKnown(emptyIntake(), api), {
    date: (value) => dateFromIso(value as string | null),
    count: shownCount,
  });
}

/**
 * The sections as they arrived (POST/PATCH /v1/intake), in the same shape and as the form would have
 * sent them: missing fields blank, an empty choice null, 'n/a' middle name emptied, dates as ISO
 * timestamps at midnight UTC, a count 0 while its question is not answered Yes. The server stores
 * this (server/intakes/service.ts). Throws Error('Invalid ISO date string') for an unreadable date.
 */
export function normaliseSentSections(sent: LooseApiIntake): ApiIntakeSections {
  const blank = convertDatesAndCounts<ApiIntakeSections>(emptySections(), { date: () => null, count: () => 0 });
  const sections = convertDatesAndCounts<ApiIntakeSections>(pickKnown(blank, sent), {
    date: (value) => dateToIso(dateFromIso(value as string | null)),
    count: (value, shown) => countToInteger(shownCount(value, shown)),
  });
  sections.personalInformation.middleName = normaliseMiddleName(sections.personalInformation.middleName);
  return sections;
}

const strippedKeys = new Set(['id', 'generalCaseInformationId']);

/**
 * A copy without any field named id or generalCaseInformationId, at any depth (docs/product/intake-form.md
 * 'On update', docs/product/intake-form.md PATCH). The input is left as it was.
 */
export function stripIds<T>(value: T): T {
  if (Array.isArray(value)) return (value as unknown[]).map((item) => stripIds(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record_ = {};
  for (const [key, field] of Object.entries(value as Record_)) {
    if (!strippedKeys.has(key)) copy[key] = stripIds(field);
  }
  return copy as T;
}

/**
 * A copy safe to keep in sessionStorage: unsaved edits may be kept there, SSN/ITIN digits never
 * (docs/architecture.md: no SSN or ITIN digits outside the server and the form being edited).
 */
export function withoutSsnDigits(intake: GeneralCaseInformation): GeneralCaseInformation {
  return { ...intake, personalInformation: { ...intake.personalInformation, ssnItin: '' } };
}
