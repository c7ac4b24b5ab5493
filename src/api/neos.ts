// The case-management (Neos) integration call (staff-app.md §7).
import type { CredentialsInput } from '../domain/schemas/credentials';
import { api } from './client';
import { ApiError } from './errors';

/** HTTP 200 is success (staff-app.md §7); the body is not read. Any other answer throws (§5). */
export async function validateCredentials(credentials: CredentialsInput): Promise<void> {
  const { error, response } = await api.POST('/neos/validateCredentials', { body: credentials });
  if (response.status !== 200) throw new ApiError(error, response);
}
