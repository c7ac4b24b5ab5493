// The intake form's lifecycle (intake spec §2 Intake form screen, §4, §5, §8; issue 5, items 2
// and 6): load, create/edit/view, draft save (with confirmation in edit mode), final submit with
// the per-tab check, stale and already-final refusals, the PDF preview and download, unsaved changes and the
// unsaved copy kept in sessionStorage. The form page maps the emitted events to toasts,
// navigation and scrolling; every field reads and writes `context.intake` through
// src/ui/pages/intake/form/intakeFieldBinding.tsx.
//
// Shape: `start` routes by the input; `loading`/`loadFailed` come before anything is shown;
// `ready` is a parallel state with four regions:
//   form:       routing (transient) | offeringRestore | editable.{creating.{unsaved,saved} | editing | stale}
//               | confirmingSave | savingDraft | submittingFinal | viewing | submitted
//   changes:    clean | dirty.{pending | stored} | editedWhileSaving   (tag 'dirty': the "leave page?" prompt)
//   pdfPreview: closed | building | open
//   pdfDownload: idle | building   ('Download PDF' shows its spinner while the file is built)
import { assign, emit, fromPromise, or, setup, stateIn } from 'xstate';
import type { IntakeStatus } from '../domain/enums';
import { applyChange, clearedWhenNo, isBlank, statusesWithoutSsn } from '../domain/intake/rules';
import { intakeMessages, validateDraft, validateFinal, type IntakeValidation } from '../domain/intake/schemas';
import { intakeTabs, requiredFieldsToast } from '../domain/intake/tabs';
import { fromApiIntake, toApiIntake, type LooseApiIntake } from '../domain/intake/normalise';
import { parseCalendarDate } from '../domain/dates';
import {
  calendarDatePaths,
  type ApiGeneralCaseInformation,
  type FieldErrors,
  type FieldPath,
  type FieldValue,
  type GeneralCaseInformation,
} from '../domain/intake/types';
import { emptyIntake } from '../domain/intake/empty';
import { browserSessionStorage, removeUnsavedCopy, writeUnsavedCopy } from './intakeUnsavedCopy';

/**
 * Texts of the lifecycle. Quoted by the spec: saveFailed (§8), updated and created (§4). Ours (the
 * spec gives none): draftSaved (§4 "Save As Draft stores draft and stays" names no text), stale,
 * alreadyFinal, pdfFailed.
 */
export const intakeLifecycleMessages = {
  draftSaved: 'Draft saved',
  updated: 'Intake updated successfully!',
  created: 'Intake created successfully!',
  saveFailed: 'An error occurred while creating the intake. Please try again later.',
  stale:
    'Someone else changed this intake since you opened it. Your changes are kept here: reload the intake to see theirs, or copy what you need.',
  alreadyFinal: 'This intake has already been submitted and can no longer be changed.',
  pdfFailed: 'The PDF could not be built. Please try again.',
} as const;

/** Where a submitted intake sends the user (intake spec §4). */
export const INTAKE_LIST_ROUTE = '/intake-list';

/** Quiet time after the last keystroke before the unsaved copy is written (issue 5, item 6). */
export const UNSAVED_COPY_DELAY_MS = 500;

export const LAST_TAB_INDEX = intakeTabs.length - 1;

/** The route's mode (/new-intake is 'create' without a caseId; /intake-details/{mode}/{id}). */
export type IntakeRouteMode = 'create' | 'edit' | 'view';

export interface IntakeMachineInput {
  mode: IntakeRouteMode;
  caseId?: string | null;
  userId: string;
  /**
   * The copy of unsaved edits this user left for this intake in sessionStorage, read by the page
   * with `readUnsavedCopy(sessionStorage, { userId, caseId })` (src/machines/intakeUnsavedCopy.ts).
   */
  unsavedCopy?: GeneralCaseInformation | null;
}

export interface IntakeContext {
  mode: IntakeRouteMode;
  userId: string;
  /** null until the first save of a new intake. */
  caseId: string | null;
  intake: GeneralCaseInformation;
  /** Dotted field path -> message; a tab shows its mark while it holds one (`errorsByTab`). */
  errors: FieldErrors;
  /** Index into `intakeTabs`, 0..6. */
  currentTab: number;
  /** The stored version the edits started from, sent with every PATCH (409 intake_stale when old). */
  updatedAt: string | null;
  /** Status of the stored intake ('Download PDF' only for final, the draft overlay on the preview). */
  status: IntakeStatus;
  /** A copy of unsaved edits on offer (state offeringRestore). */
  unsavedCopy: GeneralCaseInformation | null;
  /** The built PDF while the preview is open. */
  pdf: Uint8Array | null;
}

