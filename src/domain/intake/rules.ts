// The intake form's own rules (docs/product/intake-form.md), as pure functions from one intake to the
// next so the form, the intake machine and the server apply them identically.
import { MINIMUM_AGE } from '../constants';
import { ageOn, parseCalendarDate } from '../dates';
import type { PhoneUsage, SsnStatus } from '../enums';
import { formatSsn } from '../formatters';
import { emptyIntake } from './empty';
import {
  fieldRule,
  fieldsClearedBy,
  fitText,
  intakeFields,
  isIntakeField,
  isTextPath,
  requirementOf,
  type CataloguePath,
  type Clearing,
  type Condition,
  type CountPath,
  type FieldRule,
  type IntakeFieldId,
} from './fields';
import type { FieldPath, FieldValue, GeneralCaseInformation, IntakeSections, SectionKey } from './types';

/** A text the user left empty or filled with spaces only. */
export function isBlank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

/** SSN statuses under which there is no SSN/ITIN to keep (docs/product/intake-form.md#dependent-field-clearing). */
export const statusesWithoutSsn: readonly SsnStatus[] = (() => {
  const clearing = fieldRule('personalInformation.ssnItin').clearedBy;
  return clearing?.when === 'oneOf' ? clearing.values : [];
})();

/**
 * Whether a catalogue condition holds (fields.ts): `read` gives another field's value, `today`
 * pins the date for the minor rule.
 */
export function conditionHolds(condition: Condition, read: (path: CataloguePath) => unknown, today: string | Date = new Date()): boolean {
  switch (condition.when) {
    case 'yes':
      return read(condition.of) === true;
    case 'anyFilled':
      return condition.of.some((path) => !isBlank(read(path) as string | undefined));
    case 'is':
      return read(condition.of) === condition.value;
    case 'minor': {
      const birthDate = read(condition.of);
      return isMinorBirthDate(typeof birthDate === 'string' ? birthDate : '', today);
    }
  }
}

/** Whether a field's requirement holds for this intake: the red asterisk (docs/product/intake-form.md#field-rules). */
export function isRequired(intake: GeneralCaseInformation, path: IntakeFieldId, today: string | Date = new Date()): boolean {
  const requirement = requirementOf(path);
  if (requirement === undefined) return false;
  if (requirement === 'draft' || requirement === 'final') return true;
  return conditionHolds(requirement, (other) => readPath(intake, other), today);
}

/** Whether the change that set `value` empties a field (docs/product/intake-form.md#dependent-field-clearing). */
function clears(clearing: Clearing, value: unknown): boolean {
  switch (clearing.when) {
    case 'no':
      return value === false;
    case 'emptied':
      return isBlank(value as string);
    case 'oneOf':
      return (clearing.values as readonly unknown[]).includes(value);
  }
}

type Record_ = Record<string, unknown>;

function readPath(intake: GeneralCaseInformation, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record_)[key], intake);
}

/** The value of one field of the form, e.g. readField(intake, 'personalInformation.firstName'). */
export function readField<P extends FieldPath>(intake: GeneralCaseInformation, path: P): FieldValue<P> {
  return readPath(intake, path) as FieldValue<P>;
}

/** A copy of `intake` with one path replaced, as is (no fitting, no clearing); only the objects along the path are copied. */
export function writePath(intake: GeneralCaseInformation, path: string, value: unknown): GeneralCaseInformation {
  const write = (node: Record_, keys: string[]): Record_ => {
    const [key, ...rest] = keys;
    return { ...node, [key]: rest.length === 0 ? value : write(node[key] as Record_, rest) };
  };
  return write(intake as unknown as Record_, path.split('.')) as unknown as GeneralCaseInformation;
}

function emptyValueOf(path: FieldPath): unknown {
  return readPath(emptyIntake(), path);
}

function clear(intake: GeneralCaseInformation, paths: readonly FieldPath[]): GeneralCaseInformation {
  return paths.reduce((next, path) => writePath(next, path, emptyValueOf(path)), intake);
}

/**
 * A count never goes below its floor (fields.ts): numbers below zero become 0, and the number of
 * vehicles in a multi-vehicle incident is at least 1 (docs/product/intake-form.md#limits). An
 * emptied input stays empty.
 */
