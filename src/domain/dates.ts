// Calendar dates (birth dates, hospital dates) and timestamps (createdAt, updatedAt).
//
// A birth date is a day on the calendar, not an instant: 'YYYY-MM-DD' is never handed to
// `new Date(...)` and read back through local getters, because that moves it a day in time zones
// west of UTC. Calendar dates are compared as strings and split into numbers instead.
// Every function that needs "today" takes it as a parameter so that tests can pin it.

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** 'YYYY-MM-DD', optionally followed by an ISO time part ('T...'), which is ignored here. */
const calendarPrefix = /^(\d{4})-(\d{2})-(\d{2})(?=$|T)/;

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC so no time zone can interfere.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The calendar date written at the start of `value` ('1990-03-05' or '1990-03-05T00:00:00.000Z'),
 * or null when there is none or it does not exist ('2023-02-30'). A timestamp's date part is taken
 * as written: the server stores calendar dates as UTC midnight (see `toIsoTimestamp`).
 */
export function parseCalendarDate(value: string | null | undefined): CalendarDate | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  const match = calendarPrefix.exec(trimmed);
  if (!match) return null;
  if (trimmed.length > 10 && Number.isNaN(Date.parse(trimmed))) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function formatCalendarDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** 'YYYY-MM-DD' of `value`, or null when it holds no valid calendar date. */
export function toCalendarIso(value: string | null | undefined): string | null {
  const date = parseCalendarDate(value);
  return date ? formatCalendarDate(date) : null;
}

/** Today's date where the user is ('YYYY-MM-DD', local time): the date pickers' maximum. */
export function todayIso(now: Date = new Date()): string {
  return formatCalendarDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

function requireDate(value: string | Date): CalendarDate {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('Invalid date');
    return parseCalendarDate(todayIso(value)) as CalendarDate;
  }
  const date = parseCalendarDate(value);
  if (!date) throw new Error('Invalid date');
  return date;
}

/**
 * Age in whole years on `today`. The birthday itself counts (born 2006-06-01 is 18 on
 * 2024-06-01). Someone born on 29 February turns a year older on 1 March in common years.
 * Throws Error('Invalid date') for a value that is not a calendar date.
 */
export function ageOn(birthDate: string, today: string | Date = new Date()): number {
  const birth = requireDate(birthDate);
  const now = requireDate(today);
  const hadBirthday = now.month > birth.month || (now.month === birth.month && now.day >= birth.day);
  return now.year - birth.year - (hadBirthday ? 0 : 1);
}

/** Whether someone born on `birthDate` is at least `years` old on `today`. */
export function isAtLeast(birthDate: string, years: number, today: string | Date = new Date()): boolean {
  return ageOn(birthDate, today) >= years;
}

/** Whether the calendar date is after `today` (today itself is not in the future). */
export function isFuture(date: string, today: string | Date = new Date()): boolean {
  return formatCalendarDate(requireDate(date)) > formatCalendarDate(requireDate(today));
}

/**
 * Long US form for the profile's birthdate (docs/product/people.md, Profile): 'March 5, 1990'.
 * Null when there is no valid date, so the view can show its fallback text.
 */
export function formatLongUsDate(value: string | null | undefined): string | null {
  const date = parseCalendarDate(value);
  if (!date) return null;
  return `${monthNames[date.month - 1]} ${date.day}, ${date.year}`;
}

/**
 * One Intl.DateTimeFormat per locale and options: building one is far slower than formatting with
 * it, and a table of a few hundred rows formats a date in each.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const january = new Date(Date.UTC(2024, 0, 15));
const july = new Date(Date.UTC(2024, 6, 15));

export function cachedDateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  // Without a timeZone a format keeps the zone the process was in when it was built; the key
  // names that zone by its winter and summer offsets (cheap to read), so a process whose zone
  // changes (a test's TZ) gets a new one.
  const zone = options.timeZone ?? `${january.getTimezoneOffset()}/${july.getTimezoneOffset()}`;
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** The long US form of a day: 'March 14, 2027' (the one date style staff read, see `formatLongUsDate`). */
const longUsDate = { year: 'numeric', month: 'long', day: 'numeric' } as const;

function instantOf(isoTimestamp: string | null | undefined): Date | null {
  if (!isoTimestamp) return null;
  const instant = new Date(isoTimestamp);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * The local calendar date of an instant in the long US form, 'March 14, 2027' ('Created At (local
 * date)', docs/product/people.md; the lists' Date Created and Date Updated). `timeZone` defaults to the
 * user's own. Null when the timestamp cannot be read.
 */
export function formatLocalDate(isoTimestamp: string | null | undefined, timeZone?: string): string | null {
  const instant = instantOf(isoTimestamp);
  return instant ? cachedDateTimeFormat('en-US', { ...longUsDate, timeZone }).format(instant) : null;
}

/**
 * The local date and time of an instant, 'March 14, 2027 at 09:05 AM' (the activity trail's 'When').
 * Null when the timestamp cannot be read.
 */
export function formatLocalDateTime(isoTimestamp: string | null | undefined, timeZone?: string): string | null {
  const instant = instantOf(isoTimestamp);
  return instant ? cachedDateTimeFormat('en-US', { ...longUsDate, hour: '2-digit', minute: '2-digit', timeZone }).format(instant) : null;
}

/**
 * A form date ('YYYY-MM-DD') as the ISO timestamp the API carries (docs/product/intake-form.md), pinned to UTC
 * midnight so that the date part reads the same in every time zone. An ISO timestamp is accepted
 * too and reduced to its date, so normalising twice changes nothing.
 * Throws Error('Invalid date') for anything else (docs/product/intake-form.md).
 */
export function toIsoTimestamp(value: string): string {
  const date = parseCalendarDate(value);
  if (!date) throw new Error('Invalid date');
  return `${formatCalendarDate(date)}T00:00:00.000Z`;
}

/**
 * An ISO timestamp from the API back to the form's 'YYYY-MM-DD' (docs/product/intake-form.md): the date part as
 * written, never shifted by the local time zone.
 * Throws Error('Invalid ISO date string') for anything else (docs/product/intake-form.md).
 */
export function fromIsoTimestamp(value: string): string {
  const date = parseCalendarDate(value);
  if (!date) throw new Error('Invalid ISO date string');
  return formatCalendarDate(date);
}