export interface FieldChange {
  path: FieldPath;
  value: unknown;
}

export type IntakeEvent =
  | { type: 'field.change'; path: FieldPath; value: unknown }
  | { type: 'fields.change'; changes: ReadonlyArray<FieldChange> }
  | { type: 'tab.select'; index: number }
  | { type: 'tab.next' }
  | { type: 'tab.back' }
  | { type: 'draft.save' }
  | { type: 'confirm.save' }
  | { type: 'confirm.cancel' }
  | { type: 'final.submit' }
  | { type: 'intake.retry' }
  | { type: 'intake.reload' }
  | { type: 'restore.accept' }
  | { type: 'restore.decline' }
  | { type: 'pdf.preview' }
  | { type: 'pdf.close' }
  /** 'Download PDF': the filled PDF saved as a file (intake spec 'PDF preview, download and fill rules'). */
  | { type: 'pdf.download' }
  /** The page sends it on pagehide/beforeunload: the unsaved copy is written at once. */
  | { type: 'unsavedCopy.flush' };

export type IntakeEmitted =
  | { type: 'toast.success'; message: string }
  | { type: 'toast.error'; message: string }
  | { type: 'navigate'; to: string }
  | { type: 'scrollTop' };

export type IntakeTag = 'busy' | 'readOnly' | 'locked' | 'dirty';

export interface LoadIntakeInput {
  caseId: string;
}

export interface SaveIntakeInput {
  /** null: POST /v1/intake; a caseId: PATCH /v1/intake/{caseId}. */
  caseId: string | null;
  userId: string;
  intake: ApiGeneralCaseInformation;
  status: IntakeStatus;
  updatedAt: string | null;
}

export interface SavedIntake {
  caseId: string;
  updatedAt: string;
  status: IntakeStatus;
}

export interface BuildPdfInput {
  caseId: string;
  intake: GeneralCaseInformation;
  status: IntakeStatus;
}

/** A failed call, wrapped: params typed `unknown` would leave the params function untyped. */
interface Failure {
  error: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The `code` of a failed call (ApiError, or a plain object in tests). */
function errorCode(error: unknown): string | undefined {
  return isRecord(error) && typeof error.code === 'string' ? error.code : undefined;
}

/** The server's per-field messages of a 400 (openapi.yaml: a final submission breaking §5). */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!isRecord(error) || !isRecord(error.fields)) return {};
  return Object.fromEntries(
    Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * A date the form cannot send (toApiIntake throws for it, intake spec §3), e.g. a half-typed birth
 * date. The draft rule (§5) does not check dates, so without this a draft would never save.
 */
function unsendableDates(intake: GeneralCaseInformation): FieldErrors {
  const errors: FieldErrors = {};
  for (const path of calendarDatePaths) {
    const [section, field] = path.split('.') as ['personalInformation', 'birthDate'];
    const value = intake[section][field];
    if (!isBlank(value) && !parseCalendarDate(value)) errors[path] = intakeMessages.invalidDate;
  }
  return errors;
}

function withUnsendableDates(validation: IntakeValidation, intake: GeneralCaseInformation): IntakeValidation {
  const dateErrors = unsendableDates(intake);
  if (Object.keys(dateErrors).length === 0) return validation;
  const errors = { ...dateErrors, ...(validation.ok ? {} : validation.errors) };
  const firstFailingTab = intakeTabs.find((tab) => Object.keys(errors).some((path) => path.startsWith(`${tab.section}.`)));
  return firstFailingTab ? { ok: false, firstFailingTab, errors } : validation;
}

/** Draft save (intake spec §5): first and last name, limits, and dates that can be sent. */
export function checkDraft(intake: GeneralCaseInformation): IntakeValidation {
  return withUnsendableDates(validateDraft(intake), intake);
}

/** Final submit (intake spec §5): the tabs in order; the first failing one is shown. */
export function checkFinal(intake: GeneralCaseInformation): IntakeValidation {
  return withUnsendableDates(validateFinal(intake), intake);
}

function tabIndexOf(validation: IntakeValidation, fallback: number): number {
  return validation.ok ? fallback : intakeTabs.indexOf(validation.firstFailingTab);
}

function readLoose(intake: GeneralCaseInformation, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), intake);
}

