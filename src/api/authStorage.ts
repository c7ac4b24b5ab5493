// Where the session lives between page loads (docs/product/sign-in-and-session.md, Auth state): the token, its
// expiry and the decoded user, under one localStorage key. The API client reads the token from
// here; the session machine writes and clears it.
import type { SessionUser } from '../domain/session';

export const AUTH_STORAGE_KEY = 'intake.auth';

export interface StoredSession {
  token: string;
  /** Epoch milliseconds after which the token is no longer used. */
  expiresAt: number;
  user: SessionUser;
}

function storage(): Storage | undefined {
  return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage;
}

export function readStoredSession(): StoredSession | undefined {
  const raw = storage()?.getItem(AUTH_STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as StoredSession;
    if (typeof parsed.token !== 'string' || typeof parsed.expiresAt !== 'number' || !parsed.user) return undefined;
    return parsed;
  } catch {
    return undefined;
  }
}

export function writeStoredSession(session: StoredSession): void {
  storage()?.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
}

export function clearStoredSession(): void {
  storage()?.removeItem(AUTH_STORAGE_KEY);
}

/** The token to send, or undefined when there is none or it has expired. */
export function currentToken(now: number = Date.now()): string | undefined {
  const session = readStoredSession();
  return session && session.expiresAt > now ? session.token : undefined;
}
