// The intake PDF on the form page (docs/product/pdf.md Intake form screen, 'PDF preview, download and
// fill rules': which PDF buttons show when, 'Loading PDF...' while the
// document is built, the draft overlay, and the download's file name. The fetchers and the two
// lazily loaded modules (the fill worker's client and the viewer) are mocked; the page, the intake
// machine, the modal and the download code are real. Chromium runs the real ones in
// tests/e2e/intakePdf.test.ts.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIntake, getIntake, listIntakes, revealIntakeSsn, type StoredIntake } from '../../../src/api/intakes';
import { toApiIntake, type GeneralCaseInformation } from '../../../src/domain/intake';
import { fillIntakePdfInWorker } from '../../../src/pdf/fillInWorker';
import { OBJECT_URL_LIFETIME_MS } from '../../../src/ui/pages/intake/pdf/downloadPdf';
import { fullValidIntake } from '../../domain/intake/fixtures';
import { renderApp, signedInAs } from '../shell/harness';

vi.mock('../../../src/api/intakes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/intakes')>()),
  listIntakes: vi.fn(),
  getIntake: vi.fn(),
  createIntake: vi.fn(),
  updateIntake: vi.fn(),
  revealIntakeSsn: vi.fn(),
}));

// jsdom has no Worker: the page's lazy `import('.../fillInWorker')` gets this instead.
vi.mock('../../../src/pdf/fillInWorker', () => ({ fillIntakePdfInWorker: vi.fn() }));

// jsdom has no canvas for pdf.js: the viewer shows which bytes it was given, and that its worker
// setting was mounted.
vi.mock('../../../src/ui/pages/intake/pdf/PdfViewer', () => ({
  PdfWorker: () => <span data-testid="pdf-worker" hidden />,
  PdfViewer: ({ bytes }: { bytes: Uint8Array }) => <div data-testid="pdf-document">{new TextDecoder().decode(bytes)}</div>,
}));

const getMock = vi.mocked(getIntake);
const createMock = vi.mocked(createIntake);
const listMock = vi.mocked(listIntakes);
const fillMock = vi.mocked(fillIntakePdfInWorker);
const revealMock = vi.mocked(revealIntakeSsn);

const CASE_ID = 'case-pdf-7';
const PDF_TEXT = '%PDF-1.7 made-up intake';
const pdfBytes = () => new TextEncoder().encode(PDF_TEXT);

function stored(intake: GeneralCaseInformation, status: 'draft' | 'final'): StoredIntake {
  return {
    ...toApiIntake(intake),
    caseId: CASE_ID,
    createdAt: '2024-05-30T10:00:00.000Z',
    updatedAt: '2024-06-01T10:00:00.000Z',
    representativeName: 'Rita Example',
    status,
  };
}

/** A promise the test settles, to look at the screen while the document is being built. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** jsdom's Blob has no arrayBuffer()/text(); its FileReader reads it. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function openForm(path: string) {
  const user = userEvent.setup();
  renderApp({ path });
  await screen.findByRole('tablist', { name: 'Intake sections' }, { timeout: 15_000 });
  return user;
}

/** The form's PDF buttons, in the order a person meets them. */
function pdfButtonNames(): string[] {
  return screen
    .getAllByRole('button')
    .map((button) => button.textContent ?? '')
    .filter((name) => name.includes('PDF'));
}

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  for (const mock of [getMock, createMock, listMock, fillMock, revealMock]) mock.mockReset();
  listMock.mockResolvedValue({ rows: [], totalRecords: 0 });
  revealMock.mockResolvedValue({ ssnItin: null });
  signedInAs('representative', 'Rita');
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});

const { createObjectURL: originalCreateObjectURL, revokeObjectURL: originalRevokeObjectURL } = URL;

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  Object.assign(URL, { createObjectURL: originalCreateObjectURL, revokeObjectURL: originalRevokeObjectURL });
});

