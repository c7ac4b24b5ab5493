// The staff side of the engagement (docs/product/engagement.md): the firm's terms and documents,
// the intake's signing link and its state, the signed PDF. The signing page's public calls are in
// engagementPublic.ts.
import { api } from './client';
import { bodyOf, dataOf } from './errors';
import type { components } from './schema';

export type EngagementTerms = components['schemas']['EngagementTerms'];
export type EngagementTermsUpdate = components['schemas']['EngagementTermsUpdate'];
export type EngagementDocument = components['schemas']['EngagementDocument'];
export type EngagementStatus = components['schemas']['EngagementStatus'];
export type EngagementLink = components['schemas']['EngagementLink'];
export type EngagementDelivery = NonNullable<components['schemas']['EngagementLinkRequest']['delivery']>;

export async function getEngagementTerms(): Promise<EngagementTerms> {
  return dataOf(api.GET('/v1/firm/engagement-terms'));
}

export async function updateEngagementTerms(terms: EngagementTermsUpdate): Promise<EngagementTerms> {
  return dataOf(api.PUT('/v1/firm/engagement-terms', { body: terms }));
}

export async function previewEngagementTerms(terms: EngagementTermsUpdate): Promise<EngagementDocument[]> {
  return (await dataOf(api.POST('/v1/firm/engagement-terms/preview', { body: { terms } }))).documents;
}

export async function getEngagementStatus(caseId: string): Promise<EngagementStatus> {
  return dataOf(api.GET('/v1/intake/{caseId}/engagement', { params: { path: { caseId } } }));
}

export async function createEngagementLink(caseId: string, delivery: EngagementDelivery): Promise<EngagementLink> {
  return dataOf(api.POST('/v1/intake/{caseId}/engagement', { params: { path: { caseId } }, body: { delivery } }));
}

/** The signed, sealed PDF's bytes (every download recorded by the server). */
export async function getSignedEngagement(caseId: string): Promise<Blob> {
  return bodyOf(api.GET('/v1/intake/{caseId}/engagement/signed.pdf', { params: { path: { caseId } }, parseAs: 'blob' }));
}
