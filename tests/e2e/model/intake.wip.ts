// WORK IN PROGRESS, not run (no .test.ts): its planning took over five minutes on the shared machine and
// no path was driven yet. See the branch report; rename to intake.test.ts once planning is cut down.
// The intake machine's planned paths driven through the intake form in Chromium, against the real
// server (DESIGN.md, model-based tests; docs/product/intake-form.md, docs/product/pdf.md). All
// three route modes: /new-intake and /intake-details/create/{id}, edit and view. Each event
// becomes what a person or the server does (the table `actions`): typing, a tab, Back, Next, Save
// As Draft, the confirm dialog, Submit, Preview PDF and its Close, Download PDF, the restore
// offer, 'Reload intake', 'Try again', the page hidden, the page's clock moved past the quiet
// time, and the server's answers to held calls (the real answer, or a refusal the step asks for).
// The fewest planned paths that take every transition run (coveringPaths), each in a fresh
// context of one browser, signed in once; stored intakes are set up through the API.
import type { Browser, BrowserContext, Download, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { toApiIntake, type GeneralCaseInformation } from '../../../src/domain/intake';
import { intakeTabs } from '../../../src/domain/intake/tabs';
import { intakeTexts } from '../../../src/domain/texts';
import { intakeMachine, UNSAVED_COPY_DELAY_MS, type IntakeMachineInput } from '../../../src/machines/intake.machine';
import { readUnsavedCopy, unsavedCopyKey, writeUnsavedCopy } from '../../../src/ui/pages/intake/form/unsavedCopy';
import { createdIntake, updateIntake, type Caller } from '../../api/support/intakes';
import { fullValidIntake } from '../../domain/intake/fixtures';
import { collectTransitions, describePath, planModel, recordBrowserCoverage, traversedTransitions } from '../../machines/modelCoverage';
import { MemoryStorage } from '../../support/memoryStorage';
import { signIn, startE2eApp, type E2eApp } from '../support/app';
import { desktopViewport, launchChromium } from '../support/browser';
import { field, panel, storedIntake } from '../support/intakeForm';
import { holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, describeTransitions, drivePath, type Drive, type PlannedPath, type StepContext } from './support/modelDrive';

type IntakeSnapshot = SnapshotFrom<typeof intakeMachine>;

const LAST_TAB = intakeTabs.length - 1;
const TEXT = {
  draftSaved: intakeTexts.draftSaved,
  updated: 'Intake updated successfully!',
  created: 'Intake created successfully!',
  failed: 'An error occurred while creating the intake. Please try again later.',
  restoreOffer: 'You have unsaved changes from before the page was reloaded.',
  loading: 'Loading intake...',
  loadFailed: 'The intake could not be loaded.',
};

// ---------------------------------------------------------------------------------------------
// Planning. The model's intakes are the ones the browser sees: the stored intake is the fully valid
// fixture, the copies on offer are written as the page reads them.

const MODEL_USER = 'model-user';
const MODEL_CASE = 'model-case';
const VERSION_1 = '2024-06-01T09:00:00.000Z';
const VERSION_2 = '2024-06-02T09:00:00.000Z';

const storedValid = (): GeneralCaseInformation => ({ ...fullValidIntake(), caseId: null, status: 'draft' });
const storedSample = { ...toApiIntake(storedValid()), caseId: MODEL_CASE, status: 'draft' as const, updatedAt: VERSION_1 };
const finalSample = { ...storedSample, status: 'final' as const };
/** A stored birth date the form cannot read: the server never sends one, so the held load gets it. */
const unreadableSample = { ...storedSample, personalInformation: { ...storedSample.personalInformation, birthDate: 'last spring' } };

/** A complete copy without SSN digits: 'No SSN', so that it submits as it is. */
function copyOf(intake: GeneralCaseInformation, caseId: string | null): GeneralCaseInformation {
  const storage = new MemoryStorage();
  const owner = { userId: MODEL_USER, caseId };
  const withoutSsn = { ...intake, personalInformation: { ...intake.personalInformation, status: 'noSsn' as const, ssnItin: '' } };
  writeUnsavedCopy(storage, owner, { ...withoutSsn, personalInformation: { ...withoutSsn.personalInformation, lastName: 'Copied' } });
  const copy = readUnsavedCopy(storage, owner);
  if (!copy) throw new Error('The copy could not be read back');
  return copy;
}

const namesEmptied = { type: 'field.change', path: 'personalInformation.firstName', value: '' } as const;
const firstNameTyped = { type: 'field.change', path: 'personalInformation.firstName', value: 'Avery' } as const;
const lastNameTyped = { type: 'field.change', path: 'personalInformation.lastName', value: 'Modelpath' } as const;
/** The 'Text' box of 'Phone usage' (tab 1): one `fields.change`; never empties the answer. */
const phoneUsageTicked = { type: 'fields.change', changes: [{ path: 'personalInformation.phoneUsages', value: ['call'] }] } as const;

const staleError = { status: 409, code: 'intake_stale', message: 'The intake changed since it was loaded' };
const finalError = { status: 409, code: 'intake_final', message: 'The intake is final' };
const serverError = { status: 500, code: 'http_500', message: 'Internal Server Error' };

const samples: AnyEventObject[] = [
  namesEmptied,
  firstNameTyped,
  lastNameTyped,
  phoneUsageTicked,
  { type: 'tab.select', index: LAST_TAB },
  { type: 'xstate.done.actor.loadIntake', output: storedSample },
  { type: 'xstate.done.actor.loadIntake', output: finalSample },
  { type: 'xstate.done.actor.loadIntake', output: unreadableSample },
  { type: 'xstate.error.actor.loadIntake', error: { status: 503, code: 'http_503', message: 'Service Unavailable' } },
  { type: 'xstate.done.actor.saveIntake', output: { caseId: MODEL_CASE, updatedAt: VERSION_2, status: 'draft' } },
  { type: 'xstate.error.actor.saveIntake', error: staleError },
  { type: 'xstate.error.actor.saveIntake', error: finalError },
  { type: 'xstate.error.actor.saveIntake', error: serverError },
  { type: 'xstate.done.actor.buildPdf', output: new Uint8Array([37, 80, 68, 70]) },
  { type: 'xstate.error.actor.buildPdf', error: { message: 'The reveal failed' } },
  { type: 'xstate.done.actor.downloadPdf' },
  { type: 'xstate.error.actor.downloadPdf', error: { message: 'The reveal failed' } },
];

const isTabEvent = (type: string) => type.startsWith('tab.');
const isPdfEvent = (type: string) => type.startsWith('pdf.') || type.includes('.actor.buildPdf') || type.includes('.actor.downloadPdf');
const isCopyTimingEvent = (type: string) => type === 'unsavedCopy.flush' || type.startsWith('xstate.after.');
const isLoadResult = (type: string) => type.includes('.actor.loadIntake');
const lifecycleOnly = (type: string) => !isTabEvent(type) && !isPdfEvent(type) && !isCopyTimingEvent(type);
const copyAndSaving = (type: string) => !isTabEvent(type) && !isPdfEvent(type) && type !== 'final.submit';

type Entry = 'new' | 'create' | 'edit' | 'view';

interface Scenario {
  name: string;
  route: Entry;
  input: IntakeMachineInput;
  offer: (type: string) => boolean;
}

const scenarios: Scenario[] = [
  {
    name: 'new intake',
    route: 'new',
    input: { mode: 'create', userId: MODEL_USER },
    offer: (type) => lifecycleOnly(type) && !isLoadResult(type),
  },
  {
    name: 'new intake with a complete copy',
    route: 'new',
    input: { mode: 'create', userId: MODEL_USER, unsavedCopy: copyOf(storedValid(), null) },
    offer: (type) => isTabEvent(type) || type.startsWith('restore.') || type === 'final.submit' || type.includes('.actor.saveIntake'),
  },
  {
    name: 'new intake with a copy, the copy timing',
    route: 'new',
    input: { mode: 'create', userId: MODEL_USER, unsavedCopy: copyOf(storedValid(), null) },
    offer: (type) => copyAndSaving(type) && !isLoadResult(type),
  },
  {
    name: 'stored draft in edit mode',
    route: 'edit',
    input: { mode: 'edit', caseId: MODEL_CASE, userId: MODEL_USER },
    offer: lifecycleOnly,
  },
  {
    name: 'stored draft in edit mode, the copy timing',
    route: 'edit',
    input: { mode: 'edit', caseId: MODEL_CASE, userId: MODEL_USER },
    offer: (type) => copyAndSaving(type) && type !== 'restore.accept',
  },
  {
    name: 'stored draft in edit mode with a copy',
    route: 'edit',
    input: { mode: 'edit', caseId: MODEL_CASE, userId: MODEL_USER, unsavedCopy: copyOf(storedValid(), MODEL_CASE) },
    offer: (type) => type.startsWith('restore.') || isLoadResult(type),
  },
  {
    name: 'view mode',
    route: 'view',
    input: { mode: 'view', caseId: MODEL_CASE, userId: MODEL_USER },
    offer: (type) => isTabEvent(type) || isPdfEvent(type) || isLoadResult(type),
  },
  {
    name: 'create route of a stored draft',
    route: 'create',
    input: { mode: 'create', caseId: MODEL_CASE, userId: MODEL_USER },
    offer: isLoadResult,
  },
];

interface IntakePath extends PlannedPath {
  scenario: Scenario;
}

// ---------------------------------------------------------------------------------------------
// What a person can do on the screen in a state: the form body is hidden while the intake loads
// and while the restore offer waits; a dialog (the save question, the preview) leaves only its
// own buttons; a submit on its way locks the form; after it the page is the list.

function formShown(snapshot: IntakeSnapshot): boolean {
  return snapshot.matches({ lifecycle: 'ready' }) && !snapshot.matches({ lifecycle: { ready: { form: 'offeringRestore' } } });
}

function dialogOpen(snapshot: IntakeSnapshot): boolean {
  return (
    snapshot.matches({ lifecycle: { ready: { form: 'confirmingSave' } } }) ||
    !snapshot.matches({ lifecycle: { ready: { pdfPreview: 'closed' } } })
  );
}

function submitted(snapshot: IntakeSnapshot): boolean {
  return snapshot.matches({ lifecycle: { ready: { form: 'submitted' } } });
}

function formFree(snapshot: IntakeSnapshot): boolean {
  return (
    formShown(snapshot) &&
    !dialogOpen(snapshot) &&
    !submitted(snapshot) &&
    !snapshot.matches({ lifecycle: { ready: { form: { saving: 'final' } } } })
  );
}

/** Which of a path's events a person (or the page) can cause in the state before it. */
function offeredOnScreen(before: IntakeSnapshot, type: string): boolean {
  if (type.startsWith('xstate.')) return true;
  if (type === 'unsavedCopy.flush') return !submitted(before);
  if (type.startsWith('confirm.')) return true;
  if (type.startsWith('restore.') || type.startsWith('intake.')) return true;
  if (type === 'pdf.close') return true;
  if (type === 'field.change' || type === 'fields.change') {
    return formShown(before) && !dialogOpen(before) && !submitted(before);
  }
  if (type.startsWith('tab.') || type === 'pdf.preview' || type === 'pdf.download' || type === 'draft.save' || type === 'final.submit') {
    return formFree(before) && !before.matches({ lifecycle: { ready: { form: 'saving' } } });
  }
  return false;
}

/**
 * A load answer the server can give: once the stored intake is final it stays final; a final one
 * is made so through the API, which needs the complete stored intake (not one this path created).
 */
function serverCanAnswer(path: PlannedPath['path'], scenario: Scenario): boolean {
  let final = false;
  for (const [index, step] of path.steps.entries()) {
    if (index === 0) continue;
    const before = path.steps[index - 1].state as IntakeSnapshot;
    const { event } = step;
    if (!offeredOnScreen(before, event.type)) return false;
    if (event.type === 'xstate.done.actor.saveIntake' && before.matches({ lifecycle: { ready: { form: { saving: 'final' } } } }))
      final = true;
    if (event.type === 'xstate.error.actor.saveIntake' && (event.error as { code: string }).code === 'intake_final') {
      if (scenario.route === 'new') return false;
      final = true;
    }
    if (event.type === 'xstate.done.actor.loadIntake') {
      const status = (event.output as { status: string }).status;
      if (status === 'final') final = true;
      else if (final) return false;
    }
  }
  return true;
}

const candidates: IntakePath[] = scenarios.flatMap((scenario) =>
  planModel(intakeMachine, { events: samples, input: scenario.input, offer: scenario.offer })
    .paths.filter((path) => serverCanAnswer(path, scenario))
    .map((path) => ({ path, scenario, transitions: traversedTransitions(intakeMachine, [path], { input: scenario.input }) })),
);
const driven = coveringPaths(candidates);
const completed: IntakePath[] = [];

// ---------------------------------------------------------------------------------------------
// The app

let app: E2eApp;
let browser: Browser;
let caller: Caller;
/** The signed-in browser storage, reused by every path's fresh context. */
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  caller = { user: app.owner, token: await app.server.login(app.owner.email, app.owner.password) };
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: desktopViewport });
  const page = await context.newPage();
  await signIn(page, app.owner);
  signedIn = await context.storageState();
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** One path's page, its held calls and what the driver knows of the stored intake. */
interface Run {
  page: Page;
  loads: HeldRequests;
  creates: HeldRequests;
  updates: HeldRequests;
  reveals: HeldRequests;
  downloads: Download[];
  caseId: string | null;
  clockPaused: boolean;
}

