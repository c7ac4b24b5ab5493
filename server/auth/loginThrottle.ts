// Slows down and then stops password guessing without letting it lock staff out (the rules are in
// docs/product/sign-in-and-session.md, "Lockout"). Counters live in the login_failures table, not in
// memory, because several server instances share one PostgreSQL and an attacker may hit them all.
//
// Which counters an attempt meets depends on the browser (auth/deviceCookie.ts):
// - a known device (a valid device cookie for this email) meets its own counter only, so wrong
//   passwords for the same email from elsewhere never lock it out;
// - an unknown one meets the account's counter, its address's counter (both `lockAfter` per
//   `windowMs`) and the account's daily counter (`dayLimit` per `dayWindowMs`).
//
// Every attempt is counted BEFORE its password is checked, in one atomic statement per counter
// (an upsert that returns the new count). An attempt whose count passes a limit is refused unchecked
// and its counts are given back, so a burst of parallel guesses gets `lockAfter` checks, no more.
// A success gives its counts back too (it was no failure) and clears the device's own counter.
// From the failure after `delayAfter` on, the failed answer is held back a little longer each time;
// at `lockAfter` failures a counter is locked for `lockMs`.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { normaliseEmail } from '../users/repository';

export interface LoginThrottleSettings {
  windowMs: number;
  /** Failures answered without delay; the next ones wait `delayStepMs` more each. */
  delayAfter: number;
  delayStepMs: number;
  maxDelayMs: number;
  /** Failures per device, account or address within the window that lock it. */
  lockAfter: number;
  lockMs: number;
  /** Failures of one account from unknown devices within `dayWindowMs`, after which they are refused. */
  dayLimit: number;
  dayWindowMs: number;
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
  dayLimit: 100,
  dayWindowMs: 24 * 60 * 60_000,
  now: () => new Date(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** One counter an attempt meets. */
interface Counter {
  key: string;
  limit: number;
  windowMs: number;
  /** How long the counter stays locked from the failure that reached the limit; 0: until its window ends. */
  lockMs: number;
  /** Whether its count holds back failed answers. */
  delays: boolean;
}

/** Where an attempt comes from: a known device's nonce, or none and the client address. */
export interface AttemptSource {
  email: string;
  clientAddress: string;
  device?: string;
}

export type Reservation =
  | { refused: true; retryAfterMs: number }
  | {
      refused: false;
      /** The password was wrong: the counts stay; returns how long to hold back the answer. */
      failed(): Promise<number>;
      /** The password was right: the counts are given back and the device's counter cleared. */
      succeeded(): Promise<void>;
    };

export interface LoginThrottle {
  readonly settings: LoginThrottleSettings;
  /** Counts the attempt on each counter it meets before its password is checked. */
  reserve(source: AttemptSource): Promise<Reservation>;
  /**
   * Drops the account's own counters (not its addresses'): after a password reset the failures they
   * hold were guesses at a password that no longer exists.
   */
  forgetAccount(email: string): Promise<void>;
}

export function emailKey(email: string): string {
  return `email:${normaliseEmail(email)}`;
}

export function emailDayKey(email: string): string {
  return `email-day:${normaliseEmail(email)}`;
}

export function addressKey(address: string): string {
  return `ip:${address}`;
}

export function deviceKey(device: string): string {
  return `device:${device}`;
}

export function delayFor(failures: number, settings: LoginThrottleSettings): number {
  const over = failures - settings.delayAfter;
  return over > 0 ? Math.min(settings.maxDelayMs, over * settings.delayStepMs) : 0;
}

interface Count {
  counter: Counter;
  failures: number;
  firstFailedAt: string;
  lockedUntil: string | null;
}

export function createLoginThrottle(db: Kysely<Database>, overrides: Partial<LoginThrottleSettings> = {}): LoginThrottle {
  const settings: LoginThrottleSettings = { ...defaultLoginThrottleSettings, ...overrides };

  function countersFor(source: AttemptSource): Counter[] {
    const short = { limit: settings.lockAfter, windowMs: settings.windowMs, lockMs: settings.lockMs, delays: true };
    if (source.device !== undefined) return [{ key: deviceKey(source.device), ...short }];
    return [
      { key: emailKey(source.email), ...short },
      { key: addressKey(source.clientAddress), ...short },
      { key: emailDayKey(source.email), limit: settings.dayLimit, windowMs: settings.dayWindowMs, lockMs: 0, delays: false },
    ];
  }

  /** Adds one to the counter in one statement, so concurrent attempts on several instances each count. */
  async function count(counter: Counter, now: Date): Promise<Count> {
    const nowIso = now.toISOString();
    const windowStart = new Date(now.getTime() - counter.windowMs).toISOString();
    const row = await db
      .insertInto('login_failures')
      .values({ key: counter.key, failures: 1, first_failed_at: nowIso, locked_until: null })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => {
          // A counter starts afresh when its lock has ended, or when it is not locked and its window has passed.
          const stale = eb.or([
            eb('login_failures.locked_until', '<=', nowIso),
            eb.and([eb('login_failures.locked_until', 'is', null), eb('login_failures.first_failed_at', '<', windowStart)]),
          ]);
          return {
            failures: eb
              .case()
              .when(stale)
              .then(1)
              .else(eb(eb.ref('login_failures.failures'), '+', 1))
              .end(),
            first_failed_at: eb.case().when(stale).then(nowIso).else(eb.ref('login_failures.first_failed_at')).end(),
            locked_until: eb.case().when(stale).then(null).else(eb.ref('login_failures.locked_until')).end(),
          };
        }),
      )
      .returning(['failures', 'first_failed_at', 'locked_until'])
      .executeTakeFirstOrThrow();
    return { counter, failures: row.failures, firstFailedAt: row.first_failed_at, lockedUntil: row.locked_until };
  }

