// The staff side of the client's part of an intake (docs/product/client-intake.md): the link and
// the client's answers. The client page's public calls are in clientIntakePublic.ts.
import { api } from './client';
import { dataOf } from './errors';
import type { components } from './schema';

export type ClientLink = components['schemas']['ClientLink'];
export type ClientLinkStatus = components['schemas']['ClientLinkStatus'];
export type ClientAnswers = components['schemas']['ClientAnswers'];
export type LinkDelivery = NonNullable<components['schemas']['ClientLinkRequest']['delivery']>;

export async function getClientLinkStatus(caseId: string): Promise<ClientLinkStatus> {
  return dataOf(api.GET('/v1/intake/{caseId}/client-link', { params: { path: { caseId } } }));
}

export async function createClientLink(caseId: string, delivery: LinkDelivery): Promise<ClientLink> {
  return dataOf(api.POST('/v1/intake/{caseId}/client-link', { params: { path: { caseId } }, body: { delivery } }));
}

export async function getClientAnswers(caseId: string): Promise<ClientAnswers> {
  return dataOf(api.GET('/v1/intake/{caseId}/client-answers', { params: { path: { caseId } } }));
}
