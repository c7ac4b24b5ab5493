// The signing page's two public calls (docs/product/engagement.md#screens), with a client that
// signs nothing: the link's token is the key.
import { createApiClient } from './client';
import { dataOf } from './errors';
import type { components } from './schema';

export type PublicEngagement = components['schemas']['PublicEngagement'];
export type EngagementSubmission = components['schemas']['EngagementSignature'];
export type EngagementSignature = EngagementSubmission['signature'];
export type SignedEngagement = components['schemas']['EngagementReceipt'];

const publicApi = createApiClient('', () => undefined);

export async function openEngagement(token: string): Promise<PublicEngagement> {
  return dataOf(publicApi.GET('/public/v1/engagement/{token}', { params: { path: { token } } }));
}

export async function signEngagement(token: string, body: EngagementSubmission): Promise<SignedEngagement> {
  return dataOf(publicApi.POST('/public/v1/engagement/{token}', { params: { path: { token } }, body }));
}