  async function giveBack(counters: readonly Counter[]): Promise<void> {
    await db
      .updateTable('login_failures')
      .set((eb) => ({ failures: eb(eb.ref('failures'), '-', 1) }))
      .where(
        'key',
        'in',
        counters.map((counter) => counter.key),
      )
      .where('failures', '>', 0)
      .execute();
  }

  /** How long a refused counter stays closed: its lock, or the rest of its window. */
  function closedFor({ counter, firstFailedAt, lockedUntil }: Count, now: Date): number {
    const until = lockedUntil !== null ? Date.parse(lockedUntil) : Date.parse(firstFailedAt) + counter.windowMs;
    return Math.max(1, until - now.getTime());
  }

  async function failed(counts: readonly Count[], now: Date): Promise<number> {
    for (const { counter, failures } of counts) {
      if (counter.lockMs === 0 || failures < counter.limit) continue;
      await db
        .updateTable('login_failures')
        .set({ locked_until: new Date(now.getTime() + counter.lockMs).toISOString() })
        .where('key', '=', counter.key)
        .where('locked_until', 'is', null)
        .execute();
    }
    // Rows whose window and lock have both passed are of no use to anyone.
    await db
      .deleteFrom('login_failures')
      .where('first_failed_at', '<', new Date(now.getTime() - Math.max(settings.windowMs, settings.dayWindowMs)).toISOString())
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now.toISOString())]))
      .execute();
    const most = Math.max(0, ...counts.filter((entry) => entry.counter.delays).map((entry) => entry.failures));
    return delayFor(most, settings);
  }

  return {
    settings,

    async reserve(source) {
      const now = settings.now();
      const counters = countersFor(source);
      const counts: Count[] = [];
      // One counter after the other, stopping at the first that is closed: an attempt refused by the
      // account's counter never reaches the address's, so each counter lets exactly its limit through.
      for (const counter of counters) {
        const entry = await count(counter, now);
        counts.push(entry);
        const locked = entry.lockedUntil !== null && Date.parse(entry.lockedUntil) > now.getTime();
        if (entry.failures > counter.limit || locked) {
          // Refused unchecked: the attempt was no guess, so it counts for nothing.
          await giveBack(counts.map((counted) => counted.counter));
          return { refused: true, retryAfterMs: closedFor(entry, now) };
        }
      }
      return {
        refused: false,
        failed: () => failed(counts, now),
        async succeeded() {
          await giveBack(counters);
          if (source.device !== undefined) await db.deleteFrom('login_failures').where('key', '=', deviceKey(source.device)).execute();
        },
      };
    },

    async forgetAccount(email) {
      await db
        .deleteFrom('login_failures')
        .where('key', 'in', [emailKey(email), emailDayKey(email)])
        .execute();
    },
  };
}
