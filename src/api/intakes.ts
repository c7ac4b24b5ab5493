// Fetchers for the intakes list and the intake form (docs/product/intake-form.md; GET /v1/intake/{caseId} is
// ours, docs/architecture.md). Each one calls the client, throws an ApiError on an error answer and returns
// the payload.
import type { Page } from './page';
import { stripIds } from '../domain/intake/normalise';
import type { ApiGeneralCaseInformation } from '../domain/intake/types';
import { api } from './client';
import { dataOf } from './errors';
import type { components, operations } from './schema';
import { saveOnce } from './idempotency';

export type IntakeRow = components['schemas']['IntakeRow'];
export type StoredIntake = components['schemas']['GeneralCaseInformation'];
export type IntakeListQuery = NonNullable<operations['listIntakes']['parameters']['query']>;

export async function listIntakes(query: IntakeListQuery): Promise<Page<IntakeRow>> {
  const { record, totalRecords } = await dataOf(api.GET('/v1/intake', { params: { query } }));
  return { rows: record, totalRecords };
}

export type RevealPurpose = components['schemas']['RevealRequest']['purpose'];
export type IntakeReveal = components['schemas']['IntakeReveal'];
export type ActivityEntry = components['schemas']['ActivityEntry'];
export type ClientAttestation = components['schemas']['ClientAttestation'];

/**
 * The intake's SSN/ITIN in full (123-45-6789), or null. The server records the purpose: 'show'
 * (the form's Show button), 'pdfPreview' or 'pdfDownload' (the PDF is filled from this answer).
 */
export async function revealIntakeSsn(caseId: string, purpose: RevealPurpose): Promise<IntakeReveal> {
  return dataOf(api.POST('/v1/intake/{caseId}/reveal', { params: { path: { caseId } }, body: { purpose } }));
}

/** The intake's rows of the activity trail, newest first. */
export async function getIntakeHistory(caseId: string): Promise<ActivityEntry[]> {
  return dataOf(api.GET('/v1/intake/{caseId}/history', { params: { path: { caseId } } }));
}

export async function getIntake(caseId: string): Promise<StoredIntake> {
  return dataOf(api.GET('/v1/intake/{caseId}', { params: { path: { caseId } } }));
}

/** POST /v1/intake: the server sets caseId, createdAt, updatedAt and representativeName. */
export async function createIntake(userId: string, intake: ApiGeneralCaseInformation): Promise<StoredIntake> {
  return dataOf(
    saveOnce((headers) => api.POST('/v1/intake', { params: { header: headers }, body: { userId, generalCaseInformation: intake } })),
  );
}

/**
 * PATCH /v1/intake/{caseId}. `updatedAt` is the version the edit started from (409
 * `intake_stale` when the stored intake changed since). Every id and generalCaseInformationId is
 * removed at any depth before sending (docs/product/intake-form.md 'On update', docs/product/intake-form.md).
 */
export async function updateIntake(
  caseId: string,
  userId: string,
  intake: ApiGeneralCaseInformation,
  updatedAt: string,
): Promise<StoredIntake> {
  return dataOf(
    api.PATCH('/v1/intake/{caseId}', {
      params: { path: { caseId } },
      body: { userId, generalCaseInformation: stripIds({ ...intake, caseId, updatedAt }) },
    }),
  );
}
