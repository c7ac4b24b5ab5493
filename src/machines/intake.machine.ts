// The intake form's lifecycle (docs/product/intake-form.md): load, create/edit/view, draft save
// (with confirmation in edit mode), final submit with the per-tab check, stale and already-final
// refusals, the PDF preview and download, unsaved changes and the unsaved copy. What editing
// means is src/domain/intake/editing.ts. The machine emits facts (`saved`, `refused`, ...) that
// the app turns into toasts (src/ui/app/factToasts.ts) and moves; it provides the calls and the
// copy's storage. Fields read and write `context.intake` through intakeFieldBinding.tsx (src/ui).
//
// Shape: two parallel regions.
//   mode:      choosing (transient, from the route in the input) | create | edit | view
//   lifecycle: start (transient) | loading | loadFailed | ready, and `ready` is parallel again:
//     form:        routing (transient) | offeringRestore | editable.{creating.{unsaved,saved} | editing | stale}
//                  | confirmingSave | confirmingReload | saving.{draft | final} | viewing | submitted
//                  editable.stale.{fetching | failed}: a save refused because someone else saved
//                  first fetches their version, which is put together with the edits field by field
//                  (src/domain/intake/merge.ts); the fields both changed wait in `conflicts`.
//     changes:     clean | dirty.{pending | stored} | editedWhileSaving   (tag 'dirty': the "leave page?" prompt)
//     pdfPreview:  closed | building | open
//     pdfDownload: idle | building   ('Download PDF' shows its spinner while the file is built)
import { assign, emit, fromPromise, or, setup, stateIn } from 'xstate';
import { applyChanges, checkDraft, checkFinal, restoredIntake } from '../domain/intake/editing';
import { mergeIntakes } from '../domain/intake/merge';
import { fromApiIntake, type LooseApiIntake } from '../domain/intake/normalise';
import { emptyIntake } from '../domain/intake/empty';
import { errorCodeOf, fieldErrorsOf } from './errorMessage';
import { failureOf, isUnreadable, pdfInput, providedByTheApp, routeModeOf, saveInput, shownErrors } from './intakeMachineCalls';

