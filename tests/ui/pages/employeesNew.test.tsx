// /new-employee as a manager uses it (docs/product/people.md Employee Registration, docs/product/people.md Employee
// create, docs/product/people.md defaults): the defaults, the privilege choice, the validation, the toasts.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { createEmployee, listUsers, type User } from '../../../src/api/users';
import type { Privilege } from '../../../src/domain/enums';
import { createdEmployee, typedEmployee, typedEmployeeRequest } from '../../support/sampleEmployee';
import { renderApp, signedInAs } from '../shell/harness';

vi.mock('../../../src/api/users', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/users')>()),
  createEmployee: vi.fn(),
  listUsers: vi.fn(),
}));

const createEmployeeMock = vi.mocked(createEmployee);
const listUsersMock = vi.mocked(listUsers);

const PASSWORD_FORMAT = 'Password must contain at least 8 characters, including letters, numbers, and special characters';

const created = createdEmployee('user-new', 'representative', null);

async function openForm(privilege: Privilege = 'owner') {
  signedInAs(privilege);
  const user = userEvent.setup();
  const app = renderApp({ path: '/new-employee' });
  await screen.findByRole('heading', { level: 1, name: 'Employee Registration' }, { timeout: 5000 });
  return { user, app };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^First Name/ }), typedEmployee.firstName);
  await user.type(screen.getByRole('textbox', { name: /^Last Name/ }), typedEmployee.lastName);
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), typedEmployee.email);
  await user.type(screen.getByLabelText(/^Password/), typedEmployee.password);
  await user.type(screen.getByLabelText(/^Confirm Password/), typedEmployee.password);
  await user.type(screen.getByLabelText(/^Birthdate/), typedEmployee.birthDate);
}

function refusal(status: number, body: unknown): ApiError {
  return new ApiError(body, { status, statusText: '' });
}

beforeEach(() => {
  createEmployeeMock.mockReset();
  listUsersMock.mockReset().mockResolvedValue({ rows: [created], totalRecords: 1 });
});

describe('new employee (docs/product/people.md Employee Registration)', () => {
  it('starts with the spec defaults: call, single, male, No SSN, Representative', async () => {
    await openForm();

    expect(screen.getByRole('radio', { name: 'Call' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Single' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'SSN Status' })).toHaveValue('noSsn');
    expect(screen.queryByRole('textbox', { name: /^SSN/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Privilege/ })).toHaveValue('representative');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('offers Owner only to an owner', async () => {
    const owner = await openForm('owner');
    const optionsFor = () =>
      [...(screen.getByRole('combobox', { name: /^Privilege/ }) as HTMLSelectElement).options].map((option) => option.text);
    expect(optionsFor()).toEqual(['Representative', 'Administrator', 'Owner']);
    owner.app.unmount();

    await openForm('administrator');
    expect(optionsFor()).toEqual(['Representative', 'Administrator']);
  });

  it('requires the password and the other required fields, and holds the ITIN to its format', async () => {
    const { user } = await openForm();
    await user.type(screen.getByRole('textbox', { name: /^ITIN/ }), '91270');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveAccessibleDescription(/^First name is required/);
    expect(screen.getByRole('textbox', { name: /^Last Name/ })).toHaveAccessibleDescription(/^Last name is required/);
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(/^Email is required/);
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText(/^Birthdate/)).toHaveAccessibleDescription('Birth date is required');
    expect(screen.getByRole('textbox', { name: /^ITIN/ })).toHaveValue('912-70');
    expect(screen.getByRole('textbox', { name: /^ITIN/ })).toHaveAccessibleDescription('ITIN must be in the format "123-45-6789"');
    expect(createEmployeeMock).not.toHaveBeenCalled();
  });

  it("shows 'Creating employee...', then 'Employee created successfully', and opens /employees", async () => {
    let answer: () => void = () => undefined;
    createEmployeeMock.mockImplementation(() => new Promise<User>((resolve) => (answer = () => resolve(created))));
    const { user, app } = await openForm();
    await fillRequired(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /^Privilege/ }), 'Administrator');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Creating employee...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer();

    expect(await screen.findByText('Employee created successfully')).toBeInTheDocument();
    // The progress toast became the outcome; it is not left behind.
    expect(screen.queryByText('Creating employee...')).not.toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/employees'));
    expect(createEmployeeMock).toHaveBeenCalledWith(typedEmployeeRequest('administrator', null));
  });

  it("shows 'Failed to create employee' and the password message for invalid_password_format, keeping the typing", async () => {
    createEmployeeMock.mockRejectedValue(refusal(400, { message: 'Weak password', code: 'invalid_password_format' }));
    const { user, app } = await openForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Failed to create employee')).toBeInTheDocument();
    expect(screen.queryByText('Creating employee...')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(PASSWORD_FORMAT);
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveValue('Theo');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Str0ng!pass');
    expect(app.pathname()).toBe('/new-employee');
  });

  it('shows an email already in use under Email, and the toast alone when there is no error body', async () => {
    createEmployeeMock.mockRejectedValueOnce(
      refusal(409, { message: 'This email is already in use', code: 'email_taken', fields: { email: 'This email is already in use' } }),
    );
    createEmployeeMock.mockRejectedValueOnce(ApiError.noResponse(new TypeError('Failed to fetch')));
    const { user } = await openForm();
    await fillRequired(user);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(/^This email is already in use/),
    );
    expect(screen.getByText('Failed to create employee')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(createEmployeeMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Failed to create employee')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Email/ })).not.toHaveAccessibleDescription(/in use/));
  });
});
