// The callers this instance checked, kept with the session generation (migration 0030) as it was
// read before their session and user were: a caller is taken from memory only while the generation
// read for the request still equals it, so no change of a session or a user, on any instance, is
// missed (server/auth/sessions.ts).
//
// The generation read is shared, but only by requests that arrived before it started
// (db/sharedReads.ts): a request never trusts a read that began before it came in, which could
// predate a Sign Out its sender has already seen answered. Under load one read then serves every
// request that queued behind the one in flight, instead of one round trip to the database per request.
import { createSharedRead } from '../db/sharedReads';

/** A caller as read with its session; `Caller` is the session store's (sessions.ts). */
export interface CachedCaller<Caller> {
  caller: Caller;
  userId: string;
  /** The session's expires_at (ISO 8601): past it the session is read again, never answered from memory. */
  expiresAt: string;
}

interface Kept<Caller> extends CachedCaller<Caller> {
  generation: string;
}

/** Sessions kept per instance; past this the oldest is dropped (read again on its next request). */
const SESSIONS_KEPT = 10_000;

export interface SessionCache<Caller> {
  /** The live caller of the session at `at`, from memory while nothing changed, else from `read`. */
  caller(sessionId: string, userId: string, at: string, read: () => Promise<CachedCaller<Caller> | undefined>): Promise<Caller | undefined>;
}

export function createSessionCache<Caller>(readGeneration: () => Promise<string>): SessionCache<Caller> {
  const kept = new Map<string, Kept<Caller>>();
  // One generation read serves every request that queued behind the one in flight (db/sharedReads.ts).
  const generation = createSharedRead<string>();

  return {
    async caller(sessionId, userId, at, read) {
      const current = await generation.read(readGeneration);
      const known = kept.get(sessionId);
      if (known && known.generation === current && known.userId === userId && known.expiresAt > at) return known.caller;
      const fresh = await read();
      kept.delete(sessionId);
      if (!fresh) return undefined;
      if (kept.size >= SESSIONS_KEPT) kept.delete(kept.keys().next().value as string);
      // `current` was read before `fresh`: a change in between moved the generation past it.
      kept.set(sessionId, { ...fresh, generation: current });
      return fresh.caller;
    },
  };
}
