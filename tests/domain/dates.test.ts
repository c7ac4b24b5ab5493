import { describe, expect, it, vi } from 'vitest';
import {
  ageOn,
  cachedDateTimeFormat,
  formatLocalDate,
  formatLongUsDate,
  fromIsoTimestamp,
  isAtLeast,
  isFuture,
  parseCalendarDate,
  toIsoTimestamp,
  todayIso,
} from '../../src/domain/dates';
import { farTimeZones, withTimeZone } from './withTimeZone';

describe('ageOn and isAtLeast', () => {
  it('counts whole years', () => {
    expect(ageOn('1990-03-05', '2024-03-04')).toBe(33);
    expect(ageOn('1990-03-05', '2024-03-05')).toBe(34);
    expect(ageOn('1990-03-05', '2024-12-31')).toBe(34);
  });

  it('counts the 18th birthday itself as 18, and one day short as 17', () => {
    expect(isAtLeast('2006-06-01', 18, '2024-06-01')).toBe(true);
    expect(isAtLeast('2006-06-02', 18, '2024-06-01')).toBe(false);
    expect(ageOn('2006-06-02', '2024-06-01')).toBe(17);
  });

  it('ages someone born on 29 February on 1 March in a common year', () => {
    expect(ageOn('2004-02-29', '2022-02-28')).toBe(17);
    expect(ageOn('2004-02-29', '2022-03-01')).toBe(18);
    expect(ageOn('2004-02-29', '2024-02-29')).toBe(20);
  });

  it('reads the date part of an ISO timestamp', () => {
    expect(ageOn('2006-06-01T00:00:00.000Z', '2024-06-01')).toBe(18);
  });

  it('takes today from a Date in local time', () => {
    expect(ageOn('2006-06-01', new Date(2024, 5, 1, 23, 59))).toBe(18);
  });

  it('refuses a value that is not a date', () => {
    expect(() => ageOn('not a date', '2024-06-01')).toThrow('Invalid date');
    expect(() => ageOn('2023-02-30', '2024-06-01')).toThrow('Invalid date');
  });
});

describe('isFuture', () => {
  it('is true only after today', () => {
    expect(isFuture('2024-06-02', '2024-06-01')).toBe(true);
    expect(isFuture('2024-06-01', '2024-06-01')).toBe(false);
    expect(isFuture('2024-05-31', '2024-06-01')).toBe(false);
  });
});

describe('parseCalendarDate', () => {
  it('accepts real calendar dates only', () => {
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate('2023-02-29')).toBeNull();
    expect(parseCalendarDate('2024-13-01')).toBeNull();
    expect(parseCalendarDate('2024-6-1')).toBeNull();
    expect(parseCalendarDate('')).toBeNull();
    expect(parseCalendarDate(null)).toBeNull();
  });
});

describe('formatLongUsDate (docs/product/app-shell.md: month name, day, year)', () => {
  it('writes the month name, day and year', () => {
    expect(formatLongUsDate('1990-03-05')).toBe('March 5, 1990');
    expect(formatLongUsDate('2001-12-31')).toBe('December 31, 2001');
    expect(formatLongUsDate('1985-01-01T00:00:00.000Z')).toBe('January 1, 1985');
  });

  it('gives null for a missing or unreadable date, for the fallback text', () => {
    expect(formatLongUsDate(null)).toBeNull();
    expect(formatLongUsDate('')).toBeNull();
    expect(formatLongUsDate('yesterday')).toBeNull();
  });

  it.each(farTimeZones)('shows the same day in %s', (timeZone) => {
    expect(withTimeZone(timeZone, () => formatLongUsDate('1990-03-05'))).toBe('March 5, 1990');
    expect(withTimeZone(timeZone, () => formatLongUsDate('1990-03-05T00:00:00.000Z'))).toBe('March 5, 1990');
  });
});

