// The case-management (Neos) integration call (docs/product/firm-and-neos.md).
import type { CredentialsInput } from '../domain/schemas/credentials';
import { api } from './client';
import { settledOf } from './errors';

/** HTTP 200 is success (docs/product/firm-and-neos.md); the body is not read. Any other answer throws (docs/product/firm-and-neos.md). */
export async function validateCredentials(credentials: CredentialsInput): Promise<void> {
  // 'stream' leaves a success body unparsed; an error body is still read for ApiError.
  const answer = await api.POST('/neos/validateCredentials', { body: credentials, parseAs: 'stream' });
  await answer.data?.cancel();
  await settledOf(answer, (status) => status === 200);
}
