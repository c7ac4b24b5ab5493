// The intake form's own rules (docs/product/intake-form.md), as pure functions from one intake to the
// next so the form, the intake machine and the server apply them identically.
import { MINIMUM_AGE } from '../constants';
import { ageOn, parseCalendarDate } from '../dates';
import type { PhoneUsage, SsnStatus } from '../enums';
import { formatSsn } from '../formatters';
import { emptyIntake } from './empty';
import { fitText, isTextPath } from './limits';
import type { FieldPath, FieldValue, GeneralCaseInformation, IntakeSections, SectionKey } from './types';

/** A text the user left empty or filled with spaces only. */
export function isBlank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

/**
 * Dependent-field clearing when a Yes/No answer becomes No (docs/product/intake-form.md): the answer's path and
 * the fields it empties.
 */
export const clearedWhenNo: Readonly<Partial<Record<FieldPath, readonly FieldPath[]>>> = {
  'injuryInformation.hospitalized': ['injuryInformation.hospitalDate'],
  'injuryInformation.priorInjuries': ['injuryInformation.description'],
  'injuryInformation.treatmentReceived': ['injuryInformation.facilityTreated'],
  'injuryInformation.healthInsurance': ['injuryInformation.provider', 'injuryInformation.insIdNumber'],
  'incidentDescription.clientCited': ['incidentDescription.clientCitedReason'],
  'incidentDescription.defendant': ['incidentDescription.defendantReason'],
  'incidentDescription.multiVehicle': ['incidentDescription.howManyVehicles'],
  'incidentDescription.priorIncidents': ['incidentDescription.fault'],
  'incidentDescription.witnesses': ['incidentDescription.witnessNamesAndContacts'],
  'incidentDescription.photoOrEvidence': ['incidentDescription.photoOrEvidenceDescription'],
  'personalInformation.passengers': ['personalInformation.passengerCount'],
  'vehicleInformation.towed': ['vehicleInformation.location'],
};

/** SSN statuses under which there is no SSN/ITIN to keep (docs/product/intake-form.md). */
export const statusesWithoutSsn: readonly SsnStatus[] = ['noSsn', 'pending', 'needToGet'];

const clearedWithAlternateContact = [
  'personalInformation.relationshipToClient',
  'personalInformation.altPhoneNumber',
] as const satisfies readonly FieldPath[];

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
 * Numeric values below zero become 0; the number of vehicles in a multi-vehicle incident is at
 * least 1 (docs/product/intake-form.md). An emptied input stays empty.
 */
export function clampCount(
  path: 'personalInformation.passengerCount' | 'incidentDescription.howManyVehicles',
  value: number | '',
): number | '' {
  if (value === '' || Number.isNaN(value)) return '';
  if (path === 'incidentDescription.howManyVehicles') return Math.max(1, value);
  return Math.max(0, value);
}

function fitValue(path: FieldPath, value: unknown): unknown {
  if (path === 'personalInformation.passengerCount' || path === 'incidentDescription.howManyVehicles') {
    return clampCount(path, value as number | '');
  }
  // Typed SSN/ITIN becomes digits in 3-2-4 groups, at most 9 digits (docs/product/intake-form.md).
  if (path === 'personalInformation.ssnItin') return formatSsn(value as string);
  if (isTextPath(path)) return fitText(path, value as string);
  return value;
}

/**
 * Sets one field the way the form does: the value is fitted (texts cut to their limit, counts
 * clamped, SSN grouped), then the fields that depend on it are cleared (docs/product/intake-form.md).
 */
export function applyChange<P extends FieldPath>(intake: GeneralCaseInformation, path: P, value: FieldValue<P>): GeneralCaseInformation {
  let next = writePath(intake, path, fitValue(path, value));
  const dependents = clearedWhenNo[path];
  if (dependents && value === false) next = clear(next, dependents);
  if (path === 'personalInformation.status' && statusesWithoutSsn.includes(value as SsnStatus)) {
    next = clear(next, ['personalInformation.ssnItin']);
  }
  if (path === 'personalInformation.alternateContact' && isBlank(next.personalInformation.alternateContact)) {
    next = clear(next, clearedWithAlternateContact);
  }
  return next;
}

/**
 * Fields the form disables because of another answer (docs/product/intake-form.md). View mode, which disables
 * everything, is the intake machine's business, not this rule's.
 */
export function isDisabled(intake: GeneralCaseInformation, path: FieldPath): boolean {
  switch (path) {
    case 'incidentDescription.howManyVehicles':
      return intake.incidentDescription.multiVehicle !== true;
    case 'incidentDescription.fault':
      return intake.incidentDescription.priorIncidents !== true;
    case 'personalInformation.passengerCount':
      return intake.personalInformation.passengers !== true;
    case 'personalInformation.relationshipToClient':
    case 'personalInformation.altPhoneNumber':
      return isBlank(intake.personalInformation.alternateContact);
    default:
      return false;
  }
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