describe('the PDF buttons (docs/product/pdf.md: above the tabs)', () => {
  it("shows no PDF button on /new-intake, and 'Preview PDF' once the first save gave a caseId", async () => {
    createMock.mockResolvedValue(stored(fullValidIntake(), 'draft'));
    getMock.mockResolvedValue(stored(fullValidIntake(), 'draft'));
    const user = await openForm('/new-intake');
    expect(pdfButtonNames()).toEqual([]);

    await user.type(screen.getByLabelText('First Name', { exact: false }), 'Alex');
    await user.type(screen.getByLabelText('Last Name', { exact: false }), 'Sample');
    await user.click(screen.getByRole('button', { name: 'Save As Draft' }));

    // The same form, now with a caseId: nothing is loaded again.
    expect(await screen.findByRole('button', { name: 'Preview PDF' })).toBeEnabled();
    expect(getMock).not.toHaveBeenCalled();
    expect(pdfButtonNames()).toEqual(['Preview PDF']);
  });

  it("offers 'Preview PDF' but not 'Download PDF' for a draft", async () => {
    getMock.mockResolvedValue(stored(fullValidIntake(), 'draft'));
    await openForm(`/intake-details/edit/${CASE_ID}`);
    expect(pdfButtonNames()).toEqual(['Preview PDF']);
  });

  it("offers 'Download PDF' and 'Preview PDF' for a final intake, above the tabs", async () => {
    getMock.mockResolvedValue(stored(fullValidIntake(), 'final'));
    await openForm(`/intake-details/view/${CASE_ID}`);
    expect(pdfButtonNames()).toEqual(['Download PDF', 'Preview PDF']);
    const tabs = screen.getByRole('tablist', { name: 'Intake sections' });
    const preview = screen.getByRole('button', { name: 'Preview PDF' });
    expect(preview.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('the preview (docs/product/pdf.md)', () => {
  it("shows 'Loading PDF...' in a modal while the draft's document is built, then the document under the draft overlay", async () => {
    const intake = fullValidIntake();
    getMock.mockResolvedValue(stored(intake, 'draft'));
    const built = deferred<Uint8Array>();
    fillMock.mockReturnValue(built.promise);
    const user = await openForm(`/intake-details/edit/${CASE_ID}`);

    await user.click(screen.getByRole('button', { name: 'Preview PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Intake Form' });
    expect(within(dialog).getByText('Loading PDF...')).toBeInTheDocument();
    expect(screen.queryByTestId('pdf-document')).not.toBeInTheDocument();
    // What is on screen is what gets printed: the form's intake, with the client's name.
    await waitFor(() => expect(fillMock).toHaveBeenCalledTimes(1));
    expect(fillMock.mock.calls[0][0]).toMatchObject({
      personalInformation: { firstName: intake.personalInformation.firstName, lastName: intake.personalInformation.lastName },
    });

    await act(async () => built.resolve(pdfBytes()));
    expect(await within(dialog).findByTestId('pdf-document')).toHaveTextContent(PDF_TEXT);
    expect(within(dialog).queryByText('Loading PDF...')).not.toBeInTheDocument();
    const frame = within(dialog).getByRole('region', { name: 'Intake form PDF' });
    expect(within(frame).getByTestId('pdf-draft-overlay')).toBeInTheDocument();
    // The viewer's worker setting lives outside the modal, mounted once for the page.
    expect(dialog).not.toContainElement(screen.getByTestId('pdf-worker'));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('pdf-worker')).toHaveLength(1);
  });

  it('shows a final intake with no overlay', async () => {
    getMock.mockResolvedValue(stored(fullValidIntake(), 'final'));
    fillMock.mockResolvedValue(pdfBytes());
    const user = await openForm(`/intake-details/view/${CASE_ID}`);

    await user.click(screen.getByRole('button', { name: 'Preview PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Intake Form' });
    expect(await within(dialog).findByTestId('pdf-document')).toHaveTextContent(PDF_TEXT);
    expect(screen.queryByTestId('pdf-draft-overlay')).not.toBeInTheDocument();
  });

  it('prints the SSN/ITIN in full, revealed for this preview, while the form keeps the mask', async () => {
    const intake = fullValidIntake();
    const masked = { ...stored(intake, 'draft') };
    masked.personalInformation = { ...masked.personalInformation, status: 'hasSsn', ssnItin: '***-**-6789' };
    getMock.mockResolvedValue(masked);
    revealMock.mockResolvedValue({ ssnItin: '123-45-6789' });
    fillMock.mockResolvedValue(pdfBytes());
    const user = await openForm(`/intake-details/edit/${CASE_ID}`);

    await user.click(screen.getByRole('button', { name: 'Preview PDF' }));
    await waitFor(() => expect(fillMock).toHaveBeenCalledTimes(1));

    expect(revealMock).toHaveBeenCalledWith(CASE_ID, 'pdfPreview');
    expect(fillMock.mock.calls[0]?.[0]).toMatchObject({ personalInformation: { ssnItin: '123-45-6789' } });
    expect(screen.getByRole('textbox', { name: /^SSN\/ITIN/, hidden: true })).toHaveValue('***-**-6789');

    // Each preview is revealed (and recorded) again.
    const dialog = await screen.findByRole('dialog', { name: 'Intake Form' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Preview PDF' }));
    await waitFor(() => expect(revealMock).toHaveBeenCalledTimes(2));
  });

  it('closes and says so when the document could not be built', async () => {
    getMock.mockResolvedValue(stored(fullValidIntake(), 'draft'));
    fillMock.mockRejectedValue(new Error('Could not load /intake-template.pdf (HTTP 404)'));
    const user = await openForm(`/intake-details/edit/${CASE_ID}`);

    await user.click(screen.getByRole('button', { name: 'Preview PDF' }));
    expect(await screen.findByText('The PDF could not be built. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Preview PDF' })).toBeEnabled();
  });
});

describe("'Download PDF' (intake spec 'PDF preview, download and fill rules')", () => {
  it("saves the built document as 'Intake Form.pdf', shows its spinner meanwhile, and frees the URL after", async () => {
    getMock.mockResolvedValue(stored(fullValidIntake(), 'final'));
    const built = deferred<Uint8Array>();
    fillMock.mockReturnValue(built.promise);
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:intake-pdf-1';
    });
    const revokeObjectURL = vi.fn();
    // jsdom implements neither; afterEach puts back what was there.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicks: Array<{ href: string; download: string; connected: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, connected: this.isConnected });
    });
    const user = await openForm(`/intake-details/view/${CASE_ID}`);

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    // The button shows the shared loading state (docs/product/pdf.md) while the file is built.
    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect(busy).toBeDisabled();
    expect(clicks).toEqual([]);

    expect(revealMock).toHaveBeenCalledWith(CASE_ID, 'pdfDownload');
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await act(async () => built.resolve(pdfBytes()));
    expect(clicks).toEqual([{ href: 'blob:intake-pdf-1', download: 'Intake Form.pdf', connected: true }]);
    expect(blobs).toHaveLength(1);
    expect(blobs[0].type).toBe('application/pdf');
    expect(await textOf(blobs[0])).toBe(PDF_TEXT);
    // Nothing left in the page, and no dialog: the file goes straight to the browser.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();

    expect(revokeObjectURL).not.toHaveBeenCalled();
    void act(() => vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:intake-pdf-1');
  });

  it('says so when the file could not be built', async () => {
    getMock.mockResolvedValue(stored(fullValidIntake(), 'final'));
    fillMock.mockRejectedValue(new Error('The PDF worker stopped'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const user = await openForm(`/intake-details/view/${CASE_ID}`);

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('The PDF could not be built. Please try again.')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });
});
