// Where the API client and the session meet when a signed-in call answers 401
// (docs/product/sign-in-and-session.md, Sessions that end in the browser). The client (client.ts)
// reports the refusal here and waits; the app (src/ui/app/useSessionGate.ts) connects the session
// machine, which shows the dialog and says how it ended. Kept apart from both so that neither
// imports the other.
import type { SessionRefusalReason } from '../domain/session';

/**
 * How a held call goes on: `resumed` (the person signed in again: send it again with the new
 * token), `left` (they signed out instead: the page is going away) or `notSignedIn` (no signed-in
 * session to resume: the 401 is the answer).
 */
export type SessionOutcome = 'resumed' | 'left' | 'notSignedIn';

export type SessionRefusalHandler = (reason: SessionRefusalReason) => Promise<SessionOutcome>;

let handler: SessionRefusalHandler | undefined;

/** Connects the session; the returned function disconnects it. */
export function connectSessionGate(next: SessionRefusalHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = undefined;
  };
}

/** Called by the API client on a 401 to a signed call: resolves when the session has decided. */
export function sessionRefused(reason: SessionRefusalReason): Promise<SessionOutcome> {
  return handler ? handler(reason) : Promise.resolve('notSignedIn');
}
