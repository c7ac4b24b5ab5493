// The one API client (docs/code-style.md "Layout"): openapi-fetch typed by the paths generated from
// openapi.yaml, with one middleware that signs requests with the stored session's token.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { currentToken } from './authStorage';
import { ApiError } from './errors';
import type { paths } from './schema';

export type ApiClient = Client<paths>;
export type TokenSource = () => string | undefined;
export type FetchLike = (request: Request) => Promise<Response>;

/**
 * Operations that openapi.yaml marks `security: []`. Sign-in sends no token (docs/product/sign-in-and-session.md),
 * even when an old one is still stored. tests/contract/client.test.ts keeps this list equal to
 * the document's.
 */
export const publicOperations: ReadonlySet<string> = new Set([
  'POST /v1/users/login',
  'GET /intake-template.pdf',
  'GET /health',
  'GET /ready',
  'GET /public/v1/client-intake/{token}',
  'POST /public/v1/client-intake/{token}',
]);

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export function authMiddleware(getToken: TokenSource): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (publicOperations.has(`${request.method} ${schemaPath}`)) return undefined;
      const token = getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    // A failed connection becomes an ApiError too, so callers handle one error type; an abort
    // stays an AbortError because the caller asked for it (e.g. a superseded search).
    onError({ error }) {
      return isAbort(error) ? undefined : ApiError.noResponse(error);
    },
  };
}

/**
 * @param baseUrl '' in the app, so calls go to the page's own origin (the server serves SPA and
 *   API on one port; `npm run dev` proxies the API prefixes)
 */
export function createApiClient(
  baseUrl: string,
  getToken: TokenSource = currentToken,
  fetchImpl: FetchLike = (request) => globalThis.fetch(request),
): ApiClient {
  // The default looks up globalThis.fetch per call rather than once at start-up, so a fetch
  // installed later (a test double, a polyfill) is the one used.
  const client = createClient<paths>({ baseUrl, fetch: fetchImpl, headers: { Accept: '*/*' } });
  client.use(authMiddleware(getToken));
  return client;
}

export const api = createApiClient('', currentToken);
