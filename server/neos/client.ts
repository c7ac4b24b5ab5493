// The one way the server talks to Neos (docs/architecture.md, Neos integration). Real HTTP to NEOS_API_URL;
// tests and the demo point it at sandbox/neos/server.ts. Only the answer "these credentials are
// refused" (401/403) means invalid: anything else that is not 200 (a timeout, a refused
// connection, a 5xx, a surprise) is Neos being unavailable, which the API reports as 502 so staff
// are not told that good credentials are wrong.
import type { CredentialsInput } from '../../src/domain/schemas/credentials';

export type NeosCredentials = CredentialsInput;
export type CredentialsVerdict = 'valid' | 'invalid';

export const DEFAULT_NEOS_TIMEOUT_MS = 10_000;
const VALIDATE_PATH = '/v1/credentials/validate';

export class NeosUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NeosUnavailableError';
  }
}

export interface NeosClient {
  validateCredentials(credentials: NeosCredentials): Promise<CredentialsVerdict>;
}

export interface NeosClientOptions {
  /** NEOS_API_URL; without it every call fails as unavailable (the integration is not set up). */
  baseUrl: string | undefined;
  timeoutMs?: number;
}

export function createNeosClient({ baseUrl, timeoutMs = DEFAULT_NEOS_TIMEOUT_MS }: NeosClientOptions): NeosClient {
  return {
    async validateCredentials({ companyId, apiKey, integrationId }) {
      if (!baseUrl) throw new NeosUnavailableError('NEOS_API_URL is not configured');
      let response: Response;
      try {
        response = await fetch(new URL(VALIDATE_PATH, baseUrl), {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ companyId, integrationId }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new NeosUnavailableError('Neos could not be reached', { cause: error });
      }
      // The body is not needed; reading it to the end frees the connection for reuse.
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 200) return 'valid';
      if (response.status === 401 || response.status === 403) return 'invalid';
      throw new NeosUnavailableError(`Neos answered ${response.status}`);
    },
  };
}
