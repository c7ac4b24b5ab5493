// Between the form and the wire (docs/product/intake-form.md 'Normalisation on save').
import { fromIsoTimestamp, toIsoTimestamp } from '../dates';
import { emptyIntake } from './empty';
import { isBlank } from './rules';
import type { ApiGeneralCaseInformation, Count, GeneralCaseInformation } from './types';

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

/**
 * The form's intake as it is sent (POST/PATCH /v1/intake): 'n/a' middle name emptied, counts as
 * integers, 'YYYY-MM-DD' dates as ISO timestamps (null when empty). Throws Error('Invalid date')
 * for a date that is not one (docs/product/intake-form.md).
 */
export function toApiIntake(intake: GeneralCaseInformation): ApiGeneralCaseInformation {
  const { personalInformation: personal, injuryInformation: injury, incidentDescription: incident } = intake;
  return {
    ...intake,
    personalInformation: {
      ...personal,
      middleName: normaliseMiddleName(personal.middleName),
      birthDate: dateToIso(personal.birthDate),
      passengerCount: countToInteger(personal.passengerCount),
    },
    injuryInformation: { ...injury, hospitalDate: dateToIso(injury.hospitalDate) },
    incidentDescription: {
      ...incident,
      incidentDate: dateToIso(incident.incidentDate),
      howManyVehicles: countToInteger(incident.howManyVehicles),
    },
  };
}

type Record_ = Record<string, unknown>;

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

/**
 * A loaded intake ready for editing: ISO timestamps back to 'YYYY-MM-DD', missing or null fields
 * blank, and a count whose controlling answer is not Yes shown empty (it was cleared, docs/product/intake-form.md, and
 * travelled as 0). Throws Error('Invalid ISO date string') for an unreadable date (docs/product/intake-form.md).
 */
export function fromApiIntake(api: LooseApiIntake): GeneralCaseInformation {
  const blank = emptyIntake();
  const intake = pickKnown(blank, {
    ...api,
    personalInformation: { ...api.personalInformation, birthDate: null, passengerCount: null },
    injuryInformation: { ...api.injuryInformation, hospitalDate: null },
    incidentDescription: { ...api.incidentDescription, incidentDate: null, howManyVehicles: null },
  });
  const personal = api.personalInformation ?? {};
  const injury = api.injuryInformation ?? {};
  const incident = api.incidentDescription ?? {};
  const countWhen = (answer: unknown, value: unknown): Count =>
    answer === true && typeof value === 'number' && Number.isFinite(value) ? value : '';
  return {
    ...intake,
    personalInformation: {
      ...intake.personalInformation,
      birthDate: dateFromIso(personal.birthDate),
      passengerCount: countWhen(personal.passengers, personal.passengerCount),
    },
    injuryInformation: { ...intake.injuryInformation, hospitalDate: dateFromIso(injury.hospitalDate) },
    incidentDescription: {
      ...intake.incidentDescription,
      incidentDate: dateFromIso(incident.incidentDate),
      howManyVehicles: countWhen(incident.multiVehicle, incident.howManyVehicles),
    },
  };
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