const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/** The fields whose requirement hangs on `path` (intake spec §4 dependent-field clearing, §5). */
function dependentsOf(path: FieldPath): readonly string[] {
  if (path === 'personalInformation.status') return ['personalInformation.ssnItin'];
  if (path === 'personalInformation.alternateContact') {
    return ['personalInformation.relationshipToClient', 'personalInformation.altPhoneNumber'];
  }
  return clearedWhenNo[path] ?? [];
}

/**
 * Errors left after a change: the changed fields' own errors go (with their group's), and so do
 * those of the fields that depend on them and of the fields the change cleared (dependent-field
 * clearing, intake spec §4). The next save or submit checks again.
 */
function remainingErrors(
  errors: FieldErrors,
  before: GeneralCaseInformation,
  after: GeneralCaseInformation,
  paths: readonly string[],
): FieldErrors {
  const entries = Object.entries(errors);
  if (entries.length === 0) return errors;
  return Object.fromEntries(
    entries.filter(
      ([key]) => !paths.some((path) => related(key, path)) && readLoose(before, key) === readLoose(after, key),
    ),
  );
}

function applyChanges(context: IntakeContext, changes: ReadonlyArray<FieldChange>) {
  // The value's type is the binding's promise for its path (intakeFieldBinding.tsx).
  const intake = changes.reduce(
    (next, { path, value }) => applyChange(next, path, value as FieldValue<typeof path>),
    context.intake,
  );
  return {
    intake,
    errors: remainingErrors(
      context.errors,
      context.intake,
      intake,
      changes.flatMap((change) => [change.path, ...dependentsOf(change.path)]),
    ),
  };
}

function saveInput(context: IntakeContext, status: IntakeStatus): SaveIntakeInput {
  return {
    caseId: context.caseId,
    userId: context.userId,
    intake: toApiIntake({ ...context.intake, caseId: context.caseId, status, updatedAt: context.updatedAt }),
    status,
    updatedAt: context.updatedAt,
  };
}

/**
 * The copy over the intake on screen. Server-owned fields stay the server's; the version is the
 * copy's, so a copy typed over an intake someone has since changed gets 409 intake_stale on save
 * instead of overwriting their work. The copy has no SSN digits: the loaded ones are kept unless
 * the copy's status means there is no SSN (intake spec §4).
 */
function restoredIntake(context: IntakeContext, copy: GeneralCaseInformation): Partial<IntakeContext> {
  const keepsSsn = !statusesWithoutSsn.includes(copy.personalInformation.status as (typeof statusesWithoutSsn)[number]);
  const updatedAt = copy.updatedAt ?? context.updatedAt;
  return {
    updatedAt,
    intake: {
      ...copy,
      caseId: context.caseId,
      status: context.status,
      createdAt: context.intake.createdAt,
      representativeName: context.intake.representativeName,
      updatedAt,
      personalInformation: {
        ...copy.personalInformation,
        ssnItin: keepsSsn ? context.intake.personalInformation.ssnItin : '',
      },
    },
  };
}

function pdfInput(context: IntakeContext): BuildPdfInput {
  return { caseId: context.caseId ?? '', intake: context.intake, status: context.status };
}

function isUnreadable(output: LooseApiIntake): boolean {
  try {
    fromApiIntake(output);
    return false;
  } catch {
    return true;
  }
}

