// The intake form's History panel (docs/product/intake-form.md#history): who did what and when,
// in the words of src/domain/activity.ts, loaded each time it opens.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { getIntake, getIntakeHistory, listIntakes, type ActivityEntry, type StoredIntake } from '../../../src/api/intakes';
import { toApiIntake } from '../../../src/domain/intake';
import { fullValidIntake } from '../../domain/intake/fixtures';
import { renderApp, signedInAs } from '../shell/harness';

vi.mock('../../../src/api/intakes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/intakes')>()),
  listIntakes: vi.fn(),
  getIntake: vi.fn(),
  getIntakeHistory: vi.fn(),
}));

const getMock = vi.mocked(getIntake);
const historyMock = vi.mocked(getIntakeHistory);
const CASE_ID = 'case-history-3';

function stored(status: 'draft' | 'final'): StoredIntake {
  return {
    ...toApiIntake(fullValidIntake()),
    caseId: CASE_ID,
    createdAt: '2024-05-30T10:00:00.000Z',
    updatedAt: '2024-06-01T10:00:00.000Z',
    representativeName: 'Rita Example',
    status,
  };
}

function entry(id: string, action: ActivityEntry['action'], fields: string[] = []): ActivityEntry {
  return {
    id,
    at: '2024-06-01T10:00:00.000Z',
    userId: 'user-rita',
    userName: 'Rita Example',
    action,
    subject: CASE_ID,
    fields,
    clientAddress: '127.0.0.1',
  };
}

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  getMock.mockReset();
  historyMock.mockReset();
  vi.mocked(listIntakes).mockResolvedValue({ rows: [], totalRecords: 0 });
  signedInAs('representative', 'Rita');
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});

async function openForm(path: string) {
  const user = userEvent.setup();
  renderApp({ path });
  await screen.findByRole('tablist', { name: 'Intake sections' }, { timeout: 10_000 });
  return user;
}

describe('the History panel', () => {
  it('lists who did what, with one line per changed section, newest first', async () => {
    getMock.mockResolvedValue(stored('final'));
    historyMock.mockResolvedValue([
      entry('a4', 'ssn.revealed'),
      entry('a3', 'intake.submittedFinal', [
        'injuryInformation.bodyParts',
        'injuryInformation.painLevel',
        'injuryInformation.hospital',
        'injuryInformation.treatment',
      ]),
      entry('a2', 'intake.opened'),
      entry('a1', 'intake.created'),
    ]);
    const user = await openForm(`/intake-details/view/${CASE_ID}`);

    await user.click(screen.getByRole('button', { name: 'History' }));

    const dialog = await screen.findByRole('dialog', { name: 'History' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(historyMock).toHaveBeenCalledWith(CASE_ID);
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Revealed SSN', 'Submitted final', 'Opened', 'Created']);
    expect(items[1]).toHaveTextContent('Changed 4 fields in Injury Information');
    expect(items[0]).toHaveTextContent('Rita Example');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the history cannot be loaded, and loads it again on request', async () => {
    getMock.mockResolvedValue(stored('draft'));
    historyMock.mockRejectedValueOnce(ApiError.noResponse(new TypeError('Failed to fetch')));
    historyMock.mockResolvedValueOnce([entry('a1', 'intake.draftSaved', ['personalInformation.firstName'])]);
    const user = await openForm(`/intake-details/edit/${CASE_ID}`);

    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    expect(await within(dialog).findByText('The history could not be loaded.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(within(dialog).getByRole('listitem')).toHaveTextContent('Saved draft'));
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Changed 1 field in Client Personal Information');
  });

  it('is not offered before the intake is saved', async () => {
    await openForm('/new-intake');
    expect(screen.queryByRole('button', { name: 'History' })).not.toBeInTheDocument();
  });
});
