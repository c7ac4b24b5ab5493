// The client's own part of an intake (docs/product/client-intake.md#what-the-client-fills): which
// fields the client fills through a link, the rules their answers meet (the form's own, limited to
// those fields), and how the answers land in a draft staff may already have started.
import type { Language } from '../enums';
import { emptyIntake } from './empty';
import { intakeFields, isIntakeField, type FieldRule } from './fields';
import { isDisabled, isMinor, readField, writePath } from './rules';
import { toApiIntake } from './normalise';
import { englishErrors, type FieldIssues } from './ruleIssues';
import { draftIssues, finalIssues } from './schemas';
import { bodyPoints, symptomPoints, type FieldErrors, type FieldPath, type GeneralCaseInformation, type SectionKey } from './types';

/** The client form's pages, in order; each lists the fields it shows. No SSN/ITIN, no checklist. */
export const clientSteps = [
  {
    id: 'personal',
    fields: [
      'personalInformation.firstName',
      'personalInformation.middleName',
      'personalInformation.lastName',
      'personalInformation.birthDate',
      'personalInformation.gender',
      'personalInformation.civilStatus',
      'personalInformation.address',
      'personalInformation.phoneNumber',
      'personalInformation.phoneUsages',
      'personalInformation.email',
      'personalInformation.dl',
      'personalInformation.minorParentsName',
      'personalInformation.alternateContact',
      'personalInformation.relationshipToClient',
      'personalInformation.altPhoneNumber',
    ],
  },
  {
    id: 'incident',
    fields: [
      'incidentDescription.crashLocation',
      'incidentDescription.city',
      'incidentDescription.county',
      'incidentDescription.description',
      'personalInformation.passengers',
      'personalInformation.passengerCount',
      'personalInformation.seatingPosition',
      'incidentDescription.police',
      'incidentDescription.crashReportNum',
      'incidentDescription.multiVehicle',
      'incidentDescription.howManyVehicles',
      'incidentDescription.witnesses',
      'incidentDescription.witnessNamesAndContacts',
      'incidentDescription.photoOrEvidence',
      'incidentDescription.photoOrEvidenceDescription',
    ],
  },
  {
    id: 'injuries',
    fields: [
      'injuryInformation.painStart',
      'injuryInformation.painAndSymptomsExp',
      'injuryInformation.painAndSymptoms',
      'injuryInformation.ems',
      'injuryInformation.photos',
      'injuryInformation.hospitalized',
      'injuryInformation.hospitalDate',
      'injuryInformation.hospital',
      'injuryInformation.dailyLifeWorkEffect',
      'injuryInformation.receivingTreatment',
      'injuryInformation.priorInjuries',
      'injuryInformation.description',
      'injuryInformation.healthInsurance',
      'injuryInformation.provider',
      'injuryInformation.insIdNumber',
    ],
  },
] as const satisfies readonly { id: string; fields: readonly FieldPath[] }[];

export type ClientStepId = (typeof clientSteps)[number]['id'];

/** The points of injury the client taps, in two groups (the vehicle's impact points are staff's). */
export const clientPointGroups = { body: bodyPoints, symptoms: symptomPoints } as const;

const pointPaths = [...bodyPoints, ...symptomPoints].map((point) => `pointsOfInjury.${point}` as const);

/** Every field the client may answer: what the public submit accepts and nothing else. */
export const clientFieldPaths: readonly FieldPath[] = [...clientSteps.flatMap((step) => step.fields), ...pointPaths];

const clientPathSet = new Set<string>(clientFieldPaths);

export function isClientField(path: string): path is FieldPath {
  return clientPathSet.has(path);
}

/**
 * Whether a field holds an answer: text typed, a choice made, a box ticked, a count given. A Yes/No
 * question (blank is null) is answered by No as much as by Yes; a tick box (blank is false) only by a tick.
 */
