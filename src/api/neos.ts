// The case-management (Neos) integration call (docs/product/firm-and-neos.md).
import type { CredentialsInput } from '../domain/schemas/credentials';
import { api } from './client';
import { ApiError } from './errors';

/** HTTP 200 is success (docs/product/firm-and-neos.md); the body is not read. Any other answer throws (docs/product/firm-and-neos.md). */
export async function validateCredentials(credentials: CredentialsInput): Promise<void> {
  // 'stream' leaves a success body unparsed; an error body is still read for ApiError.
  const { data, error, response } = await api.POST('/neos/validateCredentials', { body: credentials, parseAs: 'stream' });
  await data?.cancel();
  if (response.status !== 200) throw new ApiError(error, response);
}
