// The intake machine's planned paths (tests/machines/intake.machine.test.ts) driven through the
// intake form in Chromium, against the real server (docs/architecture.md, model-based tests;
// docs/product/intake-form.md). Each event becomes what staff do (typing, the 'Both' box, 'Save As
// Draft', 'Save Changes' and its confirmation, Submit from the last tab, the tabs, Back and Next,
// Restore and Discard, 'Try again', 'Reload intake' and its question, 'Use their answer' and the
// other choices for a field both people changed, 'Preview PDF', its Close, 'Download PDF'),
// what the browser does (the page hidden: the unsaved copy is written at once; the page's clock
// running past the quiet time), or how a held call is answered: by the real server where it can
// answer as the step says (a stored intake, a save, a PDF's SSN reveal, and the 409s, which
// another person's save or submit makes real, and their version fetched after), else as the step
// says (no connection, a 500, a 400 naming a field, a stored intake the form cannot read). Each path
// starts from what is stored (nothing, a draft, a final intake, an unsaved copy in the tab, one
// typed over an older version), set up through the API. The
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
import { intakeToasts } from '../../../src/ui/app/factToasts';
import { toastOf } from '../../../src/ui/app/toastTables';
import { intakeFormPath, paths } from '../../../src/ui/app/paths';
import { BUTTON_LOADING_TEXT } from '../../../src/ui/components/Button/Button';
import { MODAL_CLOSE_LABEL } from '../../../src/ui/components/Modal/Modal';
import { INTAKE_FORM_TEXT } from '../../../src/ui/pages/intake/form/intakeFormText';
import { unsavedCopyKey } from '../../../src/ui/pages/intake/form/unsavedCopy';
import { PDF_TEXT } from '../../../src/ui/pages/intake/pdf/pdfText';
import { MERGE_TEXT } from '../../../src/ui/pages/intake/merge/mergeText';
import { draftIntake, updateIntake, type Caller } from '../../api/support/intakes';
import { fullValidIntake } from '../../domain/intake/fixtures';
import {
  collectTransitions,
  coverageSummary,
  describePath,
  planModel,
  traversedTransitions,
  type ModelPath,
  type TransitionEdge,
} from '../../machines/modelCoverage';
import { signIn, startE2eApp, type E2eApp } from '../support/app';
import { desktopViewport, launchChromium, newPage } from '../support/browser';
import { field, storedIntake } from '../support/intakeForm';
import { fulfilJson, holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, drivePath, expectEveryStateAndTransition, until, type Drive, type PlannedPath } from './support/modelDrive';

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
const unsavedCopy = {
  intake: withoutSsnDigits({
    ...emptyIntake(),
    personalInformation: { ...emptyIntake().personalInformation, firstName: 'Casey', lastName: 'Restored' },
  }),
  base: null,
};

/** What another person changed: a field the samples never type, and the phone usage, which 'Both' changes too. */
const ELSEWHERE_DL = 'D-ELSEWHERE';
const theirDraft: GeneralCaseInformation = {
  ...fullDraft,
  personalInformation: { ...fullDraft.personalInformation, phoneUsages: ['text'], dl: ELSEWHERE_DL },
};
const theirFinal: GeneralCaseInformation = {
  ...finalIntake,
  personalInformation: { ...finalIntake.personalInformation, dl: ELSEWHERE_DL },
};
/** 'Both' ticked over the stored draft: with theirDraft, a field both people changed. */
const fullDraftWithBoth: GeneralCaseInformation = {
  ...fullDraft,
  personalInformation: { ...fullDraft.personalInformation, phoneUsages: ['call', 'text'] },
};
const OLDER_VERSION = '2025-03-13T09:00:00.000Z';
/** A copy typed over an older version of the stored draft ('Both' ticked), never saved. */
const copyOverOlderVersion = {
  intake: withoutSsnDigits({ ...fullDraftWithBoth, caseId: PLANNED_CASE, updatedAt: OLDER_VERSION }),
  base: withoutSsnDigits({ ...fullDraft, caseId: PLANNED_CASE, updatedAt: OLDER_VERSION }),
};

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
const theirsLoaded = (intake: GeneralCaseInformation) => ({ type: 'xstate.done.actor.loadTheirs', output: asStored(intake) });
const theirsUnreadable = { type: 'xstate.done.actor.loadTheirs', output: unreadable(asStored(theirDraft)) };
const theirsOffline = {
  type: 'xstate.error.actor.loadTheirs',
  error: { status: 0, code: 'network_error', message: 'The server could not be reached' },
};
const useTheirPhoneUsage = { type: 'merge.useTheirs', path: 'personalInformation.phoneUsages' };
const keepMyPhoneUsage = { type: 'merge.keepMine', path: 'personalInformation.phoneUsages' };
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

