// The intake form page (docs/product/intake-form.md Intake form screen, docs/product/intake-form.md: what each
// mode shows, the 'Save changes' question, Submit on the last tab, the toasts, the stale and
// restore notices, and the question before leaving unsaved changes. The fetchers are mocked; the
// page, the intake machine and the tabs are real.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { createIntake, getIntake, listIntakes, updateIntake, type StoredIntake } from '../../../src/api/intakes';
import { toApiIntake, type GeneralCaseInformation } from '../../../src/domain/intake';
import { intakeTabs } from '../../../src/domain/intake/tabs';
import { writeUnsavedCopy } from '../../../src/ui/pages/intake/form/unsavedCopy';
import { MERGE_TEXT } from '../../../src/ui/pages/intake/merge/mergeText';
import { intakeTexts } from '../../../src/domain/texts';
import { fullValidIntake } from '../../domain/intake/fixtures';
import { renderApp, signedInAs } from '../shell/harness';

vi.mock('../../../src/api/intakes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/intakes')>()),
  listIntakes: vi.fn(),
  getIntake: vi.fn(),
  createIntake: vi.fn(),
  updateIntake: vi.fn(),
}));

const getMock = vi.mocked(getIntake);
const createMock = vi.mocked(createIntake);
const updateMock = vi.mocked(updateIntake);
const listMock = vi.mocked(listIntakes);

const CASE_ID = 'case-42';
const VERSION = '2024-06-01T10:00:00.000Z';

function stored(intake: GeneralCaseInformation, overrides: Partial<StoredIntake> = {}): StoredIntake {
  return {
    ...toApiIntake(intake),
    caseId: CASE_ID,
    createdAt: '2024-05-30T10:00:00.000Z',
    updatedAt: VERSION,
    representativeName: 'Rita Example',
    status: 'draft',
    ...overrides,
  };
}

function savedAnswer(status: 'draft' | 'final'): StoredIntake {
  return stored(fullValidIntake(), { status, updatedAt: '2024-06-02T10:00:00.000Z' });
}

async function openForm(path: string) {
  const user = userEvent.setup();
  const app = renderApp({ path });
  await screen.findByRole('tablist', { name: 'Intake sections' }, { timeout: 15_000 });
  return { user, app };
}

/**
 * The form's own buttons: not the shell's, the tabs', nor those of the engagement and conflict
 * panels beside the form, which load on their own and have their own tests
 * (tests/e2e/model/engagementDialog.test.ts, tests/e2e/model/conflictPanel.test.ts).
 */
function buttonNames(): string[] {
  return screen
    .getAllByRole('button')
    .filter(
      (button) =>
        !button.closest(
          'nav, aside, header, [role="tablist"], [aria-labelledby="conflict-check-title"], [role="group"][aria-label="Engagement"]',
        ),
    )
    .map((button) => button.textContent ?? '');
}

let userId = '';

