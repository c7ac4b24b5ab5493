// Revocable sessions (docs/product/sign-in-and-session.md). Each sign-in adds a row; its id travels
// in the token, and every authenticated request is checked against that row joined with its user:
// Sign Out, a password or email change, a deactivation, a changed privilege or a removed user take
// effect on the next request, on every instance. The caller's firm, privilege and names come from
// this read, never from the token's claims (which are there for the client).
//
// The join is not run on every request: each instance keeps the callers it read (sessionCache.ts)
// with the session generation as it was before the read (migration 0030), and reads the join again
// only once that number moved, which every change of a session or a user does in its own
// transaction. A request reads the number once, in a read that started after it arrived, so a
// change committed anywhere before it is seen.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../src/domain/session';
import { runCompiledOnce } from '../db/compiledOnce';
import type { Database } from '../db/database';
import type { UserRecordRow } from '../users/repository';
import { toSessionUser } from '../users/views';
import { createSessionCache, type CachedCaller } from './sessionCache';

export type SessionEndReason = 'signOut' | 'passwordChanged' | 'emailChanged' | 'privilegeChanged' | 'deactivated';

/** Why a session no longer opens, as far as the server knows (undefined: it cannot tell). */
export type SessionRefusal = 'signedOut' | 'passwordChanged' | 'emailChanged' | 'privilegeChanged' | 'expired' | 'deactivated';

const refusalOfEndReason: Record<SessionEndReason, SessionRefusal> = {
  signOut: 'signedOut',
  passwordChanged: 'passwordChanged',
  emailChanged: 'emailChanged',
  privilegeChanged: 'privilegeChanged',
  deactivated: 'deactivated',
};

export interface LiveCaller {
  user: SessionUser;
  /** The caller's row as read with the session, without the password hash. */
  record: UserRecordRow;
}

export interface SessionStore {
  /** A new session of the user, ending when its token does. */
  start(userId: string, lifetimeMs: number): Promise<string>;
  /** The caller of a live session of an active user; undefined when it ended, expired or its user is gone or deactivated. */
  liveCaller(sessionId: string, userId: string): Promise<LiveCaller | undefined>;
  /**
   * Why the session of a valid (or validly signed but expired) token no longer opens: read only
   * after liveCaller refused it, so the 401 can say why (docs/product/sign-in-and-session.md). A
   * deactivated user is told so first, whatever else ended the session.
   */
  refusal(sessionId: string, userId: string): Promise<SessionRefusal | undefined>;
  end(sessionId: string, reason: SessionEndReason): Promise<void>;
  /** A live session lasts as long as the fresh token just signed for it; false when it is no longer live. */
  renew(sessionId: string, lifetimeMs: number): Promise<boolean>;
  /** Ends every live session of the user but `keep` (the tab that made the change). */
  endAllOf(userId: string, reason: SessionEndReason, keep?: string): Promise<void>;
}

export function createSessionStore(db: Kysely<Database>, now: () => Date = () => new Date()): SessionStore {
  // Every authenticated request runs this query, so it is compiled once (db/compiledOnce.ts).
  const liveCallerQuery = (sessionId: string, userId: string, at: string) =>
    runCompiledOnce(db, 'liveCaller', { sessionId, userId, at }, (values) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select('sessions.expires_at as session_expires_at')
        .where('sessions.id', '=', values.sessionId)
        .where('sessions.user_id', '=', values.userId)
        .where('sessions.ended_at', 'is', null)
        .where('sessions.expires_at', '>', values.at)
        .where('users.status', '=', 'Active'),
    );

  const generationQuery = () =>
    runCompiledOnce(db, 'sessionGeneration', { id: 1 }, (values) =>
      db
        .selectFrom('session_generation')
        .select('generation')
        .where('id', '=', values.id as number),
    );
  const cache = createSessionCache<LiveCaller>(async () => String((await generationQuery())[0]?.generation ?? ''));

  async function readCaller(sessionId: string, userId: string): Promise<CachedCaller<LiveCaller> | undefined> {
    const [row] = await liveCallerQuery(sessionId, userId, now().toISOString());
    if (!row) return undefined;
    // The whole row (but the hash) so that a handler about the caller (GET /v1/users/me) needs no second read.
    const { password_hash: _hash, session_expires_at: expiresAt, ...record } = row;
    return { caller: { user: toSessionUser(record), record }, userId, expiresAt };
  }

  return {
    async start(userId, lifetimeMs) {
      const id = randomUUID();
      const at = now();
      await db
        .insertInto('sessions')
        .values({
          id,
          user_id: userId,
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + lifetimeMs).toISOString(),
          ended_at: null,
          end_reason: null,
        })
        .execute();
      // Sessions long expired are no use to anyone: the user's own old rows go with each sign-in,
      // through the (user_id, expires_at) index, so the table stays the size of the live ones.
      await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<', at.toISOString()).execute();
      return id;
    },

    liveCaller(sessionId, userId) {
      return cache.caller(sessionId, userId, now().toISOString(), () => readCaller(sessionId, userId));
    },

    async refusal(sessionId, userId) {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.status', 'sessions.end_reason', 'sessions.expires_at'])
        .where('sessions.id', '=', sessionId)
        .where('sessions.user_id', '=', userId)
        .executeTakeFirst();
      // No such session of this user (another's, or a removed user): nothing to tell.
      if (!row) return undefined;
      if (row.status !== 'Active') return 'deactivated';
      if (row.end_reason !== null && Object.hasOwn(refusalOfEndReason, row.end_reason)) {
        return refusalOfEndReason[row.end_reason as SessionEndReason];
      }
      if (row.expires_at <= now().toISOString()) return 'expired';
      return undefined;
    },

    async end(sessionId, reason) {
      await db
        .updateTable('sessions')
        .set({ ended_at: now().toISOString(), end_reason: reason })
        .where('id', '=', sessionId)
        .where('ended_at', 'is', null)
        .execute();
    },

    async renew(sessionId, lifetimeMs) {
      const at = now();
      const result = await db
        .updateTable('sessions')
        .set({ expires_at: new Date(at.getTime() + lifetimeMs).toISOString() })
        .where('id', '=', sessionId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', at.toISOString())
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async endAllOf(userId, reason, keep) {
      let query = db
        .updateTable('sessions')
        .set({ ended_at: now().toISOString(), end_reason: reason })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null);
      if (keep !== undefined) query = query.where('id', '!=', keep);
      await query.execute();
    },
  };
}
