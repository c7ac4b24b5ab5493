// The intake form's lifecycle (docs/product/intake-form.md): load, create/edit/view, draft save
// (with confirmation in edit mode), final submit with the per-tab check, stale and already-final
// refusals, the PDF preview and download, unsaved changes and the unsaved copy. What editing
// means (checks, applying changes, taking a copy back) is src/domain/intake/editing.ts; the page
// maps the emitted events to toasts, navigation and scrolling, and provides the calls and the
// copy's storage. Every field reads and writes `context.intake` through
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
import { applyChanges, checkDraft, checkFinal, restoredIntake } from '../domain/intake/editing';
import { intakeLifecycleMessages } from '../domain/intake/lifecycleMessages';
import { intakeTabs, requiredFieldsToast } from '../domain/intake/tabs';
import { fromApiIntake, type LooseApiIntake } from '../domain/intake/normalise';
import { emptyIntake } from '../domain/intake/empty';
import { errorCodeOf, fieldErrorsOf } from './errorMessage';
import { failureOf, isUnreadable, pdfInput, providedByTheApp, saveInput, shownErrors } from './intakeMachineCalls';

import {
  LAST_TAB_INDEX,
  INTAKE_LIST_ROUTE,
  UNSAVED_COPY_DELAY_MS,
  type BuildPdfInput,
  type IntakeContext,
  type IntakeEmitted,
  type IntakeEvent,
  type IntakeMachineInput,
  type IntakeTag,
  type LoadIntakeInput,
  type SavedIntake,
  type SaveIntakeInput,
} from './intakeMachineTypes';

export * from './intakeMachineTypes';