// The first test also transforms the form's chunk (seven tabs and their fields) on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  for (const mock of [getMock, createMock, updateMock, listMock]) mock.mockReset();
  listMock.mockResolvedValue({ rows: [], totalRecords: 0 });
  userId = signedInAs('representative', 'Rita').id;
  // jsdom does not scroll; the page calls it on Back and Next (docs/product/intake-form.md).
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('create mode (/new-intake)', () => {
  it("shows the seven tabs, Back, Next and 'Save As Draft'", async () => {
    await openForm('/new-intake');

    expect(screen.getByRole('heading', { level: 1, name: 'New Intake' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(intakeTabs.map((tab) => tab.name));
    expect(screen.getByRole('tab', { name: 'Client Personal Information' })).toHaveAttribute('aria-selected', 'true');
    expect(buttonNames()).toEqual(['Back', 'Next', 'Save As Draft']);
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    // No caseId yet: no PDF buttons (docs/product/intake-form.md; tests/ui/pages/intakePdf.test.tsx).
    expect(screen.queryByRole('button', { name: 'Preview PDF' })).not.toBeInTheDocument();
  });

  it('asks for the names, then saves a draft and stays in create mode', async () => {
    createMock.mockResolvedValue(stored(fullValidIntake()));
    getMock.mockResolvedValue(stored(fullValidIntake()));
    const { user, app } = await openForm('/new-intake');

    await user.click(screen.getByRole('button', { name: 'Save As Draft' }));
    expect(await screen.findByText('Please enter your First Name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your Last Name')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Client Personal Information/ })).toHaveTextContent('(has errors)');
    expect(createMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('First Name', { exact: false }), 'Alex');
    await user.type(screen.getByLabelText('Last Name', { exact: false }), 'Sample');
    expect(screen.queryByText('Please enter your First Name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save As Draft' }));

    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(createMock).toHaveBeenCalledWith(
      userId,
      expect.objectContaining({
        status: 'draft',
        personalInformation: expect.objectContaining({ firstName: 'Alex', lastName: 'Sample' }),
      }),
    );
    // Still create mode, now at an address that names the saved intake (a reload reopens it).
    await waitFor(() => expect(app.pathname()).toBe(`/intake-details/create/${CASE_ID}`));
    // The same form stays: nothing is loaded again, and what was typed is still there.
    expect(getMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('First Name', { exact: false })).toHaveValue('Alex');
    expect(await screen.findByRole('button', { name: 'Save As Draft' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'New Intake' })).toBeInTheDocument();
  });

  it('moves with Next and Back, scrolling to the top, and shows Submit instead of Next on the last tab', async () => {
    const { user } = await openForm('/new-intake');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('tab', { name: 'Client Vehicle Information' })).toHaveAttribute('aria-selected', 'true');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('tab', { name: 'Client Personal Information' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'To Discuss with Client' }));
    expect(buttonNames().filter((name) => ['Next', 'Submit'].includes(name))).toEqual(['Submit']);
  });

  it('toasts the first failing tab on Submit and shows it (docs/product/intake-form.md)', async () => {
    const { user } = await openForm('/new-intake');
    await user.type(screen.getByLabelText('First Name', { exact: false }), 'Alex');
    await user.click(screen.getByRole('tab', { name: 'To Discuss with Client' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Please fill required fields in the "Client Personal Information" tab.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Client Personal Information/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Please enter your Last Name')).toBeInTheDocument();
    expect(createMock).not.toHaveBeenCalled();
  });

  it("shows the spec's toast when the save fails and keeps what was typed", async () => {
    createMock.mockRejectedValue(ApiError.noResponse(new TypeError('Failed to fetch')));
    const { user } = await openForm('/new-intake');
    await user.type(screen.getByLabelText('First Name', { exact: false }), 'Alex');
    await user.type(screen.getByLabelText('Last Name', { exact: false }), 'Sample');
    await user.click(screen.getByRole('button', { name: 'Save As Draft' }));

    expect(await screen.findByText('An error occurred while creating the intake. Please try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Last Name', { exact: false })).toHaveValue('Sample');
  });
});

describe('edit mode (/intake-details/edit/{caseId})', () => {
  it("loads the draft and saves it after the 'Save changes' question", async () => {
    getMock.mockResolvedValue(stored(fullValidIntake()));
    updateMock.mockResolvedValue(savedAnswer('draft'));
    const { user } = await openForm(`/intake-details/edit/${CASE_ID}`);

    expect(getMock).toHaveBeenCalledWith(CASE_ID);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Intake' })).toBeInTheDocument();
    expect(screen.getByLabelText('First Name', { exact: false })).toHaveValue('Alex');
    expect(buttonNames()).toEqual(['History', 'Send to client', 'Preview PDF', 'Back', 'Next', 'Save Changes']);

    await user.clear(screen.getByLabelText('Middle Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save changes' });
    expect(within(dialog).getByText('Are you sure you want to save the changes you made?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(updateMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Intake updated successfully!')).toBeInTheDocument();
    expect(updateMock).toHaveBeenCalledWith(
      CASE_ID,
      userId,
      expect.objectContaining({ status: 'draft', personalInformation: expect.objectContaining({ middleName: '' }) }),
      VERSION,
    );
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it("submits a complete intake as final, toasts 'Intake created successfully!' and goes to the list", async () => {
    getMock.mockResolvedValue(stored(fullValidIntake()));
    updateMock.mockResolvedValue(savedAnswer('final'));
    const { user, app } = await openForm(`/intake-details/edit/${CASE_ID}`);

    await user.click(screen.getByRole('tab', { name: 'To Discuss with Client' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Intake created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/intake-list'));
    expect(updateMock).toHaveBeenCalledWith(CASE_ID, userId, expect.objectContaining({ status: 'final' }), VERSION);
  });

  it('puts the version someone else saved beside the edits, and saves on top of it (409 intake_stale)', async () => {
    getMock.mockResolvedValue(stored(fullValidIntake()));
    updateMock.mockRejectedValueOnce(
      new ApiError({ message: 'The intake changed', code: 'intake_stale' }, { status: 409, statusText: 'Conflict' }),
    );
    const { user } = await openForm(`/intake-details/edit/${CASE_ID}`);
    await user.type(screen.getByLabelText('Seating Position', { exact: false }), ' seat');
    // Meanwhile someone else stored another seating position.
    const THEIRS = '2024-06-03T10:00:00.000Z';
    const theirs = fullValidIntake();
    getMock.mockResolvedValue(
      stored({ ...theirs, personalInformation: { ...theirs.personalInformation, seatingPosition: 'Rear left' } }, { updatedAt: THEIRS }),
    );
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(intakeTexts.merged(1))).toBeInTheDocument();
    expect(screen.getByLabelText('Seating Position', { exact: false })).toHaveValue('Driver seat');
    expect(screen.getByText(MERGE_TEXT.theySaved('Rear left'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MERGE_TEXT.useTheirs }));
    expect(screen.getByLabelText('Seating Position', { exact: false })).toHaveValue('Rear left');
    expect(screen.queryByText(intakeTexts.conflicts(1))).not.toBeInTheDocument();

    updateMock.mockResolvedValue(stored(fullValidIntake(), { updatedAt: '2024-06-03T11:00:00.000Z' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Intake updated successfully!')).toBeInTheDocument();
    expect(updateMock).toHaveBeenLastCalledWith(CASE_ID, userId, expect.anything(), THEIRS);
  });

  it('opens a final intake read-only even at an edit address (docs/product/intake-form.md)', async () => {
    getMock.mockResolvedValue(stored(fullValidIntake(), { status: 'final' }));
    await openForm(`/intake-details/edit/${CASE_ID}`);

    expect(screen.getByRole('heading', { level: 1, name: 'View Intake' })).toBeInTheDocument();
    expect(buttonNames()).toEqual(['History', 'Download PDF', 'Preview PDF', 'Back', 'Next']);
  });

  it('says so when the intake cannot be loaded, and tries again', async () => {
    getMock.mockRejectedValue(ApiError.noResponse(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderApp({ path: `/intake-details/edit/${CASE_ID}` });

    const failure = await screen.findByText('The intake could not be loaded.', {}, { timeout: 15_000 });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    getMock.mockResolvedValue(stored(fullValidIntake()));
    await user.click(within(failure.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tablist', { name: 'Intake sections' })).toBeInTheDocument();
  });
});

describe('view mode (/intake-details/view/{caseId})', () => {
  it('disables every input and shows only Back and Next', async () => {
    getMock.mockResolvedValue(stored(fullValidIntake()));
    const { user } = await openForm(`/intake-details/view/${CASE_ID}`);

    expect(buttonNames()).toEqual(['History', 'Preview PDF', 'Back', 'Next']);
    for (const tab of intakeTabs) {
      await user.click(screen.getByRole('tab', { name: tab.name }));
      const panel = screen.getByRole('tabpanel');
      const controls = Array.from(panel.querySelectorAll('input, select, textarea'));
      expect(controls.length, tab.name).toBeGreaterThan(0);
      for (const control of controls) expect(control, `${tab.name}: ${control.getAttribute('name') ?? ''}`).toBeDisabled();
    }
    // The last tab keeps Next (disabled) and shows no Submit.
    expect(buttonNames()).toEqual(['History', 'Preview PDF', 'Back', 'Next']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the not-found page for any other mode', async () => {
    renderApp({ path: `/intake-details/print/${CASE_ID}` });
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(getMock).not.toHaveBeenCalled();
  });
});

describe('nothing typed is lost', () => {
  it('offers the copy left before a reload: Restore takes it back', async () => {
    writeUnsavedCopy(sessionStorage, { userId, caseId: null }, { intake: { ...fullValidIntake(), caseId: null }, base: null });
    const user = userEvent.setup();
    renderApp({ path: '/new-intake' });

    expect(
      await screen.findByText('You have unsaved changes from before the page was reloaded.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByLabelText('First Name', { exact: false })).toHaveValue('Alex');
    // SSN/ITIN digits are never kept in storage.
    expect(screen.getByLabelText('SSN/ITIN', { exact: false })).toHaveValue('');
  });

  it('Discard drops the copy and shows a blank form', async () => {
    writeUnsavedCopy(sessionStorage, { userId, caseId: null }, { intake: { ...fullValidIntake(), caseId: null }, base: null });
    const user = userEvent.setup();
    renderApp({ path: '/new-intake' });

    await user.click(await screen.findByRole('button', { name: 'Discard' }, { timeout: 15_000 }));
    expect(await screen.findByLabelText('First Name', { exact: false })).toHaveValue('');
    expect(sessionStorage.length).toBe(0);
  });

  it('asks before leaving unsaved changes for another page: Stay keeps them, Leave goes', async () => {
    const { user, app } = await openForm('/new-intake');
    await user.type(screen.getByLabelText('First Name', { exact: false }), 'Alex');

    await user.click(screen.getByRole('link', { name: 'Intakes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(within(dialog).getByText('You have unsaved changes. Leave without saving?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(app.pathname()).toBe('/new-intake');
    expect(screen.getByLabelText('First Name', { exact: false })).toHaveValue('Alex');

    await user.click(screen.getByRole('link', { name: 'Intakes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(app.pathname()).toBe('/intake-list'));
  });

  it('asks the browser to confirm closing the tab while changes are unsaved, and writes the copy when hidden', async () => {
    const { user } = await openForm('/new-intake');
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);

    await user.type(screen.getByLabelText('First Name', { exact: false }), 'Alex');
    const after = new Event('beforeunload', { cancelable: true });
    act(() => {
      window.dispatchEvent(after);
    });
    expect(after.defaultPrevented).toBe(true);
    // Written at once, without waiting for the quiet time.
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.getItem(sessionStorage.key(0) ?? '')).toContain('"firstName":"Alex"');
  });
});
