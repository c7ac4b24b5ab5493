// Limitation deadlines as the form and the dashboard show them (docs/product/intake-form.md#limitation-deadline,
// docs/product/firm-and-neos.md#limitation-period).
import { describe, expect, it } from 'vitest';
import { addDays, deadlineDate, limitationDeadline, limitationPeriodText, limitationYearChoices } from '../../src/domain/limitation';

describe('limitation deadline', () => {
  it('is the incident date plus the period, as the form words it', () => {
    expect(limitationDeadline('2025-03-14', 2, '2026-11-22')).toEqual({
      date: '2027-03-14',
      daysLeft: 112,
      urgency: 'normal',
      text: 'Limitation deadline: March 14, 2027 (112 days left)',
    });
  });

  it('falls on 28 February in a common year for an incident on 29 February', () => {
    expect(deadlineDate('2024-02-29', 1)).toBe('2025-02-28');
    expect(deadlineDate('2024-02-29', 4)).toBe('2028-02-29');
  });

  it.each([
    [91, 'normal', '91 days left'],
    [90, 'soon', '90 days left'],
    [31, 'soon', '31 days left'],
    [30, 'urgent', '30 days left'],
    [1, 'urgent', '1 day left'],
    [0, 'urgent', 'today'],
    [-1, 'urgent', '1 day ago'],
    [-40, 'urgent', '40 days ago'],
  ] as const)('%i days before the deadline is %s and reads "%s"', (daysLeft, urgency, words) => {
    const today = '2026-06-15';
    const incident = addDays(today, daysLeft).replace(/^(\d{4})/, (year) => String(Number(year) - 2));
    const deadline = limitationDeadline(incident, 2, today);
    expect(deadline?.daysLeft).toBe(daysLeft);
    expect(deadline?.urgency).toBe(urgency);
    expect(deadline?.text).toMatch(new RegExp(`\\(${words}\\)$`));
  });

  it('is absent without an incident date', () => {
    expect(limitationDeadline('', 2, '2026-06-15')).toBeNull();
    expect(limitationDeadline(null, 2, '2026-06-15')).toBeNull();
  });

  it('offers periods of 1 to 10 years', () => {
    expect(limitationYearChoices.map(limitationPeriodText)).toEqual([
      '1 year',
      '2 years',
      '3 years',
      '4 years',
      '5 years',
      '6 years',
      '7 years',
      '8 years',
      '9 years',
      '10 years',
    ]);
  });
});