import {
  LAST_TAB_INDEX,
  UNSAVED_COPY_DELAY_MS,
  type BuildPdfInput,
  type IntakeContext,
  type IntakeEmitted,
  type IntakeEvent,
  type IntakeMachineInput,
  type IntakeRouteMode,
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
    // The same call, to fetch the version someone else saved after a stale save.
    loadTheirs: fromPromise<LooseApiIntake, LoadIntakeInput>(providedByTheApp),
    saveIntake: fromPromise<SavedIntake, SaveIntakeInput>(providedByTheApp),
    buildPdf: fromPromise<Uint8Array, BuildPdfInput>(providedByTheApp),
    downloadPdf: fromPromise<void, BuildPdfInput>(providedByTheApp),
  },
  delays: { unsavedCopyDelay: UNSAVED_COPY_DELAY_MS },
  guards: {
    // The route's mode is read once, from the input the machine starts with.
    opensIn: ({ event }, { mode }: { mode: IntakeRouteMode }) => routeModeOf(event) === mode,
    // Only /new-intake opens without a caseId.
    isNewIntake: ({ context }) => context.intake.caseId === null,
    inCreateMode: stateIn('#intake.mode.create'),
    inViewMode: stateIn('#intake.mode.view'),
    // Final intakes open read-only, whatever the route says.
    isFinalIntake: ({ context }) => context.intake.status === 'final',
    hasUnsavedCopy: ({ context }) => context.unsavedCopy !== null,
    isCopyOverOlderVersion: ({ context }) => {
      const copyVersion = context.unsavedCopy?.intake.updatedAt ?? null;
      return context.base !== null && copyVersion !== null && copyVersion !== context.intake.updatedAt;
    },
    hasCaseId: ({ context }) => context.intake.caseId !== null,
    isUnreadableIntake: (_, output: LooseApiIntake) => isUnreadable(output),
    isDraftValid: ({ context }) => checkDraft(context.intake).ok,
    isFinalValid: ({ context }) => checkFinal(context.intake).ok,
    canGoToNextTab: ({ context }) => context.currentTab < LAST_TAB_INDEX,
    canGoToPreviousTab: ({ context }) => context.currentTab > 0,
    isTabIndex: ({ event }) =>
      event.type === 'tab.select' && Number.isInteger(event.index) && event.index >= 0 && event.index <= LAST_TAB_INDEX,
    isEditable: or([stateIn('#form.editable'), stateIn('#form.saving.draft')]),
    isSavingDraft: stateIn('#form.saving.draft'),
    isSaving: stateIn('#form.saving'),
    isSubmitting: stateIn('#form.saving.final'),
    isOfferingRestore: stateIn('#form.offeringRestore'),
    // Only an update (PATCH) can be refused as stale or final; a first save has nothing to reload.
    isStaleError: ({ context, event }) => context.intake.caseId !== null && errorCodeOf(failureOf(event)) === 'intake_stale',
    isAlreadyFinalError: ({ context, event }) => context.intake.caseId !== null && errorCodeOf(failureOf(event)) === 'intake_final',
    // Their version, fetched after a stale save, was submitted final meanwhile.
    isFinalOutput: (_, output: LooseApiIntake) => output.status === 'final',
    hasConflicts: ({ context }) => context.conflicts.length > 0,
    isOpenConflict: ({ context, event }) =>
      (event.type === 'merge.useTheirs' || event.type === 'merge.keepMine') && context.conflicts.some(({ path }) => path === event.path),
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
    announceTabMoved: emit({ type: 'tabMoved' as const }),
    storeLoadedIntake: assign(({ context }, output: LooseApiIntake) => {
      const loaded = fromApiIntake(output);
      const intake = { ...loaded, caseId: loaded.caseId ?? context.intake.caseId };
      return { intake, base: intake, conflicts: [], errors: {} };
    }),
    showDraftErrors: assign(({ context }) => shownErrors(checkDraft(context.intake), context.currentTab)),
    showFinalErrors: assign(({ context }) => shownErrors(checkFinal(context.intake), context.currentTab)),
    // Runs after showFinalErrors, which moved to the first failing tab.
    announceIncomplete: emit(({ context }) => ({ type: 'refused' as const, reason: 'incomplete' as const, tab: context.currentTab })),
    // Runs after showDraftErrors, which moved to the tab of the names.
    announceDraftIncomplete: emit(({ context }) => ({
      type: 'refused' as const,
      reason: 'draftIncomplete' as const,
      tab: context.currentTab,
    })),
    clearErrors: assign({ errors: {} }),
    storeServerFieldErrors: assign(({ context, event }) => {
      const fields = fieldErrorsOf(failureOf(event));
      return Object.keys(fields).length === 0 ? {} : { errors: { ...context.errors, ...fields } };
    }),
    holdSentVersion: assign({ sent: ({ context }) => context.intake }),
    forgetSentVersion: assign({ sent: null }),
    // The status is the one the state asked to store: the answer is that very record, and what was
    // sent is the version the next edits start from. Fields both changed are settled by a save.
    storeSavedVersion: assign(({ context }, { caseId, updatedAt, status }: SavedIntake) => ({
      intake: { ...context.intake, caseId, updatedAt, status },
      base: context.sent && { ...context.sent, caseId, updatedAt, status },
      sent: null,
      conflicts: [],
    })),
    // Their stored version with this person's edits: see src/domain/intake/merge.ts. The next save
    // names their version, so it is stored on top of it.
    mergeTheirs: assign(({ context }, output: LooseApiIntake) => {
      const theirs = fromApiIntake(output);
      const { intake, conflicts } = mergeIntakes(context.base, context.intake, theirs);
      return { intake, conflicts, base: theirs, sent: null };
    }),
    announceMerged: emit(({ context }) => ({ type: 'merged' as const, conflicts: context.conflicts.length })),
    // A choice for one field both changed; their answer goes through the form's rules, as typed.
    useTheirAnswer: assign(({ context, event }) => {
      if (event.type !== 'merge.useTheirs') return {};
      const conflict = context.conflicts.find(({ path }) => path === event.path);
      return {
        ...applyChanges(context, conflict ? [{ path: conflict.path, value: conflict.theirs }] : []),
        conflicts: context.conflicts.filter(({ path }) => path !== event.path),
      };
    }),
    keepMyAnswer: assign(({ context, event }) => ({
      conflicts: context.conflicts.filter(({ path }) => event.type !== 'merge.keepMine' || path !== event.path),
    })),
    useAllTheirAnswers: assign(({ context }) => ({
      ...applyChanges(
        context,
        context.conflicts.map(({ path, theirs }) => ({ path, value: theirs })),
      ),
      conflicts: [],
    })),
    keepAllMyAnswers: assign({ conflicts: [] }),
    // Create mode keeps a draft; edit mode saves the changes; a submit makes the intake final.
    // Runs after storeSavedVersion: the caseId is the stored one (a first save's new one).
    announceSaved: emit(({ context }, { as }: { as: 'draft' | 'changes' | 'final' }) => ({
      type: 'saved' as const,
      as,
      caseId: context.intake.caseId ?? '',
    })),
    announceStale: emit({ type: 'refused' as const, reason: 'stale' as const }),
    announceAlreadyFinal: emit({ type: 'refused' as const, reason: 'final' as const }),
    announceSaveFailed: emit({ type: 'refused' as const, reason: 'failed' as const }),
    announcePdfFailed: emit({ type: 'pdfFailed' as const }),
    // Where the copy is kept is the app's part: it provides both (unsavedCopyActions).
    storeUnsavedCopy: () => {},
    clearUnsavedCopy: () => {},
    forgetUnsavedCopy: assign({ unsavedCopy: null }),
    // A copy typed over a version someone has since changed is put together with theirs at once,
    // as a stale save would be; over the same version it is simply taken back.
    restoreUnsavedCopy: assign(({ context }) => {
      if (!context.unsavedCopy) return {};
      const { intake, base } = context.unsavedCopy;
      const restored = restoredIntake(context.intake, intake);
      if (context.base === null || restored.updatedAt === context.intake.updatedAt) return { intake: restored, unsavedCopy: null };
      const merged = mergeIntakes(base, restored, context.base);
      return { intake: merged.intake, conflicts: merged.conflicts, unsavedCopy: null };
    }),

    storePdf: assign((_, pdf: Uint8Array) => ({ pdf })),
    forgetPdf: assign({ pdf: null }),
  },
}).createMachine({
  id: 'intake',
  context: ({ input }) => ({
    userId: input.userId,
    intake: { ...emptyIntake(), caseId: input.caseId ?? null },
    errors: {},
    currentTab: 0,
    base: null,
    sent: null,
    conflicts: [],
    unsavedCopy: input.unsavedCopy ?? null,
    pdf: null,
  }),
  type: 'parallel',
  states: {
    // The route's mode: /new-intake and /intake-details/create/{id} create, /intake-details/edit/{id}
    // edits, /intake-details/view/{id} views. Chosen once; a final intake is read-only whatever it says.
    mode: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [
            { guard: { type: 'opensIn', params: { mode: 'create' } }, target: 'create' },
            { guard: { type: 'opensIn', params: { mode: 'view' } }, target: 'view' },
            { target: 'edit' },
          ],
        },
        create: {},
        edit: {},
        view: {},
      },
    },
    lifecycle: {
      initial: 'start',
      states: {
        start: { always: [{ guard: 'isNewIntake', target: 'ready' }, { target: 'loading' }] },
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadIntake',
            src: 'loadIntake',
            input: ({ context }) => ({ caseId: context.intake.caseId ?? '' }),
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
              id: 'form',
              initial: 'routing',
              on: {
                'tab.select': { guard: 'isTabIndex', actions: 'selectTab' },
                'tab.next': { guard: 'canGoToNextTab', actions: ['nextTab', 'announceTabMoved'] },
                'tab.back': { guard: 'canGoToPreviousTab', actions: ['previousTab', 'announceTabMoved'] },
              },
              states: {
                routing: {
                  always: [
                    // A final intake can never take the copy: it goes.
                    { guard: 'isFinalIntake', target: 'viewing', actions: ['clearUnsavedCopy', 'forgetUnsavedCopy'] },
                    { guard: 'inViewMode', target: 'viewing' },
                    { guard: 'hasUnsavedCopy', target: 'offeringRestore' },
                    { guard: 'isNewIntake', target: 'editable.creating.unsaved' },
                    { guard: 'inCreateMode', target: 'editable.creating.saved' },
                    { target: 'editable.editing' },
                  ],
                },
                // Accepted, the form takes the copy and stays dirty (the changes region moves too).
                offeringRestore: {
                  on: {
                    'restore.accept': [
                      { guard: 'isCopyOverOlderVersion', target: 'routing', actions: ['restoreUnsavedCopy', 'announceMerged'] },
                      { target: 'routing', actions: 'restoreUnsavedCopy' },
                    ],
                    'restore.decline': { target: 'routing', actions: ['clearUnsavedCopy', 'forgetUnsavedCopy'] },
                  },
                },
                editable: {
                  initial: 'editing',
                  on: {
                    'field.change': { actions: 'applyFieldChange' },
                    'fields.change': { actions: 'applyFieldChanges' },
                    // Fields both people changed: each shows their answer beside this person's.
                    'merge.useTheirs': { guard: 'isOpenConflict', actions: ['useTheirAnswer', 'storeUnsavedCopy'] },
                    'merge.keepMine': { guard: 'isOpenConflict', actions: 'keepMyAnswer' },
                    'merge.useAllTheirs': { guard: 'hasConflicts', actions: ['useAllTheirAnswers', 'storeUnsavedCopy'] },
                    'merge.keepAllMine': { guard: 'hasConflicts', actions: 'keepAllMyAnswers' },
                    'intake.reload': { guard: 'hasConflicts', target: '#form.confirmingReload' },
                  },
                  states: {
                    // Create mode: 'Save As Draft' saves without asking and stays.
                    creating: {
                      initial: 'unsaved',
                      on: {
                        'draft.save': [
                          { guard: 'isDraftValid', target: '#form.saving.draft' },
                          { actions: ['showDraftErrors', 'announceDraftIncomplete'] },
                        ],
                        'final.submit': [
                          { guard: 'isFinalValid', target: '#form.saving.final', actions: 'clearErrors' },
                          { actions: ['showFinalErrors', 'announceIncomplete'] },
                        ],
                      },
                      // saved: the next 'Save As Draft' PATCHes; 'Preview PDF' is offered.
                      states: { unsaved: {}, saved: {} },
                    },
                    // Edit mode: 'Save Changes' asks first.
                    editing: {
                      on: {
                        'draft.save': [
                          { guard: 'isDraftValid', target: '#form.confirmingSave' },
                          { actions: ['showDraftErrors', 'announceDraftIncomplete'] },
                        ],
                        'final.submit': [
                          { guard: 'isFinalValid', target: '#form.saving.final', actions: 'clearErrors' },
                          { actions: ['showFinalErrors', 'announceIncomplete'] },
                        ],
                      },
                    },
                    // 409 intake_stale: the edits stay on screen (and may still be changed) while the
                    // version stored meanwhile is fetched and put together with them; saving waits
                    // for that (docs/product/intake-form.md, Someone else saved first). The unsaved
                    // copy is left as it is: with the base it names it merges to the same result
                    // after a reload, and a form that had no edits gets none.
                    stale: {
                      initial: 'fetching',
                      on: { 'intake.reload': { target: '#form.confirmingReload' } },
                      states: {
                        fetching: {
                          invoke: {
                            id: 'loadTheirs',
                            src: 'loadTheirs',
                            input: ({ context }) => ({ caseId: context.intake.caseId ?? '' }),
                            onDone: [
                              { guard: { type: 'isUnreadableIntake', params: ({ event }) => event.output }, target: 'failed' },
                              // Submitted elsewhere meanwhile: nothing can be saved on top; the stored final intake, read-only.
                              {
                                guard: { type: 'isFinalOutput', params: ({ event }) => event.output },
                                target: '#intake.lifecycle.loading',
                                actions: ['clearUnsavedCopy', 'announceAlreadyFinal'],
                              },
                              {
                                guard: 'inCreateMode',
                                target: '#form.editable.creating.saved',
                                actions: [{ type: 'mergeTheirs', params: ({ event }) => event.output }, 'announceMerged'],
                              },
                              {
                                target: '#form.editable.editing',
                                actions: [{ type: 'mergeTheirs', params: ({ event }) => event.output }, 'announceMerged'],
                              },
                            ],
                            onError: { target: 'failed' },
                          },
                        },
                        failed: { on: { 'stale.retry': { target: 'fetching' } } },
                      },
                    },
                    last: { type: 'history', history: 'deep' },
                  },
                },
                confirmingSave: { on: { 'confirm.save': { target: 'saving.draft' }, 'confirm.cancel': { target: 'editable.editing' } } },
                // 'Reload intake' drops what was typed since the last save: asked first.
                confirmingReload: {
                  on: {
                    'reload.confirm': { target: '#intake.lifecycle.loading', actions: 'clearUnsavedCopy' },
                    'reload.cancel': { target: 'editable.last' },
                  },
                },
                saving: {
                  tags: ['busy'],
                  initial: 'draft',
                  entry: 'holdSentVersion',
                  invoke: {
                    id: 'saveIntake',
                    src: 'saveIntake',
                    // 'final.submit' is the one way into saving.final; 'draft.save' and 'confirm.save' save a draft.
                    input: ({ context, event }) => saveInput(context, event.type === 'final.submit' ? 'final' : 'draft'),
                    onDone: [
                      {
                        guard: 'isSubmitting',
                        target: 'submitted',
                        actions: [
                          'clearUnsavedCopy',
                          { type: 'storeSavedVersion', params: ({ event }) => ({ ...event.output, status: 'final' as const }) },
                          { type: 'announceSaved', params: { as: 'final' } },
                        ],
                      },
                      {
                        guard: 'inCreateMode',
                        target: 'editable.creating.saved',
                        actions: [
                          'clearUnsavedCopy',
                          { type: 'storeSavedVersion', params: ({ event }) => ({ ...event.output, status: 'draft' }) },
                          { type: 'announceSaved', params: { as: 'draft' } },
                        ],
                      },
                      {
                        target: 'editable.editing',
                        actions: [
                          'clearUnsavedCopy',
                          { type: 'storeSavedVersion', params: ({ event }) => ({ ...event.output, status: 'draft' }) },
                          { type: 'announceSaved', params: { as: 'changes' } },
                        ],
                      },
                    ],
                    // A refused draft save or final submit: one answer for both.
                    onError: [
                      { guard: 'isStaleError', target: 'editable.stale', actions: ['forgetSentVersion', 'announceStale'] },
                      // Submitted elsewhere meanwhile: show the stored final intake, read-only.
                      {
                        guard: 'isAlreadyFinalError',
                        target: '#intake.lifecycle.loading',
                        actions: ['forgetSentVersion', 'clearUnsavedCopy', 'announceAlreadyFinal'],
                      },
                      // Everything typed stays.
                      { target: 'editable.last', actions: ['forgetSentVersion', 'storeServerFieldErrors', 'announceSaveFailed'] },
                    ],
                  },
                  states: {
                    // Typing goes on while the draft travels: the save sends what was there when it
                    // started, and what is typed meanwhile stays (docs/product/intake-form.md).
                    draft: { on: { 'field.change': { actions: 'applyFieldChange' }, 'fields.change': { actions: 'applyFieldChanges' } } },
                    // A submit ends the form: the inputs are locked until it is answered, so nothing
                    // typed meanwhile could be lost behind a final intake.
                    final: { tags: ['locked'] },
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
                    onError: { target: 'closed', actions: 'announcePdfFailed' },
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
                    onError: { target: 'idle', actions: 'announcePdfFailed' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
