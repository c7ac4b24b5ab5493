// /activity as an owner sees it (docs/product/activity.md): the columns in words, the filters and
// what each asks GET /v1/activity for, and Forbidden for a representative.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listActivity, type ActivityEntry } from '../../../src/api/activity';
import { ApiError } from '../../../src/api/errors';
import { listUsers, type User } from '../../../src/api/users';
import { formatLocalDateTime } from '../../../src/domain/dates';
import { fieldPathLabel } from '../../../src/domain/activity';
import { renderApp, signedInAs } from '../shell/harness';
import { cellTexts } from '../support/cells';

vi.mock('../../../src/api/activity', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/activity')>()),
  listActivity: vi.fn(),
}));
vi.mock('../../../src/api/users', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/users')>()),
  listUsers: vi.fn(),
}));

const activityMock = vi.mocked(listActivity);
const usersMock = vi.mocked(listUsers);

const rita: User = {
  id: 'user-rita',
  firstName: 'rita',
  middleName: null,
  lastName: 'example',
  email: 'rita@firm.test',
  status: 'Active',
  privilege: 'representative',
  createdAt: '2024-03-09T15:30:00.000Z',
  userInformation: {
    phoneNumber: null,
    usage: null,
    civilStatus: null,
    gender: null,
    birthDate: null,
    ssn: null,
    ssnStatus: null,
    itin: null,
  },
};

const submitted: ActivityEntry = {
  id: 'a2',
  at: '2025-03-14T09:05:00.000Z',
  userId: 'user-rita',
  userName: 'Rita Example',
  action: 'intake.submittedFinal',
  subject: 'case-0042',
  fields: ['injuryInformation.bodyParts', 'injuryInformation.painLevel'],
  clientAddress: '203.0.113.7',
};
const revealed: ActivityEntry = { ...submitted, id: 'a3', action: 'ssn.revealed', subject: 'user-rita', fields: [] };

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  activityMock.mockReset().mockResolvedValue({ rows: [revealed, submitted], totalRecords: 2 });
  usersMock.mockReset().mockResolvedValue({ rows: [rita], totalRecords: 1 });
  signedInAs('owner', 'Olivia');
});

async function openPage() {
  const user = userEvent.setup();
  renderApp({ path: '/activity' });
  await screen.findByRole('heading', { level: 1, name: 'Activity' }, { timeout: 5000 });
  return user;
}

describe('the Activity page', () => {
  it('shows when, who, what, subject, fields and address of each row', async () => {
    await openPage();

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['When', 'Who', 'What', 'Subject', 'Fields', 'Address']);
    const row = (await within(table).findByRole('cell', { name: /^Submitted final/ })).closest('tr') as HTMLElement;
    expect(cellTexts(row)).toEqual([
      formatLocalDateTime(submitted.at),
      'Rita Example',
      'Submitted finalChanged 2 fields in Injury Information',
      'case-0042',
      `${fieldPathLabel('injuryInformation.bodyParts')}, ${fieldPathLabel('injuryInformation.painLevel')}`,
      '203.0.113.7',
    ]);
    // A user as subject reads as their name once the firm's people are known.
    const revealRow = within(table).getByRole('cell', { name: 'Revealed SSN' }).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(revealRow).getAllByRole('cell')[3]).toHaveTextContent('Rita Example'));
    expect(activityMock).toHaveBeenCalledWith({ pageSize: 10, offSetValue: 0 });
  });

  it('asks for what the filters say, from page 1', async () => {
    const user = await openPage();
    await screen.findByRole('option', { name: 'Rita Example' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'User' }), 'Rita Example');
    await waitFor(() => expect(activityMock).toHaveBeenLastCalledWith({ pageSize: 10, offSetValue: 0, userId: 'user-rita' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Revealed SSN');
    await waitFor(() =>
      expect(activityMock).toHaveBeenLastCalledWith({ pageSize: 10, offSetValue: 0, userId: 'user-rita', action: 'ssn.revealed' }),
    );

    await user.type(screen.getByLabelText(/^From/), '2025-03-01');
    await waitFor(() => expect(activityMock.mock.lastCall?.[0].from).toBe(new Date(2025, 2, 1).toISOString()));

    await user.selectOptions(screen.getByRole('combobox', { name: 'User' }), 'All users');
    await waitFor(() => expect(activityMock.mock.lastCall?.[0]).not.toHaveProperty('userId', 'user-rita'));
  });

  it('has no serious accessibility findings (axe)', async () => {
    await openPage();
    await screen.findByRole('cell', { name: 'Revealed SSN' });
    const results = await axe.run(document.body, { resultTypes: ['violations'] });
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
    expect(serious).toEqual([]);
  });

  it('says so when the trail cannot be loaded', async () => {
    activityMock.mockRejectedValue(ApiError.noResponse(new TypeError('Failed to fetch')));
    await openPage();
    expect(await screen.findByText('Error fetching activity:')).toBeInTheDocument();
  });
});