const isIntakePath = (pathname: string) => /^\/v1\/intake\/[^/]+$/.test(pathname);
const isRevealPath = (pathname: string) => /^\/v1\/intake\/[^/]+\/reveal$/.test(pathname);

async function stored(caseId: string) {
  return storedIntake(app, caseId);
}

/** Someone else saves the stored intake first: its version moves on. */
async function savedElsewhere(caseId: string): Promise<void> {
  const current = await stored(caseId);
  const { response } = await updateIntake(app.server, caller, caseId, { ...storedValid(), status: current.status }, current.updatedAt);
  expect(response.status).toBe(200);
}

/** Someone else submits the stored intake. */
async function submittedElsewhere(caseId: string): Promise<void> {
  const current = await stored(caseId);
  if (current.status === 'final') return;
  const { response } = await updateIntake(app.server, caller, caseId, { ...storedValid(), status: 'final' }, current.updatedAt);
  expect(response.status).toBe(200);
}

function errorBody(error: { status: number; code: string; message: string }) {
  return { status: error.status, contentType: 'application/json', body: JSON.stringify({ message: error.message, code: error.code }) };
}

function saveHolder(run: Run, before: IntakeSnapshot): HeldRequests {
  return before.context.caseId === null ? run.creates : run.updates;
}

async function alignTab(page: Page, index: number): Promise<void> {
  const tab = page.getByRole('tab', { name: new RegExp(intakeTabs[index].name) });
  if ((await tab.getAttribute('aria-selected')) === 'true') return;
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

/** Acts on the first tab (where the names and 'Phone usage' are), then goes back to the model's tab. */
async function onFirstTab(page: Page, tab: number, work: () => Promise<void>): Promise<void> {
  await alignTab(page, 0);
  await work();
  await alignTab(page, tab);
}

function button(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true });
}

