// The intake machine's planned paths (tests/machines/intake.machine.test.ts) driven through the
// intake form in Chromium, against the real server (docs/architecture.md, model-based tests;
// docs/product/intake-form.md). Each event becomes what staff do (typing, the 'Both' box, 'Save As
// Draft', 'Save Changes' and its confirmation, Submit from the last tab, the tabs, Back and Next,
// Restore and Discard, 'Try again', 'Reload intake', 'Preview PDF', its Close, 'Download PDF'),
// what the browser does (the page hidden: the unsaved copy is written at once; the page's clock
// running past the quiet time), or how a held call is answered: by the real server where it can
// answer as the step says (a stored intake, a save, a PDF's SSN reveal, and the 409s, which
// another person's save or submit makes real), else as the step says (no connection, a 500, a
// 400 naming a field, a stored intake the form cannot read). Each path starts from what is stored
// (nothing, a draft, a final intake, an unsaved copy in the tab), set up through the API. The
// shortest planned paths that together take every transition run (coveringPaths), each in a
// fresh tab of the one signed-in session.
import type { Browser, BrowserContext, Download, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transition, type AnyEventObject, type SnapshotFrom } from 'xstate';
import {
  emptyIntake,
  toApiIntake,
  withoutSsnDigits,
  type ApiGeneralCaseInformation,
  type FieldPath,
  type GeneralCaseInformation,
} from '../../../src/domain/intake';
import { readField } from '../../../src/domain/intake/rules';
import { intakeMessages } from '../../../src/domain/intake/schemas';
import { intakeTabs } from '../../../src/domain/intake/tabs';
import { intakeTexts } from '../../../src/domain/texts';
import {
  intakeMachine,
  UNSAVED_COPY_DELAY_MS,
  type IntakeEmitted,
  type IntakeMachineInput,
  type IntakeRouteMode,
} from '../../../src/machines/intake.machine';
import { intakeToasts, toastOf } from '../../../src/ui/app/factToasts';
import { intakeFormPath, paths } from '../../../src/ui/app/paths';
import { BUTTON_LOADING_TEXT } from '../../../src/ui/components/Button/Button';
import { MODAL_CLOSE_LABEL } from '../../../src/ui/components/Modal/Modal';
import { INTAKE_FORM_TEXT } from '../../../src/ui/pages/intake/form/intakeFormText';
import { unsavedCopyKey } from '../../../src/ui/pages/intake/form/unsavedCopy';
import { PDF_TEXT } from '../../../src/ui/pages/intake/pdf/pdfText';
import { draftIntake, updateIntake, type Caller } from '../../api/support/intakes';
import { fullValidIntake } from '../../domain/intake/fixtures';
import {
  collectTransitions,
  coverageSummary,
  describePath,
  planModel,
  recordBrowserCoverage,
  traversedTransitions,
  type ModelPath,
} from '../../machines/modelCoverage';
import { signIn, startE2eApp, type E2eApp } from '../support/app';
import { desktopViewport, launchChromium, newPage } from '../support/browser';
import { field, storedIntake } from '../support/intakeForm';
import { holdRequests, type HeldRequests } from './support/heldRequests';
import {
  coveringPaths,
  describeTransitions,
  drivePath,
  stateIds,
  statesVisited,
  until,
  type Drive,
  type PlannedPath,
} from './support/modelDrive';

type IntakeSnapshot = SnapshotFrom<typeof intakeMachine>;

/** One animation frame of the page's clock. */
const FRAME_MS = 16;

// ---------------------------------------------------------------------------------------------
// Planning. What is stored, as the model's load answers carry it and as the API stores it.

const PLANNED_USER = 'user-planned';
const PLANNED_CASE = 'case-planned';
const PLANNED_VERSION = '2025-03-14T09:00:00.000Z';
const SAVED_VERSION = '2025-03-14T09:30:00.000Z';

/** A draft with the client's names only: it saves as a draft, it does not submit. */
const namesDraft = draftIntake({ firstName: 'Noor', lastName: 'Viewonly' });
/** A draft that submits; phone usage 'call' only, so that ticking 'Both' changes it. */
const fullDraft: GeneralCaseInformation = (() => {
  const full = fullValidIntake();
  return { ...full, personalInformation: { ...full.personalInformation, phoneUsages: ['call'] } };
})();
const finalIntake: GeneralCaseInformation = { ...fullValidIntake(), status: 'final' };
/** The copy of what was typed into a new intake before the tab reloaded (never SSN digits). */
const unsavedCopy = withoutSsnDigits({
  ...emptyIntake(),
  personalInformation: { ...emptyIntake().personalInformation, firstName: 'Casey', lastName: 'Restored' },
});

function asStored(intake: GeneralCaseInformation): ApiGeneralCaseInformation {
  return toApiIntake({ ...intake, caseId: PLANNED_CASE, createdAt: PLANNED_VERSION, updatedAt: PLANNED_VERSION });
}