export function clampCount(path: CountPath, value: number | ''): number | '' {
  if (value === '' || Number.isNaN(value)) return '';
  return Math.max(fieldRule(path).floor, value);
}

function fitValue(path: FieldPath, value: unknown): unknown {
  if (!isIntakeField(path)) return value;
  const rule: FieldRule = intakeFields[path];
  if (rule.kind === 'count') return clampCount(path as CountPath, value as number | '');
  // Typed SSN/ITIN becomes digits in 3-2-4 groups, at most 9 digits (docs/product/intake-form.md#personal-information).
  if (rule.kind === 'ssn') return formatSsn(value as string);
  if (isTextPath(path)) return fitText(path, value as string);
  return value;
}

/**
 * Sets one field the way the form does: the value is fitted (texts cut to their limit, counts
 * clamped, SSN grouped), then the fields that depend on it are cleared (docs/product/intake-form.md).
 */
export function applyChange<P extends FieldPath>(intake: GeneralCaseInformation, path: P, value: FieldValue<P>): GeneralCaseInformation {
  const fitted = fitValue(path, value);
  const next = writePath(intake, path, fitted);
  const emptied = fieldsClearedBy(path).flatMap(([field, clearing]) => (clears(clearing, fitted) ? [field] : []));
  return clear(next, emptied);
}

/**
 * Fields the form disables because of another answer (docs/product/intake-form.md). View mode, which disables
 * everything, is the intake machine's business, not this rule's.
 */
export function isDisabled(intake: GeneralCaseInformation, path: FieldPath): boolean {
  if (!isIntakeField(path)) return false;
  const rule: FieldRule = intakeFields[path];
  const enabledWhen = 'disabledUnless' in rule ? rule.disabledUnless : undefined;
  return enabledWhen !== undefined && !conditionHolds(enabledWhen, (other) => readPath(intake, other));
}

const bothPhoneUsages: readonly PhoneUsage[] = ['call', 'text'];

/** The 'Both' box: ticking sets call and text, unticking empties the list (docs/product/intake-form.md). */
export function setBothPhoneUsages(intake: GeneralCaseInformation, ticked: boolean): GeneralCaseInformation {
  return writePath(intake, 'personalInformation.phoneUsages', ticked ? [...bothPhoneUsages] : []);
}

/** 'Both' shows ticked when call and text are both present (docs/product/intake-form.md). */
export function bothPhoneUsagesTicked(intake: GeneralCaseInformation): boolean {
  return bothPhoneUsages.every((usage) => intake.personalInformation.phoneUsages.includes(usage));
}

/** Select All shows ticked only when the group is non-empty and every item is ticked (docs/product/intake-form.md). */
export function groupAllTicked<K extends string>(values: Readonly<Record<K, boolean>>, keys: readonly K[]): boolean {
  return keys.length > 0 && keys.every((key) => values[key] === true);
}

/** Select All: sets or clears every item of the group, leaving the other keys as they are. */
export function setGroup<T extends Record<string, boolean>>(values: T, keys: readonly (keyof T & string)[], ticked: boolean): T {
  return { ...values, ...Object.fromEntries(keys.map((key) => [key, ticked])) };
}

type TickSection = { [S in SectionKey]: IntakeSections[S] extends Record<string, boolean> ? S : never }[SectionKey];

/** Select All on one of the intake's tick-box sections (Points of Injury, To Discuss). */
export function applyGroup<S extends TickSection>(
  intake: GeneralCaseInformation,
  section: S,
  keys: readonly (keyof IntakeSections[S] & string)[],
  ticked: boolean,
): GeneralCaseInformation {
  return { ...intake, [section]: setGroup(intake[section], keys, ticked) };
}

/**
 * Whether the birth date makes the client under 18 (docs/product/intake-form.md), which makes the
 * parent's name required. False while there is no valid birth date.
 */
export function isMinor(intake: GeneralCaseInformation, today: string | Date = new Date()): boolean {
  return isMinorBirthDate(intake.personalInformation.birthDate, today);
}

export function isMinorBirthDate(birthDate: string, today: string | Date = new Date()): boolean {
  if (!parseCalendarDate(birthDate)) return false;
  return ageOn(birthDate, today) < MINIMUM_AGE;
}
