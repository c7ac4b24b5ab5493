// A direct link's first GET, sent while the page's code is still on its way (src/ui/app/earlyStart.ts)
// and handed to the page's own call when it asks for the same thing. Sent with the stored session's
// token in the Authorization header, as every signed call is (never in the address); without a live
// stored session nothing is sent, so a signed-out visitor still goes to /login. The answer goes
// through the API client's middleware like any other (client.ts), so a session that has ended
// shows the 'sign in again' dialog as it would have.
import { currentToken } from './authStorage';

/**
 * How long an early answer waits for its page: longer than a slow phone takes to load the page's
 * code, short enough that a later visit to the same address asks the server again.
 */
export const EARLY_CALL_WINDOW_MS = 15_000;

interface EarlyCall {
  authorization: string;
  startedAt: number;
  answer: Promise<Response>;
}

const calls = new Map<string, EarlyCall>();

/** Sends `GET path` (with its query) now, for the page the address opens; nothing without a session. */
export function startEarlyGet(path: string, now: number = Date.now()): void {
  const token = currentToken(now);
  if (!token) return;
  const url = new URL(path, globalThis.location.href).href;
  const authorization = `Bearer ${token}`;
  const answer = globalThis.fetch(url, { headers: { Accept: '*/*', Authorization: authorization } });
  // A failed connection is the page's call's to report, when it takes this answer.
  answer.catch(() => undefined);
  calls.set(url, { authorization, startedAt: now, answer });
}

/**
 * The early answer to this request, once: the same GET with the same token, asked for within
 * EARLY_CALL_WINDOW_MS. Anything else (another address, a token renewed since, an aborted call)
 * goes to the server as usual.
 */
export function takeEarlyAnswer(request: Request, now: number = Date.now()): Promise<Response> | undefined {
  if (request.method !== 'GET') return undefined;
  const call = calls.get(request.url);
  if (!call) return undefined;
  calls.delete(request.url);
  const fresh = now - call.startedAt <= EARLY_CALL_WINDOW_MS;
  if (!fresh || request.signal.aborted || request.headers.get('Authorization') !== call.authorization) return undefined;
  return call.answer;
}
