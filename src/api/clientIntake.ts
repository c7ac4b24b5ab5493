// The staff side of the client's part of an intake (docs/product/client-intake.md): the link and
// the client's answers. The client page's public calls are in clientIntakePublic.ts.
import { api } from './client';
import { ApiError } from './errors';
import type { components } from './schema';

export type ClientLink = components['schemas']['ClientLink'];
export type ClientLinkStatus = components['schemas']['ClientLinkStatus'];
export type ClientAnswers = components['schemas']['ClientAnswers'];
export type LinkDelivery = NonNullable<components['schemas']['ClientLinkRequest']['delivery']>;

export async function getClientLinkStatus(caseId: string): Promise<ClientLinkStatus> {
  const { data, error, response } = await api.GET('/v1/intake/{caseId}/client-link', { params: { path: { caseId } } });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

export async function createClientLink(caseId: string, delivery: LinkDelivery): Promise<ClientLink> {
  const { data, error, response } = await api.POST('/v1/intake/{caseId}/client-link', { params: { path: { caseId } }, body: { delivery } });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

export async function getClientAnswers(caseId: string): Promise<ClientAnswers> {
  const { data, error, response } = await api.GET('/v1/intake/{caseId}/client-answers', { params: { path: { caseId } } });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}
