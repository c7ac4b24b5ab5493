// /leads-list (docs/product/leads.md leaves the content to us): the columns, what a row click opens,
// the New Lead button and the load failure toast. listLeads is mocked; the page and the
// pagination machine are real.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { listLeads, type LeadRow } from '../../../src/api/leads';
import { formatLocalDate } from '../../../src/domain/dates';
import { renderApp, signedInAs } from '../shell/harness';
import { cellTexts } from '../support/cells';

vi.mock('../../../src/api/leads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/leads')>()),
  listLeads: vi.fn(),
}));

const listMock = vi.mocked(listLeads);

function lead(index: number, overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    id: `lead-${index}`,
    firstName: `first${index}`,
    middleName: null,
    lastName: 'testperson',
    phone: `555-010-010${index}`,
    email: `lead${index}@example.test`,
    birthDate: '1990-03-05T00:00:00.000Z',
    createdAt: '2024-03-09T15:30:00.000Z',
    intakeId: `case-${index}`,
    intakeStatus: 'draft',
    ...overrides,
  };
}

async function openList() {
  const user = userEvent.setup();
  const app = renderApp({ path: '/leads-list' });
  await screen.findByRole('heading', { level: 1, name: 'Leads' }, { timeout: 5000 });
  return { user, app };
}

beforeEach(() => {
  listMock.mockReset();
  signedInAs('representative', 'Rita');
});

describe('leads list', () => {
  it('shows each lead in the six columns, asking for the first page of 10', async () => {
    listMock.mockResolvedValue({
      rows: [
        lead(1, { firstName: 'ana', middleName: 'maria', lastName: 'lopez', email: null }),
        lead(2, { intakeStatus: 'final' }),
        lead(3, { intakeId: null, intakeStatus: null }),
      ],
      totalRecords: 3,
    });
    await openList();

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Phone', 'Email', 'Birth Date', 'Created', 'Intake Status']);
    const row = (await within(table).findByRole('cell', { name: 'Ana Maria Lopez' })).closest('tr') as HTMLElement;
    expect(cellTexts(row)).toEqual([
      'Ana Maria Lopez',
      '555-010-0101',
      '',
      'March 5, 1990',
      formatLocalDate('2024-03-09T15:30:00.000Z'),
      'Draft',
    ]);
    expect(within(table).getByRole('cell', { name: 'Final' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'No intake' })).toBeInTheDocument();
    expect(listMock).toHaveBeenCalledWith({ pageSize: 10, offset: 0, search: '' });
  });

  it.each([
    ['draft', '/intake-details/edit/case-7'],
    ['final', '/intake-details/view/case-7'],
  ] as const)("opens a %s lead's intake at %s", async (status, path) => {
    listMock.mockResolvedValue({ rows: [lead(7, { intakeStatus: status })], totalRecords: 1 });
    const { user, app } = await openList();

    await user.click(await screen.findByRole('cell', { name: 'First7 Testperson' }));
    await waitFor(() => expect(app.pathname()).toBe(path));
  });

  it('leaves a lead without an intake where it is', async () => {
    listMock.mockResolvedValue({ rows: [lead(8, { intakeId: null, intakeStatus: null })], totalRecords: 1 });
    const { user, app } = await openList();

    await user.click(await screen.findByRole('cell', { name: 'First8 Testperson' }));
    expect(app.pathname()).toBe('/leads-list');
  });

  it('goes to the lead registration from New Lead', async () => {
    listMock.mockResolvedValue({ rows: [], totalRecords: 0 });
    const { user, app } = await openList();

    expect(await screen.findByText('No data available')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Lead' }));
    await waitFor(() => expect(app.pathname()).toBe('/new-leads'));
  });

  it("toasts 'Error fetching leads' when the list cannot be loaded", async () => {
    listMock.mockRejectedValue(ApiError.noResponse(new TypeError('Failed to fetch')));
    await openList();

    expect(await screen.findByText('Error fetching leads')).toBeInTheDocument();
    expect(screen.getByText('No data available')).toBeInTheDocument();
  });
});
