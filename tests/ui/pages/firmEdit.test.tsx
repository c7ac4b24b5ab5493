// /edit-firm (docs/product/firm-and-neos.md: firm edit and the Integration credentials form; docs/product/firm-and-neos.md credential
// validation; docs/product/firm-and-neos.md its toasts): the firm's fields saved with PUT /v1/firm, and credentials that
// validate stored at once. The fetchers are mocked; machines and pages are real.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { getFirm, updateFirm, type Firm } from '../../../src/api/firm';
import { validateCredentials } from '../../../src/api/neos';
import { renderApp, signedInAs } from '../shell/harness';
import { sampleFirm } from '../../support/sampleFirm';

vi.mock('../../../src/api/firm', () => ({ getFirm: vi.fn(), updateFirm: vi.fn() }));
vi.mock('../../../src/api/neos', () => ({ validateCredentials: vi.fn() }));

const getFirmMock = vi.mocked(getFirm);
const updateFirmMock = vi.mocked(updateFirm);
const validateMock = vi.mocked(validateCredentials);

const firm = sampleFirm;

const credentials = { companyId: 'company-7', apiKey: 'test-key-0042', integrationId: 'integration-3' };

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`), { selector: 'input' });

async function openEditFirm() {
  signedInAs('administrator');
  const user = userEvent.setup();
  const app = renderApp({ path: '/edit-firm' });
  await screen.findByRole('heading', { level: 1, name: 'Edit Firm' }, { timeout: 5000 });
  await screen.findByRole('form', { name: 'Firm Information' });
  return { user, app };
}

beforeEach(() => {
  getFirmMock.mockReset().mockResolvedValue(firm);
  updateFirmMock.mockReset();
  validateMock.mockReset();
});

describe('firm edit', () => {
  it('starts from the stored firm, saves the changes, toasts and goes back to /firm', async () => {
    updateFirmMock.mockImplementation(async (changes) => ({ ...firm, ...changes }) as Firm);
    const { user, app } = await openEditFirm();

    expect(field('Firm Name')).toHaveValue('Example Injury Law');
    await user.clear(field('Firm Name'));
    await user.type(field('Firm Name'), 'Example Injury Law LLP');
    const period = screen.getByLabelText(/^Limitation Period\*?$/, { selector: 'select' });
    expect(period).toHaveValue('2');
    await user.selectOptions(period, '3 years');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Firm updated successfully')).toBeInTheDocument();
    expect(updateFirmMock).toHaveBeenCalledWith({
      firmName: 'Example Injury Law LLP',
      firmContact: 'Rowan Testperson',
      firmMail: 'office@example-law.test',
      firmAddress: '1 Sample Plaza, Testville',
      limitationYears: 3,
      requireSecondFactor: false,
    });
    await waitFor(() => expect(app.pathname()).toBe('/firm'));
  });

  it('shows the field messages and saves nothing while the form is invalid', async () => {
    const { user } = await openEditFirm();
    await user.clear(field('Firm Name'));
    await user.clear(field('Email'));
    await user.type(field('Email'), 'office-at-example');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(field('Firm Name')).toHaveAccessibleDescription(expect.stringContaining('Firm name is required'));
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email');
    expect(updateFirmMock).not.toHaveBeenCalled();
  });

  it('says nothing before the first save; then puts the cursor in the first field with a message and checks each change', async () => {
    const { user } = await openEditFirm();
    await user.clear(field('Contact'));
    expect(field('Contact')).not.toHaveAccessibleDescription(expect.stringContaining('Firm contact is required'));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(field('Contact')).toHaveAccessibleDescription(expect.stringContaining('Firm contact is required'));
    expect(field('Contact')).toHaveFocus();

    await user.type(field('Contact'), 'Sam Sample');
    expect(field('Contact')).not.toHaveAccessibleDescription(expect.stringContaining('Firm contact is required'));
    await user.clear(field('Firm Name'));
    expect(field('Firm Name')).toHaveAccessibleDescription(expect.stringContaining('Firm name is required'));
    expect(updateFirmMock).not.toHaveBeenCalled();
  });

  it("toasts the server's message and keeps what was typed when the save fails", async () => {
    updateFirmMock.mockRejectedValue(
      new ApiError({ message: 'Firm name is too long', code: 'validation_failed' }, { status: 400, statusText: '' }),
    );
    const { user, app } = await openEditFirm();
    await user.clear(field('Contact'));
    await user.type(field('Contact'), 'Sam Sample');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Firm name is too long')).toBeInTheDocument();
    expect(field('Contact')).toHaveValue('Sam Sample');
    expect(app.pathname()).toBe('/edit-firm');
  });

  it('goes back to /firm on Discard without saving', async () => {
    const { user, app } = await openEditFirm();
    await user.type(field('Contact'), ' and partners');
    await user.click(screen.getByRole('button', { name: 'Discard' }));

    await waitFor(() => expect(app.pathname()).toBe('/firm'));
    expect(updateFirmMock).not.toHaveBeenCalled();
  });
});

describe('integration credentials form (docs/product/firm-and-neos.md)', () => {
  it('has the three fields and the Validate Credentials button, and asks for each', async () => {
    const { user } = await openEditFirm();
    const form = screen.getByRole('form', { name: 'Integration credentials' });
    expect(
      within(form)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Validate Credentials']);

    await user.click(within(form).getByRole('button', { name: 'Validate Credentials' }));
    expect(field('Company Id')).toHaveAccessibleDescription('Company Id is required');
    expect(field('API Key')).toHaveAccessibleDescription('API Key is required');
    expect(field('Integration Id')).toHaveAccessibleDescription('Integration Id is required');
    expect(validateMock).not.toHaveBeenCalled();
  });

  it('validates, toasts, then stores the credentials so the firm shows as connected', async () => {
    let finishValidation!: () => void;
    validateMock.mockReturnValue(new Promise<void>((resolve) => (finishValidation = resolve)));
    updateFirmMock.mockResolvedValue({
      ...firm,
      isNeosIntegrated: true,
      neosCredentials: { companyId: 'company-7', integrationId: 'integration-3', apiKeyLastFour: '0042' },
    });
    const { user } = await openEditFirm();
    await user.type(field('Company Id'), credentials.companyId);
    await user.type(field('API Key'), credentials.apiKey);
    await user.type(field('Integration Id'), credentials.integrationId);
    await user.click(screen.getByRole('button', { name: 'Validate Credentials' }));

    // The loading state while the call runs (docs/product/firm-and-neos.md); nothing is stored before it succeeds.
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(validateMock).toHaveBeenCalledWith(credentials);
    expect(updateFirmMock).not.toHaveBeenCalled();

    finishValidation();
    expect(await screen.findByText('Neos Credentials Validated')).toBeInTheDocument();
    expect(await screen.findByText('Neos credentials saved')).toBeInTheDocument();
    // The stored fields go with them, not the form's unsaved typing.
    expect(updateFirmMock).toHaveBeenCalledWith({
      firmName: 'Example Injury Law',
      firmContact: 'Rowan Testperson',
      firmMail: 'office@example-law.test',
      firmAddress: '1 Sample Plaza, Testville',
      neosCredentials: credentials,
    });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('••••0042')).toBeInTheDocument();
  });

  it('puts the cursor in the first empty field, and keeps what is typed while the validation runs', async () => {
    let refuse!: () => void;
    validateMock.mockReturnValue(
      new Promise<void>((_, reject) => (refuse = () => reject(new ApiError({}, { status: 400, statusText: '' })))),
    );
    const { user } = await openEditFirm();
    await user.type(field('Company Id'), credentials.companyId);
    await user.click(screen.getByRole('button', { name: 'Validate Credentials' }));
    expect(field('API Key')).toHaveFocus();
    expect(field('Company Id')).not.toHaveAccessibleDescription('Company Id is required');

    await user.type(field('API Key'), credentials.apiKey);
    await user.type(field('Integration Id'), credentials.integrationId);
    await user.click(screen.getByRole('button', { name: 'Validate Credentials' }));
    await screen.findByRole('button', { name: 'Loading...' });
    await user.type(field('Integration Id'), '-b');
    refuse();

    expect(await screen.findByText('Error Validating Neos Credentials')).toBeInTheDocument();
    expect(validateMock).toHaveBeenCalledWith(credentials);
    expect(field('Integration Id')).toHaveValue(`${credentials.integrationId}-b`);
  });

  it('toasts a failed validation and stores nothing', async () => {
    validateMock.mockRejectedValue(
      new ApiError({ message: 'Neos refused the credentials', code: 'neos_credentials_invalid' }, { status: 400, statusText: '' }),
    );
    const { user } = await openEditFirm();
    await user.type(field('Company Id'), credentials.companyId);
    await user.type(field('API Key'), 'wrong-key');
    await user.type(field('Integration Id'), credentials.integrationId);
    await user.click(screen.getByRole('button', { name: 'Validate Credentials' }));

    expect(await screen.findByText('Error Validating Neos Credentials')).toBeInTheDocument();
    expect(updateFirmMock).not.toHaveBeenCalled();
    expect(screen.getByText('Not connected')).toBeInTheDocument();
    expect(field('API Key')).toHaveValue('wrong-key');
  });
});
