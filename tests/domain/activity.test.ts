// The trail in words: the action texts and the per-section change lines that the Activity page and
// the History panel share (docs/product/activity.md).
import { describe, expect, it } from 'vitest';
import { activityActionLabels, activityLines, changedFieldLines } from '../../src/domain/activity';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

describe('activityLines', () => {
  it.each([
    ['intake.created', 'Created'],
    ['intake.draftSaved', 'Saved draft'],
    ['intake.submittedFinal', 'Submitted final'],
    ['intake.opened', 'Opened'],
    ['pdf.previewed', 'Previewed PDF'],
    ['pdf.downloaded', 'Downloaded PDF'],
    ['ssn.revealed', 'Revealed SSN'],
  ] as const)('%s reads %s', (action, text) => {
    expect(activityLines({ action, fields: [] })).toEqual([text]);
  });

  it('adds one line per intake section a save changed, with the tab label, in tab order', () => {
    const fields = [
      'injuryInformation.bodyParts',
      'personalInformation.firstName',
      'injuryInformation.painLevel',
      'injuryInformation.hospital',
      'injuryInformation.treatment',
    ];
    expect(activityLines({ action: 'intake.submittedFinal', fields })).toEqual([
      'Submitted final',
      'Changed 1 field in Client Personal Information',
      'Changed 4 fields in Injury Information',
    ]);
  });

  it('names no sections for a profile change, and counts fields outside the intake', () => {
    expect(activityLines({ action: 'profile.changed', fields: ['email', 'userInformation.ssn'] })).toEqual(['Changed profile']);
    expect(changedFieldLines(['email', 'checklist.answers'])).toEqual(['Changed 1 field in To Discuss with Client', 'Changed 1 field']);
  });

  it('has a text for every action', () => {
    expect(Object.values(activityActionLabels).every((text) => text.length > 0)).toBe(true);
    // Every action the contract names has its text, and no text names an action it does not have.
    const contract = parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as {
      components: { schemas: { ActivityAction: { enum: string[] } } };
    };
    expect(Object.keys(activityActionLabels).sort()).toEqual([...contract.components.schemas.ActivityAction.enum].sort());
  });

  it("reads the client's submit as one line with the count of fields answered", () => {
    const fields = ['personalInformation.email', 'pointsOfInjury.leftNeck', 'injuryInformation.painStart'];
    expect(activityLines({ action: 'clientLink.submitted', fields })).toEqual(['Client submitted 3 fields']);
    expect(activityLines({ action: 'clientLink.submitted', fields: fields.slice(0, 1) })).toEqual(['Client submitted 1 field']);
  });
});

describe('formatLocalDateTime', () => {
  it('reads an instant as the local date and time, and nothing for what is not one', async () => {
    const { formatLocalDateTime } = await import('../../src/domain/dates');
    expect(formatLocalDateTime('2025-03-14T09:05:00.000Z', 'America/Chicago')).toBe('March 14, 2025 at 04:05 AM');
    expect(formatLocalDateTime('not a date')).toBeNull();
    expect(formatLocalDateTime(null)).toBeNull();
  });
});

describe('the Activity page filters', () => {
  it('travel as one text and come back the same, null when none is set', async () => {
    const { activityFilterText, activityFiltersOf, noActivityFilters } = await import('../../src/domain/activity');
    const filters = { userId: 'user-7', action: 'ssn.revealed', from: '2025-03-01', to: '' } as const;
    const text = activityFilterText(filters);
    expect(text).toBe('userId=user-7&action=ssn.revealed&from=2025-03-01');
    expect(activityFiltersOf(text)).toEqual(filters);
    expect(activityFilterText(noActivityFilters)).toBeNull();
    expect(activityFiltersOf('action=dropTables')).toEqual(noActivityFilters);
  });

  it('take whole days: from the start of the first to the start of the day after the last', async () => {
    const { activityRange } = await import('../../src/domain/activity');
    const range = activityRange({ from: '2025-03-01', to: '2025-03-02' });
    expect(new Date(range.from ?? '').getTime()).toBe(new Date(2025, 2, 1).getTime());
    expect(new Date(range.to ?? '').getTime()).toBe(new Date(2025, 2, 3).getTime());
    expect(activityRange({ from: '', to: '' })).toEqual({ from: undefined, to: undefined });
  });
});

describe('words for the trail (docs/product/activity.md)', () => {
  it('reads field paths as the labels of the intake form, other paths in words', async () => {
    const { fieldLabelsText, fieldPathLabel } = await import('../../src/domain/activity');
    const { fieldLabel } = await import('../../src/domain/intake/fields');
    expect(fieldPathLabel('personalInformation.ssnItin')).toBe(fieldLabel('personalInformation.ssnItin'));
    expect(fieldPathLabel('personalInformation.ssnItin')).not.toContain('.');
    expect(fieldPathLabel('userInformation.phoneNumber')).toBe('Phone Number');
    expect(fieldLabelsText(['firstName', 'email'])).toBe('First Name, Email');
  });

  it("names the client for the client's own actions, and nobody else", async () => {
    const { activityWho } = await import('../../src/domain/activity');
    expect(activityWho({ action: 'clientLink.submitted', userName: null })).toBe('Client');
    expect(activityWho({ action: 'clientLink.opened', userName: null })).toBe('Client');
    expect(activityWho({ action: 'signIn.failed', userName: null })).toBe('Unknown user');
    expect(activityWho({ action: 'intake.opened', userName: 'Rita Rep' })).toBe('Rita Rep');
  });

  it("shows repeated 'Opened' by one person within an hour once, and keeps every save", async () => {
    const { withoutRepeatedOpens } = await import('../../src/domain/activity');
    const row = (id: string, action: 'intake.opened' | 'intake.draftSaved', userId: string, at: string) => ({ id, action, userId, at });
    const newestFirst = [
      row('1', 'intake.opened', 'ana', '2026-03-01T12:00:00.000Z'),
      row('2', 'intake.draftSaved', 'ana', '2026-03-01T11:55:00.000Z'),
      row('3', 'intake.opened', 'ana', '2026-03-01T11:50:00.000Z'),
      row('4', 'intake.opened', 'ben', '2026-03-01T11:45:00.000Z'),
      row('5', 'intake.opened', 'ana', '2026-03-01T11:10:00.000Z'),
      row('6', 'intake.opened', 'ana', '2026-03-01T10:30:00.000Z'),
    ];
    expect(withoutRepeatedOpens(newestFirst).map((entry) => entry.id)).toEqual(['1', '2', '4', '6']);
  });
});
