// /new-leads as staff use it (docs/product/leads.md Lead Registration, docs/product/leads.md Lead registration, docs/product/leads.md Lead
// form, docs/product/leads.md): the fields in order, the messages under them, the duplicate dialog and its two
// answers, the refusals and the toasts. The fetchers are mocked; the machine and page are real.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { checkDuplicate, createLead, type CreatedLead, type DuplicateCheck } from '../../../src/api/leads';
import { todayIso } from '../../../src/domain/dates';
import { typedLead } from '../../support/sampleLead';
import { renderApp, signedInAs } from '../shell/harness';

vi.mock('../../../src/api/leads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/leads')>()),
  checkDuplicate: vi.fn(),
  createLead: vi.fn(),
}));

const checkMock = vi.mocked(checkDuplicate);
const createMock = vi.mocked(createLead);

const typed = typedLead;

/** What the form sends for `typed` with Female and minor No. */
const submitted = { ...typed, middleName: '', gender: 'Female', minor: 'No' };

const created: CreatedLead = {
  lead: {
    ...typed,
    id: 'lead-1',
    middleName: null,
    gender: 'Female',
    minor: 'No',
    birthDate: '1988-07-14T00:00:00.000Z',
    intakeId: 'case-42',
    createdAt: '2024-05-01T10:00:00.000Z',
  },
  intake: { caseId: 'case-42', status: 'draft' },
};

const similar = {
  firstName: 'marisol',
  middleName: null,
  lastName: 'quillfeather',
  birthDate: '1988-07-14T00:00:00.000Z',
  address: '12 Test Lane',
  city: 'Sampleton',
  state: 'TX',
};

const noDuplicate: DuplicateCheck = { isDuplicate: false, hasIntakeId: false, duplicateLeads: [] };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

async function openForm() {
  const user = userEvent.setup();
  renderApp({ path: '/new-leads' });
  await screen.findByRole('heading', { level: 1, name: 'Lead Registration' }, { timeout: 5000 });
  return user;
}