type Action = (run: Run, step: StepContext) => Promise<void>;

/**
 * What a person or the server does for each event of a path: the one table to extend when the
 * machine takes a new event. Buttons by their accessible names (docs/product/intake-form.md).
 */
const actions: Record<string, Action> = {
  'field.change': async ({ page }, { before, event }) => {
    const snapshot = before as IntakeSnapshot;
    await onFirstTab(page, snapshot.context.currentTab, async () => {
      if (event.path === 'personalInformation.firstName') await field(page, 'personalInformation.firstName').fill(String(event.value));
      else if (event.path === 'personalInformation.lastName') await field(page, 'personalInformation.lastName').fill(String(event.value));
      else throw new Error(`No field known for ${String(event.path)}`);
    });
  },
  'fields.change': async ({ page }, { before }) => {
    await onFirstTab(page, (before as IntakeSnapshot).context.currentTab, () =>
      panel(page)
        .getByLabel(/^\s*Text\s*$/)
        .click(),
    );
  },
  'tab.select': ({ page }, { event }) => page.getByRole('tab', { name: new RegExp(intakeTabs[event.index as number].name) }).click(),
  'tab.next': ({ page }) => button(page, 'Next').click(),
  'tab.back': ({ page }) => button(page, 'Back').click(),
  'draft.save': async ({ page }, { before }) => {
    const createMode = (before as IntakeSnapshot).matches({ mode: 'create' });
    await button(page, createMode ? 'Save As Draft' : 'Save Changes').click();
  },
  'confirm.save': ({ page }) => page.getByRole('dialog', { name: 'Save changes' }).getByRole('button', { name: 'Save' }).click(),
  'confirm.cancel': ({ page }) => page.getByRole('dialog', { name: 'Save changes' }).getByRole('button', { name: 'Cancel' }).click(),
  // Submit is on the last tab: a person goes there first.
  'final.submit': async ({ page }) => {
    await alignTab(page, LAST_TAB);
    await button(page, 'Submit').click();
  },
  'intake.retry': ({ page }) => button(page, 'Try again').click(),
  'intake.reload': ({ page }) => button(page, 'Reload intake').click(),
  'restore.accept': ({ page }) => button(page, 'Restore').click(),
  'restore.decline': ({ page }) => button(page, 'Discard').click(),
  'pdf.preview': ({ page }) => button(page, 'Preview PDF').click(),
  'pdf.close': ({ page }) => page.getByRole('dialog', { name: 'Intake Form' }).getByRole('button', { name: 'Close' }).click(),
  'pdf.download': ({ page }) => button(page, 'Download PDF').click(),
  // The page is hidden (a reload, a closed tab, another task): it writes its copy at once.
  'unsavedCopy.flush': ({ page }) => page.evaluate(() => void window.dispatchEvent(new Event('pagehide'))),
  // The quiet time passes on the page's clock, which stands still while a copy is pending.
  'xstate.after.unsavedCopyDelay.intake.lifecycle.ready.changes.dirty.pending': ({ page }) => page.clock.runFor(UNSAVED_COPY_DELAY_MS),
  'xstate.done.actor.loadIntake': async (run, { event }) => {
    const output = event.output as { status: string; personalInformation: { birthDate: string } };
    if (output.status === 'final' && run.caseId) await submittedElsewhere(run.caseId);
    await run.loads.settle(
      () => true,
      'the intake load',
      async (route) => {
        if (output !== unreadableSample) return route.continue();
        const response = await route.fetch();
        const body = (await response.json()) as { data: { personalInformation: Record<string, unknown> } };
        body.data.personalInformation.birthDate = output.personalInformation.birthDate;
        await route.fulfill({ response, json: body });
      },
    );
  },
  'xstate.error.actor.loadIntake': (run) =>
    run.loads.settle(
      () => true,
      'the intake load',
      (route) => route.fulfill(errorBody({ status: 503, code: 'http_503', message: 'Service Unavailable' })),
    ),
  'xstate.done.actor.saveIntake': (run, { before }) =>
    saveHolder(run, before as IntakeSnapshot).settle(
      () => true,
      'the save',
      (route) => route.continue(),
    ),
  'xstate.error.actor.saveIntake': async (run, { before, event }) => {
    const { code } = event.error as { code: string };
    const holder = saveHolder(run, before as IntakeSnapshot);
    // A first save (POST) has no stored version: any refusal is a failure the server sends.
    const real = (before as IntakeSnapshot).context.caseId !== null && run.caseId !== null && code !== 'http_500';
    if (real && run.caseId && code === 'intake_stale') await savedElsewhere(run.caseId);
    if (real && run.caseId && code === 'intake_final') await submittedElsewhere(run.caseId);
    await holder.settle(
      () => true,
      'the save',
      (route: Route) => (real ? route.continue() : route.fulfill(errorBody(serverError))),
    );
  },
  'xstate.done.actor.buildPdf': (run) => run.reveals.settle(purposeIs('pdfPreview'), 'the preview reveal', (route) => route.continue()),
  'xstate.error.actor.buildPdf': (run) =>
    run.reveals.settle(purposeIs('pdfPreview'), 'the preview reveal', (route) => route.fulfill(errorBody(serverError))),
  'xstate.done.actor.downloadPdf': (run) =>
    run.reveals.settle(purposeIs('pdfDownload'), 'the download reveal', (route) => route.continue()),
  'xstate.error.actor.downloadPdf': (run) =>
    run.reveals.settle(purposeIs('pdfDownload'), 'the download reveal', (route) => route.fulfill(errorBody(serverError))),
};