const isMergeChoice = (type: string) => type.startsWith('merge.');

type PlanName = 'new' | 'newWithCopy' | 'edit' | 'view' | 'createAddress' | 'olderCopy';

// Each plan studies one part; tabs and the PDF only where the form is read-only, the copy's timing
// only on a new intake, the 409s on a stored intake (a first save has nothing to be stale against),
// the choices for fields both people changed on a copy typed over an older version.
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
      theirsLoaded(theirDraft),
      theirsLoaded(theirFinal),
      theirsUnreadable,
      theirsOffline,
    ],
    offer: (type) => !isTabEvent(type) && !isPdfEvent(type) && !isCopyTiming(type) && !isMergeChoice(type),
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
    events: [loaded(fullDraft), savedDraft, saveStale, theirsLoaded(theirDraft)],
    offer: (type) =>
      [
        'xstate.done.actor.loadIntake',
        'xstate.done.actor.saveIntake',
        'xstate.error.actor.saveIntake',
        'xstate.done.actor.loadTheirs',
        'draft.save',
        'final.submit',
      ].includes(type),
  },
  {
    name: 'olderCopy',
    input: { mode: 'edit', caseId: PLANNED_CASE, userId: PLANNED_USER, unsavedCopy: copyOverOlderVersion },
    events: [loaded(theirDraft), useTheirPhoneUsage, keepMyPhoneUsage],
    offer: (type) =>
      type.startsWith('restore.') ||
      isMergeChoice(type) ||
      type.startsWith('reload.') ||
      type === 'intake.reload' ||
      type === 'xstate.done.actor.loadIntake',
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
    // While their version is fetched the notice has no 'Reload intake' (MergeNotices.tsx).
    if (event.type === 'intake.reload' && before.matches({ lifecycle: { ready: { form: { editable: { stale: 'fetching' } } } } })) {
      return false;
    }
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
    if (event.type === 'xstate.done.actor.loadTheirs' && (event.output as ApiGeneralCaseInformation).status === 'final') stored = 'final';
  }
  return true;
}

interface IntakePath extends PlannedPath {
  plan: PlanName;
  input: IntakeMachineInput;
}

/** Events that carry what a person typed or chose: only ever one of a plan's samples. */
const carriesPayload = (type: string) =>
  type.startsWith('xstate.') || ['field.change', 'fields.change', 'tab.select', 'merge.useTheirs', 'merge.keepMine'].includes(type);

/**
 * The planner takes each transition once, from the cheapest state where it can; where that path
 * is not walkable (the reload asked for while their version is still fetched), the transition is
 * taken from a state of a walkable path where it is (after the fetch failed), with a plan's samples.
 */
