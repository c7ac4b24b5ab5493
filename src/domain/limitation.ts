// Limitation deadlines (docs/product/firm-and-neos.md#limitation-period, docs/product/intake-form.md#limitation-deadline):
// the firm's limitation period in whole years, and an intake's deadline, the incident date plus
// that period. How near a deadline is, and how it reads, is decided here once, for the form, the
// dashboard and the server alike.
import { formatCalendarDate, formatLongUsDate, parseCalendarDate, type CalendarDate } from './dates';

export const LIMITATION_YEARS_DEFAULT = 2;
export const LIMITATION_YEARS_MIN = 1;
export const LIMITATION_YEARS_MAX = 10;

/** Within this many days a deadline is near (amber). */
export const DEADLINE_SOON_DAYS = 90;
/** Within this many days, or past, a deadline is urgent (red). */
export const DEADLINE_URGENT_DAYS = 30;

export type DeadlineUrgency = 'normal' | 'soon' | 'urgent';

export interface LimitationDeadline {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** Whole days from today to the deadline; negative once it has passed. */
  daysLeft: number;
  urgency: DeadlineUrgency;
  /** 'Limitation deadline: March 14, 2027 (112 days left)'. */
  text: string;
}

const DAY_MS = 86_400_000;

function dayNumber({ year, month, day }: CalendarDate): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/**
 * The incident date plus `years`, as 'YYYY-MM-DD'. An incident on 29 February reaches its
 * deadline on 28 February of a common year (the anniversary that exists). Null without a valid date.
 */
export function deadlineDate(incidentDate: string | null | undefined, years: number): string | null {
  const incident = parseCalendarDate(incidentDate);
  if (!incident) return null;
  const year = incident.year + years;
  const lastDay = new Date(Date.UTC(year, incident.month, 0)).getUTCDate();
  return formatCalendarDate({ year, month: incident.month, day: Math.min(incident.day, lastDay) });
}

/** The earliest incident date whose deadline is on or after `date` ('YYYY-MM-DD'): `date` minus `years`. */
export function incidentDateFor(deadline: string, years: number): string {
  const date = parseCalendarDate(deadline);
  if (!date) throw new Error('Invalid date');
  return formatCalendarDate({ ...date, year: date.year - years });
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  const start = parseCalendarDate(from);
  const end = parseCalendarDate(to);
  if (!start || !end) throw new Error('Invalid date');
  return Math.round(dayNumber(end) - dayNumber(start));
}

/** 'YYYY-MM-DD' `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  const start = parseCalendarDate(date);
  if (!start) throw new Error('Invalid date');
  const moved = new Date((dayNumber(start) + days) * DAY_MS);
  return formatCalendarDate({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() });
}

export function deadlineUrgency(daysLeft: number): DeadlineUrgency {
  if (daysLeft <= DEADLINE_URGENT_DAYS) return 'urgent';
  if (daysLeft <= DEADLINE_SOON_DAYS) return 'soon';
  return 'normal';
}

/** '112 days left', '1 day left', 'today', '3 days ago'. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  const count = Math.abs(daysLeft);
  const unit = count === 1 ? 'day' : 'days';
  return daysLeft > 0 ? `${count} ${unit} left` : `${count} ${unit} ago`;
}

/**
 * The deadline of an intake with this incident date under the firm's period, as of `today`
 * ('YYYY-MM-DD'); null when there is no incident date.
 */
export function limitationDeadline(incidentDate: string | null | undefined, years: number, today: string): LimitationDeadline | null {
  const date = deadlineDate(incidentDate, years);
  if (!date) return null;
  const daysLeft = daysBetween(today, date);
  return {
    date,
    daysLeft,
    urgency: deadlineUrgency(daysLeft),
    text: `Limitation deadline: ${formatLongUsDate(date) as string} (${daysLeftText(daysLeft)})`,
  };
}

/** '1 year', '2 years': the firm's period as Edit Firm offers and the firm page shows it. */
export function limitationPeriodText(years: number): string {
  return years === 1 ? '1 year' : `${years} years`;
}

/** Every period a firm may choose, shortest first. */
export const limitationYearChoices: readonly number[] = Array.from(
  { length: LIMITATION_YEARS_MAX - LIMITATION_YEARS_MIN + 1 },
  (_, index) => LIMITATION_YEARS_MIN + index,
);