/** A stored birth date the form cannot read (docs/product/intake-form.md: 'Invalid ISO date string'). */
const UNREADABLE_BIRTH_DATE = 'last spring';
function unreadable(api: ApiGeneralCaseInformation): ApiGeneralCaseInformation {
  return { ...api, personalInformation: { ...api.personalInformation, birthDate: UNREADABLE_BIRTH_DATE } };
}

const loaded = (intake: GeneralCaseInformation) => ({ type: 'xstate.done.actor.loadIntake', output: asStored(intake) });
const loadedUnreadable = { type: 'xstate.done.actor.loadIntake', output: unreadable(asStored(fullDraft)) };
const loadOffline = {
  type: 'xstate.error.actor.loadIntake',
  error: { status: 0, code: 'network_error', message: 'The server could not be reached' },
};
const savedDraft = {
  type: 'xstate.done.actor.saveIntake',
  output: { caseId: PLANNED_CASE, updatedAt: SAVED_VERSION, status: 'draft' },
};
const saveServerError = {
  type: 'xstate.error.actor.saveIntake',
  error: { status: 500, code: 'http_500', message: 'Internal Server Error' },
};
const EMAIL_REFUSED = intakeMessages.email;
const saveFieldError = {
  type: 'xstate.error.actor.saveIntake',
  error: { status: 400, code: 'validation_failed', message: 'Invalid intake', fields: { 'personalInformation.email': EMAIL_REFUSED } },
};
const saveStale = {
  type: 'xstate.error.actor.saveIntake',
  error: { status: 409, code: 'intake_stale', message: intakeTexts.staleRefused },
};
const saveFinal = {
  type: 'xstate.error.actor.saveIntake',
  error: { status: 409, code: 'intake_final', message: intakeTexts.finalRefused },
};

// One typed value per plan and the 'Both' box: the fewest samples that still take every transition.
const middleNameTyped = { type: 'field.change', path: 'personalInformation.middleName', value: 'Quinn' };
const firstNameEmptied = { type: 'field.change', path: 'personalInformation.firstName', value: '' };
const bothUsagesTicked = { type: 'fields.change', changes: [{ path: 'personalInformation.phoneUsages', value: ['call', 'text'] }] };

const isTabEvent = (type: string) => type.startsWith('tab.');
const isPdfEvent = (type: string) => type.startsWith('pdf.') || type.endsWith('.actor.buildPdf') || type.endsWith('.actor.downloadPdf');
const isCopyTiming = (type: string) => type === 'unsavedCopy.flush' || type.startsWith('xstate.after.');

type PlanName = 'new' | 'newWithCopy' | 'edit' | 'view' | 'createAddress';

// Each plan studies one part; tabs and the PDF only where the form is read-only, the copy's timing
// only on a new intake, the 409s only in edit mode (a first save has nothing to be stale against).
const plans: Array<{ name: PlanName; input: IntakeMachineInput; events: AnyEventObject[]; offer: (type: string) => boolean }> = [
  {
    name: 'new',
    input: { mode: 'create', userId: PLANNED_USER },
    events: [middleNameTyped, bothUsagesTicked],
    offer: (type) => !isTabEvent(type) && !isPdfEvent(type),
  },
  {
    name: 'newWithCopy',
    input: { mode: 'create', userId: PLANNED_USER, unsavedCopy },
    events: [middleNameTyped, bothUsagesTicked, savedDraft, saveServerError],
    offer: (type) => !isTabEvent(type) && !isPdfEvent(type) && type !== 'final.submit' && !type.startsWith('xstate.after.'),
  },
  {
    name: 'edit',
    input: { mode: 'edit', caseId: PLANNED_CASE, userId: PLANNED_USER },
    events: [
      firstNameEmptied,
      bothUsagesTicked,
      loaded(fullDraft),
      loaded(finalIntake),
      loadedUnreadable,
      loadOffline,
      savedDraft,
      saveFieldError,
      saveStale,
      saveFinal,
    ],
    offer: (type) => !isTabEvent(type) && !isPdfEvent(type) && !isCopyTiming(type),
  },
  {
    name: 'view',
    input: { mode: 'view', caseId: PLANNED_CASE, userId: PLANNED_USER },
    events: [
      loaded(namesDraft),
      loaded(finalIntake),
      { type: 'tab.select', index: intakeTabs.length - 1 },
      { type: 'xstate.done.actor.buildPdf', output: new Uint8Array([37, 80, 68, 70]) },
      { type: 'xstate.error.actor.buildPdf', error: { status: 500, code: 'http_500', message: 'Internal Server Error' } },
      { type: 'xstate.done.actor.downloadPdf' },
      { type: 'xstate.error.actor.downloadPdf', error: { status: 500, code: 'http_500', message: 'Internal Server Error' } },
    ],
    offer: (type) => type !== 'xstate.error.actor.loadIntake',
  },
  {
    name: 'createAddress',
    input: { mode: 'create', caseId: PLANNED_CASE, userId: PLANNED_USER },
    events: [loaded(fullDraft), savedDraft],
    offer: (type) => ['xstate.done.actor.loadIntake', 'xstate.done.actor.saveIntake', 'draft.save', 'final.submit'].includes(type),
  },
];

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isUnreadableAnswer(event: AnyEventObject): boolean {
  return (event.output as ApiGeneralCaseInformation | undefined)?.personalInformation.birthDate === UNREADABLE_BIRTH_DATE;
}

