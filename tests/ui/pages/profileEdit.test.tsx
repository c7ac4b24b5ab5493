// /edit-profile as a person uses it (docs/product/people.md Edit Profile, docs/product/people.md SSN, docs/product/people.md Profile
// update): the stored values in the spec's fields, the validation messages under their fields,
// the SSN field only for 'Has SSN', the server's refusals, and the toasts.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readStoredSession } from '../../../src/api/authStorage';
import { ApiError } from '../../../src/api/errors';
import { getCurrentUser, revealUserNumbers, updateUser, type User } from '../../../src/api/users';
import { makeUser, renderApp, signedInAs, tokenFor } from '../shell/harness';

vi.mock('../../../src/api/users', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/users')>()),
  getCurrentUser: vi.fn(),
  updateUser: vi.fn(),
  revealUserNumbers: vi.fn(),
}));

const getCurrentUserMock = vi.mocked(getCurrentUser);
const updateUserMock = vi.mocked(updateUser);
const revealMock = vi.mocked(revealUserNumbers);

const stored: User = {
  id: 'user-representative',
  firstName: 'Rosa',
  middleName: null,
  lastName: 'Testperson',
  email: 'rosa@firm.test',
  privilege: 'representative',
  status: 'Active',
  createdAt: '2024-01-02T03:04:05.000Z',
  userInformation: {
    phoneNumber: '555-0100',
    usage: 'text',
    civilStatus: 'single',
    gender: 'female',
    birthDate: '1990-03-05T00:00:00.000Z',
    // As the server answers it: masked to the last four digits.
    ssn: '***-**-6789',
    ssnStatus: 'hasSsn',
    itin: null,
  },
};

const PASSWORD_FORMAT = 'Password must contain at least 8 characters, including letters, numbers, and special characters';

function refusal(status: number, body: unknown): ApiError {
  return new ApiError(body, { status, statusText: '' });
}

/** The password input; 'Confirm Password' is another field. */
function passwordInput(): HTMLElement {
  return screen.getByLabelText(/^Password/);
}

async function openForm() {
  const user = userEvent.setup();
  const app = renderApp({ path: '/edit-profile' });
  await screen.findByRole('textbox', { name: /^First Name/ }, { timeout: 5000 });
  return { user, app };
}

beforeEach(() => {
  getCurrentUserMock.mockReset().mockResolvedValue(stored);
  updateUserMock.mockReset();
  revealMock.mockReset();
  signedInAs('representative', 'Rosa');
});

