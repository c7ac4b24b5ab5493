// What editing an intake means, apart from when it happens (that is the intake machine's part):
// the checks before a save or a submit, applying typed changes with the errors they settle, and
// taking back an unsaved copy. Behaviour: docs/product/intake-form.md.
import { parseCalendarDate } from '../dates';
import { calendarDatePaths, fieldsClearedBy } from './fields';
import { applyChange, isBlank, statusesWithoutSsn } from './rules';
import type { FieldIssues } from './ruleIssues';
import { draftIssues, finalIssues, intakeValidation, type IntakeValidation } from './schemas';
import { intakeTabs } from './tabs';
import type { FieldPath, FieldValue, GeneralCaseInformation } from './types';

export interface FieldChange {
  path: FieldPath;
  value: unknown;
}

/**
 * A date the form cannot send (toApiIntake throws for it), e.g. a half-typed birth date. The
 * draft rule does not check dates, so without this a draft would never save.
 */
function unsendableDates(intake: GeneralCaseInformation): FieldIssues {
  const issues: FieldIssues = {};
  for (const path of calendarDatePaths) {
    const [section, field] = path.split('.') as ['personalInformation', 'birthDate'];
    const value = intake[section][field];
    if (!isBlank(value) && !parseCalendarDate(value)) issues[path] = { code: 'invalidDate' };
  }
  return issues;
}

/** Draft save: first and last name, limits, and dates that can be sent. */
export function checkDraft(intake: GeneralCaseInformation): IntakeValidation {
  return intakeValidation({ ...unsendableDates(intake), ...draftIssues(intake) });
}

/** Final submit: the tabs in order; the first failing one is shown. */
export function checkFinal(intake: GeneralCaseInformation): IntakeValidation {
  return intakeValidation({ ...unsendableDates(intake), ...finalIssues(intake) });
}

/** The tab a failed check shows: its first failing tab (`fallback` when it passed). */
export function tabIndexOf(validation: IntakeValidation, fallback: number): number {
  return validation.ok ? fallback : intakeTabs.indexOf(validation.firstFailingTab);
}

function readLoose(intake: GeneralCaseInformation, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
      intake,
    );
}

const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/** The fields a change of `path` may empty (fields.ts `clearedBy`): their errors go with it. */
function dependentsOf(path: FieldPath): readonly string[] {
  return fieldsClearedBy(path).map(([field]) => field);
}

/**
 * Errors left after a change: the changed fields' own errors go (with their group's), and so do
 * those of the fields that depend on them and of the fields the change cleared. The next save or
 * submit checks again.
 */
function remainingErrors<E>(
  errors: Record<string, E>,
  before: GeneralCaseInformation,
  after: GeneralCaseInformation,
  paths: readonly string[],
): Record<string, E> {
  const entries = Object.entries(errors);
  if (entries.length === 0) return errors;
  return Object.fromEntries(
    entries.filter(([key]) => !paths.some((path) => related(key, path)) && readLoose(before, key) === readLoose(after, key)),
  );
}

/**
 * The intake after typed changes (with the form's rules applied), and the errors still standing:
 * the staff form's English messages or the client page's codes alike.
 */
export function applyChanges<E>(
  current: { intake: GeneralCaseInformation; errors: Record<string, E> },
  changes: ReadonlyArray<FieldChange>,
): { intake: GeneralCaseInformation; errors: Record<string, E> } {
  // The value's type is the binding's promise for its path (intakeFieldBinding.tsx).
  const intake = changes.reduce((next, { path, value }) => applyChange(next, path, value as FieldValue<typeof path>), current.intake);
  const paths = changes.flatMap((change) => [change.path, ...dependentsOf(change.path)]);
  return { intake, errors: remainingErrors(current.errors, current.intake, intake, paths) };
}

/**
 * The copy over the stored intake on screen. Server-owned fields stay the server's; the version is
 * the copy's, so a copy typed over an intake someone has since changed gets 409 intake_stale on save
 * instead of overwriting their work. The copy has no SSN digits: the loaded ones are kept unless
 * the copy's status means there is no SSN.
 */
export function restoredIntake(stored: GeneralCaseInformation, copy: GeneralCaseInformation): GeneralCaseInformation {
  const keepsSsn = !statusesWithoutSsn.includes(copy.personalInformation.status as (typeof statusesWithoutSsn)[number]);
  return {
    ...copy,
    caseId: stored.caseId,
    status: stored.status,
    createdAt: stored.createdAt,
    representativeName: stored.representativeName,
    updatedAt: copy.updatedAt ?? stored.updatedAt,
    personalInformation: {
      ...copy.personalInformation,
      ssnItin: keepsSsn ? stored.personalInformation.ssnItin : '',
    },
  };
}
