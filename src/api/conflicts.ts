// Fetchers for an intake's conflict check (docs/product/conflicts.md). Each throws an ApiError on an
// error answer and returns the payload.
import { api } from './client';
import { dataOf } from './errors';
import type { components } from './schema';

export type ConflictCheck = components['schemas']['ConflictCheck'];
export type IntakeConflict = components['schemas']['IntakeConflict'];
export type ConflictDecisionRequest = components['schemas']['ConflictDecisionRequest'];
export type ConflictDecisionChoice = ConflictDecisionRequest['decision'];

export async function getConflictCheck(caseId: string): Promise<ConflictCheck> {
  return dataOf(api.GET('/v1/intake/{caseId}/conflicts', { params: { path: { caseId } } }));
}

/** Owner or administrator: the decision on the check as it is now. */
export async function decideConflicts(caseId: string, body: ConflictDecisionRequest): Promise<ConflictCheck> {
  return dataOf(api.POST('/v1/intake/{caseId}/conflicts/decision', { params: { path: { caseId } }, body }));
}