function purposeIs(purpose: string) {
  return (request: Request) => (request.postDataJSON() as { purpose?: string } | null)?.purpose === purpose;
}

// ---------------------------------------------------------------------------------------------
// What the screen shows for the model's state after each step.

function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

async function toastShown(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

async function checkScreen(run: Run, { after, event, before }: StepContext): Promise<void> {
  const { page } = run;
  const snapshot = after as IntakeSnapshot;
  const { context } = snapshot;

  if (snapshot.matches({ lifecycle: 'loading' })) {
    await run.loads.waitFor(() => true, 'the intake load');
    await page.getByText(TEXT.loading, { exact: true }).waitFor();
    return;
  }
  if (snapshot.matches({ lifecycle: 'loadFailed' })) {
    await page.getByRole('alert').filter({ hasText: TEXT.loadFailed }).waitFor();
    await button(page, 'Try again').waitFor();
    return;
  }
  if (submitted(snapshot)) {
    // docs/product/intake-form.md: stored final, the toast, the list; and the page rests there.
    await toastShown(page, TEXT.created);
    await expect.poll(() => pathname(page)).toBe('/intake-list');
    const { firstName, lastName } = context.intake.personalInformation;
    await page
      .getByRole('row')
      .filter({ hasText: firstName })
      .filter({ hasText: lastName })
      .getByRole('button', { name: 'View' })
      .first()
      .waitFor();
    expect(pathname(page)).toBe('/intake-list');
    const caseId = run.caseId ?? (await createdCaseId(run));
    expect((await stored(caseId)).status).toBe('final');
    return;
  }
  if (snapshot.matches({ lifecycle: { ready: { form: 'offeringRestore' } } })) {
    await page.getByText(TEXT.restoreOffer).waitFor();
    expect(await page.getByRole('tabpanel').count()).toBe(0);
    return;
  }

  // The form: the tab the model shows (a submit on its way has the person on the last tab).
  const submitting = snapshot.matches({ lifecycle: { ready: { form: { saving: 'final' } } } });
  const tabShown = submitting
    ? LAST_TAB
    : event.type === 'xstate.error.actor.saveIntake' && before.matches({ lifecycle: { ready: { form: { saving: 'final' } } } })
      ? LAST_TAB
      : context.currentTab;
  await expect
    .poll(() => page.getByRole('tab', { name: new RegExp(intakeTabs[tabShown].name) }).getAttribute('aria-selected'))
    .toBe('true');
  if (tabShown === 0) {
    await expect.poll(() => field(page, 'personalInformation.firstName').inputValue()).toBe(context.intake.personalInformation.firstName);
    expect(await field(page, 'personalInformation.lastName').inputValue()).toBe(context.intake.personalInformation.lastName);
  }
  // The messages the machine holds for the tab shown are under their fields.
  for (const [fieldPath, message] of Object.entries(context.errors)) {
    if (fieldPath.startsWith(`${intakeTabs[tabShown].section}.`)) await panel(page).getByText(message).first().waitFor();
  }

  const form = snapshot.matches({ lifecycle: { ready: { form: 'editable' } } });
  if (snapshot.matches({ lifecycle: { ready: { form: { editable: { creating: 'unsaved' } } } } })) {
    expect(pathname(page)).toBe('/new-intake');
    await button(page, 'Save As Draft').waitFor();
    expect(await button(page, 'Preview PDF').count()).toBe(0);
  } else if (snapshot.matches({ lifecycle: { ready: { form: { editable: { creating: 'saved' } } } } })) {
    const caseId = run.caseId ?? (await createdCaseId(run));
    // A kept draft is named in the address, still in create mode.
    await expect.poll(() => pathname(page)).toBe(`/intake-details/create/${caseId}`);
    await button(page, 'Save As Draft').waitFor();
  } else if (snapshot.matches({ lifecycle: { ready: { form: { editable: 'editing' } } } })) {
    await button(page, 'Save Changes').waitFor();
    expect(pathname(page)).toBe(`/intake-details/edit/${run.caseId}`);
  } else if (snapshot.matches({ lifecycle: { ready: { form: { editable: 'stale' } } } })) {
    await page.getByRole('alert').filter({ hasText: intakeTexts.stale }).waitFor();
  } else if (snapshot.matches({ lifecycle: { ready: { form: 'confirmingSave' } } })) {
    await page.getByRole('dialog', { name: 'Save changes' }).getByText('Are you sure you want to save the changes you made?').waitFor();
  } else if (snapshot.matches({ lifecycle: { ready: { form: 'saving' } } })) {
    await saveHolder(run, before as IntakeSnapshot).waitFor(() => true, 'the save');
    if (submitting)
      await expect
        .poll(() =>
          field(page, 'personalInformation.firstName')
            .isDisabled()
            .catch(() => true),
        )
        .toBe(true);
  } else if (snapshot.matches({ lifecycle: { ready: { form: 'viewing' } } })) {
    await page.getByRole('heading', { name: 'View Intake' }).waitFor();
    for (const name of ['Save As Draft', 'Save Changes', 'Submit']) expect(await button(page, name).count(), name).toBe(0);
  }
  if (form || snapshot.matches({ lifecycle: { ready: { form: 'viewing' } } })) {
    expect(await page.getByRole('dialog', { name: 'Save changes' }).count()).toBe(0);
  }

  // The toast of the step's answer.
  if (event.type === 'xstate.done.actor.saveIntake') {
    await toastShown(page, snapshot.matches({ mode: 'create' }) ? TEXT.draftSaved : TEXT.updated);
    const caseId = run.caseId ?? (await createdCaseId(run));
    expect((await stored(caseId)).status).toBe('draft');
  }
  if (event.type === 'xstate.error.actor.saveIntake') {
    const code = (event.error as { code: string }).code;
    const update = (before as IntakeSnapshot).context.caseId !== null;
    await toastShown(
      page,
      update && code === 'intake_stale' ? intakeTexts.stale : update && code === 'intake_final' ? intakeTexts.alreadyFinal : TEXT.failed,
    );
  }
  if (event.type === 'final.submit' && form) {
    await toastShown(page, `Please fill required fields in the "${intakeTabs[context.currentTab].name}" tab.`);
  }

  // The unsaved copy in this tab's storage: written after the quiet time or when the page hides.
  if (event.type === 'unsavedCopy.flush' || event.type.startsWith('xstate.after.')) {
    const key = unsavedCopyKey({ userId: app.owner.id, caseId: run.caseId ?? (context.caseId === null ? null : await createdCaseId(run)) });
    const copy = await page.evaluate((storageKey) => sessionStorage.getItem(storageKey), key);
    expect(copy && (JSON.parse(copy) as { intake: GeneralCaseInformation }).intake.personalInformation.firstName).toBe(
      context.intake.personalInformation.firstName,
    );
  }

  // The preview and the download.
  const preview = page.getByRole('dialog', { name: 'Intake Form' });
  if (snapshot.matches({ lifecycle: { ready: { pdfPreview: 'building' } } })) {
    await run.reveals.waitFor(purposeIs('pdfPreview'), 'the preview reveal');
    await preview.getByText('Loading PDF...').waitFor();
  } else if (snapshot.matches({ lifecycle: { ready: { pdfPreview: 'open' } } })) {
    await preview.locator('canvas').first().waitFor({ state: 'visible' });
  } else {
    await preview.waitFor({ state: 'detached' });
    if (event.type === 'xstate.error.actor.buildPdf') await toastShown(page, intakeTexts.pdfFailed);
  }
  if (snapshot.matches({ lifecycle: { ready: { pdfDownload: 'building' } } })) {
    await run.reveals.waitFor(purposeIs('pdfDownload'), 'the download reveal');
    await expect.poll(() => button(page, 'Download PDF').getAttribute('aria-busy')).toBe('true');
  } else if (event.type === 'xstate.done.actor.downloadPdf') {
    await expect.poll(() => run.downloads.map((download) => download.suggestedFilename())).toEqual(['Intake Form.pdf']);
  } else if (event.type === 'xstate.error.actor.downloadPdf') {
    await toastShown(page, intakeTexts.pdfFailed);
    expect(run.downloads).toEqual([]);
  }
}

/** The caseId of the intake this path created through the form (its POST's answer). */
async function createdCaseId(run: Run): Promise<string> {
  const request = run.creates.seen.at(-1);
  const response = await request?.response();
  const body = (await response?.json()) as { data?: { caseId?: string } } | undefined;
  const caseId = body?.data?.caseId;
  if (!caseId) throw new Error('No intake was created on this path');
  return caseId;
}

function intakeDrive(run: Run): Drive {
  return {
    async act(step) {
      const action = actions[step.event.type];
      if (!action) throw new Error(`No browser action for ${step.event.type}`);
      // The copy's quiet time runs on the page's clock, stopped while a copy is pending.
      const pending = (step.after as IntakeSnapshot).matches({ lifecycle: { ready: { changes: { dirty: 'pending' } } } });
      if (pending && !run.clockPaused) {
        await run.page.clock.pauseAt((await run.page.evaluate(() => Date.now())) + 1000);
        run.clockPaused = true;
      }
      await action(run, step);
    },
    async check(step) {
      await checkScreen(run, step);
      const pending = (step.after as IntakeSnapshot).matches({ lifecycle: { ready: { changes: { dirty: 'pending' } } } });
      if (!pending && run.clockPaused) {
        await run.page.clock.resume();
        run.clockPaused = false;
      }
    },
  };
}

function addressOf(route: Entry, caseId: string | null): string {
  return route === 'new' ? '/new-intake' : `/intake-details/${route}/${caseId}`;
}

async function driveIntake({ path, scenario }: IntakePath): Promise<void> {
  const caseId = scenario.route === 'new' ? null : (await createdIntake(app.server, caller, storedValid())).caseId;
  const context = await browser.newContext({
    baseURL: app.baseUrl,
    viewport: desktopViewport,
    storageState: signedIn,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  try {
    await page.clock.install();
    const run: Run = {
      page,
      loads: await holdRequests(page, 'GET', isIntakePath),
      creates: await holdRequests(page, 'POST', '/v1/intake'),
      updates: await holdRequests(page, 'PATCH', isIntakePath),
      reveals: await holdRequests(page, 'POST', isRevealPath),
      downloads: [],
      caseId,
      clockPaused: false,
    };
    page.on('download', (download) => run.downloads.push(download));
    const copy = scenario.input.unsavedCopy;
    if (copy) {
      // A same-origin file that is not the app, so nothing reads the copy before it is written.
      await page.goto('/building.svg');
      const key = unsavedCopyKey({ userId: app.owner.id, caseId });
      const value = JSON.stringify({ userId: app.owner.id, caseId, intake: copy });
      await page.evaluate(([storageKey, stored]) => sessionStorage.setItem(storageKey, stored), [key, value]);
    }
    await page.goto(addressOf(scenario.route, caseId));
    await drivePath(path, intakeDrive(run));
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('intake paths through the intake form in Chromium', () => {
  for (const planned of driven) {
    it(`${planned.scenario.name}: ${describePath(planned.path)}`, async () => {
      await driveIntake(planned);
      completed.push(planned);
    });
  }

  it('the driven paths took every transition of the definition', () => {
    const transitions = new Set(completed.flatMap((planned) => [...planned.transitions]));
    const summary = recordBrowserCoverage(intakeMachine, completed.length, transitions);
    expect(describeTransitions(intakeMachine, transitions)).toEqual(
      describeTransitions(intakeMachine, new Set(collectTransitions(intakeMachine).map((edge) => edge.key))),
    );
    expect(summary.traversed).toBe(collectTransitions(intakeMachine).length);
  });
});
