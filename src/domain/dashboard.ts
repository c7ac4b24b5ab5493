// The dashboard's windows and limits (docs/product/dashboard.md), shared by the server that counts and
// the page that names them.
import { addDays, DEADLINE_SOON_DAYS } from './limitation';
import { formatCalendarDate, parseCalendarDate } from './dates';

/** Recent counts: leads and final submissions of the last 30 days. */
export const RECENT_DAYS = 30;
/** The funnel looks at leads registered in the last 90 days. */
export const FUNNEL_DAYS = 90;
/** A draft not saved for this many days or more is stale. */
export const STALE_DRAFT_DAYS = 7;
/** Deadlines listed: from today to this many days ahead (the amber window). */
export const DEADLINE_WINDOW_DAYS = DEADLINE_SOON_DAYS;
/** Each list holds at most this many rows. */
export const DASHBOARD_LIST_LIMIT = 20;

export const NO_REPRESENTATIVE = 'No representative';

/** `part` of `whole` in whole percent, null when there is no whole to take a part of. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 100);
}

/** The UTC date of an instant, 'YYYY-MM-DD'. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The Monday on or before `date` ('YYYY-MM-DD'): the start of its week. */
export function weekStart(date: string): string {
  const parsed = parseCalendarDate(date);
  if (!parsed) throw new Error('Invalid date');
  const weekday = new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day)).getUTCDay();
  return addDays(formatCalendarDate(parsed), -((weekday + 6) % 7));
}

/** The instant `days` whole days before `now`, as an ISO timestamp. */
export function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}