export function isAnswered(value: unknown, path?: FieldPath): boolean {
  if (path !== undefined && readField(blankIntake, path) === null) return value !== null && value !== undefined && value !== '';
  if (value === null || value === undefined || value === '' || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some((item) => isAnswered(item));
  return true;
}

const blankIntake = emptyIntake();

/** Answers are JSON values built in the form's own key order, so their text compares them. */
function sameAnswer(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The form's intake holding only the client's fields of `source`; everything else blank. */
export function clientPart(source: GeneralCaseInformation): GeneralCaseInformation {
  return clientFieldPaths.reduce((intake, path) => writePath(intake, path, readField(source, path)), emptyIntake());
}

/**
 * The form's rules on the client's answers (docs/product/client-intake.md#rules): what a final
 * submit requires of these fields, and the limits of every text. Issues of other fields (staff's)
 * are not the client's to fix and are left out.
 */
export function clientAnswerIssues(client: GeneralCaseInformation, today: string | Date = new Date()): FieldIssues {
  const part = clientPart(client);
  const issues: FieldIssues = {};
  for (const found of [draftIssues(part), finalIssues(part, today)]) {
    for (const [path, issue] of Object.entries(found) as [keyof FieldIssues, FieldIssues[keyof FieldIssues]][]) {
      if (isClientField(path) && !(path in issues)) issues[path] = issue;
    }
  }
  return issues;
}

/** The client's issues in English, as the server answers them in a 400's `fields`. */
export function validateClientAnswers(client: GeneralCaseInformation, today: string | Date = new Date()): FieldErrors {
  return englishErrors(clientAnswerIssues(client, today));
}

export interface ClientAnswer {
  path: FieldPath;
  value: unknown;
  /** true: the draft now holds it; false: staff had typed another value, which stays. */
  applied: boolean;
}

/**
 * The client's answers laid into staff's draft (docs/product/client-intake.md#staff-review): a field
 * staff left empty, or filled with the same value, takes the client's answer; a field staff filled
 * differently keeps staff's value, and the client's is returned beside it (applied: false).
 * Unanswered fields change nothing and are not returned.
 */
export function mergeClientAnswers(
  staff: GeneralCaseInformation,
  client: GeneralCaseInformation,
): { intake: GeneralCaseInformation; answers: ClientAnswer[] } {
  let intake = staff;
  const answers: ClientAnswer[] = [];
  for (const path of clientFieldPaths) {
    const value = readField(client, path);
    if (!isAnswered(value, path)) continue;
    const current = readField(staff, path);
    const applied = !isAnswered(current, path) || sameAnswer(current, value);
    if (applied) intake = writePath(intake, path, value);
    answers.push({ path, value, applied });
  }
  return { intake, answers };
}

/** The languages of the client's form, as the link's page names them. */
export const clientLanguages = ['en', 'es', 'vi'] as const;
export type ClientLanguage = (typeof clientLanguages)[number];

const clientLanguageOf: Record<Language, ClientLanguage> = { english: 'en', spanish: 'es', vietnamese: 'vi' };

/**
 * The form's first language (docs/product/client-intake.md#languages): the first of the intake's
 * languages other than English (staff often tick English beside the client's own), else English.
 */
export function defaultClientLanguage(languages: readonly Language[]): ClientLanguage {
  const own = languages.find((language) => language !== 'english');
  return own ? clientLanguageOf[own] : 'en';
}

/** The client's fields of `form` as the submit carries them: by section, in the API's shape (ISO dates, integer counts). */
export function clientSubmissionAnswers(form: GeneralCaseInformation): Partial<Record<SectionKey, Record<string, unknown>>> {
  const api = toApiIntake(form) as unknown as Record<SectionKey, Record<string, unknown>>;
  const answers: Partial<Record<SectionKey, Record<string, unknown>>> = {};
  for (const path of clientFieldPaths) {
    const [section, field] = path.split('.') as [SectionKey, string];
    answers[section] = { ...answers[section], [field]: api[section][field] };
  }
  return answers;
}

/**
 * Whether the client's form shows a field now (docs/product/client-intake.md#what-the-client-fills):
 * a field the staff form would disable, or clear on a 'No', shows only once its question allows
 * it; the minor's parent's name only for a minor.
 */
export function isClientFieldShown(intake: GeneralCaseInformation, path: FieldPath, today: string | Date = new Date()): boolean {
  if (isDisabled(intake, path)) return false;
  if (path === 'personalInformation.minorParentsName') return isMinor(intake, today);
  const rule: FieldRule | undefined = isIntakeField(path) ? intakeFields[path] : undefined;
  const clearing = rule && 'clearedBy' in rule ? rule.clearedBy : undefined;
  return clearing?.when === 'no' ? readField(intake, clearing.of as FieldPath) === true : true;
}

/**
 * What the staff form shows beside a field the client answered (docs/product/client-intake.md#staff-review):
 * 'fromClient' while the field still holds the client's answer, 'differs' while staff's own value
 * stands against an answer that was not applied, nothing once staff changed it.
 */
export function clientAnswerMark(current: unknown, answer: { value: unknown; applied: boolean }): 'fromClient' | 'differs' | null {
  if (sameAnswer(current, answer.value)) return 'fromClient';
  return answer.applied ? null : 'differs';
}