describe('toIsoTimestamp and fromIsoTimestamp (docs/product/intake-form.md)', () => {
  it('sends a form date as UTC midnight and reads it back unchanged', () => {
    expect(toIsoTimestamp('1990-03-05')).toBe('1990-03-05T00:00:00.000Z');
    expect(fromIsoTimestamp('1990-03-05T00:00:00.000Z')).toBe('1990-03-05');
  });

  it.each(farTimeZones)('round-trips without shifting a day in %s', (timeZone) => {
    const roundTrip = withTimeZone(timeZone, () => fromIsoTimestamp(toIsoTimestamp('2024-01-01')));
    expect(roundTrip).toBe('2024-01-01');
  });

  it('is idempotent on a timestamp', () => {
    expect(toIsoTimestamp('1990-03-05T00:00:00.000Z')).toBe('1990-03-05T00:00:00.000Z');
    expect(fromIsoTimestamp('1990-03-05')).toBe('1990-03-05');
  });

  it("fails with 'Invalid date' for unparseable input", () => {
    expect(() => toIsoTimestamp('')).toThrow(new Error('Invalid date'));
    expect(() => toIsoTimestamp('05/03/1990')).toThrow(new Error('Invalid date'));
    expect(() => toIsoTimestamp('2023-02-30')).toThrow(new Error('Invalid date'));
  });

  it("fails with 'Invalid ISO date string' for unparseable input", () => {
    expect(() => fromIsoTimestamp('')).toThrow(new Error('Invalid ISO date string'));
    expect(() => fromIsoTimestamp('not-a-date')).toThrow(new Error('Invalid ISO date string'));
    expect(() => fromIsoTimestamp('1990-03-05T99:00:00Z')).toThrow(new Error('Invalid ISO date string'));
  });
});

describe('formatLocalDate (Created At, local date)', () => {
  it('shows the calendar date in the given time zone', () => {
    expect(formatLocalDate('2024-03-05T02:30:00.000Z', 'UTC')).toBe('March 5, 2024');
    expect(formatLocalDate('2024-03-05T02:30:00.000Z', 'America/Los_Angeles')).toBe('March 4, 2024');
    expect(formatLocalDate('2024-03-05T12:00:00.000Z', 'Pacific/Kiritimati')).toBe('March 6, 2024');
  });

  it('uses the local time zone by default', () => {
    expect(withTimeZone('America/Los_Angeles', () => formatLocalDate('2024-03-05T02:30:00.000Z'))).toBe('March 4, 2024');
  });

  it('gives null for a missing or unreadable timestamp', () => {
    expect(formatLocalDate(null)).toBeNull();
    expect(formatLocalDate('garbage')).toBeNull();
  });
});

describe('todayIso', () => {
  it('is the local calendar date, not the UTC one', () => {
    const instant = new Date('2024-03-05T02:30:00.000Z');
    expect(withTimeZone('America/Los_Angeles', () => todayIso(instant))).toBe('2024-03-04');
    expect(withTimeZone('UTC', () => todayIso(instant))).toBe('2024-03-05');
  });

  it('pads month and day', () => {
    expect(todayIso(new Date(2024, 0, 7))).toBe('2024-01-07');
  });
});

describe('cachedDateTimeFormat', () => {
  it('builds one format per locale, options and zone, and reuses it', () => {
    const options = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
    const first = cachedDateTimeFormat('en-US', options);
    expect(cachedDateTimeFormat('en-US', { ...options })).toBe(first);
    expect(cachedDateTimeFormat('en-US', { ...options, timeZone: 'Asia/Tokyo' })).not.toBe(first);
    expect(cachedDateTimeFormat('es-US', options)).not.toBe(first);
  });

  it('formats many dates with the one format it built', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let day = 1; day <= 28; day++) formatLocalDate(`2031-02-${String(day).padStart(2, '0')}T12:00:00.000Z`, 'UTC');
      expect(built.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      built.mockRestore();
    }
  });
});
