// /profile as a person sees it (docs/product/people.md Profile): names, labels, the long US birthdate,
// SSN and ITIN masked to their last four digits as the server sends them, 'Show' to reveal them
// (docs/product/people.md#ssn-and-itin), and every fallback text word for word.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { getCurrentUser, revealUserNumbers, type User } from '../../../src/api/users';
import { renderApp, signedInAs } from '../shell/harness';

vi.mock('../../../src/api/users', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/users')>()),
  getCurrentUser: vi.fn(),
  revealUserNumbers: vi.fn(),
}));

// The page's Passkeys section reads its own list (tests/e2e/model/passkeys.test.ts walks it).
vi.mock('../../../src/api/passkeys', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/passkeys')>()),
  listPasskeys: vi.fn(async () => []),
}));

const getCurrentUserMock = vi.mocked(getCurrentUser);
const revealMock = vi.mocked(revealUserNumbers);

const rosa: User = {
  id: 'user-representative',
  firstName: 'rosa',
  middleName: 'de la',
  lastName: 'testperson',
  email: 'rosa@firm.test',
  privilege: 'representative',
  status: 'Active',
  createdAt: '2024-01-02T03:04:05.000Z',
  userInformation: {
    phoneNumber: '(555) 010-0199',
    usage: 'call',
    civilStatus: 'married',
    gender: 'female',
    birthDate: '1990-03-05T00:00:00.000Z',
    ssn: '***-**-6789',
    ssnStatus: 'hasSsn',
    itin: '***-**-1234',
  },
};

const nothingStored: User = {
  ...rosa,
  firstName: '',
  middleName: null,
  lastName: '',
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

function definition(term: string): string | null {
  const termElement = screen.getByText(term, { selector: 'dt' });
  // The value is the definition's first text; a 'Show' button may follow it.
  return termElement.nextElementSibling?.firstChild?.textContent ?? null;
}

beforeEach(() => {
  getCurrentUserMock.mockReset();
  revealMock.mockReset();
  signedInAs('representative', 'Rosa');
});

describe('profile (docs/product/people.md Profile)', () => {
  it('shows the capitalised full name, the privilege, email, phone and both blocks', async () => {
    getCurrentUserMock.mockResolvedValue(rosa);
    renderApp({ path: '/profile' });

    expect(await screen.findByRole('heading', { level: 1, name: 'User Profile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Rosa De La Testperson' })).toBeInTheDocument();
    expect(screen.getByText('Representative')).toBeInTheDocument();
    expect(screen.getByText('rosa@firm.test')).toBeInTheDocument();
    expect(screen.getByText('(555) 010-0199')).toBeInTheDocument();

    const basic = screen.getByRole('region', { name: 'Basic Info' });
    expect(within(basic).getByText('Married')).toBeInTheDocument();
    expect(definition('Gender')).toBe('Female');
    expect(definition('Birthdate')).toBe('March 5, 1990');

    const additional = screen.getByRole('region', { name: 'Additional Info' });
    expect(within(additional).getByText('Has SSN')).toBeInTheDocument();
    expect(definition('SSN')).toBe('***-**-6789');
    expect(definition('ITIN')).toBe('***-**-1234');
    expect(revealMock).not.toHaveBeenCalled();
  });

  it("'Show' reveals the SSN and the ITIN in full, 'Hide' masks them again", async () => {
    const user = userEvent.setup();
    getCurrentUserMock.mockResolvedValue(rosa);
    revealMock.mockResolvedValue({ ssn: '123-45-6789', itin: '912-70-1234' });
    renderApp({ path: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Show SSN' }));

    await waitFor(() => expect(definition('SSN')).toBe('123-45-6789'));
    expect(definition('ITIN')).toBe('912-70-1234');
    expect(revealMock).toHaveBeenCalledTimes(1);
    expect(revealMock).toHaveBeenCalledWith('user-representative');

    const results = await axe.run(document.body, { resultTypes: ['violations'] });
    expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Hide ITIN' }));

    expect(definition('SSN')).toBe('***-**-6789');
    expect(definition('ITIN')).toBe('***-**-1234');
    expect(document.body).not.toHaveTextContent('123-45-6789');
  });

  it('keeps the mask and says so when the number cannot be revealed', async () => {
    getCurrentUserMock.mockResolvedValue(rosa);
    revealMock.mockRejectedValue(ApiError.noResponse(new TypeError('Failed to fetch')));
    renderApp({ path: '/profile' });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Show ITIN' }));

    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('The number could not be shown. Try again.');
    expect(definition('ITIN')).toBe('***-**-1234');
  });

  it('shows each fallback text when nothing is stored', async () => {
    getCurrentUserMock.mockResolvedValue(nothingStored);
    renderApp({ path: '/profile' });

    expect(await screen.findByRole('heading', { level: 2, name: 'Name not available' })).toBeInTheDocument();
    expect(screen.getByText('Phone number not available')).toBeInTheDocument();
    expect(definition('Civil Status')).toBe('Civil status not available');
    expect(definition('Gender')).toBe('Gender not available');
    expect(definition('Birthdate')).toBe('Birthdate not available');
    expect(definition('SSN')).toBe('SSN not available');
    expect(definition('SSN Status')).toBe('SSN Status not available');
    expect(definition('ITIN')).toBe('ITIN not available');
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });

  it("has an 'Edit' button to /edit-profile", async () => {
    getCurrentUserMock.mockResolvedValue(rosa);
    const app = renderApp({ path: '/profile' });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit' }));

    await waitFor(() => expect(app.pathname()).toBe('/edit-profile'));
  });

  it('says so when the profile cannot be loaded, and loads again on request', async () => {
    getCurrentUserMock.mockRejectedValue(ApiError.noResponse(new TypeError('Failed to fetch')));
    renderApp({ path: '/profile' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your profile could not be loaded. Check your connection and try again.');
    getCurrentUserMock.mockResolvedValue(rosa);

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Rosa De La Testperson' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
