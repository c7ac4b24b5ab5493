// Credential validation as the API reports it (docs/product/firm-and-neos.md "Integration credentials": valid
// only on HTTP 200, any failure invalid), shared by POST /neos/validateCredentials and PUT /v1/firm.
import { firmTexts } from '../../src/domain/texts';
import { credentialsSchema, type CredentialsInput } from '../../src/domain/schemas/credentials';
import { validateFields, type FieldErrors } from '../../src/domain/schemas/shared';
import { ApiError } from '../http/errors';
import { NeosUnavailableError, type NeosClient } from './client';

export function neosCredentialsInvalid(): ApiError {
  return new ApiError(400, 'neos_credentials_invalid', firmTexts.neosRefused);
}

export function neosUnavailable(): ApiError {
  return new ApiError(502, 'neos_unavailable', firmTexts.neosUnreachable);
}

/** The form's rules for credentials (presence), each message under `prefix` + field name. */
export function credentialsFieldErrors(input: CredentialsInput, prefix = ''): FieldErrors {
  const fields = validateFields(credentialsSchema, input);
  return Object.fromEntries(Object.entries(fields).map(([path, message]) => [`${prefix}${path}`, message]));
}

/** Trimmed: a pasted key often carries a space or a newline that is not part of it. */
export function trimmedCredentials(input: CredentialsInput): CredentialsInput {
  return { companyId: input.companyId.trim(), apiKey: input.apiKey.trim(), integrationId: input.integrationId.trim() };
}

/** Resolves when Neos accepts the credentials; 400 when it refuses them, 502 when it cannot say. */
export async function requireValidCredentials(neos: NeosClient, credentials: CredentialsInput): Promise<void> {
  let verdict;
  try {
    verdict = await neos.validateCredentials(credentials);
  } catch (error) {
    if (error instanceof NeosUnavailableError) throw neosUnavailable();
    throw error;
  }
  if (verdict !== 'valid') throw neosCredentialsInvalid();
}