// A required label reads 'Last Name*' as text; the asterisk is hidden from the accessible name.
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`), { selector: 'input' });

function setBirthDate(value: string) {
  // jsdom's date input takes its value as a change, the way a picker delivers it.
  fireEvent.change(field('Birth Date'), { target: { value } });
}

/** Fills the form as a person would, leaving out the fields named in `skip` (by label). */
async function fillValidLead(user: UserEvent, skip: readonly string[] = []) {
  const steps: Array<[string, () => unknown]> = [
    ['Last Name', () => user.type(field('Last Name'), typed.lastName)],
    ['First Name', () => user.type(field('First Name'), typed.firstName)],
    ['Birth Date', () => setBirthDate(typed.birthDate)],
    ['Address', () => user.type(field('Address'), typed.address)],
    ['City', () => user.type(field('City'), typed.city)],
    ['County', () => user.type(field('County'), typed.county)],
    ['State', () => user.type(field('State'), typed.state)],
    ['Country', () => user.type(field('Country'), typed.country)],
    ['Zip Code', () => user.type(field('Zip Code'), typed.zipCode)],
    ['Email', () => user.type(field('Email'), typed.email)],
    ['Gender', () => user.click(screen.getByRole('radio', { name: 'Female' }))],
    ['Phone', () => user.type(field('Phone'), typed.phone)],
    ['Minor', () => user.click(screen.getByRole('radio', { name: 'No' }))],
  ];
  for (const [label, fill] of steps) if (!skip.includes(label)) await fill();
}

function submit(user: UserEvent) {
  return user.click(screen.getByRole('button', { name: 'Submit' }));
}

beforeEach(() => {
  checkMock.mockReset();
  createMock.mockReset();
  signedInAs('representative', 'Rita');
});

describe('lead form (docs/product/leads.md Lead Registration, docs/product/leads.md Lead form)', () => {
  it('shows the fields in the order of the spec, then Submit', async () => {
    await openForm();
    const form = screen.getByRole('form', { name: 'Lead Registration' });
    // Field labels and group legends carry an id; the radio options' own labels do not.
    const labels = [...form.querySelectorAll('label[id], legend')].map((label) => label.textContent?.replace('*', '').trim());
    expect(labels).toEqual([
      'Last Name',
      'Middle Name',
      'First Name',
      'Birth Date',
      'Address',
      'City',
      'County',
      'State',
      'Country',
      'Zip Code',
      'Email',
      'Gender',
      'Phone',
      'Minor',
    ]);
    const gender = screen.getByRole('radiogroup', { name: 'Gender' });
    expect(
      within(gender)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Male', 'Female']);
    const minor = screen.getByRole('radiogroup', { name: 'Minor' });
    expect(
      within(minor)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Yes', 'No']);
    expect(within(form).getAllByRole('button').at(-1)).toHaveTextContent('Submit');
    // docs/product/leads.md: the birth date picker stops at today.
    expect(field('Birth Date')).toHaveAttribute('max', todayIso());
  });

  it('shows the required messages under the fields and checks nothing', async () => {
    const user = await openForm();
    await submit(user);

    for (const message of [
      'Last Name is required',
      'First Name is required',
      'Birth Date is required',
      'Address is required',
      'City is required',
      'County is required',
      'State is required',
      'Country is required',
      'Zip Code is required',
      'Please select a gender',
      'Phone is required',
      'Please indicate if the person is a minor',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(field('Last Name')).toHaveAccessibleDescription('Last Name is required');
    expect(field('Last Name')).toHaveFocus();
    expect(checkMock).not.toHaveBeenCalled();
  });

  it('asks for a valid email only once submitted, and the message goes once the email is fixed', async () => {
    const user = await openForm();
    await user.type(field('Email'), 'marisol-at-example');
    // Nobody is told off for a form they are still filling.
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    await submit(user);
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email');

    await user.type(field('Email'), '@example.test');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
  });

  it('after a submit, a field emptied while typing shows its message at once', async () => {
    checkMock.mockReturnValue(new Promise(() => {}));
    const user = await openForm();
    await fillValidLead(user);
    await user.clear(field('City'));
    expect(screen.queryByText('City is required')).not.toBeInTheDocument();
    await submit(user);
    expect(field('City')).toHaveAccessibleDescription('City is required');
    expect(field('City')).toHaveFocus();

    await user.type(field('City'), typed.city);
    expect(screen.queryByText('City is required')).not.toBeInTheDocument();
    await user.clear(field('Zip Code'));
    expect(field('Zip Code')).toHaveAccessibleDescription('Zip Code is required');
    expect(checkMock).not.toHaveBeenCalled();
  });

  it('puts focus on Birth Date when it and Minor are missing', async () => {
    const user = await openForm();
    await fillValidLead(user, ['Birth Date', 'Minor']);
    await submit(user);
    expect(field('Birth Date')).toHaveAccessibleDescription('Birth Date is required');
    expect(screen.getByRole('radiogroup', { name: 'Minor' })).toHaveAccessibleDescription('Please indicate if the person is a minor');
    expect(field('Birth Date')).toHaveFocus();
  });

  it('puts focus on the first option of a radio group that is the first with a message', async () => {
    const user = await openForm();
    await fillValidLead(user, ['Gender', 'Phone', 'Minor']);
    await submit(user);

    expect(screen.getByRole('radiogroup', { name: 'Gender' })).toHaveAccessibleDescription('Please select a gender');
    expect(screen.getByRole('radio', { name: 'Male' })).toHaveFocus();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByText('Please indicate if the person is a minor')).toBeInTheDocument();
    expect(checkMock).not.toHaveBeenCalled();
  });

  it('requires 18 years when the person is not a minor, and not for a minor', async () => {
    const user = await openForm();
    const tenYearsAgo = `${new Date().getFullYear() - 10}-01-01`;
    setBirthDate(tenYearsAgo);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await submit(user);
    expect(field('Birth Date')).toHaveAccessibleDescription('Must be at least 18 years old');

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByText('Must be at least 18 years old')).not.toBeInTheDocument();
  });

  it('refuses a birth date in the future', async () => {
    const user = await openForm();
    setBirthDate(`${new Date().getFullYear() + 1}-01-01`);
    await submit(user);
    expect(field('Birth Date')).toHaveAccessibleDescription('Birth date cannot be in the future');
  });
});

describe('lead registration (docs/product/leads.md)', () => {
  it('creates a lead without duplicates, with the progress and success toasts, then empties the form', async () => {
    checkMock.mockResolvedValue(noDuplicate);
    const creation = deferred<CreatedLead>();
    createMock.mockReturnValue(creation.promise);
    const user = await openForm();
    await fillValidLead(user);
    await submit(user);

    expect(await screen.findByText('Creating lead...')).toBeInTheDocument();
    expect(checkMock).toHaveBeenCalledWith(submitted);
    expect(createMock).toHaveBeenCalledWith(submitted);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();

    creation.resolve(created);
    expect(await screen.findByText('Lead created successfully')).toBeInTheDocument();
    expect(screen.queryByText('Creating lead...')).not.toBeInTheDocument();
    await waitFor(() => expect(field('Last Name')).toHaveValue(''));
    expect(field('Birth Date')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Female' })).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // A fresh form: its messages wait for its own first submit again.
    await user.type(field('Email'), 'not-an-email');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    expect(screen.queryByText('Last Name is required')).not.toBeInTheDocument();
  });

  it('lists similar leads; No, Cancel creates nothing and keeps the form; Yes, Register Anyway creates it', async () => {
    checkMock.mockResolvedValue({
      isDuplicate: true,
      hasIntakeId: true,
      duplicateLeads: [
        { ...similar, intakeId: 'case-41' },
        { ...similar, firstName: 'mari', address: '9 Other Road', city: 'Elsewhere', state: 'OK', intakeId: 'case-40' },
      ],
    });
    createMock.mockResolvedValue(created);
    const user = await openForm();
    await fillValidLead(user);
    await submit(user);

    const dialog = await screen.findByRole('dialog', { name: 'Similar Lead Found' });
    const entries = within(within(dialog).getByRole('list', { name: 'Similar leads' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Marisol QuillfeatherBirth Date: July 14, 1988Address: 12 Test Lane, Sampleton, TXIntake ID: case-41',
      'Mari QuillfeatherBirth Date: July 14, 1988Address: 9 Other Road, Elsewhere, OKIntake ID: case-40',
    ]);
    expect(within(dialog).getByText('Do you still want to register this lead?')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'No, Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(createMock).not.toHaveBeenCalled();
    expect(field('Last Name')).toHaveValue(typed.lastName);

    await submit(user);
    const again = await screen.findByRole('dialog', { name: 'Similar Lead Found' });
    await user.click(within(again).getByRole('button', { name: 'Yes, Register Anyway' }));
    expect(await screen.findByText('Lead created successfully')).toBeInTheDocument();
    expect(createMock).toHaveBeenCalledTimes(1);
    expect(createMock).toHaveBeenCalledWith(submitted);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(field('Last Name')).toHaveValue(''));
  });

  it('refuses a similar lead without an intake ID and keeps the form', async () => {
    checkMock.mockResolvedValue({ isDuplicate: true, hasIntakeId: false, duplicateLeads: [{ ...similar, intakeId: null }] });
    const user = await openForm();
    await fillValidLead(user);
    await submit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('A similar lead without an intake ID already exists');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(createMock).not.toHaveBeenCalled();
    expect(field('City')).toHaveValue(typed.city);
  });

  it.each([
    ['the server message', { message: 'This lead is already registered', code: 'duplicate_lead' }, 'This lead is already registered'],
    ['the fixed text without one', undefined, 'Cannot register duplicate lead'],
  ])('answers a 409 from the check with %s', async (_, body, shown) => {
    checkMock.mockRejectedValue(new ApiError(body, { status: 409, statusText: 'Conflict' }));
    const user = await openForm();
    await fillValidLead(user);
    await submit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(createMock).not.toHaveBeenCalled();
    expect(field('Last Name')).toHaveValue(typed.lastName);
  });

  it.each([
    [
      'the server message',
      new ApiError({ message: 'Search is unavailable', code: 'internal' }, { status: 500, statusText: '' }),
      'Search is unavailable',
    ],
    ['the fixed text without one', ApiError.noResponse(new TypeError('Failed to fetch')), 'Error checking for duplicate leads'],
  ])('toasts %s when the check fails otherwise', async (_, failure, shown) => {
    checkMock.mockRejectedValue(failure);
    const user = await openForm();
    await fillValidLead(user);
    await submit(user);

    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(createMock).not.toHaveBeenCalled();
    expect(field('Zip Code')).toHaveValue(typed.zipCode);
  });

  it('toasts the creation failure with its message and keeps the form', async () => {
    checkMock.mockResolvedValue(noDuplicate);
    createMock.mockRejectedValue(
      new ApiError({ message: 'Zip Code is required', code: 'validation_failed' }, { status: 400, statusText: '' }),
    );
    const user = await openForm();
    await fillValidLead(user);
    await submit(user);

    expect(await screen.findByText('Error creating lead: Zip Code is required')).toBeInTheDocument();
    expect(screen.queryByText('Creating lead...')).not.toBeInTheDocument();
    expect(field('Last Name')).toHaveValue(typed.lastName);
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});
