// /firm (docs/product/firm-and-neos.md: content not shown, docs/product/firm-and-neos.md: only owner and administrator edit the firm):
// the record, the Neos connection with the key masked, Edit by role, and the load failure.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { getFirm } from '../../../src/api/firm';
import type { Privilege } from '../../../src/domain/enums';
import { renderApp, signedInAs } from '../shell/harness';
import { sampleFirm } from '../../support/sampleFirm';

vi.mock('../../../src/api/firm', () => ({ getFirm: vi.fn(), updateFirm: vi.fn() }));

const getFirmMock = vi.mocked(getFirm);

const firm = sampleFirm;

function detail(term: string): string | null | undefined {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function openFirm(privilege: Privilege) {
  signedInAs(privilege);
  const user = userEvent.setup();
  const app = renderApp({ path: '/firm' });
  await screen.findByRole('heading', { level: 1, name: 'Firm' }, { timeout: 5000 });
  return { user, app };
}

beforeEach(() => {
  getFirmMock.mockReset();
});

describe('firm view', () => {
  it('shows the firm and that Neos is not connected', async () => {
    getFirmMock.mockResolvedValue(firm);
    await openFirm('representative');

    expect(await screen.findByText('Example Injury Law')).toBeInTheDocument();
    expect(detail('Firm Name')).toBe('Example Injury Law');
    expect(detail('Contact')).toBe('Rowan Testperson');
    expect(detail('Email')).toBe('office@example-law.test');
    expect(detail('Address')).toBe('1 Sample Plaza, Testville');
    expect(detail('Limitation Period')).toBe('2 years');
    expect(detail('Neos')).toBe('Not connected');
    expect(screen.queryByText('Company Id', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows a connected firm with its company id and only the last four of the API key', async () => {
    getFirmMock.mockResolvedValue({
      ...firm,
      firmContact: null,
      isNeosIntegrated: true,
      neosCredentials: { companyId: 'company-7', integrationId: 'integration-3', apiKeyLastFour: '0042' },
    });
    await openFirm('owner');

    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(detail('Company Id')).toBe('company-7');
    expect(detail('API Key')).toBe('••••0042');
    expect(detail('Integration Id')).toBe('integration-3');
    expect(detail('Contact')).toBe('Not provided');
  });

  it.each(['owner', 'administrator'] as const)('offers Edit to an %s, which opens /edit-firm', async (privilege) => {
    getFirmMock.mockResolvedValue(firm);
    const { user, app } = await openFirm(privilege);

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(app.pathname()).toBe('/edit-firm'));
  });

  it('offers no Edit to a representative', async () => {
    getFirmMock.mockResolvedValue(firm);
    await openFirm('representative');

    expect(await screen.findByText('Example Injury Law')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('toasts a failed load and loads again on Try again', async () => {
    getFirmMock.mockRejectedValueOnce(ApiError.noResponse(new TypeError('Failed to fetch'))).mockResolvedValue(firm);
    const { user } = await openFirm('owner');

    expect(await screen.findByText('Error fetching firm data')).toBeInTheDocument();
    expect(screen.getByText('The firm could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Example Injury Law')).toBeInTheDocument();
  });
});