describe('edit profile (docs/product/people.md Edit Profile)', () => {
  it('shows the stored values in the fields of the spec, in its order', async () => {
    const { app } = await openForm();

    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveValue('Rosa');
    expect(screen.getByRole('textbox', { name: /^Last Name/ })).toHaveValue('Testperson');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('rosa@firm.test');
    expect(screen.getByRole('radio', { name: 'Text' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Single' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.getByLabelText(/^Birthdate/)).toHaveValue('1990-03-05');
    expect(screen.getByRole('combobox', { name: 'SSN Status' })).toHaveValue('hasSsn');
    expect(screen.getByRole('textbox', { name: /^SSN/ })).toHaveValue('***-**-6789');
    expect(passwordInput()).toHaveValue('');

    const labels = [...app.container.querySelectorAll('form label, form legend')].map((label) => label.textContent?.replace('*', ''));
    const fieldLabels = labels.filter((label) => !['Call', 'Text', 'Single', 'Married', 'Male', 'Female'].includes(label ?? ''));
    expect(fieldLabels).toEqual([
      'First Name',
      'Middle Name',
      'Last Name',
      'Civil Status',
      'Password',
      'Confirm Password',
      'Email',
      'Phone Number',
      'Phone Usage',
      'Gender',
      'Birthdate',
      'SSN Status',
      'SSN',
      'ITIN',
    ]);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('limits the birthdate picker to today', async () => {
    await openForm();
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(screen.getByLabelText(/^Birthdate/)).toHaveAttribute('max', iso);
  });

  it('shows each validation message under its field and sends nothing', async () => {
    const { user } = await openForm();
    await user.clear(screen.getByRole('textbox', { name: /^First Name/ }));
    await user.clear(screen.getByRole('textbox', { name: /^Email/ }));
    await user.type(passwordInput(), 'short');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'other');
    await user.clear(screen.getByRole('textbox', { name: /^SSN/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveAccessibleDescription(/^First name is required/);
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(/Email is required/);
    expect(passwordInput()).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByRole('textbox', { name: /^SSN/ })).toHaveAccessibleDescription(/SSN is required when status is "Has SSN"/);
    // The first failing field takes the focus.
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveFocus();
    expect(updateUserMock).not.toHaveBeenCalled();
  });

  it('asks for letters, numbers and special characters and an adult birthdate', async () => {
    const { user } = await openForm();
    await user.type(passwordInput(), 'onlyletters');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'onlyletters');
    const birthdate = screen.getByLabelText(/^Birthdate/);
    await user.clear(birthdate);
    await user.type(birthdate, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(passwordInput()).toHaveAccessibleDescription('Password must contain letters, numbers, and special characters');
    expect(birthdate).toHaveAccessibleDescription('You must be at least 18 years old');
    expect(updateUserMock).not.toHaveBeenCalled();
  });

  it('shows SSN only for Has SSN, clears it when the status changes, and formats it 3-2-4', async () => {
    const { user } = await openForm();
    const status = screen.getByRole('combobox', { name: 'SSN Status' });

    await user.selectOptions(status, 'Pending');
    expect(screen.queryByRole('textbox', { name: /^SSN/ })).not.toBeInTheDocument();

    await user.selectOptions(status, 'Has SSN');
    const ssn = screen.getByRole('textbox', { name: /^SSN/ });
    expect(ssn).toHaveValue('');
    await user.type(ssn, '987654321');
    expect(ssn).toHaveValue('987-65-4321');

    const itin = screen.getByRole('textbox', { name: /^ITIN/ });
    await user.type(itin, '9127012345678');
    expect(itin).toHaveValue('912-70-1234');
  });

  it('shows the spec text on the password field for invalid_password_format, keeping the typing', async () => {
    updateUserMock.mockRejectedValue(refusal(400, { message: 'Weak password', code: 'invalid_password_format' }));
    const { user } = await openForm();
    await user.clear(screen.getByRole('textbox', { name: /^Last Name/ }));
    await user.type(screen.getByRole('textbox', { name: /^Last Name/ }), 'Newname');
    await user.type(passwordInput(), 'abcdefg1!');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(passwordInput()).toHaveAccessibleDescription(PASSWORD_FORMAT));
    expect(screen.getByRole('textbox', { name: /^Last Name/ })).toHaveValue('Newname');
    expect(passwordInput()).toHaveValue('abcdefg1!');
    expect(updateUserMock).toHaveBeenCalledWith(
      'user-representative',
      expect.objectContaining({ lastName: 'Newname', password: 'abcdefg1!' }),
    );
  });

  it("shows another refusal's message on the password field, and an email already in use under Email", async () => {
    updateUserMock.mockRejectedValueOnce(refusal(403, { message: 'You may only edit your own profile', code: 'forbidden' }));
    updateUserMock.mockRejectedValueOnce(
      refusal(409, { message: 'This email is already in use', code: 'email_taken', fields: { email: 'This email is already in use' } }),
    );
    const { user } = await openForm();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(passwordInput()).toHaveAccessibleDescription('You may only edit your own profile'));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(/This email is already in use/),
    );
    expect(passwordInput()).not.toHaveAccessibleDescription();
  });

  it("shows 'Failed to update user data' when the refusal has no body", async () => {
    updateUserMock.mockRejectedValue(ApiError.noResponse(new TypeError('Failed to fetch')));
    const { user, app } = await openForm();
    await user.type(screen.getByRole('textbox', { name: /^Middle Name/ }), 'Lu');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update user data')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Middle Name/ })).toHaveValue('Lu');
    expect(app.pathname()).toBe('/edit-profile');
  });

  it('saves, shows the success toast, refreshes the session with the new name and opens /profile', async () => {
    const renamed = { ...makeUser('representative', 'Rosalind'), id: 'user-representative' };
    let answer: () => void = () => undefined;
    updateUserMock.mockImplementation(
      (id, changes) =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              user: { ...stored, id, firstName: changes.firstName },
              session: { token: tokenFor(renamed), expiresIn: '8h' },
            });
        }),
    );
    const { user, app } = await openForm();
    const firstName = screen.getByRole('textbox', { name: /^First Name/ });
    await user.clear(firstName);
    await user.type(firstName, 'Rosalind');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    // While the call runs the button shows 'Loading...' and the fields cannot change.
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toBeDisabled();

    getCurrentUserMock.mockResolvedValue({ ...stored, firstName: 'Rosalind' });
    answer();

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/profile'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Rosalind Testperson' })).toBeInTheDocument();
    expect(readStoredSession()?.user.firstName).toBe('Rosalind');
    expect(updateUserMock).toHaveBeenCalledWith('user-representative', {
      firstName: 'Rosalind',
      middleName: null,
      lastName: 'Testperson',
      email: 'rosa@firm.test',
      userInformation: {
        phoneNumber: '555-0100',
        usage: 'text',
        civilStatus: 'single',
        gender: 'female',
        birthDate: '1990-03-05',
        ssnStatus: 'hasSsn',
        // Untouched: the mask goes back as it came, and the server keeps the stored number.
        ssn: '***-**-6789',
        itin: null,
      },
    });
  });

  it("'Show' reveals the stored SSN without changing what is saved", async () => {
    revealMock.mockResolvedValue({ ssn: '123-45-6789', itin: null });
    updateUserMock.mockReturnValue(new Promise(() => {}));
    const { user } = await openForm();

    await user.click(screen.getByRole('button', { name: 'Show SSN' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: /^SSN/ })).toHaveValue('123-45-6789'));
    expect(revealMock).toHaveBeenCalledWith('user-representative');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(updateUserMock.mock.calls[0][1].userInformation.ssn).toBe('***-**-6789');
  });

  it('typing over the mask replaces the number, formatted and validated as usual', async () => {
    const { user } = await openForm();
    const ssn = screen.getByRole('textbox', { name: /^SSN/ });

    await user.type(ssn, '9');
    expect(ssn).toHaveValue('9');
    expect(screen.queryByRole('button', { name: 'Show SSN' })).not.toBeInTheDocument();
    await user.type(ssn, '8765');
    expect(ssn).toHaveValue('987-65');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('SSN must be in the format "123-45-6789"')).toBeInTheDocument();
    expect(updateUserMock).not.toHaveBeenCalled();
  });

  it("goes back to /profile on 'Discard' without saving", async () => {
    const { user, app } = await openForm();
    await user.type(screen.getByRole('textbox', { name: /^First Name/ }), 'x');
    await user.click(screen.getByRole('button', { name: 'Discard' }));

    await waitFor(() => expect(app.pathname()).toBe('/profile'));
    expect(updateUserMock).not.toHaveBeenCalled();
  });
});
