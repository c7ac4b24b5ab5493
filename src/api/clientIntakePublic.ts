// The client page's two public calls (docs/product/client-intake.md#public-calls), with a client
// that signs nothing: the link's token is the key.
import { createApiClient } from './client';
import { dataOf } from './errors';
import type { components } from './schema';

export type PublicClientIntake = components['schemas']['PublicClientIntake'];
export type ClientIntakeSubmission = components['schemas']['ClientIntakeSubmission'];

const publicApi = createApiClient('', () => undefined);

export async function openClientIntake(token: string): Promise<PublicClientIntake> {
  return dataOf(publicApi.GET('/public/v1/client-intake/{token}', { params: { path: { token } } }));
}

export async function submitClientIntake(token: string, body: ClientIntakeSubmission): Promise<{ fields: number }> {
  return dataOf(publicApi.POST('/public/v1/client-intake/{token}', { params: { path: { token } }, body }));
}