export const intakeMachine = setup({
  types: {
    input: {} as IntakeMachineInput,
    context: {} as IntakeContext,
    events: {} as IntakeEvent,
    emitted: {} as IntakeEmitted,
    tags: {} as IntakeTag,
  },
  // The calls are the app's (intakeFormActors.ts); downloadPdf hands the file to the browser.
  actors: {
    loadIntake: fromPromise<LooseApiIntake, LoadIntakeInput>(providedByTheApp),
    saveIntake: fromPromise<SavedIntake, SaveIntakeInput>(providedByTheApp),
    buildPdf: fromPromise<Uint8Array, BuildPdfInput>(providedByTheApp),
    downloadPdf: fromPromise<void, BuildPdfInput>(providedByTheApp),
  },
  delays: { unsavedCopyDelay: UNSAVED_COPY_DELAY_MS },
  guards: {
    isNewIntake: ({ context }) => context.mode === 'create' && context.caseId === null,
    isCreateRoute: ({ context }) => context.mode === 'create',
    isViewRoute: ({ context }) => context.mode === 'view',
    // Final intakes open read-only, whatever the route says.
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
    isStaleError: ({ context, event }) => context.caseId !== null && errorCodeOf(failureOf(event)) === 'intake_stale',
    isAlreadyFinalError: ({ context, event }) => context.caseId !== null && errorCodeOf(failureOf(event)) === 'intake_final',
  },
  actions: {
    applyFieldChange: assign(({ context, event }) =>
      event.type === 'field.change' ? applyChanges(context, [{ path: event.path, value: event.value }]) : {},
    ),
    applyFieldChanges: assign(({ context, event }) => (event.type === 'fields.change' ? applyChanges(context, event.changes) : {})),
    selectTab: assign({ currentTab: ({ context, event }) => (event.type === 'tab.select' ? event.index : context.currentTab) }),
    nextTab: assign({ currentTab: ({ context }) => context.currentTab + 1 }),
    previousTab: assign({ currentTab: ({ context }) => context.currentTab - 1 }),
    // Back and Next scroll to the top.
    scrollToTop: emit({ type: 'scrollTop' as const }),
    storeLoadedIntake: assign(({ context }, output: LooseApiIntake) => {
      const intake = fromApiIntake(output);
      return { intake, caseId: intake.caseId ?? context.caseId, updatedAt: intake.updatedAt, status: intake.status, errors: {} };
    }),
    showDraftErrors: assign(({ context }) => shownErrors(checkDraft(context.intake), context.currentTab)),
    showFinalErrors: assign(({ context }) => shownErrors(checkFinal(context.intake), context.currentTab)),
    // Runs after showFinalErrors, which moved to the first failing tab.
    notifyRequiredFields: emit(({ context }) => ({
      type: 'toast.error' as const,
      message: requiredFieldsToast(intakeTabs[context.currentTab].name),
    })),
    clearErrors: assign({ errors: {} }),
    storeServerFieldErrors: assign(({ context, event }) => {
      const fields = fieldErrorsOf(failureOf(event));
      return Object.keys(fields).length === 0 ? {} : { errors: { ...context.errors, ...fields } };
    }),
    // The status is the one the state asked to store: the answer is that very record.
    storeSavedVersion: assign(({ context }, { caseId, updatedAt, status }: SavedIntake) => ({
      caseId,
      updatedAt,
      status,
      intake: { ...context.intake, caseId, updatedAt, status },
    })),
    notifyDraftSaved: emit({ type: 'toast.success' as const, message: intakeLifecycleMessages.draftSaved }),
    notifyIntakeUpdated: emit({ type: 'toast.success' as const, message: intakeLifecycleMessages.updated }),
    // The same text after a submit in create and in edit mode.
    notifyIntakeCreated: emit({ type: 'toast.success' as const, message: intakeLifecycleMessages.created }),
    navigateToList: emit({ type: 'navigate' as const, to: INTAKE_LIST_ROUTE }),
    notifySaveFailure: emit({ type: 'toast.error' as const, message: intakeLifecycleMessages.saveFailed }),
    notifyStale: emit({ type: 'toast.error' as const, message: intakeLifecycleMessages.stale }),
    notifyAlreadyFinal: emit({ type: 'toast.error' as const, message: intakeLifecycleMessages.alreadyFinal }),
    notifyPdfFailure: emit({ type: 'toast.error' as const, message: intakeLifecycleMessages.pdfFailed }),
    // Where the copy is kept is the app's part: it provides both (unsavedCopyActions).
    storeUnsavedCopy: () => {},
    clearUnsavedCopy: () => {},
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
    start: { always: [{ guard: 'isNewIntake', target: 'ready' }, { target: 'loading' }] },
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
    loadFailed: { on: { 'intake.retry': { target: 'loading' } } },
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
            // Accepted, the form takes the copy and stays dirty (the changes region moves too).
            offeringRestore: {
              on: {
                'restore.accept': { target: 'routing', actions: 'restoreUnsavedCopy' },
                'restore.decline': { target: 'routing', actions: ['clearUnsavedCopy', 'forgetUnsavedCopy'] },
              },
            },
            editable: {
              initial: 'editing',
              on: { 'field.change': { actions: 'applyFieldChange' }, 'fields.change': { actions: 'applyFieldChanges' } },
              states: {
                // Create mode: 'Save As Draft' saves without asking and stays.
                creating: {
                  initial: 'unsaved',
                  on: {
                    'draft.save': [{ guard: 'isDraftValid', target: '#intake.ready.form.savingDraft' }, { actions: 'showDraftErrors' }],
                    'final.submit': [
                      { guard: 'isFinalValid', target: '#intake.ready.form.submittingFinal', actions: 'clearErrors' },
                      { actions: ['showFinalErrors', 'notifyRequiredFields'] },
                    ],
                  },
                  // saved: the next 'Save As Draft' PATCHes; 'Preview PDF' is offered.
                  states: { unsaved: {}, saved: {} },
                },
                // Edit mode: 'Save Changes' asks first.
                editing: {
                  on: {
                    'draft.save': [{ guard: 'isDraftValid', target: '#intake.ready.form.confirmingSave' }, { actions: 'showDraftErrors' }],
                    'final.submit': [
                      { guard: 'isFinalValid', target: '#intake.ready.form.submittingFinal', actions: 'clearErrors' },
                      { actions: ['showFinalErrors', 'notifyRequiredFields'] },
                    ],
                  },
                },
                // 409 intake_stale: the edits stay on screen (and may still be changed or copied);
                // saving waits for a reload of the server's version (DESIGN.md, Intakes).
                stale: { on: { 'intake.reload': { target: '#intake.loading', actions: 'clearUnsavedCopy' } } },
                last: { type: 'history', history: 'deep' },
              },
            },
            confirmingSave: { on: { 'confirm.save': { target: 'savingDraft' }, 'confirm.cancel': { target: 'editable.editing' } } },
            savingDraft: {
              tags: ['busy'],
              // Typing goes on while the draft travels: the save sends what was there when it
              // started, and what is typed meanwhile stays (docs/product/intake-form.md).
              on: { 'field.change': { actions: 'applyFieldChange' }, 'fields.change': { actions: 'applyFieldChanges' } },
              invoke: {
                id: 'saveIntake',
                src: 'saveIntake',
                input: ({ context }) => saveInput(context, 'draft'),
                onError: [
                  { guard: 'isStaleError', target: 'editable.stale', actions: 'notifyStale' },
                  // Submitted elsewhere meanwhile: show the stored final intake, read-only.
                  { guard: 'isAlreadyFinalError', target: '#intake.loading', actions: ['clearUnsavedCopy', 'notifyAlreadyFinal'] },
                  // Everything typed stays.
                  { target: 'editable.last', actions: ['storeServerFieldErrors', 'notifySaveFailure'] },
                ],
                onDone: [
                  {
                    guard: 'isCreateRoute',
                    target: 'editable.creating.saved',
                    actions: [
                      'clearUnsavedCopy',
                      { type: 'storeSavedVersion', params: ({ event }) => ({ ...event.output, status: 'draft' }) },
                      'notifyDraftSaved',
                    ],
                  },
                  {
                    target: 'editable.editing',
                    actions: [
                      'clearUnsavedCopy',
                      { type: 'storeSavedVersion', params: ({ event }) => ({ ...event.output, status: 'draft' }) },
                      'notifyIntakeUpdated',
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
                onError: [
                  { guard: 'isStaleError', target: 'editable.stale', actions: 'notifyStale' },
                  // Submitted elsewhere meanwhile: show the stored final intake, read-only.
                  { guard: 'isAlreadyFinalError', target: '#intake.loading', actions: ['clearUnsavedCopy', 'notifyAlreadyFinal'] },
                  // Everything typed stays.
                  { target: 'editable.last', actions: ['storeServerFieldErrors', 'notifySaveFailure'] },
                ],
                onDone: {
                  target: 'submitted',
                  actions: [
                    'clearUnsavedCopy',
                    { type: 'storeSavedVersion', params: ({ event }) => ({ ...event.output, status: 'final' as const }) },
                    'notifyIntakeCreated',
                    'navigateToList',
                  ],
                },
              },
            },
            // View mode and final intakes: every input disabled, only Back and Next.
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
                // Each change restarts the quiet time before the copy is written.
                'field.change': [
                  { guard: 'isSavingDraft', target: 'editedWhileSaving' },
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
            // 'Preview PDF' only when a caseId exists.
            closed: { on: { 'pdf.preview': { guard: 'hasCaseId', target: 'building' } } },
            // 'Loading PDF...'
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
            // 'Download PDF' only when the intake is final (docs/product/pdf.md).
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
