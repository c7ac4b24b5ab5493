// Slows down and then stops password guessing (DESIGN.md, Auth: "Login failures are rate-limited
// per email and per address"). Counters live in the login_failures table, not in memory, because
// several server instances share one PostgreSQL and an attacker may hit all of them.
//
// Within a window (15 min) each key (the lower-cased email, the client address) counts failures.
// From the failure after `delayAfter` on, the failed answer is held back a little longer each time;
// at `lockAfter` failures the key is locked and every attempt is refused unchecked until the lock
// ends, even with the right password. A successful sign-in clears the email's counter only: the
// address keeps its count, so one known account cannot reset a guessing run over other emails.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { normaliseEmail } from '../users/repository';

export interface LoginThrottleSettings {
  windowMs: number;
  /** Failures answered without delay; the next ones wait `delayStepMs` more each. */
  delayAfter: number;
  delayStepMs: number;
  maxDelayMs: number;
  /** Failures within the window that lock the key. */
  lockAfter: number;
  lockMs: number;
  now: () => Date;
  /** How a failed answer is held back; tests pass a recorder instead of a timer. */
  wait: (ms: number) => Promise<void>;
}

const FIFTEEN_MINUTES = 15 * 60_000;

export const defaultLoginThrottleSettings: LoginThrottleSettings = {
  windowMs: FIFTEEN_MINUTES,
  delayAfter: 3,
  delayStepMs: 250,
  maxDelayMs: 2000,
  lockAfter: 10,
  lockMs: FIFTEEN_MINUTES,
  now: () => new Date(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface LoginThrottle {
  readonly settings: LoginThrottleSettings;
  /** Milliseconds until the last lock on any of the keys ends; 0 when none is locked. */
  lockedFor(keys: readonly string[]): Promise<number>;
  /** Counts one failure on each key and returns how long to hold back the failed answer. */
  recordFailure(keys: readonly string[]): Promise<number>;
  clear(key: string): Promise<void>;
}

export function emailKey(email: string): string {
  return `email:${normaliseEmail(email)}`;
}

export function addressKey(address: string): string {
  return `ip:${address}`;
}

export function delayFor(failures: number, settings: LoginThrottleSettings): number {
  const over = failures - settings.delayAfter;
  return over > 0 ? Math.min(settings.maxDelayMs, over * settings.delayStepMs) : 0;
}

export function createLoginThrottle(db: Kysely<Database>, overrides: Partial<LoginThrottleSettings> = {}): LoginThrottle {
  const settings: LoginThrottleSettings = { ...defaultLoginThrottleSettings, ...overrides };

  async function countFailure(key: string, now: Date): Promise<number> {
    const nowIso = now.toISOString();
    const windowStart = new Date(now.getTime() - settings.windowMs).toISOString();
    const lockUntil = new Date(now.getTime() + settings.lockMs).toISOString();
    const row = await db
      .insertInto('login_failures')
      .values({ key, failures: 1, first_failed_at: nowIso, locked_until: 1 >= settings.lockAfter ? lockUntil : null })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => {
          // One statement, so concurrent failures on several instances each count.
          const stale = eb.or([
            eb('login_failures.first_failed_at', '<', windowStart),
            eb('login_failures.locked_until', '<=', nowIso),
          ]);
          const failures = eb
            .case()
            .when(stale)
            .then(1)
            .else(eb(eb.ref('login_failures.failures'), '+', 1))
            .end();
          return {
            failures,
            first_failed_at: eb.case().when(stale).then(nowIso).else(eb.ref('login_failures.first_failed_at')).end(),
            locked_until: eb.case().when(failures, '>=', settings.lockAfter).then(lockUntil).else(null).end(),
          };
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return row.failures;
  }

  return {
    settings,

    async lockedFor(keys) {
      const now = settings.now();
      const row = await db
        .selectFrom('login_failures')
        .select((eb) => eb.fn.max('locked_until').as('locked_until'))
        .where('key', 'in', keys)
        .where('locked_until', '>', now.toISOString())
        .executeTakeFirst();
      return row?.locked_until ? Date.parse(row.locked_until) - now.getTime() : 0;
    },

    async recordFailure(keys) {
      const now = settings.now();
      let most = 0;
      for (const key of keys) most = Math.max(most, await countFailure(key, now));
      await db
        .deleteFrom('login_failures')
        .where('first_failed_at', '<', new Date(now.getTime() - settings.windowMs).toISOString())
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now.toISOString())]))
        .execute();
      return delayFor(most, settings);
    },

    async clear(key) {
      await db.deleteFrom('login_failures').where('key', '=', key).execute();
    },
  };
}