export const intakeMachine = setup({
  types: {
    input: {} as IntakeMachineInput,
    context: {} as IntakeContext,
    events: {} as IntakeEvent,
    emitted: {} as IntakeEmitted,
    tags: {} as IntakeTag,
  },
  actors: {
    loadIntake: fromPromise<LooseApiIntake, LoadIntakeInput>(() => {
      throw new Error('provided by the app');
    }),
    saveIntake: fromPromise<SavedIntake, SaveIntakeInput>(() => {
      throw new Error('provided by the app');
    }),
    buildPdf: fromPromise<Uint8Array, BuildPdfInput>(() => {
      throw new Error('provided by the app');
    }),
    // Builds the same document and hands it to the browser as a file: the app's part, since only
    // the browser can save a file (src/ui/pages/intake/pdf/downloadPdf.ts).
    downloadPdf: fromPromise<void, BuildPdfInput>(() => {
      throw new Error('provided by the app');
    }),
  },
  delays: {
    unsavedCopyDelay: UNSAVED_COPY_DELAY_MS,
  },
  guards: {
    isNewIntake: ({ context }) => context.mode === 'create' && context.caseId === null,
    isCreateRoute: ({ context }) => context.mode === 'create',
    isViewRoute: ({ context }) => context.mode === 'view',
    // Intake spec §4: final intakes open read-only, whatever the route says.
    isFinalIntake: ({ context }) => context.status === 'final',
    hasUnsavedCopy: ({ context }) => context.unsavedCopy !== null,
    hasCaseId: ({ context }) => context.caseId !== null,
    isUnreadableIntake: (_, output: LooseApiIntake) => isUnreadable(output),
    isDraftValid: ({ context }) => checkDraft(context.intake).ok,
    isFinalValid: ({ context }) => checkFinal(context.intake).ok,
    canGoToNextTab: ({ context }) => context.currentTab < LAST_TAB_INDEX,
    canGoToPreviousTab: ({ context }) => context.currentTab > 0,
    isTabIndex: ({ event }) =>
      event.type === 'tab.select' && Number.isInteger(event.index) && event.index >= 0 && event.index <= LAST_TAB_INDEX,
    isEditable: or([stateIn('#intake.ready.form.editable'), stateIn('#intake.ready.form.savingDraft')]),
    isSavingDraft: stateIn('#intake.ready.form.savingDraft'),
    isSaving: or([stateIn('#intake.ready.form.savingDraft'), stateIn('#intake.ready.form.submittingFinal')]),
    isOfferingRestore: stateIn('#intake.ready.form.offeringRestore'),
    // Only an update (PATCH) can be refused as stale or final; a first save has nothing to reload.
    isStaleError: ({ context }, { error }: Failure) => context.caseId !== null && errorCode(error) === 'intake_stale',
    isAlreadyFinalError: ({ context }, { error }: Failure) => context.caseId !== null && errorCode(error) === 'intake_final',
  },
  actions: {
    applyFieldChange: assign(({ context, event }) =>
      event.type === 'field.change' ? applyChanges(context, [{ path: event.path, value: event.value }]) : {},
    ),
    applyFieldChanges: assign(({ context, event }) =>
      event.type === 'fields.change' ? applyChanges(context, event.changes) : {},
    ),
    selectTab: assign({ currentTab: ({ context, event }) => (event.type === 'tab.select' ? event.index : context.currentTab) }),
    nextTab: assign({ currentTab: ({ context }) => context.currentTab + 1 }),
    previousTab: assign({ currentTab: ({ context }) => context.currentTab - 1 }),
    // Intake spec §2: Back and Next scroll to the top.
    scrollToTop: emit({ type: 'scrollTop' as const }),
    storeLoadedIntake: assign(({ context }, output: LooseApiIntake) => {
      const intake = fromApiIntake(output);
      return {
        intake,
        caseId: intake.caseId ?? context.caseId,
        updatedAt: intake.updatedAt,
        status: intake.status,
        errors: {},
      };
    }),
    showDraftErrors: assign(({ context }) => {
      const validation = checkDraft(context.intake);
      return validation.ok ? {} : { errors: validation.errors, currentTab: tabIndexOf(validation, context.currentTab) };
    }),
    showFinalErrors: assign(({ context }) => {
      const validation = checkFinal(context.intake);
      return validation.ok ? {} : { errors: validation.errors, currentTab: tabIndexOf(validation, context.currentTab) };
    }),
    // Runs after showFinalErrors, which moved to the first failing tab (intake spec §5).
    notifyRequiredFields: emit(({ context }) => ({
      type: 'toast.error' as const,
      message: requiredFieldsToast(intakeTabs[context.currentTab].name),
    })),
    clearErrors: assign({ errors: {} }),
    storeServerFieldErrors: assign(({ context }, { error }: Failure) => {
      const fields = serverFieldErrors(error);
      return Object.keys(fields).length === 0 ? {} : { errors: { ...context.errors, ...fields } };
    }),
    // The status is the one the state asked to store: the answer is that very record.
    storeSavedVersion: assign(({ context }, saved: SavedIntake) => ({
      caseId: saved.caseId,
      updatedAt: saved.updatedAt,
      status: saved.status,
      intake: { ...context.intake, caseId: saved.caseId, updatedAt: saved.updatedAt, status: saved.status },
    })),
    notifyDraftSaved: emit({ type: 'toast.success' as const, message: intakeLifecycleMessages.draftSaved }),
    notifyIntakeUpdated: emit({ type: 'toast.success' as const, message: intakeLifecycleMessages.updated }),
    // Intake spec §4: the same text after a submit in create and in edit mode.
    notifyIntakeCreated: emit({ type: 'toast.success' as const, message: intakeLifecycleMessages.created }),
    navigateToList: emit({ type: 'navigate' as const, to: INTAKE_LIST_ROUTE }),
    notifySaveFailure: emit({ type: 'toast.error' as const, message: intakeLifecycleMessages.saveFailed }),
    notifyStale: emit({ type: 'toast.error' as const, message: intakeLifecycleMessages.stale }),
    notifyAlreadyFinal: emit({ type: 'toast.error' as const, message: intakeLifecycleMessages.alreadyFinal }),
    notifyPdfFailure: emit({ type: 'toast.error' as const, message: intakeLifecycleMessages.pdfFailed }),
    storeUnsavedCopy: ({ context }) => {
      const storage = browserSessionStorage();
      if (storage) writeUnsavedCopy(storage, { userId: context.userId, caseId: context.caseId }, context.intake);
    },
    clearUnsavedCopy: ({ context }) => {
      const storage = browserSessionStorage();
      if (storage) removeUnsavedCopy(storage, { userId: context.userId, caseId: context.caseId });
    },
    forgetUnsavedCopy: assign({ unsavedCopy: null }),
    restoreUnsavedCopy: assign(({ context }) =>
      context.unsavedCopy ? { ...restoredIntake(context, context.unsavedCopy), unsavedCopy: null } : {},
    ),
    storePdf: assign((_, pdf: Uint8Array) => ({ pdf })),
    forgetPdf: assign({ pdf: null }),
  },
}).createMachine({
  id: 'intake',
  context: ({ input }) => ({
    mode: input.mode,
    userId: input.userId,
    caseId: input.caseId ?? null,
    intake: emptyIntake(),
    errors: {},
    currentTab: 0,
    updatedAt: null,
    status: 'draft',
    unsavedCopy: input.unsavedCopy ?? null,
    pdf: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isNewIntake', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadIntake',
        src: 'loadIntake',
        input: ({ context }) => ({ caseId: context.caseId ?? '' }),
        onDone: [
          { guard: { type: 'isUnreadableIntake', params: ({ event }) => event.output }, target: 'loadFailed' },
          { target: 'ready', actions: { type: 'storeLoadedIntake', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'intake.retry': { target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      states: {
        form: {
          initial: 'routing',
          on: {
            'tab.select': { guard: 'isTabIndex', actions: 'selectTab' },
            'tab.next': { guard: 'canGoToNextTab', actions: ['nextTab', 'scrollToTop'] },
            'tab.back': { guard: 'canGoToPreviousTab', actions: ['previousTab', 'scrollToTop'] },
          },
          states: {
            routing: {
              always: [
                // A final intake can never take the copy: it goes.
                { guard: 'isFinalIntake', target: 'viewing', actions: ['clearUnsavedCopy', 'forgetUnsavedCopy'] },
                { guard: 'isViewRoute', target: 'viewing' },
                { guard: 'hasUnsavedCopy', target: 'offeringRestore' },
                { guard: 'isNewIntake', target: 'editable.creating.unsaved' },
                { guard: 'isCreateRoute', target: 'editable.creating.saved' },
                { target: 'editable.editing' },
              ],
            },
            offeringRestore: {
              on: {
                // The form takes the copy and stays dirty (the changes region moves too).
                'restore.accept': { target: 'routing', actions: 'restoreUnsavedCopy' },
                'restore.decline': { target: 'routing', actions: ['clearUnsavedCopy', 'forgetUnsavedCopy'] },
              },
            },
            editable: {
              initial: 'editing',
              on: {
                'field.change': { actions: 'applyFieldChange' },
                'fields.change': { actions: 'applyFieldChanges' },
              },
              states: {
                // Create mode: 'Save As Draft' saves without asking and stays (intake spec §2, §4).
                creating: {
                  initial: 'unsaved',
                  on: {
                    'draft.save': [
                      { guard: 'isDraftValid', target: '#intake.ready.form.savingDraft' },
                      { actions: 'showDraftErrors' },
                    ],
                    'final.submit': [
                      { guard: 'isFinalValid', target: '#intake.ready.form.submittingFinal', actions: 'clearErrors' },
                      { actions: ['showFinalErrors', 'notifyRequiredFields'] },
                    ],
                  },
                  states: {
                    unsaved: {},
                    // Saved once: the next 'Save As Draft' PATCHes; 'Preview PDF' is offered.
                    saved: {},
                  },
                },
                // Edit mode: 'Save Changes' asks first (intake spec §2).
                editing: {
                  on: {
                    'draft.save': [
                      { guard: 'isDraftValid', target: '#intake.ready.form.confirmingSave' },
                      { actions: 'showDraftErrors' },
                    ],
                    'final.submit': [
                      { guard: 'isFinalValid', target: '#intake.ready.form.submittingFinal', actions: 'clearErrors' },
                      { actions: ['showFinalErrors', 'notifyRequiredFields'] },
                    ],
                  },
                },
                // 409 intake_stale: the edits stay on screen (and may still be changed or copied);
                // saving waits for a reload of the server's version (DESIGN.md, Intakes).
                stale: {
                  on: {
                    'intake.reload': { target: '#intake.loading', actions: 'clearUnsavedCopy' },
                  },
                },
                last: { type: 'history', history: 'deep' },
              },
            },
            confirmingSave: {
              on: {
                'confirm.save': { target: 'savingDraft' },
                'confirm.cancel': { target: 'editable.editing' },
              },
            },
            savingDraft: {
              tags: ['busy'],
              // Typing goes on while the draft travels: the save sends what was there when it
              // started, and what is typed meanwhile stays (docs/product/intake-form.md).
              on: {
                'field.change': { actions: 'applyFieldChange' },
                'fields.change': { actions: 'applyFieldChanges' },
              },
              invoke: {
                id: 'saveIntake',
                src: 'saveIntake',
                input: ({ context }) => saveInput(context, 'draft'),
                onDone: [
                  {
                    guard: 'isCreateRoute',
                    target: 'editable.creating.saved',
                    actions: [
                      'clearUnsavedCopy',
                      { type: 'storeSavedVersion', params: ({ event }) => ({ ...event.output, status: 'draft' as const }) },
                      'notifyDraftSaved',
                    ],
                  },
                  {
                    target: 'editable.editing',
                    actions: [
                      'clearUnsavedCopy',
                      { type: 'storeSavedVersion', params: ({ event }) => ({ ...event.output, status: 'draft' as const }) },
                      'notifyIntakeUpdated',
                    ],
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isStaleError', params: ({ event }) => ({ error: event.error }) },
                    target: 'editable.stale',
                    actions: 'notifyStale',
                  },
                  {
                    // Submitted elsewhere meanwhile: show the stored final intake, read-only.
                    guard: { type: 'isAlreadyFinalError', params: ({ event }) => ({ error: event.error }) },
                    target: '#intake.loading',
                    actions: ['clearUnsavedCopy', 'notifyAlreadyFinal'],
                  },
                  {
                    // Intake spec §8; everything typed stays.
                    target: 'editable.last',
                    actions: [
                      { type: 'storeServerFieldErrors', params: ({ event }) => ({ error: event.error }) },
                      'notifySaveFailure',
                    ],
                  },
                ],
              },
            },
            // A submit ends the form: the inputs are locked until it is answered, so nothing typed
            // meanwhile could be lost behind a final intake.
            submittingFinal: {
              tags: ['busy', 'locked'],
              invoke: {
                id: 'saveIntake',
                src: 'saveIntake',
                input: ({ context }) => saveInput(context, 'final'),
                onDone: {
                  target: 'submitted',
                  actions: [
                    'clearUnsavedCopy',
                    { type: 'storeSavedVersion', params: ({ event }) => ({ ...event.output, status: 'final' as const }) },
                    'notifyIntakeCreated',
                    'navigateToList',
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isStaleError', params: ({ event }) => ({ error: event.error }) },
                    target: 'editable.stale',
                    actions: 'notifyStale',
                  },
                  {
                    guard: { type: 'isAlreadyFinalError', params: ({ event }) => ({ error: event.error }) },
                    target: '#intake.loading',
                    actions: ['clearUnsavedCopy', 'notifyAlreadyFinal'],
                  },
                  {
                    target: 'editable.last',
                    actions: [
                      { type: 'storeServerFieldErrors', params: ({ event }) => ({ error: event.error }) },
                      'notifySaveFailure',
                    ],
                  },
                ],
              },
            },
            // View mode and final intakes: every input disabled, only Back and Next (intake spec §2).
            viewing: { tags: ['readOnly'] },
            submitted: { type: 'final', tags: ['readOnly'] },
          },
        },
        changes: {
          initial: 'clean',
          states: {
            clean: {
              on: {
                'field.change': [
                  { guard: 'isSavingDraft', target: 'editedWhileSaving' },
                  { guard: 'isEditable', target: 'dirty' },
                ],
                'fields.change': [
                  { guard: 'isSavingDraft', target: 'editedWhileSaving' },
                  { guard: 'isEditable', target: 'dirty' },
                ],
                // The copy is already in storage.
                'restore.accept': { guard: 'isOfferingRestore', target: 'dirty.stored' },
              },
            },
            dirty: {
              tags: ['dirty'],
              initial: 'pending',
              on: {
                'xstate.done.actor.saveIntake': { guard: 'isSaving', target: 'clean' },
                'field.change': [
                  { guard: 'isSavingDraft', target: 'editedWhileSaving' },
                  // Each change restarts the quiet time before the copy is written.
                  { guard: 'isEditable', target: '.pending', reenter: true },
                ],
                'fields.change': [
                  { guard: 'isSavingDraft', target: 'editedWhileSaving' },
                  { guard: 'isEditable', target: '.pending', reenter: true },
                ],
              },
              states: {
                pending: {
                  after: { unsavedCopyDelay: { target: 'stored', actions: 'storeUnsavedCopy' } },
                  on: { 'unsavedCopy.flush': { target: 'stored', actions: 'storeUnsavedCopy' } },
                },
                stored: {},
              },
            },
            // Typed after the save took the intake: still unsaved once the save is answered.
            editedWhileSaving: {
              tags: ['dirty'],
              on: {
                'xstate.done.actor.saveIntake': { target: 'dirty' },
                'xstate.error.actor.saveIntake': { target: 'dirty' },
                'unsavedCopy.flush': { actions: 'storeUnsavedCopy' },
              },
            },
          },
        },
        pdfPreview: {
          initial: 'closed',
          states: {
            // 'Preview PDF' only when a caseId exists (intake spec §2).
            closed: { on: { 'pdf.preview': { guard: 'hasCaseId', target: 'building' } } },
            // 'Loading PDF...' (intake spec §2).
            building: {
              invoke: {
                id: 'buildPdf',
                src: 'buildPdf',
                input: ({ context }) => pdfInput(context),
                onDone: { target: 'open', actions: { type: 'storePdf', params: ({ event }) => event.output } },
                onError: { target: 'closed', actions: 'notifyPdfFailure' },
              },
              on: { 'pdf.close': { target: 'closed' } },
            },
            open: { on: { 'pdf.close': { target: 'closed', actions: 'forgetPdf' } } },
          },
        },
        pdfDownload: {
          initial: 'idle',
          states: {
            // 'Download PDF' only when the intake is final (intake spec §2, §4).
            idle: { on: { 'pdf.download': { guard: 'isFinalIntake', target: 'building' } } },
            // A second click while the file is built does nothing: one file per click.
            building: {
              invoke: {
                id: 'downloadPdf',
                src: 'downloadPdf',
                input: ({ context }) => pdfInput(context),
                onDone: { target: 'idle' },
                onError: { target: 'idle', actions: 'notifyPdfFailure' },
              },
            },
          },
        },
      },
    },
  },
});