/**
 * Whether a person and the real server can walk the path: a change typed is a change (typing what
 * is there sends nothing); nothing under an open preview is reachable but its Close; a preview is
 * not asked for while a download is built (both wait on the SSN reveal); the server's intake stays
 * final once another person submitted it.
 */
function walkable(path: ModelPath): boolean {
  let stored: string | undefined;
  for (let index = 1; index < path.steps.length; index++) {
    const before = path.steps[index - 1].state as IntakeSnapshot;
    const event = path.steps[index].event;
    const previewing =
      before.matches({ lifecycle: { ready: { pdfPreview: 'building' } } }) ||
      before.matches({ lifecycle: { ready: { pdfPreview: 'open' } } });
    if (previewing && !event.type.endsWith('.actor.buildPdf') && !event.type.endsWith('.actor.downloadPdf') && event.type !== 'pdf.close') {
      return false;
    }
    if (event.type === 'pdf.preview' && before.matches({ lifecycle: { ready: { pdfDownload: 'building' } } })) return false;
    const intake = before.context.intake;
    if (event.type === 'field.change' && sameValue(readField(intake, event.path as FieldPath), event.value)) return false;
    if (event.type === 'fields.change') {
      const changes = event.changes as Array<{ path: FieldPath; value: unknown }>;
      if (changes.every((change) => sameValue(readField(intake, change.path), change.value))) return false;
    }
    if (event.type === 'xstate.done.actor.loadIntake' && !isUnreadableAnswer(event)) {
      const status = (event.output as ApiGeneralCaseInformation).status;
      if (stored !== undefined && stored !== status) return false;
      stored = status;
    }
    if (event.type === 'xstate.error.actor.saveIntake' && (event.error as { code: string }).code === 'intake_final') stored = 'final';
  }
  return true;
}

interface IntakePath extends PlannedPath {
  plan: PlanName;
  input: IntakeMachineInput;
}

const planned = plans.map(({ name, input, events, offer }) => {
  const plan = planModel(intakeMachine, { events, input, offer });
  const candidates: IntakePath[] = plan.paths
    .filter(walkable)
    .map((path) => ({ path, plan: name, input, transitions: traversedTransitions(intakeMachine, [path], { input }) }));
  return { plan, candidates };
});
// The fewest walkable paths that together take every transition (two dozen short ones).
const driven = coveringPaths(planned.flatMap(({ candidates }) => candidates));
const summary = coverageSummary(
  intakeMachine,
  planned.map(({ plan }) => plan),
);

// ---------------------------------------------------------------------------------------------
// The app, one signed-in session, and what each path starts from

