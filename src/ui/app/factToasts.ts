// Where what a machine tells (its emitted facts: `saved`, `refused`, ...) becomes the toast a
// person sees, with the product's texts (docs/product/*.md). Machines decide what happened; these
// tables say how it is shown; `useToastEvents` shows it. The session's table is in
// sessionToasts.ts: it is part of the login screen's first download, and these are not.
import { intakeTabs } from '../../domain/intake/tabs';
import { activityTexts, employeeTexts, firmTexts, intakeTexts, leadTexts, profileTexts } from '../../domain/texts';
import type { CredentialsEmitted } from '../../machines/credentials.machine';
import type { EmployeeFormEmitted } from '../../machines/employeeForm.machine';
import type { EmployeeEditEmitted } from '../../machines/employeeEdit.machine';
import type { EmployeeStatusEmitted } from '../../machines/employeeStatus.machine';
import type { EngagementTermsEmitted } from '../../machines/engagementTerms.machine';
import type { FirmFormEmitted } from '../../machines/firmForm.machine';
import type { FirmRecordEmitted } from '../../machines/firmRecord.machine';
import type { IntakeEmitted } from '../../machines/intake.machine';
import type { LeadRegistrationEmitted } from '../../machines/leadRegistration.machine';
import type { PaginationEmitted } from '../../machines/pagination.machine';
import type { ProfileFormEmitted } from '../../machines/profileForm.machine';
import { error, loading, success, type FactToasts } from './toastTables';

/** docs/product/leads.md: 'Creating lead...' turns into the outcome. */
export const leadRegistrationToasts: FactToasts<LeadRegistrationEmitted> = {
  creating: () => loading(leadTexts.creating),
  created: () => success(leadTexts.created),
  checkFailed: ({ message }) => error(message ?? leadTexts.checkFailed),
  createFailed: ({ message }) => error(leadTexts.createFailed(message ?? leadTexts.unknownError)),
};

/** docs/product/people.md, Employee create: one toast from progress to outcome. The server's
 * messages for the fields are under the fields too ("as for profile update"). */
export const employeeFormToasts: FactToasts<EmployeeFormEmitted> = {
  creating: () => loading(employeeTexts.creating),
  created: () => success(employeeTexts.created),
  createFailed: () => error(employeeTexts.createFailed),
};

/** docs/product/people.md, Profile update: with an error body its messages are under the fields. */
export const profileFormToasts: FactToasts<ProfileFormEmitted> = {
  saved: () => success(profileTexts.saved),
  saveFailed: ({ hasErrorBody }) => (hasErrorBody ? undefined : error(profileTexts.saveFailed)),
};

/** docs/product/people.md, Edit employee: the server's message when its refusal named no field. */
export const employeeEditToasts: FactToasts<EmployeeEditEmitted> = {
  loadFailed: ({ message }) => error(message ?? employeeTexts.loadOneFailed),
  saving: () => loading(employeeTexts.saving),
  saved: () => success(employeeTexts.saved),
  saveFailed: ({ message }) => error(message ?? employeeTexts.saveFailed),
};

/** docs/product/people.md, Deactivation: the server's message when it sent one. */
export const employeeStatusToasts: FactToasts<EmployeeStatusEmitted> = {
  changed: ({ change }) => success(change === 'deactivate' ? employeeTexts.deactivated : employeeTexts.reactivated),
  failed: ({ change, message }) =>
    error(message ?? (change === 'deactivate' ? employeeTexts.deactivateFailed : employeeTexts.reactivateFailed)),
};

/** docs/product/firm-and-neos.md */
export const credentialsToasts: FactToasts<CredentialsEmitted> = {
  validated: () => success(firmTexts.credentialsValidated),
  refused: () => error(firmTexts.credentialsInvalid),
};

/** docs/product/firm-and-neos.md: the server's message when its refusal carried one. */
export const firmFormToasts: FactToasts<FirmFormEmitted> = {
  loadFailed: () => error(firmTexts.loadFailed),
  saved: () => success(firmTexts.saved),
  saveFailed: ({ message }) => error(message ?? firmTexts.saveFailed),
  credentialsSaved: () => success(firmTexts.credentialsSaved),
  credentialsSaveFailed: ({ message }) => error(message ?? firmTexts.credentialsSaveFailed),
};

export const engagementTermsToasts: FactToasts<EngagementTermsEmitted> = {
  termsSaved: () => success(firmTexts.termsSaved),
  termsSaveFailed: ({ message }) => error(message ?? firmTexts.termsSaveFailed),
};

export const firmRecordToasts: FactToasts<FirmRecordEmitted> = {
  loadFailed: () => error(firmTexts.loadFailed),
};

const intake = intakeTexts;

/**
 * docs/product/intake-form.md: the same 'created' text after a submit in create and in edit mode. A
 * draft refused for its names shows no toast: the form's button bar says how many fields need
 * attention, and focus is on the first of them (IntakeFormButtons, useIntakeFormFocus).
 */
export const intakeToasts: FactToasts<IntakeEmitted> = {
  saved: ({ as }) => success({ draft: intake.draftSaved, changes: intake.updated, final: intake.created }[as]),
  refused: (fact) => {
    // A stale save is no failure: the form fetches their version and says so, then 'merged' speaks.
    if (fact.reason === 'draftIncomplete' || fact.reason === 'stale') return undefined;
    return error(
      fact.reason === 'incomplete'
        ? intake.requiredFields(intakeTabs[fact.tab].name)
        : { final: intake.alreadyFinal, failed: intake.saveFailed }[fact.reason],
    );
  },
  pdfFailed: () => error(intake.pdfFailed),
  merged: ({ conflicts }) => success(intake.merged(conflicts)),
};

/** A list page's failed load (docs/product/people.md, docs/product/leads.md, docs/product/activity.md): one toast however often it fails. */
function listToasts(text: string, id: string): FactToasts<PaginationEmitted> {
  return { loadFailed: () => ({ kind: 'error', text, id }) };
}

export const employeeListToasts = listToasts(employeeTexts.loadFailed, 'employees-load-failed');
export const leadListToasts = listToasts(leadTexts.loadFailed, 'leads-load-failed');
export const activityListToasts = listToasts(activityTexts.loadFailed, 'activity-load-failed');
