// /employees as a manager sees it (docs/product/people.md Employees, docs/product/people.md Pagination, docs/product/people.md Search, docs/product/people.md
// Employee list load failure): the columns, the privilege dropdown, the texts, the pager, and what
// each control asks GET /v1/users for.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { deactivateUser, listUsers, reactivateUser, type User } from '../../../src/api/users';
import { formatLocalDate } from '../../../src/domain/dates';
import { renderApp, signedInAs } from '../shell/harness';
import { cellTexts } from '../support/cells';

vi.mock('../../../src/api/users', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/users')>()),
  listUsers: vi.fn(),
  deactivateUser: vi.fn(),
  reactivateUser: vi.fn(),
}));

const listUsersMock = vi.mocked(listUsers);

function employee(index: number, overrides: Partial<User> = {}): User {
  return {
    id: `user-${index}`,
    firstName: `first${index}`,
    middleName: null,
    lastName: `person`,
    email: `employee${index}@firm.test`,
    status: 'Active',
    privilege: 'representative',
    createdAt: '2024-03-09T15:30:00.000Z',
    userInformation: {
      phoneNumber: null,
      usage: 'call',
      civilStatus: 'single',
      gender: 'male',
      birthDate: '1990-01-01',
      ssn: null,
      ssnStatus: 'noSsn',
      itin: null,
    },
    ...overrides,
  };
}

async function openList() {
  const user = userEvent.setup();
  const app = renderApp({ path: '/employees' });
  await screen.findByRole('heading', { level: 1, name: 'Employees' }, { timeout: 5000 });
  return { user, app };
}

beforeEach(() => {
  listUsersMock.mockReset();
  signedInAs('owner', 'Olivia');
});

