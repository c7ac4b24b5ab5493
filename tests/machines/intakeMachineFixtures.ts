// Made-up intakes, stored versions and call results for the intake machine's tests.
import { emptyIntake } from '../../src/domain/intake/empty';
import { toApiIntake, withoutSsnDigits } from '../../src/domain/intake/normalise';
import { sectionKeys, type FieldPath, type GeneralCaseInformation } from '../../src/domain/intake/types';
import type { FieldChange } from '../../src/domain/intake/editing';
import type { SavedIntake, UnsavedCopy } from '../../src/machines/intake.machine';
import { fullValidIntake } from '../domain/intake/fixtures';

export const USER_ID = 'user-robin';
export const CASE_ID = 'case-0007';
export const VERSION_1 = '2024-06-01T09:00:00.000Z';
export const VERSION_2 = '2024-06-02T10:30:00.000Z';
/** The SSN of the stored draft, and the one fullValidIntake() carries: never in sessionStorage. */
export const STORED_SSN = '900-00-0002';
export const TYPED_SSN = '900-00-0001';

/** Every field of `intake` as one change each, in the form's order (controlling answer first). */
export function changesOf(intake: GeneralCaseInformation): FieldChange[] {
  return sectionKeys.flatMap((section) =>
    Object.entries(intake[section]).map(([key, value]) => ({ path: `${section}.${key}` as FieldPath, value })),
  );
}

/** A stored draft with the client's names and an SSN. */
export function storedDraft(): GeneralCaseInformation {
  const blank = emptyIntake();
  return {
    ...blank,
    caseId: CASE_ID,
    status: 'draft',
    createdAt: '2024-05-30T08:00:00.000Z',
    updatedAt: VERSION_1,
    representativeName: 'Robin Example',
    personalInformation: {
      ...blank.personalInformation,
      firstName: 'Morgan',
      lastName: 'Testcase',
      status: 'hasSsn',
      ssnItin: STORED_SSN,
    },
  };
}

export function storedFinal(): GeneralCaseInformation {
  return { ...fullValidIntake(), caseId: CASE_ID, status: 'final', createdAt: '2024-05-30T08:00:00.000Z', updatedAt: VERSION_1 };
}

export const apiDraft = toApiIntake(storedDraft());
/**
 * The draft as someone else saved it meanwhile: a new e-mail (a field the model's edits never touch)
 * and a new last name (one they do).
 */
export const THEIR_EMAIL = 'their.change@example.test';
export const THEIR_LAST_NAME = 'Theirname';
export function theirDraft(): GeneralCaseInformation {
  const stored = storedDraft();
  return {
    ...stored,
    updatedAt: VERSION_2,
    personalInformation: { ...stored.personalInformation, email: THEIR_EMAIL, lastName: THEIR_LAST_NAME },
  };
}
export const apiTheirDraft = toApiIntake(theirDraft());
/** Submitted final meanwhile. */
export const apiTheirFinal = toApiIntake({ ...storedFinal(), updatedAt: VERSION_2 });
export const apiFinal = toApiIntake(storedFinal());
/** A stored birth date the form cannot read (docs/product/intake-form.md: 'Invalid ISO date string'). */
export const apiUnreadable = { ...apiDraft, personalInformation: { ...apiDraft.personalInformation, birthDate: 'last spring' } };

/** A copy of unsaved edits typed over `base`, as the page reads it from sessionStorage (no SSN digits). */
export function unsavedCopyOf(base: GeneralCaseInformation): UnsavedCopy {
  return {
    intake: withoutSsnDigits({
      ...base,
      personalInformation: { ...base.personalInformation, firstName: 'Casey', lastName: 'Restored', address: '12 Copy Lane' },
    }),
    base: withoutSsnDigits(base),
  };
}

export const savedDraft: SavedIntake = { caseId: CASE_ID, updatedAt: VERSION_2, status: 'draft' };

export const staleError = { status: 409, code: 'intake_stale', message: 'The intake changed since it was loaded' };
export const finalError = { status: 409, code: 'intake_final', message: 'The intake is final' };
export const serverError = { status: 500, code: 'http_500', message: 'Internal Server Error' };
export const fieldsError = {
  status: 400,
  code: 'validation_failed',
  message: 'Invalid intake',
  fields: { 'personalInformation.email': 'Please enter a valid email' },
};

/** Made-up bytes standing in for a built PDF ('%PDF'). */
export const pdfBytes = new Uint8Array([37, 80, 68, 70]);

/** The unit project runs in node: a Storage kept in memory stands in for the browser's. */
export { MemoryStorage } from '../support/memoryStorage';