function walkableExtension(edge: TransitionEdge, plansWithCandidates: typeof planned): IntakePath | undefined {
  for (const { events, offer, candidates } of plansWithCandidates) {
    if (!offer(edge.event)) continue;
    const samples = events.filter((event) => event.type === edge.event);
    if (samples.length === 0 && carriesPayload(edge.event)) continue;
    const tries = samples.length > 0 ? samples : [{ type: edge.event }];
    for (const { path, plan, input } of [...candidates].sort((a, b) => a.path.steps.length - b.path.steps.length)) {
      for (let index = 0; index < path.steps.length; index++) {
        for (const event of tries) {
          const [next] = transition(intakeMachine, path.steps[index].state as IntakeSnapshot, event as never);
          const extended: ModelPath = {
            state: next,
            steps: [...path.steps.slice(0, index + 1), { state: next, event }],
            weight: index + 1,
          };
          if (!walkable(extended)) continue;
          const transitions = traversedTransitions(intakeMachine, [extended], { input });
          if (transitions.has(edge.key)) return { path: extended, plan, input, transitions };
        }
      }
    }
  }
  return undefined;
}

const planned = plans.map(({ name, input, events, offer }) => {
  const plan = planModel(intakeMachine, { events, input, offer });
  const candidates: IntakePath[] = plan.paths
    .filter(walkable)
    .map((path) => ({ path, plan: name, input, transitions: traversedTransitions(intakeMachine, [path], { input }) }));
  return { plan, events, offer, candidates };
});
const walkablyTaken = new Set(planned.flatMap(({ candidates }) => candidates.flatMap((candidate) => [...candidate.transitions])));
const extensions = collectTransitions(intakeMachine)
  .filter((edge) => !walkablyTaken.has(edge.key))
  .map((edge) => walkableExtension(edge, planned))
  .filter((extension): extension is IntakePath => extension !== undefined);
// The fewest walkable paths that together take every transition (two dozen short ones).
const driven = coveringPaths([...planned.flatMap(({ candidates }) => candidates), ...extensions]);
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

/** A save's error sample as the server gives it: its body, or an empty 500. */
function answerSaveError(route: Route, error: { status: number; code: string; message: string; fields?: object }) {
  if (error.status === 500) return route.fulfill({ status: 500, body: '' });
  return fulfilJson(route, error.status, { code: error.code, message: error.message, fields: error.fields });
}

/**
 * What the model does on the step besides moving: the toasts of the facts it emits (the app's toast
 * table), and whether it writes or removes the unsaved copy (the app's storage actions).
 */
function effectsOf(before: IntakeSnapshot, event: AnyEventObject) {
  const [, actions] = transition(intakeMachine, before, event as never);
  const named = actions as Array<{ type: string; params?: unknown }>;
  return {
    toasts: named
      .filter((action) => action.type === 'xstate.emit')
      .map((action) => toastOf(intakeToasts, (action.params as { event: IntakeEmitted }).event)?.text)
      .filter((text): text is string => text !== undefined),
    copyActions: named.map((action) => action.type).filter((type) => type === 'storeUnsavedCopy' || type === 'clearUnsavedCopy'),
  };
}

const inForm = (snapshot: IntakeSnapshot, state: string) => snapshot.matches({ lifecycle: { ready: { form: state } } } as never);

// ---------------------------------------------------------------------------------------------
// Someone else saved first (409 intake_stale, intake_final), their version fetched and put together
// with the edits, the choices for fields both changed, and 'Reload intake', which asks first
// (docs/product/intake-form.md, Someone else saved first). Another person's save or submit goes
// through the API while the page's save is held; then the held save reaches the server and meets it.

/** Another person's save of the draft (their phone usage and DL), or their submit. */
async function someoneElseSaves(caseId: string, status: 'draft' | 'final'): Promise<void> {
  const stored = await storedIntake(app, caseId);
  const { response } = await updateIntake(app.server, caller, caseId, status === 'final' ? theirFinal : theirDraft, stored.updatedAt ?? '');
  expect(response.status, `another person's ${status} save`).toBe(200);
}

