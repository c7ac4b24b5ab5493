// The client page's two public calls (docs/product/client-intake.md#public-calls), with a client
// that signs nothing: the link's token is the key.
import { createApiClient } from './client';
import { ApiError } from './errors';
import type { components } from './schema';

export type PublicClientIntake = components['schemas']['PublicClientIntake'];
export type ClientIntakeSubmission = components['schemas']['ClientIntakeSubmission'];

const publicApi = createApiClient('', () => undefined);

export async function openClientIntake(token: string): Promise<PublicClientIntake> {
  const { data, error, response } = await publicApi.GET('/public/v1/client-intake/{token}', { params: { path: { token } } });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

export async function submitClientIntake(token: string, body: ClientIntakeSubmission): Promise<{ fields: number }> {
  const { data, error, response } = await publicApi.POST('/public/v1/client-intake/{token}', { params: { path: { token } }, body });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}
