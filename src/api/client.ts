// The one API client (docs/code-style.md "Layout"): openapi-fetch typed by the paths generated from
// openapi.yaml, with one middleware that signs requests with the stored session's token and holds
// a refused one until the person has signed in again (docs/product/sign-in-and-session.md,
// Sessions that end in the browser).
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { refusalReasonOf } from '../domain/session';
import { currentToken } from './authStorage';
import { takeEarlyAnswer } from './earlyCalls';
import { ApiError } from './errors';
import type { paths } from './schema';
import { sessionRefused } from './sessionGate';

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
  'POST /v1/users/login/second-factor',
  'POST /v1/users/login/second-factor/enrolment',
  'POST /v1/users/login/passkey/options',
  'POST /v1/users/login/passkey',
  'GET /intake-template.pdf',
  'GET /health',
  'GET /ready',
  'GET /public/v1/client-intake/{token}',
  'POST /public/v1/client-intake/{token}',
  'GET /public/v1/engagement/{token}',
  'POST /public/v1/engagement/{token}',
  'GET /public/v1/password-reset',
  'POST /public/v1/password-reset',
  'POST /public/v1/password-reset/{token}',
]);

/**
 * Signed calls whose 401 is the answer itself: Sign Out of a session that has already ended
 * still ends it here (src/machines/session.machine.ts, signingOut).
 */
const unheldOperations: ReadonlySet<string> = new Set(['POST /v1/users/logout']);

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

async function codeOf(response: Response): Promise<unknown> {
  try {
    return ((await response.clone().json()) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
}

/** A promise that never settles: the answer of a call whose page is going away (a sign-out from the dialog). */
function never(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}

export function authMiddleware(getToken: TokenSource): Middleware {
  // An untouched copy of each signed request, to send again after a 401: fetch reads the body.
  const copies = new WeakMap<Request, Request>();
  return {
    onRequest({ request, schemaPath }) {
      if (publicOperations.has(`${request.method} ${schemaPath}`)) return undefined;
      const token = getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      if (!unheldOperations.has(`${request.method} ${schemaPath}`)) copies.set(request, request.clone());
      return request;
    },
    // A 401 to a signed call: the session ended under the page. The call waits while the session
    // asks for the password (the page, its form and its machine stay as they are), then goes again
    // with the new token, so what the person asked for (e.g. Save As Draft) still happens.
    async onResponse({ request, response, options }) {
      let copy = copies.get(request);
      let answer = response;
      while (answer.status === 401 && copy) {
        const sent = copy.headers.get('Authorization');
        const token = getToken();
        // Refused for a token the session has already replaced (a sign-in again while this call
        // was on its way): it goes again at once. Otherwise the session decides.
        if (token === undefined || sent === `Bearer ${token}`) {
          const reason = refusalReasonOf(await codeOf(answer));
          // Sent without a token: this browser's copy of the session had expired before the
          // server could say so (a laptop that slept past it), which is the reason to tell.
          const outcome = await sessionRefused(sent === null && reason === 'unknown' ? 'expired' : reason);
          if (outcome === 'notSignedIn') break;
          // Signed out instead: nothing is sent, and no error toast covers the way to /login.
          if (outcome === 'left') return never();
        }
        const again = copy.clone();
        const fresh = getToken();
        if (fresh) again.headers.set('Authorization', `Bearer ${fresh}`);
        copy = again.clone();
        answer = await options.fetch(again);
      }
      return answer === response ? undefined : answer;
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
  fetchImpl: FetchLike = (request) => takeEarlyAnswer(request) ?? globalThis.fetch(request),
): ApiClient {
  // The default looks up globalThis.fetch per call rather than once at start-up, so a fetch
  // installed later (a test double, a polyfill) is the one used. A direct link's first GET may
  // already be on its way (earlyCalls.ts): its answer is used instead of asking twice.
  const client = createClient<paths>({ baseUrl, fetch: fetchImpl, headers: { Accept: '*/*' } });
  client.use(authMiddleware(getToken));
  return client;
}

export const api = createApiClient('', currentToken);