describe('employees (docs/product/people.md Employees)', () => {
  it('shows the columns with each employee, and the record count', async () => {
    listUsersMock.mockResolvedValue({
      rows: [
        employee(1, { firstName: 'ana', middleName: 'maria', lastName: 'lopez', privilege: 'administrator' }),
        employee(2, { firstName: 'ben', lastName: 'okafor', privilege: 'owner', createdAt: '2023-12-31T23:30:00.000Z' }),
      ],
      totalRecords: 2,
    });
    await openList();

    const table = screen.getByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Full Name',
      'Email Address',
      expect.stringMatching(/^Privilege/),
      'Created At',
      'Status',
      'Actions',
    ]);
    const row = (await within(table).findByRole('cell', { name: 'Ana Maria Lopez' })).closest('tr') as HTMLElement;
    expect(cellTexts(row)).toEqual([
      'Ana Maria Lopez',
      'employee1@firm.test',
      'Administrator',
      formatLocalDate('2024-03-09T15:30:00.000Z'),
      'Active',
      'Edit Deactivate',
    ]);
    expect(within(table).getByRole('cell', { name: 'Owner' })).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByText('2 records')).toBeInTheDocument();
    expect(listUsersMock).toHaveBeenCalledWith({ search: undefined, privilege: undefined, pageSize: 10, offSetValue: 0 });
  });

  it('filters by privilege from the header dropdown', async () => {
    listUsersMock.mockResolvedValue({ rows: [employee(1)], totalRecords: 1 });
    const { user } = await openList();
    const dropdown = screen.getByRole('combobox', { name: 'Privilege' });

    expect(
      within(dropdown)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Employees', 'Administrators', 'Representatives', 'Owner']);
    expect(dropdown).toHaveValue('all');

    for (const [label, privilege] of [
      ['Administrators', 'administrator'],
      ['Representatives', 'representative'],
      ['Owner', 'owner'],
      ['All Employees', undefined],
    ] as const) {
      listUsersMock.mockClear();
      await user.selectOptions(dropdown, label);
      await waitFor(() => expect(listUsersMock).toHaveBeenCalledWith({ search: undefined, privilege, pageSize: 10, offSetValue: 0 }));
    }
  });

  it("says 'No users for the desired search.' when nothing matches", async () => {
    listUsersMock.mockResolvedValue({ rows: [], totalRecords: 0 });
    await openList();
    expect(await screen.findByText('No users for the desired search.')).toBeInTheDocument();
    expect(screen.getByText('0 records')).toBeInTheDocument();
  });

  it('shows the loading text while the page loads', async () => {
    listUsersMock.mockReturnValue(new Promise(() => undefined));
    await openList();
    expect(await screen.findByText('Please wait while your items are loading')).toBeInTheDocument();
  });

  it("shows the toast 'Error fetching employee data:' when the list cannot be loaded", async () => {
    listUsersMock.mockRejectedValue(ApiError.noResponse(new TypeError('Failed to fetch')));
    await openList();
    expect(await screen.findByText('Error fetching employee data:')).toBeInTheDocument();
    expect(screen.getByText('No users for the desired search.')).toBeInTheDocument();
  });

  it('applies the search text only after 2 seconds without typing', async () => {
    listUsersMock.mockResolvedValue({ rows: [employee(1)], totalRecords: 1 });
    const { user } = await openList();
    await screen.findByText('employee1@firm.test');
    listUsersMock.mockClear();

    await user.type(screen.getByRole('searchbox', { name: 'Search employees' }), 'ana');
    const typedAt = Date.now();
    expect(listUsersMock).not.toHaveBeenCalled();

    await waitFor(() => expect(listUsersMock).toHaveBeenCalledWith({ search: 'ana', privilege: undefined, pageSize: 10, offSetValue: 0 }), {
      timeout: 4000,
    });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(1900);
    expect(listUsersMock).toHaveBeenCalledTimes(1);
  });

  it('pages with the pager controls, which follow the rules of docs/product/people.md', async () => {
    listUsersMock.mockImplementation(({ offSetValue = 0 }) =>
      Promise.resolve({
        rows: Array.from({ length: Math.min(10, 25 - offSetValue) }, (_, index) => employee(offSetValue + index + 1)),
        totalRecords: 25,
      }),
    );
    const { user } = await openList();
    await screen.findByText('employee1@firm.test');
    // StrictMode starts the first load twice in development; count from here.
    listUsersMock.mockClear();
    const control = (name: string) => screen.getByRole('button', { name });

    expect(screen.getByText('25 records')).toBeInTheDocument();
    expect(control('First page')).toBeDisabled();
    expect(control('Previous page')).toBeDisabled();
    expect(control('Next page')).toBeEnabled();

    await user.click(control('Next page'));
    expect(await screen.findByText('employee11@firm.test')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();

    await user.click(control('Last page'));
    expect(await screen.findByText('employee25@firm.test')).toBeInTheDocument();
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(control('Next page')).toBeDisabled();
    expect(control('Last page')).toBeDisabled();

    await user.click(control('Previous page'));
    expect(await screen.findByText('employee11@firm.test')).toBeInTheDocument();

    await user.click(control('First page'));
    expect(await screen.findByText('employee1@firm.test')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(listUsersMock.mock.calls.map(([query]) => query.offSetValue)).toEqual([10, 20, 10, 0]);
  });

  it("opens /new-employee from the 'New Employee' button", async () => {
    listUsersMock.mockResolvedValue({ rows: [], totalRecords: 0 });
    const { user, app } = await openList();
    await user.click(screen.getByRole('button', { name: 'New Employee' }));
    await waitFor(() => expect(app.pathname()).toBe('/new-employee'));
  });
});

describe('deactivating and reactivating (docs/product/people.md#deactivating-an-employee)', () => {
  const deactivateMock = vi.mocked(deactivateUser);
  const reactivateMock = vi.mocked(reactivateUser);

  beforeEach(() => {
    deactivateMock.mockReset();
    reactivateMock.mockReset();
  });

  function rowOf(name: string): HTMLElement {
    return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
  }

  it('asks first, deactivates, says so and shows the refreshed list', async () => {
    const theo = employee(3, { firstName: 'theo', lastName: 'sample' });
    // The list answers what the server holds: Active until the deactivation went through.
    let stored: User = theo;
    listUsersMock.mockImplementation(() => Promise.resolve({ rows: [stored], totalRecords: 1 }));
    deactivateMock.mockImplementation(() => {
      stored = { ...theo, status: 'Deactivated' };
      return Promise.resolve(stored);
    });
    const { user } = await openList();
    await screen.findByRole('cell', { name: 'Theo Sample' });
    expect(within(rowOf('Theo Sample')).getByRole('cell', { name: 'Active' })).toBeInTheDocument();

    await user.click(within(rowOf('Theo Sample')).getByRole('button', { name: 'Deactivate Theo Sample' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate employee' });
    expect(dialog).toHaveTextContent('Deactivate Theo Sample? They are signed out at once and cannot sign in until reactivated.');
    expect(deactivateMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Deactivate' }));

    expect(await screen.findByText('Employee deactivated')).toBeInTheDocument();
    expect(deactivateMock).toHaveBeenCalledWith('user-3');
    await waitFor(() => expect(within(rowOf('Theo Sample')).getByRole('cell', { name: 'Deactivated' })).toBeInTheDocument());
    expect(within(rowOf('Theo Sample')).getByRole('button', { name: 'Reactivate Theo Sample' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("changes nothing on No, Cancel, and shows the server's reason when it refuses", async () => {
    const theo = employee(3, { firstName: 'theo', lastName: 'sample', status: 'Deactivated' });
    listUsersMock.mockResolvedValue({ rows: [theo], totalRecords: 1 });
    reactivateMock.mockRejectedValue(
      new ApiError({ message: 'Only an owner can change an owner', code: 'forbidden' }, { status: 403, statusText: '' }),
    );
    const { user } = await openList();
    await screen.findByRole('cell', { name: 'Theo Sample' });

    await user.click(within(rowOf('Theo Sample')).getByRole('button', { name: 'Reactivate Theo Sample' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No, Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reactivateMock).not.toHaveBeenCalled();

    await user.click(within(rowOf('Theo Sample')).getByRole('button', { name: 'Reactivate Theo Sample' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Reactivate' }));

    expect(await screen.findByText('Only an owner can change an owner')).toBeInTheDocument();
  });

  it('offers no action on oneself, nor to an administrator on an owner', async () => {
    signedInAs('administrator', 'Ada');
    listUsersMock.mockResolvedValue({
      rows: [
        employee(1, { id: 'user-administrator', firstName: 'ada', lastName: 'admin', privilege: 'administrator' }),
        employee(2, { firstName: 'olga', lastName: 'owner', privilege: 'owner' }),
        employee(3, { firstName: 'rep', lastName: 'one' }),
      ],
      totalRecords: 3,
    });
    await openList();
    await screen.findByRole('cell', { name: 'Rep One' });

    expect(within(rowOf('Ada Admin')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Olga Owner')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Rep One')).getByRole('button', { name: 'Deactivate Rep One' })).toBeInTheDocument();
  });
});