const isConflictEvent = (event: AnyEventObject) =>
  ['intake.reload', 'reload.confirm', 'reload.cancel', 'stale.retry'].includes(event.type) ||
  event.type.startsWith('merge.') ||
  event.type.endsWith('.actor.loadTheirs') ||
  (event.type === 'xstate.error.actor.saveIntake' && ['intake_stale', 'intake_final'].includes((event.error as { code: string }).code));

function conflictDrive(page: Page, held: Held, caseId: () => string, showTab: (index: number) => Promise<void>) {
  const panel = page.getByRole('tabpanel');
  const reloadDialog = page.getByRole('dialog', { name: MERGE_TEXT.reloadTitle });
  const fetchFailed = page.getByRole('alert').filter({ hasText: MERGE_TEXT.fetchFailed });
  const conflictsNotice = page.getByRole('alert').filter({ hasText: /both changed/ });
  const theirAnswers = panel.locator('[data-origin="theirs"]');
  const saveChanges = page.getByRole('button', { name: INTAKE_FORM_TEXT.saveChanges });
  const saveAsDraft = page.getByRole('button', { name: INTAKE_FORM_TEXT.saveAsDraft });

  return {
    async act(event: AnyEventObject): Promise<void> {
      switch (event.type) {
        case 'intake.reload':
          await page.getByRole('button', { name: MERGE_TEXT.reload }).click();
          return;
        case 'reload.confirm':
          await reloadDialog.getByRole('button', { name: MERGE_TEXT.discardAndReload }).click();
          return;
        case 'reload.cancel':
          await reloadDialog.getByRole('button', { name: MERGE_TEXT.cancel }).click();
          return;
        case 'stale.retry':
          await fetchFailed.getByRole('button', { name: MERGE_TEXT.retry }).click();
          return;
        case 'merge.useTheirs':
        case 'merge.keepMine':
          // Beside the field both changed (the phone usage, on the first tab).
          await showTab(0);
          await theirAnswers
            .getByRole('button', { name: event.type === 'merge.useTheirs' ? MERGE_TEXT.useTheirs : MERGE_TEXT.keepMine })
            .click();
          return;
        case 'merge.useAllTheirs':
          await conflictsNotice.getByRole('button', { name: MERGE_TEXT.useAllTheirs }).click();
          return;
        case 'merge.keepAllMine':
          await conflictsNotice.getByRole('button', { name: MERGE_TEXT.keepAllMine }).click();
          return;
        case 'xstate.done.actor.loadTheirs':
          // Submitted after their save: the fetch meets the final intake.
          if ((event.output as ApiGeneralCaseInformation).status === 'final') await someoneElseSaves(caseId(), 'final');
          await held.loads.settle(
            () => true,
            'the fetch of their version',
            async (route) => {
              if (!isUnreadableAnswer(event)) return route.continue();
              const response = await route.fetch();
              const body = (await response.json()) as { data: ApiGeneralCaseInformation };
              return fulfilJson(route, 200, { data: unreadable(body.data) });
            },
          );
          return;
        case 'xstate.error.actor.loadTheirs':
          await held.loads.settle(
            () => true,
            'the fetch of their version',
            (route) => route.abort('connectionrefused'),
          );
          return;
        default: {
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
        }
      }
    },

    /** What a ready form shows of a save someone else beat. */
    async check(snapshot: IntakeSnapshot): Promise<void> {
      const { conflicts } = snapshot.context;
      const stale = (step: string) => snapshot.matches({ lifecycle: { ready: { form: { editable: { stale: step } } } } } as never);
      if (stale('fetching') || stale('failed')) {
        // The edits stay on screen; saving waits for their version.
        await expect.poll(async () => (await saveChanges.or(saveAsDraft).first().isDisabled()) ?? false).toBe(true);
        if (await personalTabShown(page)) {
          expect(await field(page, 'personalInformation.dl').inputValue()).toBe(snapshot.context.intake.personalInformation.dl);
        }
      }
      if (stale('fetching')) {
        await page.getByRole('status').filter({ hasText: MERGE_TEXT.fetching }).waitFor();
        await held.loads.waitFor(() => true, 'the fetch of their version');
      } else {
        await page.getByText(MERGE_TEXT.fetching).waitFor({ state: 'detached' });
      }
      if (stale('failed')) {
        await fetchFailed.getByRole('button', { name: MERGE_TEXT.retry }).waitFor();
        await fetchFailed.getByRole('button', { name: MERGE_TEXT.reload }).waitFor();
      } else {
        await fetchFailed.waitFor({ state: 'detached' });
      }
      // Fields both changed: the notice counts them, each shows their answer beside this person's.
      if (conflicts.length > 0) {
        await conflictsNotice.filter({ hasText: intakeTexts.conflicts(conflicts.length) }).waitFor();
        if (await personalTabShown(page)) await expect.poll(() => theirAnswers.count()).toBe(conflicts.length);
      } else {
        await conflictsNotice.waitFor({ state: 'detached' });
        expect(await theirAnswers.count()).toBe(0);
      }
      if (snapshot.matches({ lifecycle: { ready: { form: 'confirmingReload' } } })) {
        await reloadDialog.getByText(MERGE_TEXT.reloadText).waitFor();
      } else {
        await reloadDialog.waitFor({ state: 'detached' });
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The drive

/** The fields the samples and the other person change, as the form or a copy holds them. */
function typedFields(intake: GeneralCaseInformation | null) {
  if (!intake) return null;
  const { firstName, middleName, lastName, phoneUsages, dl } = intake.personalInformation;
  return { firstName, middleName, lastName, phoneUsages, dl };
}

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
  const conflicts = conflictDrive(page, held, () => caseId ?? '', showTab);

  const saves = (snapshot: IntakeSnapshot) => (snapshot.context.intake.caseId === null ? held.creates : held.updates);
  const copyKey = (snapshot: IntakeSnapshot) =>
    unsavedCopyKey({ userId: app.owner.id, caseId: snapshot.context.intake.caseId === null ? null : caseId });
  /** What the tab's storage should hold under each key: the copy put there at start, then the model's writes. */
  const copies = new Map<string, ReturnType<typeof typedFields>>();
  if (planned.input.unsavedCopy) {
    copies.set(unsavedCopyKey({ userId: app.owner.id, caseId: storedCaseId }), typedFields(planned.input.unsavedCopy.intake));
  }
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
    async act({ before: beforeAny, after: afterAny, event }) {
      const before = beforeAny as IntakeSnapshot;
      const after = afterAny as IntakeSnapshot;
      // From the first action on, the page's clock moves only when a step says so: the quiet time
      // before the unsaved copy is written is the model's to spend.
      if (!clockPaused) {
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
        clockPaused = true;
      }
      const effects = effectsOf(before, event);
      for (const text of effects.toasts) toastsShown.set(text, (toastsShown.get(text) ?? 0) + 1);
      // A copy is removed under the key the step started with (a first save's) and written with what the form then holds.
      for (const action of effects.copyActions) {
        if (action === 'clearUnsavedCopy') copies.set(copyKey(before), null);
        else copies.set(copyKey(after), typedFields(after.context.intake));
      }
      if (isConflictEvent(event)) {
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
        const request = held[before.context.intake.caseId === null ? 'creates' : 'updates'].seen.at(-1);
        if (!request) throw new Error('No submit was sent');
        await expectStoredAsSent(request, 'final');
        return;
      }

      // The address: the route's, or a kept new draft's.
      const expectedPath =
        input.mode === 'create' && context.intake.caseId === null ? paths.newIntake : intakeFormPath(input.mode, caseId ?? '');
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
      await conflicts.check(snapshot);
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
        if (!snapshot.matches({ lifecycle: { ready: { form: { editable: 'stale' } } } })) {
          await expect.poll(() => saveButton.isEnabled()).toBe(true);
        }
        if (event.type === 'draft.save' && context.errors['personalInformation.firstName']) {
          // A draft without its names: the message on the field, no toast.
          await panel.getByText('Please enter your First Name').waitFor();
        }
        if (event.type === 'xstate.done.actor.saveIntake') {
          const request = held[before.context.intake.caseId === null ? 'creates' : 'updates'].seen.at(-1);
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
      // Written after the quiet time, when the page is hidden, after a merge; gone after a save.
      await expect.poll(async () => typedFields(await readCopy(copyKey(snapshot)))).toEqual(copies.get(copyKey(snapshot)) ?? null);

      // The PDF buttons and the preview.
      const previewState = ['closed', 'building', 'open'].find((state) =>
        snapshot.matches({ lifecycle: { ready: { pdfPreview: state } } } as never),
      );
      if (previewState === 'closed') {
        await preview.waitFor({ state: 'detached' });
        expect(await previewButton.count()).toBe(context.intake.caseId === null ? 0 : 1);
      } else if (previewState === 'building') {
        await preview.getByText(PDF_TEXT.loading).waitFor();
        await held.reveals.waitFor((request) => purposeOf(request) === 'pdfPreview', 'the reveal for the preview');
      } else {
        // Painted: pdf.js has read the document; a draft's preview has its overlay.
        // pdf.js paints frame by frame: the page's clock runs its frames until page 1 is painted.
        const painted = preview.locator('canvas[data-testid="core__canvas-layer-0"]');
        await until(async () => (await painted.isVisible()) || (await page.clock.runFor(FRAME_MS), false), 'the preview painted', 15_000);
        await preview.getByText(PDF_TEXT.loading).waitFor({ state: 'detached' });
        expect(await preview.getByTestId('pdf-draft-overlay').count()).toBe(context.intake.status === 'draft' ? 1 : 0);
      }
      if (snapshot.matches({ lifecycle: { ready: { pdfDownload: 'building' } } })) {
        await held.reveals.waitFor((request) => purposeOf(request) === 'pdfDownload', 'the reveal for the download');
        await expect.poll(() => downloadButton.or(busyButton).first().getAttribute('aria-busy')).toBe('true');
      } else if (previewState === 'closed') {
        // The file is built after the reveal's answer: the spinner goes when it is saved.
        await expect.poll(() => downloadButton.count()).toBe(context.intake.status === 'final' ? 1 : 0);
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

/**
 * The unsaved copy the tab holds at start, as [key, value] in sessionStorage: the planned one for a
 * new intake; for the older-copy plan, 'Both' ticked over the stored draft, which another person
 * then saves over (their phone usage and DL), so the copy is typed over an older version.
 */
async function copyAtStart({ plan, input }: IntakePath, caseId: string | null): Promise<[string, string] | null> {
  if (!input.unsavedCopy) return null;
  const owner = { userId: app.owner.id, caseId };
  const key = unsavedCopyKey(owner);
  if (plan !== 'olderCopy' || caseId === null) return [key, JSON.stringify({ ...owner, ...input.unsavedCopy })];
  const typedOver = await storedIntake(app, caseId);
  const version = { caseId, createdAt: typedOver.createdAt ?? null, updatedAt: typedOver.updatedAt ?? null };
  const copy = {
    ...owner,
    intake: withoutSsnDigits({ ...fullDraftWithBoth, ...version }),
    base: withoutSsnDigits({ ...fullDraft, ...version }),
  };
  await someoneElseSaves(caseId, 'draft');
  return [key, JSON.stringify(copy)];
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
    const copy = await copyAtStart(planned, caseId);
    if (copy) {
      // The copy the tab kept from before a reload; a same-origin file that is not the app writes it.
      await page.goto('/building.svg');
      await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), copy);
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
    const visited = expectEveryStateAndTransition(intakeMachine, completed);
    expect(visited.size).toBe(summary.states);
  });
});