let app: E2eApp;
let browser: Browser;
let caller: Caller;
/** The signed-in session's storage: each path opens a fresh tab (its own sessionStorage) with it. */
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
const completed: IntakePath[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  caller = { user: app.owner, token: await app.server.login(app.owner.email, app.owner.password) };
  const { context, page } = await newPage(browser, app.baseUrl);
  try {
    await signIn(page, app.owner);
    signedIn = await context.storageState();
  } finally {
    await context.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The intake a path's first readable load answers with, stored through the API. */
function intakeToStore(path: ModelPath, plan: PlanName): GeneralCaseInformation {
  const first = path.steps.find(({ event }) => event.type === 'xstate.done.actor.loadIntake' && !isUnreadableAnswer(event));
  const answer = first?.event.output as ApiGeneralCaseInformation | undefined;
  if (answer?.status === 'final') return finalIntake;
  if (answer?.personalInformation.lastName === namesDraft.personalInformation.lastName) return namesDraft;
  return plan === 'view' ? namesDraft : fullDraft;
}

async function store(intake: GeneralCaseInformation): Promise<string> {
  const { data, error } = await app.server.api.POST('/v1/intake', {
    body: { userId: app.owner.id, generalCaseInformation: toApiIntake({ ...intake, caseId: null }) },
    headers: { authorization: `Bearer ${caller.token}` },
  });
  if (error || !data) throw new Error(`The ${intake.status} intake could not be stored for the test`);
  return data.data.caseId;
}

function routeOf(input: IntakeMachineInput, caseId: string | null): string {
  return caseId === null ? paths.newIntake : intakeFormPath(input.mode, caseId);
}

const isIntakePath = (pathname: string) => /^\/v1\/intake\/[^/]+$/.test(pathname);
const isRevealPath = (pathname: string) => /^\/v1\/intake\/[^/]+\/reveal$/.test(pathname);

interface Held {
  loads: HeldRequests;
  creates: HeldRequests;
  updates: HeldRequests;
  reveals: HeldRequests;
}

const purposeOf = (request: Request) => (request.postDataJSON() as { purpose?: string } | null)?.purpose;
const sentIntakeOf = (request: Request) =>
  (request.postDataJSON() as { generalCaseInformation: ApiGeneralCaseInformation }).generalCaseInformation;

function fulfilJson(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

/** A save's error sample as the server gives it: its body, or an empty 500. */
function answerSaveError(route: Route, error: { status: number; code: string; message: string; fields?: object }) {
  if (error.status === 500) return route.fulfill({ status: 500, body: '' });
  return fulfilJson(route, error.status, { code: error.code, message: error.message, fields: error.fields });
}

/** The facts the model emits on the step, as the app's toast table shows them. */
function toastsOf(before: IntakeSnapshot, event: AnyEventObject): string[] {
  const [, actions] = transition(intakeMachine, before, event as never);
  return (actions as Array<{ type: string; params?: unknown }>)
    .filter((action) => action.type === 'xstate.emit')
    .map((action) => toastOf(intakeToasts, (action.params as { event: IntakeEmitted }).event)?.text)
    .filter((text): text is string => text !== undefined);
}

const inForm = (snapshot: IntakeSnapshot, state: string) => snapshot.matches({ lifecycle: { ready: { form: state } } } as never);

// ---------------------------------------------------------------------------------------------
// Stale and already-final saves (409): another person's save or submit through the API, then the
// held save reaches the server and meets it; 'Reload intake' loads the server's version. Kept
// apart from the rest of the drive: this part of the machine is being reworked.

/** What another person changed: a field the samples never type, so the model's answers still hold. */
const ELSEWHERE_DL = 'D-ELSEWHERE';

async function someoneElseSaves(caseId: string, status: 'draft' | 'final'): Promise<void> {
  const stored = await storedIntake(app, caseId);
  const base = status === 'final' ? finalIntake : fullDraft;
  const theirs = { ...base, personalInformation: { ...base.personalInformation, dl: ELSEWHERE_DL } };
  const { response } = await updateIntake(app.server, caller, caseId, theirs, stored.updatedAt ?? '');
  expect(response.status, `another person's ${status} save`).toBe(200);
}

function conflictDrive(page: Page, held: Held, caseId: () => string) {
  return {
    handles: (event: AnyEventObject) =>
      event.type === 'intake.reload' ||
      (event.type === 'xstate.error.actor.saveIntake' && ['intake_stale', 'intake_final'].includes((event.error as { code: string }).code)),

    async act(event: AnyEventObject): Promise<void> {
      if (event.type === 'intake.reload') {
        await page.getByRole('button', { name: INTAKE_FORM_TEXT.reload }).click();
        return;
      }
      const { code } = event.error as { code: 'intake_stale' | 'intake_final' };
      await held.updates.waitFor(() => true, 'the save');
      await someoneElseSaves(caseId(), code === 'intake_final' ? 'final' : 'draft');
      await held.updates.settle(
        () => true,
        'the save',
        (route) => route.continue(),
      );
      const response = await held.updates.seen.at(-1)?.response();
      expect(response?.status(), 'the server refuses the save').toBe(409);
      expect(((await response?.json()) as { code: string }).code).toBe(code);
    },

    /** The stale notice: the edits stay, saving waits for a reload. */
    async checkStale(snapshot: IntakeSnapshot): Promise<void> {
      const notice = page.getByRole('alert').filter({ hasText: intakeTexts.stale });
      await notice.waitFor();
      await notice.getByRole('button', { name: INTAKE_FORM_TEXT.reload }).waitFor();
      const save = page.getByRole('button', { name: INTAKE_FORM_TEXT.saveChanges });
      await expect.poll(() => save.isDisabled()).toBe(true);
      // What another person stored is not on screen until the reload.
      if (await personalTabShown(page)) {
        expect(await field(page, 'personalInformation.dl').inputValue()).toBe(snapshot.context.intake.personalInformation.dl);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The drive

async function personalTabShown(page: Page): Promise<boolean> {
  return (await page.getByRole('tab', { name: intakeTabs[0].name }).getAttribute('aria-selected')) === 'true';
}

function intakeDrive(page: Page, planned: IntakePath, held: Held, storedCaseId: string | null): Drive {
  const { input } = planned;
  const toaster = page.locator('[data-rht-toaster]');
  const panel = page.getByRole('tabpanel');
  const preview = page.getByRole('dialog', { name: PDF_TEXT.previewTitle });
  const confirm = page.getByRole('dialog', { name: INTAKE_FORM_TEXT.confirmSaveTitle });
  const saveButton = page.getByRole('button', {
    name: input.mode === 'create' ? INTAKE_FORM_TEXT.saveAsDraft : INTAKE_FORM_TEXT.saveChanges,
  });
  const busyButton = page.getByRole('button', { name: BUTTON_LOADING_TEXT });
  const downloadButton = page.getByRole('button', { name: PDF_TEXT.download });
  const previewButton = page.getByRole('button', { name: PDF_TEXT.preview });
  const bothBox = panel.getByRole('checkbox', { name: 'Both' });
  const enabledInputs = panel.locator('input:enabled:not([type="hidden"]), select:enabled, textarea:enabled');
  const tabsModelled = planned.plan === 'view';
  let caseId = storedCaseId;
  /** How many times each toast text has shown: the clock stands still, so none leaves. */
  const toastsShown = new Map<string, number>();
  let download: Promise<Download> | undefined;
  let clockPaused = false;
  const conflicts = conflictDrive(page, held, () => caseId ?? '');

  const saves = (snapshot: IntakeSnapshot) => (snapshot.context.caseId === null ? held.creates : held.updates);
  const copyKey = (snapshot: IntakeSnapshot) =>
    unsavedCopyKey({ userId: app.owner.id, caseId: snapshot.context.caseId === null ? null : caseId });
  const readCopy = (key: string) =>
    page.evaluate((storageKey) => {
      const raw = sessionStorage.getItem(storageKey);
      return raw === null ? null : (JSON.parse(raw) as { intake: GeneralCaseInformation }).intake;
    }, key);

  async function showTab(index: number) {
    const tab = page.getByRole('tab', { name: intakeTabs[index].name });
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  }

  /** The typed fields the samples change, as the model holds them. */
  async function expectPersonalFields(snapshot: IntakeSnapshot) {
    const person = snapshot.context.intake.personalInformation;
    await expect.poll(() => field(page, 'personalInformation.firstName').inputValue()).toBe(person.firstName);
    expect(await field(page, 'personalInformation.middleName').inputValue()).toBe(person.middleName);
    expect(await bothBox.isChecked()).toBe(person.phoneUsages.includes('call') && person.phoneUsages.includes('text'));
  }

  async function expectStoredAsSent(request: Request, status: 'draft' | 'final') {
    const response = await request.response();
    expect(response?.ok(), `the server stores the ${status}`).toBe(true);
    const answered = ((await response?.json()) as { data: { caseId: string; updatedAt: string } }).data;
    expect(answered.caseId).toBe(caseId);
    const stored = await storedIntake(app, answered.caseId);
    const sent = sentIntakeOf(request);
    expect(stored.status).toBe(status);
    expect(stored.updatedAt).toBe(answered.updatedAt);
    const { firstName, middleName, lastName, phoneUsages } = stored.personalInformation;
    expect({ firstName, middleName, lastName, phoneUsages }).toEqual({
      firstName: sent.personalInformation.firstName,
      middleName: sent.personalInformation.middleName,
      lastName: sent.personalInformation.lastName,
      phoneUsages: sent.personalInformation.phoneUsages,
    });
  }

  return {
    async act({ before: beforeAny, event }) {
      const before = beforeAny as IntakeSnapshot;
      // From the first action on, the page's clock moves only when a step says so: the quiet time
      // before the unsaved copy is written is the model's to spend.
      if (!clockPaused) {
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
        clockPaused = true;
      }
      for (const text of toastsOf(before, event)) toastsShown.set(text, (toastsShown.get(text) ?? 0) + 1);
      if (conflicts.handles(event)) {
        await conflicts.act(event);
        return;
      }
      switch (event.type) {
        case 'xstate.done.actor.loadIntake':
          await held.loads.settle(
            () => true,
            'the intake load',
            async (route) => {
              if (!isUnreadableAnswer(event)) return route.continue();
              const response = await route.fetch();
              const body = (await response.json()) as { data: ApiGeneralCaseInformation };
              return fulfilJson(route, 200, { data: unreadable(body.data) });
            },
          );
          return;
        case 'xstate.error.actor.loadIntake':
          await held.loads.settle(
            () => true,
            'the intake load',
            (route) => route.abort('connectionrefused'),
          );
          return;
        case 'intake.retry':
          await page.getByRole('button', { name: INTAKE_FORM_TEXT.retry }).click();
          return;
        case 'restore.accept':
          await page.getByRole('button', { name: INTAKE_FORM_TEXT.restore }).click();
          return;
        case 'restore.decline':
          await page.getByRole('button', { name: INTAKE_FORM_TEXT.discard }).click();
          return;
        case 'field.change':
          await showTab(0);
          await field(page, event.path as FieldPath).fill(String(event.value));
          return;
        case 'fields.change':
          await showTab(0);
          await bothBox.check();
          return;
        case 'draft.save':
          await saveButton.click();
          return;
        case 'confirm.save':
          await confirm.getByRole('button', { name: INTAKE_FORM_TEXT.save, exact: true }).click();
          return;
        case 'confirm.cancel':
          await confirm.getByRole('button', { name: INTAKE_FORM_TEXT.cancel }).click();
          return;
        case 'final.submit':
          // Submit is on the last tab, in place of Next.
          await showTab(intakeTabs.length - 1);
          await page.getByRole('button', { name: INTAKE_FORM_TEXT.submit }).click();
          return;
        case 'xstate.done.actor.saveIntake': {
          const held = saves(before);
          await held.settle(
            () => true,
            'the save',
            (route) => route.continue(),
          );
          // A first save's answer names the new intake: the address takes it.
          const response = await held.seen.at(-1)?.response();
          caseId = ((await response?.json()) as { data: { caseId: string } }).data.caseId;
          return;
        }
        case 'xstate.error.actor.saveIntake':
          await saves(before).settle(
            () => true,
            'the save',
            (route) => answerSaveError(route, event.error as Parameters<typeof answerSaveError>[1]),
          );
          return;
        case 'tab.select':
          await page.getByRole('tab', { name: intakeTabs[event.index as number].name }).click();
          return;
        case 'tab.next':
          await page.getByRole('button', { name: INTAKE_FORM_TEXT.next }).click();
          return;
        case 'tab.back':
          await page.getByRole('button', { name: INTAKE_FORM_TEXT.back }).click();
          return;
        case 'pdf.preview':
          await previewButton.click();
          return;
        case 'pdf.close':
          await preview.getByRole('button', { name: MODAL_CLOSE_LABEL }).first().click();
          return;
        case 'xstate.done.actor.buildPdf':
          await held.reveals.settle(
            (request) => purposeOf(request) === 'pdfPreview',
            'the reveal for the preview',
            (route) => route.continue(),
          );
          return;
        case 'xstate.error.actor.buildPdf':
          await held.reveals.settle(
            (request) => purposeOf(request) === 'pdfPreview',
            'the reveal for the preview',
            (route) => route.fulfill({ status: 500, body: '' }),
          );
          return;
        case 'pdf.download':
          await downloadButton.click();
          return;
        case 'xstate.done.actor.downloadPdf':
          download = page.waitForEvent('download');
          await held.reveals.settle(
            (request) => purposeOf(request) === 'pdfDownload',
            'the reveal for the download',
            (route) => route.continue(),
          );
          return;
        case 'xstate.error.actor.downloadPdf':
          await held.reveals.settle(
            (request) => purposeOf(request) === 'pdfDownload',
            'the reveal for the download',
            (route) => route.fulfill({ status: 500, body: '' }),
          );
          return;
        case 'unsavedCopy.flush':
          // What the browser fires when the tab is hidden or left.
          await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
          return;
        default:
          if (event.type.startsWith('xstate.after.unsavedCopyDelay.')) await page.clock.runFor(UNSAVED_COPY_DELAY_MS);
          else throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ before: beforeAny, after, event }) {
      const snapshot = after as IntakeSnapshot;
      const before = beforeAny as IntakeSnapshot;
      const { context } = snapshot;

      // The toasts of the step's facts, each once more than before (none leaves: the clock stands).
      for (const [text, count] of toastsShown)
        await expect.poll(() => toaster.getByText(text, { exact: true }).count(), { message: text }).toBe(count);

      if (inForm(snapshot, 'submitted')) {
        // Submitted, in create and in edit mode alike: the list, and the intake stored as final.
        await page.waitForURL(`**${paths.intakeList}`);
        const request = held[before.context.caseId === null ? 'creates' : 'updates'].seen.at(-1);
        if (!request) throw new Error('No submit was sent');
        await expectStoredAsSent(request, 'final');
        return;
      }

      // The address: the route's, or a kept new draft's.
      const expectedPath = input.mode === 'create' && context.caseId === null ? paths.newIntake : intakeFormPath(input.mode, caseId ?? '');
      await expect.poll(() => new URL(page.url()).pathname).toBe(expectedPath);
      const title = inForm(snapshot, 'viewing') ? INTAKE_FORM_TEXT.titles.view : INTAKE_FORM_TEXT.titles[input.mode as IntakeRouteMode];
      await page.getByRole('heading', { name: title, exact: true }).waitFor();

      if (snapshot.matches({ lifecycle: 'loading' })) {
        await page.getByRole('status').filter({ hasText: INTAKE_FORM_TEXT.loading }).waitFor();
        await held.loads.waitFor(() => true, 'the intake load');
        expect(await panel.count()).toBe(0);
        return;
      }
      if (snapshot.matches({ lifecycle: 'loadFailed' })) {
        const alert = page.getByRole('alert').filter({ hasText: INTAKE_FORM_TEXT.loadFailed });
        await alert.getByRole('button', { name: INTAKE_FORM_TEXT.retry }).waitFor();
        expect(await panel.count()).toBe(0);
        return;
      }
      if (inForm(snapshot, 'offeringRestore')) {
        const offer = page.getByRole('alert').filter({ hasText: INTAKE_FORM_TEXT.restoreText });
        await offer.getByRole('button', { name: INTAKE_FORM_TEXT.restore }).waitFor();
        await offer.getByRole('button', { name: INTAKE_FORM_TEXT.discard }).waitFor();
        // Nothing to type into until the offer is answered.
        expect(await panel.count()).toBe(0);
        return;
      }

      await panel.waitFor();
      // The tab on screen: the model's where it moves the tabs (the tab plan; a refused save or
      // submit showing its first failing tab).
      const refused = event.type === 'draft.save' || event.type === 'final.submit';
      if (tabsModelled || (refused && inForm(snapshot, 'editable'))) {
        await expect
          .poll(() => page.getByRole('tab', { name: intakeTabs[context.currentTab].name }).getAttribute('aria-selected'))
          .toBe('true');
      }
      // The button bar counts the fields that need attention.
      const errorCount = Object.keys(context.errors).length;
      await expect
        .poll(() => page.getByRole('group', { name: INTAKE_FORM_TEXT.buttonsLabel }).locator('[role="status"]').textContent())
        .toBe(errorCount > 0 ? intakeTexts.fieldsNeedAttention(errorCount) : '');
      // Under the field, the model's message: the server's (a refused save) or the form's own.
      const emailError = context.errors['personalInformation.email'];
      if (emailError && (await personalTabShown(page))) await panel.getByText(emailError).first().waitFor();

      // Read-only, locked, or editable.
      if (snapshot.hasTag('readOnly') || snapshot.hasTag('locked')) {
        await expect.poll(() => enabledInputs.count()).toBe(0);
      } else {
        await expect.poll(() => enabledInputs.count()).toBeGreaterThan(0);
      }
      if (snapshot.hasTag('readOnly')) {
        // View mode and final intakes: only Back and Next.
        expect(await saveButton.count()).toBe(0);
        expect(await page.getByRole('button', { name: INTAKE_FORM_TEXT.submit }).count()).toBe(0);
      }
      if (await personalTabShown(page)) {
        await expectPersonalFields(snapshot);
        // A load shows what is stored, another person's save included.
        if (event.type === 'xstate.done.actor.loadIntake') {
          const stored = await storedIntake(app, caseId ?? '');
          expect(await field(page, 'personalInformation.dl').inputValue()).toBe(stored.personalInformation.dl);
        }
      }

      if (inForm(snapshot, 'editable')) {
        if (snapshot.matches({ lifecycle: { ready: { form: { editable: 'stale' } } } })) await conflicts.checkStale(snapshot);
        else await expect.poll(() => saveButton.isEnabled()).toBe(true);
        if (event.type === 'draft.save' && context.errors['personalInformation.firstName']) {
          // A draft without its names: the message on the field, no toast.
          await panel.getByText('Please enter your First Name').waitFor();
        }
        if (event.type === 'xstate.done.actor.saveIntake') {
          const request = held[before.context.caseId === null ? 'creates' : 'updates'].seen.at(-1);
          if (!request) throw new Error('No save was sent');
          await expectStoredAsSent(request, 'draft');
        }
      }
      if (inForm(snapshot, 'confirmingSave')) {
        await confirm.getByText(INTAKE_FORM_TEXT.confirmSaveText).waitFor();
      } else {
        await confirm.waitFor({ state: 'detached' });
      }
      if (inForm(snapshot, 'saving')) {
        const status = snapshot.matches({ lifecycle: { ready: { form: { saving: 'final' } } } }) ? 'final' : 'draft';
        const request = await saves(snapshot).waitFor(() => true, 'the save');
        expect(sentIntakeOf(request).status).toBe(status);
        // The pressed button works; while a draft travels the form stays editable.
        await expect.poll(() => busyButton.getAttribute('aria-busy')).toBe('true');
      }

      // The unsaved copy in the tab's sessionStorage, never with SSN digits.
      const copy = await readCopy(copyKey(snapshot));
      if (copy) expect(JSON.stringify(copy)).not.toContain('900-00-0001');
      const changes = snapshot.matches({ lifecycle: { ready: { changes: { dirty: 'stored' } } } })
        ? 'stored'
        : snapshot.matches({ lifecycle: { ready: { changes: { dirty: 'pending' } } } })
          ? 'pending'
          : snapshot.matches({ lifecycle: { ready: { changes: 'clean' } } })
            ? 'clean'
            : 'editedWhileSaving';
      const wasClean = before.matches({ lifecycle: { ready: { changes: 'clean' } } });
      if (changes === 'stored' || (changes === 'editedWhileSaving' && event.type === 'unsavedCopy.flush')) {
        await expect
          .poll(async () => (await readCopy(copyKey(snapshot)))?.personalInformation)
          .toEqual(withoutSsnDigits(context.intake).personalInformation);
      } else if (changes === 'clean' || (changes === 'pending' && wasClean)) {
        expect(copy).toBeNull();
      }

      // The PDF buttons and the preview.
      const previewState = ['closed', 'building', 'open'].find((state) =>
        snapshot.matches({ lifecycle: { ready: { pdfPreview: state } } } as never),
      );
      if (previewState === 'closed') {
        await preview.waitFor({ state: 'detached' });
        expect(await previewButton.count()).toBe(context.caseId === null ? 0 : 1);
      } else if (previewState === 'building') {
        await preview.getByText(PDF_TEXT.loading).waitFor();
        await held.reveals.waitFor((request) => purposeOf(request) === 'pdfPreview', 'the reveal for the preview');
      } else {
        // Painted: pdf.js has read the document; a draft's preview has its overlay.
        // pdf.js paints frame by frame: the page's clock runs its frames until page 1 is painted.
        const painted = preview.locator('canvas[data-testid="core__canvas-layer-0"]');
        await until(async () => (await painted.isVisible()) || (await page.clock.runFor(FRAME_MS), false), 'the preview painted', 15_000);
        await preview.getByText(PDF_TEXT.loading).waitFor({ state: 'detached' });
        expect(await preview.getByTestId('pdf-draft-overlay').count()).toBe(context.status === 'draft' ? 1 : 0);
      }
      if (snapshot.matches({ lifecycle: { ready: { pdfDownload: 'building' } } })) {
        await held.reveals.waitFor((request) => purposeOf(request) === 'pdfDownload', 'the reveal for the download');
        await expect.poll(() => downloadButton.or(busyButton).first().getAttribute('aria-busy')).toBe('true');
      } else if (previewState === 'closed') {
        // The file is built after the reveal's answer: the spinner goes when it is saved.
        await expect.poll(() => downloadButton.count()).toBe(context.status === 'final' ? 1 : 0);
      }
      if (event.type === 'xstate.done.actor.downloadPdf') {
        // 'Intake Form.pdf', a PDF.
        const file = await download;
        expect(file?.suggestedFilename()).toBe('Intake Form.pdf');
        const stream = await file?.createReadStream();
        const head = await new Promise<string>((resolve, reject) => {
          stream?.once('data', (chunk: Buffer) => resolve(chunk.subarray(0, 4).toString('latin1')));
          stream?.once('error', reject);
        });
        expect(head).toBe('%PDF');
      }
    },
  };
}

async function driveIntake(planned: IntakePath): Promise<void> {
  const { path, plan, input } = planned;
  const caseId = input.caseId ? await store(intakeToStore(path, plan)) : null;
  const context = await browser.newContext({
    baseURL: app.baseUrl,
    viewport: desktopViewport,
    reducedMotion: 'reduce',
    storageState: signedIn,
  });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  // A missing element fails the step instead of waiting for the test's own timeout.
  page.setDefaultTimeout(15_000);
  try {
    await page.clock.install();
    const held: Held = {
      loads: await holdRequests(page, 'GET', isIntakePath),
      creates: await holdRequests(page, 'POST', '/v1/intake'),
      updates: await holdRequests(page, 'PATCH', isIntakePath),
      reveals: await holdRequests(page, 'POST', isRevealPath),
    };
    if (input.unsavedCopy) {
      // The copy the tab kept from before a reload; a same-origin file that is not the app writes it.
      await page.goto('/building.svg');
      await page.evaluate(
        ([key, value]) => sessionStorage.setItem(key, value),
        [
          unsavedCopyKey({ userId: app.owner.id, caseId: null }),
          JSON.stringify({ userId: app.owner.id, caseId: null, intake: input.unsavedCopy }),
        ],
      );
    }
    await page.goto(routeOf(input, caseId));
    await drivePath(path, intakeDrive(page, planned, held, caseId));
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("the intake form's paths in Chromium", () => {
  for (const candidate of driven) {
    it(`${candidate.plan}: ${describePath(candidate.path)}`, async () => {
      await driveIntake(candidate);
      completed.push(candidate);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    const transitions = new Set(completed.flatMap((candidate) => [...candidate.transitions]));
    recordBrowserCoverage(intakeMachine, completed.length, transitions);
    const snapshots = completed.flatMap((candidate) => candidate.path.steps.map((step) => step.state));
    const visited = statesVisited(intakeMachine, snapshots, transitions);
    expect([...visited].sort()).toEqual(stateIds(intakeMachine).sort());
    expect(visited.size).toBe(summary.states);
    expect(describeTransitions(intakeMachine, transitions)).toEqual(
      describeTransitions(intakeMachine, new Set(collectTransitions(intakeMachine).map((edge) => edge.key))),
    );
  });
});
