// The one place rows of the activity trail are deleted: those older than ACTIVITY_RETENTION_DAYS
// (default 2555, about seven years; docs/product/activity.md). Runs when the app starts and once a
// day after, on a timer that does not keep the process alive and stops when the app closes.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

export const DEFAULT_ACTIVITY_RETENTION_DAYS = 2555;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the rows recorded before `days` days ago; answers how many went. */
export async function deleteExpiredActivity(db: Kysely<Database>, days: number, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await db.deleteFrom('activity').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface RetentionJob {
  stop(): void;
}

/** Runs the deletion now (awaited) and then daily; `onError` hears a failed daily run. */
export async function startActivityRetention(db: Kysely<Database>, days: number, onError: (error: unknown) => void): Promise<RetentionJob> {
  await deleteExpiredActivity(db, days);
  const timer = setInterval(() => {
    deleteExpiredActivity(db, days).catch(onError);
  }, DAY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
