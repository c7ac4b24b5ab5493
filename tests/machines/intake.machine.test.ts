// Intake lifecycle machine (docs/product/intake-form.md Intake form screen, docs/product/intake-form.md:
// model-based paths over every transition of the definition, then the spec's flows one by one.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyEventObject, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { emptyIntake } from '../../src/domain/intake/empty';
import { errorsByTab, intakeMessages } from '../../src/domain/intake/schemas';
import { intakeTabs } from '../../src/domain/intake/tabs';
import { toApiIntake, withoutSsnDigits, type LooseApiIntake } from '../../src/domain/intake/normalise';
import { readField } from '../../src/domain/intake/rules';
import {
  intakeMachine,
  UNSAVED_COPY_DELAY_MS,
  type IntakeEmitted,
  type BuildPdfInput,
  type IntakeMachineInput,
  type LoadIntakeInput,
  type SaveIntakeInput,
  type SavedIntake,
} from '../../src/machines/intake.machine';
import { intakeTexts } from '../../src/domain/texts';
import { intakeToasts } from '../../src/ui/app/factToasts';
import { spoken } from './spoken';
import { readUnsavedCopy, unsavedCopyActions, unsavedCopyKey, writeUnsavedCopy } from '../../src/ui/pages/intake/form/unsavedCopy';
import type { IntakeFormStore } from '../../src/ui/pages/intake/form/intakeFieldBinding';
import { fullValidIntake, withField } from '../domain/intake/fixtures';
import {
  apiDraft,
  apiFinal,
  apiTheirDraft,
  apiTheirFinal,
  theirDraft as theirs,
  apiUnreadable,
  CASE_ID,
  changesOf,
  fieldsError,
  finalError,
  MemoryStorage,
  pdfBytes,
  savedDraft,
  serverError,
  staleError,
  STORED_SSN,
  THEIR_EMAIL,
  THEIR_LAST_NAME,
  storedDraft,
  TYPED_SSN,
  unsavedCopyOf,
  USER_ID,
  VERSION_1,
  VERSION_2,
} from './intakeMachineFixtures';
import {
  coverageSummary,
  describePath,
  expectEveryTransitionTraversed,
  planModel,
  runPath,
  type ModelPlan,
  type StepProbe,
} from './modelCoverage';

const storage = new MemoryStorage();
beforeEach(() => storage.clear());
/** The machine as the app runs it, its unsaved copy kept in the in-memory storage. */
const intakeWithStorage = intakeMachine.provide({ actions: unsavedCopyActions(() => storage) });

type IntakeSnapshot = SnapshotFrom<typeof intakeMachine>;

const TAB_NAMES = [
  'Client Personal Information',
  'Client Vehicle Information',
  'Defendant Personal and Vehicle Information',
  'Points of Injury and Impact',
  'Injury Information',
  'Incident Description',
  'To Discuss with Client',
];

/** No SSN/ITIN digits in the tab's storage, dashed or not (docs/architecture.md). */
function expectNoSsnDigitsStored() {
  const stored = storage.dump();
  for (const ssn of [TYPED_SSN, STORED_SSN]) {
    expect(stored).not.toContain(ssn);
    expect(stored).not.toContain(ssn.replaceAll('-', ''));
  }
}

const spokenIntake = (emitted: readonly AnyEventObject[]) => spoken(intakeToasts, emitted);

// ---------------------------------------------------------------------------------------------
// Model-based

const firstNameEmptied = { type: 'field.change', path: 'personalInformation.firstName', value: '' } as const;
const namesChange = {
  type: 'fields.change',
  changes: [
    { path: 'personalInformation.firstName', value: 'Avery' },
    { path: 'personalInformation.lastName', value: 'Sample' },
  ],
} as const;
const fullValidChange = { type: 'fields.change', changes: changesOf(fullValidIntake()) } as const;

const samples: AnyEventObject[] = [
  // Leaves a draft invalid (no first name), makes a draft valid, makes the intake final-valid.
  firstNameEmptied,
  namesChange,
  fullValidChange,
  { type: 'tab.select', index: 6 },
  { type: 'tab.select', index: 9 },
  { type: 'xstate.done.actor.loadIntake', output: apiDraft },
  { type: 'xstate.done.actor.loadIntake', output: apiFinal },
  { type: 'xstate.done.actor.loadIntake', output: apiUnreadable },
  { type: 'xstate.error.actor.loadIntake', error: { status: 404, code: 'not_found', message: 'Not Found' } },
  { type: 'xstate.done.actor.saveIntake', output: savedDraft },
  { type: 'xstate.error.actor.saveIntake', error: staleError },
  { type: 'xstate.error.actor.saveIntake', error: finalError },
  { type: 'xstate.error.actor.saveIntake', error: serverError },
  { type: 'xstate.error.actor.saveIntake', error: fieldsError },
  { type: 'xstate.done.actor.buildPdf', output: pdfBytes },
  { type: 'xstate.error.actor.buildPdf', error: { message: 'The template could not be read' } },
  { type: 'xstate.done.actor.downloadPdf' },
  { type: 'xstate.error.actor.downloadPdf', error: { message: 'The PDF worker stopped' } },
  // Someone else saved first: their version, fetched after the 409, and the choices it brings.
  { type: 'xstate.done.actor.loadTheirs', output: apiTheirDraft },
  { type: 'xstate.done.actor.loadTheirs', output: apiTheirFinal },
  { type: 'xstate.done.actor.loadTheirs', output: apiUnreadable },
  { type: 'xstate.error.actor.loadTheirs', error: { status: 0, message: 'The server could not be reached' } },
  { type: 'merge.useTheirs', path: 'personalInformation.lastName' },
  { type: 'merge.keepMine', path: 'personalInformation.lastName' },
];

// Event groups of the orthogonal parts; each plan leaves out what it does not study, since the
// product of tab (7) x preview (3) x changes (3) x lifecycle would pass the planner's limit.
const isTabEvent = (type: string) => type.startsWith('tab.');
const isPdfEvent = (type: string) => type.startsWith('pdf.') || type.includes('.actor.buildPdf') || type.includes('.actor.downloadPdf');
const isCopyTimingEvent = (type: string) => type === 'unsavedCopy.flush' || type.startsWith('xstate.after.');

const isLoadResult = (type: string) => type.includes('.actor.loadIntake');
const isFieldEvent = (type: string) => type === 'field.change' || type === 'fields.change';
/** After a stale save: their version fetched, the choices per field, and the reload that asks. */
const isMergeEvent = (type: string) =>
  type.includes('.actor.loadTheirs') ||
  type.startsWith('merge.') ||
  type.startsWith('reload.') ||
  type === 'stale.retry' ||
  type === 'intake.reload';
const lifecycleOnly = (type: string) => !isTabEvent(type) && !isPdfEvent(type) && !isCopyTimingEvent(type) && !isMergeEvent(type);
// A stale save in edit mode and what follows; the names are the edit both sides make.
const staleAndMerge = (type: string) =>
  isMergeEvent(type) ||
  isLoadResult(type) ||
  ['draft.save', 'confirm.save', 'xstate.done.actor.saveIntake', 'xstate.error.actor.saveIntake', 'fields.change'].includes(type);
// After a reload the new intake is a stored draft: the edit-mode plans study that.
const newIntakeLifecycle = (type: string) => lifecycleOnly(type) && !isLoadResult(type);
const tabsAndSubmit = (type: string) => isTabEvent(type) || type === 'final.submit' || type === 'fields.change';
const copyAndSaving = (type: string) => !isTabEvent(type) && !isPdfEvent(type) && !isMergeEvent(type) && type !== 'final.submit';

const createNew: IntakeMachineInput = { mode: 'create', userId: USER_ID };
const createNewWithCopy: IntakeMachineInput = { ...createNew, unsavedCopy: unsavedCopyOf(emptyIntake()) };
const createSaved: IntakeMachineInput = { mode: 'create', caseId: CASE_ID, userId: USER_ID };
const edit: IntakeMachineInput = { mode: 'edit', caseId: CASE_ID, userId: USER_ID };
const editWithCopy: IntakeMachineInput = { ...edit, unsavedCopy: unsavedCopyOf(storedDraft()) };
/** A copy typed over a version older than the stored one, whose last name both sides changed since. */
const OLDER_VERSION = '2024-05-31T07:00:00.000Z';
const olderBase = {
  ...storedDraft(),
  updatedAt: OLDER_VERSION,
  personalInformation: { ...storedDraft().personalInformation, lastName: 'Oldname' },
};
const editWithOlderCopy: IntakeMachineInput = {
  ...edit,
  unsavedCopy: { intake: { ...unsavedCopyOf(olderBase).intake, updatedAt: OLDER_VERSION }, base: withoutSsnDigits(olderBase) },
};
const view: IntakeMachineInput = { mode: 'view', caseId: CASE_ID, userId: USER_ID };

// A stale save's plans take only the samples that tell its paths apart: one edit of the names, the
// stale refusal, a save that goes through, and their version.
const staleSamples: AnyEventObject[] = samples.filter(
  (sample) =>
    sample === namesChange ||
    !['fields.change', 'field.change', 'xstate.error.actor.saveIntake'].includes(sample.type) ||
    ('error' in sample && sample.error === staleError),
);

const plans: Array<{ name: string; input: IntakeMachineInput; offer: (type: string) => boolean; events?: AnyEventObject[] }> = [
  { name: 'new intake: saving and submitting', input: createNew, offer: newIntakeLifecycle },
  { name: 'stored draft in edit mode: saving and submitting', input: edit, offer: lifecycleOnly },
  { name: 'view mode: tabs and preview', input: view, offer: () => true },
  { name: 'new intake: tabs and the submit jump', input: createNew, offer: tabsAndSubmit },
  { name: 'edit mode: preview', input: edit, offer: (type) => isPdfEvent(type) || isLoadResult(type) },
  { name: 'new intake with an unsaved copy', input: createNewWithCopy, offer: (type) => copyAndSaving(type) && !isLoadResult(type) },
  // Typing over a restored copy is the edit-mode plan's business.
  { name: 'stored draft with an unsaved copy', input: editWithCopy, offer: (type) => copyAndSaving(type) && !isFieldEvent(type) },
  { name: 'create route of a stored draft', input: createSaved, offer: isLoadResult },
  { name: 'edit mode: someone else saved first', input: edit, offer: staleAndMerge, events: staleSamples },
  {
    name: 'create route of a stored draft: someone else saved first',
    input: createSaved,
    offer: (type) => staleAndMerge(type) && !type.startsWith('merge.') && !type.startsWith('reload.'),
    events: staleSamples,
  },
  {
    name: 'stored draft with a copy typed over an older version',
    input: editWithOlderCopy,
    offer: (type) =>
      type.startsWith('restore.') ||
      type.startsWith('merge.') ||
      type.startsWith('reload.') ||
      isLoadResult(type) ||
      type === 'intake.reload',
  },
];

/** Assertions after every step of a path: what a person sees, and what the calls carried. */
function stepChecker(input: IntakeMachineInput) {
  let previous: IntakeSnapshot | undefined;
  const owner = () => ({ userId: USER_ID, caseId: previous?.context.intake.caseId ?? input.caseId ?? null });

  return (snapshotAny: AnyMachineSnapshot, probe: StepProbe) => {
    const snapshot = snapshotAny as IntakeSnapshot;
    const { context } = snapshot;
    const before = previous;
    const ownerBefore = owner();
    previous = snapshot;
    const event = probe.event;
    expectNoSsnDigitsStored();

    if (snapshot.matches({ lifecycle: 'loading' })) {
      expect(snapshot.hasTag('busy')).toBe(true);
      for (const call of probe.calls) expect(call).toEqual({ actor: 'loadIntake', input: { caseId: CASE_ID } });
    }
    if (snapshot.matches({ lifecycle: 'loadFailed' })) {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'intake.retry' })).toBe(true);
    }

    if (snapshot.matches({ lifecycle: 'ready' })) {
      // The route's mode is a state, chosen from the input and kept (docs/product/intake-form.md).
      expect(snapshot.matches({ mode: input.mode })).toBe(true);
      // Back/Next and Submit (docs/product/intake-form.md): the last tab shows Submit instead of Next.
      expect(snapshot.can({ type: 'tab.next' })).toBe(context.currentTab < 6);
      expect(snapshot.can({ type: 'tab.back' })).toBe(context.currentTab > 0);
      // 'Preview PDF' only when a caseId exists (docs/product/intake-form.md).
      expect(snapshot.can({ type: 'pdf.preview' })).toBe(
        context.intake.caseId !== null && snapshot.matches({ lifecycle: { ready: { pdfPreview: 'closed' } } }),
      );
      expect(snapshot.hasTag('dirty')).toBe(
        snapshot.matches({ lifecycle: { ready: { changes: 'dirty' } } }) ||
          snapshot.matches({ lifecycle: { ready: { changes: 'editedWhileSaving' } } }),
      );
      const editable = snapshot.matches({ lifecycle: { ready: { form: 'editable' } } });
      const savingDraft = snapshot.matches({ lifecycle: { ready: { form: { saving: 'draft' } } } });
      const editableField = { type: 'field.change', path: 'personalInformation.firstName', value: 'Z' } as const;
      // Typing goes on while a draft is saved; a final submit locks the inputs.
      expect(snapshot.can(editableField)).toBe(editable || savingDraft);
      expect(snapshot.can({ type: 'draft.save' })).toBe(
        snapshot.matches({ lifecycle: { ready: { form: { editable: 'creating' } } } }) ||
          snapshot.matches({ lifecycle: { ready: { form: { editable: 'editing' } } } }),
      );
      // What the inputs show as disabled: nothing typed is taken and nothing can be saved.
      if (snapshot.hasTag('readOnly') || snapshot.hasTag('locked')) {
        expect(snapshot.can(editableField)).toBe(false);
        expect(snapshot.can({ type: 'draft.save' })).toBe(false);
      }
      // Final intakes open read-only, whatever the route; a submit on its way locks the inputs.
      if (context.intake.status === 'final') expect(snapshot.hasTag('readOnly')).toBe(true);
      if (snapshot.matches({ lifecycle: { ready: { form: { saving: 'final' } } } })) expect(snapshot.hasTag('locked')).toBe(true);
      // 'Download PDF' only when the intake is final (docs/product/intake-form.md), one file at a time.
      expect(snapshot.can({ type: 'pdf.download' })).toBe(
        context.intake.status === 'final' && snapshot.matches({ lifecycle: { ready: { pdfDownload: 'idle' } } }),
      );
      if (snapshot.matches({ lifecycle: { ready: { pdfPreview: 'open' } } })) expect(context.pdf).toEqual(pdfBytes);
      else expect(context.pdf).toBeNull();
    }
    if (
      snapshot.matches({ lifecycle: { ready: { form: { saving: 'draft' } } } }) ||
      snapshot.matches({ lifecycle: { ready: { form: { saving: 'final' } } } })
    ) {
      expect(snapshot.hasTag('busy')).toBe(true);
      const status = snapshot.matches({ lifecycle: { ready: { form: { saving: 'draft' } } } }) ? 'draft' : 'final';
      for (const call of probe.calls) {
        expect(call.actor).toBe('saveIntake');
        const sent = call.input as SaveIntakeInput;
        // POST before the first save, PATCH with the version the edit started from after.
        expect(sent).toMatchObject({
          userId: USER_ID,
          intake: { caseId: context.intake.caseId, status, updatedAt: context.intake.updatedAt },
        });
        // The wire form: the status inside, names as typed, dates as ISO timestamps or null,
        // counts as whole numbers.
        const person = sent.intake.personalInformation;
        expect(sent.intake.status).toBe(status);
        expect(person.firstName).toBe(context.intake.personalInformation.firstName);
        expect(person.birthDate === null || /^\d{4}-\d{2}-\d{2}T/.test(person.birthDate)).toBe(true);
        expect(Number.isInteger(person.passengerCount)).toBe(true);
        expect(Number.isInteger(sent.intake.incidentDescription.howManyVehicles)).toBe(true);
      }
    }

    switch (event.type) {
      case 'tab.next':
      case 'tab.back':
        expect(spokenIntake(probe.emitted)).toEqual([{ type: 'tabMoved' }]);
        break;
      case 'draft.save':
        if (snapshot.matches({ lifecycle: { ready: { form: 'editable' } } })) {
          // Invalid draft: the name errors on the fields (docs/product/intake-form.md), the first tab shown.
          const { firstName, lastName } = context.intake.personalInformation;
          expect(context.errors['personalInformation.firstName']).toBe(firstName === '' ? 'Please enter your First Name' : undefined);
          expect(context.errors['personalInformation.lastName']).toBe(lastName === '' ? 'Please enter your Last Name' : undefined);
          expect(context.currentTab).toBe(0);
          // No toast: the fact the form moves focus on (docs/product/intake-form.md, Button bar).
          expect(spokenIntake(probe.emitted)).toEqual([{ type: 'refused', reason: 'draftIncomplete', tab: 0 }]);
        } else {
          if (input.mode === 'create') expect(snapshot.matches({ lifecycle: { ready: { form: { saving: 'draft' } } } })).toBe(true);
          else expect(snapshot.matches({ lifecycle: { ready: { form: 'confirmingSave' } } })).toBe(true);
          expect(spokenIntake(probe.emitted)).toEqual([]);
        }
        break;
      case 'final.submit':
        if (snapshot.matches({ lifecycle: { ready: { form: 'editable' } } })) {
          expect(spokenIntake(probe.emitted)).toEqual([
            { type: 'toast.error', message: `Please fill required fields in the "${TAB_NAMES[context.currentTab]}" tab.` },
          ]);
          // The tab shown is the first one holding an error (docs/product/intake-form.md).
          const marked = intakeTabs.findIndex((tab) => Object.keys(errorsByTab(context.errors)[tab.id]).length > 0);
          expect(marked).toBe(context.currentTab);
        } else {
          expect(snapshot.matches({ lifecycle: { ready: { form: { saving: 'final' } } } })).toBe(true);
          expect(context.errors).toEqual({});
        }
        break;
      case 'xstate.done.actor.saveIntake': {
        const saved = (event as unknown as { output: SavedIntake }).output;
        const status = snapshot.matches({ lifecycle: { ready: { form: 'submitted' } } }) ? 'final' : 'draft';
        expect(context.intake).toMatchObject({ caseId: saved.caseId, updatedAt: saved.updatedAt, status });
        // The fact names the stored intake: the page puts a kept draft's caseId in the address.
        expect(probe.emitted.filter((fact) => fact.type === 'saved')).toEqual([expect.objectContaining({ caseId: saved.caseId })]);
        // What was typed while the save was on its way is still unsaved.
        const typedMeanwhile = before?.matches({ lifecycle: { ready: { changes: 'editedWhileSaving' } } }) ?? false;
        expect(snapshot.hasTag('dirty')).toBe(typedMeanwhile);
        // The copy of the saved edits is gone.
        expect(storage.getItem(unsavedCopyKey(ownerBefore))).toBeNull();
        if (snapshot.matches({ lifecycle: { ready: { form: 'submitted' } } })) {
          // docs/product/intake-form.md: the same text in create and edit mode, then the list.
          expect(spokenIntake(probe.emitted)).toEqual([{ type: 'toast.success', message: 'Intake created successfully!' }]);
        } else if (input.mode === 'create') {
          expect(snapshot.matches({ lifecycle: { ready: { form: { editable: { creating: 'saved' } } } } })).toBe(true);
          expect(spokenIntake(probe.emitted)).toEqual([{ type: 'toast.success', message: intakeTexts.draftSaved }]);
        } else {
          expect(snapshot.matches({ lifecycle: { ready: { form: { editable: 'editing' } } } })).toBe(true);
          expect(spokenIntake(probe.emitted)).toEqual([{ type: 'toast.success', message: 'Intake updated successfully!' }]);
        }
        break;
      }
      case 'xstate.error.actor.saveIntake': {
        const { error } = event as unknown as { error: { code: string } };
        // A first save (POST) has no stored version to be stale against: a plain failure.
        const update = before?.context.intake.caseId !== null;
        if (update && error.code === 'intake_final') {
          expect(snapshot.matches({ lifecycle: 'loading' })).toBe(true);
          expect(spokenIntake(probe.emitted)).toEqual([{ type: 'toast.error', message: intakeTexts.alreadyFinal }]);
          break;
        }
        // Everything typed is kept (docs/product/intake-form.md; docs/architecture.md on 409).
        expect(context.intake).toEqual(before?.context.intake);
        expect(snapshot.hasTag('dirty')).toBe(before?.hasTag('dirty'));
        if (update && error.code === 'intake_stale') {
          expect(snapshot.matches({ lifecycle: { ready: { form: { editable: 'stale' } } } })).toBe(true);
          expect(snapshot.can({ type: 'intake.reload' })).toBe(true);
          // No toast: the form fetches their version (MergeNotices) and the merge speaks.
          expect(spokenIntake(probe.emitted)).toEqual([{ type: 'refused', reason: 'stale' }]);
        } else {
          expect(spokenIntake(probe.emitted)).toEqual([
            { type: 'toast.error', message: 'An error occurred while creating the intake. Please try again later.' },
          ]);
          if (error.code === 'validation_failed') {
            expect(context.errors['personalInformation.email']).toBe('Please enter a valid email');
          }
        }
        break;
      }
      case 'xstate.done.actor.loadIntake':
        if (snapshot.matches({ lifecycle: 'ready' })) {
          expect(context.intake.updatedAt).toBe(VERSION_1);
          expect(context.intake.caseId).toBe(CASE_ID);
          if (context.intake.status === 'draft') expect(context.intake.personalInformation.ssnItin).toBe(STORED_SSN);
        }
        break;
      case 'field.change':
      case 'fields.change':
        if (before?.matches({ lifecycle: { ready: { form: 'editable' } } })) {
          expect(snapshot.matches({ lifecycle: { ready: { changes: { dirty: 'pending' } } } })).toBe(true);
        } else if (before?.matches({ lifecycle: { ready: { form: { saving: 'draft' } } } })) {
          expect(snapshot.matches({ lifecycle: { ready: { changes: 'editedWhileSaving' } } })).toBe(true);
        } else {
          expect(context).toEqual(before?.context);
        }
        break;
      case 'unsavedCopy.flush':
      case `xstate.after.unsavedCopyDelay.intake.lifecycle.ready.changes.dirty.pending`:
        // With the stored version it was typed over, to be put together with a newer one later.
        expect(readUnsavedCopy(storage, owner())).toEqual({
          intake: withoutSsnDigits(context.intake),
          base: context.base && withoutSsnDigits(context.base),
        });
        break;
      case 'restore.accept':
        expect(context.intake.personalInformation.firstName).toBe('Casey');
        expect(context.unsavedCopy).toBeNull();
        expect(snapshot.matches({ lifecycle: { ready: { changes: { dirty: 'stored' } } } })).toBe(true);
        if (input === editWithOlderCopy) {
          // Typed over an older version: the stored one's answers where only it changed, the copy's
          // where only the copy did, and the last name both changed offered to choose.
          expect(context.intake.updatedAt).toBe(VERSION_1);
          expect(context.intake.personalInformation.address).toBe('12 Copy Lane');
          expect(context.conflicts).toEqual([{ path: 'personalInformation.lastName', theirs: 'Testcase' }]);
          expect(context.intake.personalInformation.lastName).toBe('Restored');
          expect(spokenIntake(probe.emitted)).toEqual([{ type: 'toast.success', message: intakeTexts.merged(1) }]);
        } else {
          expect(context.conflicts).toEqual([]);
          expect(spokenIntake(probe.emitted)).toEqual([]);
        }
        break;
      case 'xstate.done.actor.loadTheirs': {
        if (snapshot.matches({ lifecycle: { ready: { form: { editable: { stale: 'failed' } } } } })) {
          // Their version could not be read: nothing changes, and 'Try again' is offered.
          expect(context.intake).toEqual(before?.context.intake);
          expect(context.intake.updatedAt).toBe(before?.context.intake.updatedAt);
          expect(snapshot.can({ type: 'stale.retry' })).toBe(true);
          break;
        }
        if (context.intake.status === 'final' || snapshot.matches({ lifecycle: 'loading' })) {
          // Submitted final meanwhile: nothing can go on top; the stored intake is shown read-only.
          expect(snapshot.matches({ lifecycle: 'loading' })).toBe(true);
          expect(storage.getItem(unsavedCopyKey(ownerBefore))).toBeNull();
          expect(spokenIntake(probe.emitted)).toEqual([{ type: 'toast.error', message: intakeTexts.alreadyFinal }]);
          break;
        }
        const mine = before?.context.intake.personalInformation;
        const base = before?.context.base?.personalInformation;
        // The next save is stored on top of their version.
        expect(context.intake.updatedAt).toBe(VERSION_2);
        expect(snapshot.can({ type: 'draft.save' })).toBe(true);
        // Their e-mail, which this person never touched, is taken silently.
        expect(context.intake.personalInformation.email).toBe(mine?.email === base?.email ? THEIR_EMAIL : mine?.email);
        // The last name: kept where only this person changed it... or offered where both did.
        const bothChanged = mine?.lastName !== base?.lastName && base?.lastName !== THEIR_LAST_NAME && mine?.lastName !== THEIR_LAST_NAME;
        expect(context.intake.personalInformation.lastName).toBe(mine?.lastName === base?.lastName ? THEIR_LAST_NAME : mine?.lastName);
        expect(context.conflicts).toEqual(bothChanged ? [{ path: 'personalInformation.lastName', theirs: THEIR_LAST_NAME }] : []);
        expect(spokenIntake(probe.emitted)).toEqual([{ type: 'toast.success', message: intakeTexts.merged(context.conflicts.length) }]);
        // No copy is written by the merge: a form without edits has none to offer after a reload
        // (a copy typed before names its own base, and merges to this same result).
        if (!before?.hasTag('dirty')) expect(storage.getItem(unsavedCopyKey(owner()))).toBeNull();
        break;
      }
      case 'xstate.error.actor.loadTheirs':
        expect(snapshot.matches({ lifecycle: { ready: { form: { editable: { stale: 'failed' } } } } })).toBe(true);
        expect(context.intake).toEqual(before?.context.intake);
        expect(snapshot.can({ type: 'stale.retry' })).toBe(true);
        expect(snapshot.can({ type: 'draft.save' })).toBe(false);
        break;
      case 'stale.retry':
        expect(snapshot.matches({ lifecycle: { ready: { form: { editable: { stale: 'fetching' } } } } })).toBe(true);
        for (const call of probe.calls) expect(call).toEqual({ actor: 'loadTheirs', input: { caseId: CASE_ID } });
        break;
      case 'merge.useTheirs':
        expect(context.intake.personalInformation.lastName).toBe(before?.context.conflicts[0].theirs);
        expect(context.conflicts).toEqual([]);
        break;
      case 'merge.useAllTheirs':
        for (const { path, theirs } of before?.context.conflicts ?? []) expect(readField(context.intake, path)).toEqual(theirs);
        expect(context.conflicts).toEqual([]);
        break;
      case 'merge.keepMine':
      case 'merge.keepAllMine':
        expect(context.intake).toEqual(before?.context.intake);
        expect(context.conflicts).toEqual([]);
        break;
      case 'intake.reload':
        // Asked first: nothing is dropped yet.
        expect(snapshot.matches({ lifecycle: { ready: { form: 'confirmingReload' } } })).toBe(true);
        expect(context.intake).toEqual(before?.context.intake);
        break;
      case 'reload.cancel':
        expect(snapshot.matches({ lifecycle: { ready: { form: 'editable' } } })).toBe(true);
        expect(context.intake).toEqual(before?.context.intake);
        expect(context.conflicts).toEqual(before?.context.conflicts);
        break;
      case 'reload.confirm':
        expect(snapshot.matches({ lifecycle: 'loading' })).toBe(true);
        expect(storage.getItem(unsavedCopyKey(ownerBefore))).toBeNull();
        break;
      case 'restore.decline':
        expect(context.unsavedCopy).toBeNull();
        expect(storage.getItem(unsavedCopyKey(owner()))).toBeNull();
        expect(snapshot.hasTag('dirty')).toBe(false);
        break;
      case 'xstate.error.actor.buildPdf':
      case 'xstate.error.actor.downloadPdf':
        expect(spokenIntake(probe.emitted)).toEqual([{ type: 'toast.error', message: intakeTexts.pdfFailed }]);
        break;
      case 'pdf.download':
        expect(snapshot.matches({ lifecycle: { ready: { pdfDownload: 'building' } } })).toBe(true);
        for (const call of probe.calls) {
          expect(call).toEqual({ actor: 'downloadPdf', input: { caseId: CASE_ID, intake: context.intake } });
        }
        break;
      case 'xstate.done.actor.downloadPdf':
        expect(snapshot.matches({ lifecycle: { ready: { pdfDownload: 'idle' } } })).toBe(true);
        expect(spokenIntake(probe.emitted)).toEqual([]);
        break;
      default:
        break;
    }
  };
}

describe('intake model', () => {
  const planned: Array<{ name: string; input: IntakeMachineInput; plan: ModelPlan }> = plans.map(({ name, input, offer, events }) => ({
    name,
    input,
    plan: planModel(intakeMachine, { events: events ?? samples, input, offer }),
  }));

  for (const { name, input, plan } of planned) {
    describe(name, () => {
      for (const path of plan.paths) {
        it(describePath(path), async () => {
          // A copy on offer is in storage too, as the page read it from there.
          if (input.unsavedCopy) writeUnsavedCopy(storage, { userId: USER_ID, caseId: input.caseId ?? null }, input.unsavedCopy);
          const check = stepChecker(input);
          await runPath(intakeWithStorage, path, {
            input,
            actors: ['loadIntake', 'loadTheirs', 'saveIntake', 'buildPdf', 'downloadPdf'],
            states: { 'lifecycle.loading': check, 'lifecycle.loadFailed': check, 'lifecycle.ready': check },
          });
        });
      }
    });
  }

  it('traverses every transition of the definition', () => {
    const all = planned.map((entry) => entry.plan);
    const summary = expectEveryTransitionTraversed(intakeMachine, all);
    expect(summary).toEqual(coverageSummary(intakeMachine, all));
    expect(summary.traversed).toBe(summary.transitions);
  });
});

// ---------------------------------------------------------------------------------------------
// The flows one by one

interface Fakes {
  load?: () => Promise<unknown>;
  save?: (input: SaveIntakeInput) => Promise<SavedIntake>;
  build?: () => Promise<Uint8Array>;
  download?: () => Promise<void>;
}

function startIntake(input: IntakeMachineInput, fakes: Fakes = {}) {
  const saves: SaveIntakeInput[] = [];
  const downloads: BuildPdfInput[] = [];
  let loads = 0;
  const clock = new SimulatedClock();
  const load = async () => {
    loads += 1;
    return (await (fakes.load ?? (async () => apiDraft))()) as LooseApiIntake;
  };
  const machine = intakeWithStorage.provide({
    actors: {
      loadIntake: fromPromise<LooseApiIntake, LoadIntakeInput>(load),
      loadTheirs: fromPromise<LooseApiIntake, LoadIntakeInput>(load),
      saveIntake: fromPromise<SavedIntake, SaveIntakeInput>(async ({ input: call }) => {
        saves.push(call);
        return (fakes.save ?? (async () => ({ ...savedDraft, status: call.intake.status })))(call);
      }),
      buildPdf: fromPromise(async () => (fakes.build ?? (async () => pdfBytes))()),
      downloadPdf: fromPromise<void, BuildPdfInput>(async ({ input: call }) => {
        downloads.push(call);
        await (fakes.download ?? (async () => undefined))();
      }),
    },
  });
  const actor = createActor(machine, { input, clock });
  const emitted: IntakeEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, saves, downloads, clock, loads: () => loads };
}

const idle = (snapshot: IntakeSnapshot) => !snapshot.hasTag('busy');
const toasts = (emitted: IntakeEmitted[]) => spokenIntake(emitted).filter((event) => event.type.startsWith('toast.'));

describe('the form store', () => {
  it('is an IntakeFormStore for the field binding (checked by tsc)', () => {
    const store: IntakeFormStore = createActor(intakeMachine, { input: createNew });
    expect(store.getSnapshot().context.intake).toEqual(emptyIntake());
    expect(store.getSnapshot().context.errors).toEqual({});
    expect(store.getSnapshot().hasTag('readOnly')).toBe(false);
  });

  it('applies the form rules on a field change (docs/product/intake-form.md)', () => {
    const { actor } = startIntake(createNew);
    actor.send({ type: 'field.change', path: 'personalInformation.ssnItin', value: '900000001' });
    expect(actor.getSnapshot().context.intake.personalInformation.ssnItin).toBe(TYPED_SSN);
    actor.send({ type: 'field.change', path: 'personalInformation.status', value: 'pending' });
    expect(actor.getSnapshot().context.intake.personalInformation.ssnItin).toBe('');
  });

  it('applies several changes in one update (Select All, Both)', () => {
    const { actor } = startIntake(createNew);
    const updates = vi.fn();
    actor.subscribe(updates);
    actor.send({
      type: 'fields.change',
      changes: [
        { path: 'personalInformation.phoneUsages', value: ['call', 'text'] },
        { path: 'pointsOfInjury.headache', value: true },
      ],
    });
    expect(updates).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.intake.personalInformation.phoneUsages).toEqual(['call', 'text']);
    expect(actor.getSnapshot().context.intake.pointsOfInjury.headache).toBe(true);
  });

  it("clears a field error when the field changes, and the tab mark with the tab's last error", () => {
    const { actor } = startIntake(createNew);
    actor.send({ type: 'draft.save' });
    const tabErrors = () => errorsByTab(actor.getSnapshot().context.errors).personal;
    expect(Object.keys(tabErrors())).toEqual(['personalInformation.firstName', 'personalInformation.lastName']);
    actor.send({ type: 'field.change', path: 'personalInformation.firstName', value: 'Avery' });
    expect(tabErrors()).toEqual({ 'personalInformation.lastName': 'Please enter your Last Name' });
    actor.send({ type: 'field.change', path: 'personalInformation.lastName', value: 'Sample' });
    expect(tabErrors()).toEqual({});
  });

  it('drops the error of a field a No answer clears (docs/product/intake-form.md)', () => {
    const { actor } = startIntake(createNew);
    actor.send({
      type: 'fields.change',
      changes: changesOf(withField(fullValidIntake(), 'injuryInformation.hospitalDate', '')),
    });
    actor.send({ type: 'tab.select', index: 6 });
    actor.send({ type: 'final.submit' });
    expect(actor.getSnapshot().context.errors['injuryInformation.hospitalDate']).toBeDefined();
    actor.send({ type: 'field.change', path: 'injuryInformation.hospitalized', value: false });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});

describe('tabs', () => {
  it('moves with Next and Back, scrolling to the top, and offers Submit instead of Next on the last tab', () => {
    const { actor, emitted } = startIntake(createNew);
    expect(actor.getSnapshot().can({ type: 'tab.back' })).toBe(false);
    for (let tab = 1; tab <= 6; tab++) {
      actor.send({ type: 'tab.next' });
      expect(actor.getSnapshot().context.currentTab).toBe(tab);
    }
    expect(actor.getSnapshot().can({ type: 'tab.next' })).toBe(false);
    expect(emitted).toEqual(Array.from({ length: 6 }, () => ({ type: 'tabMoved' })));
    actor.send({ type: 'tab.back' });
    expect(actor.getSnapshot().context.currentTab).toBe(5);
    actor.send({ type: 'tab.select', index: 2 });
    expect(actor.getSnapshot().context.currentTab).toBe(2);
    actor.send({ type: 'tab.select', index: 7 });
    expect(actor.getSnapshot().context.currentTab).toBe(2);
  });
});

describe('create mode', () => {
  it('Save As Draft saves without asking, stays in create mode with the caseId, and the next save PATCHes', async () => {
    const { actor, emitted, saves } = startIntake(createNew);
    actor.send(namesChange);
    actor.send({ type: 'draft.save' });
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { saving: 'draft' } } } })).toBe(true);
    await waitFor(actor, idle);
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: { creating: 'saved' } } } } })).toBe(true);
    expect(actor.getSnapshot().context.intake).toMatchObject({ caseId: CASE_ID, updatedAt: VERSION_2, status: 'draft' });
    expect(actor.getSnapshot().can({ type: 'pdf.preview' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'draft.save' })).toBe(true);
    expect(toasts(emitted)).toEqual([{ type: 'toast.success', message: 'Draft saved' }]);
    expect(saves[0]).toMatchObject({ userId: USER_ID, intake: { caseId: null, status: 'draft', updatedAt: null } });
    expect(saves[0].intake.personalInformation).toMatchObject({ firstName: 'Avery', lastName: 'Sample' });

    actor.send({ type: 'field.change', path: 'personalInformation.middleName', value: 'N/A' });
    actor.send({ type: 'draft.save' });
    await waitFor(actor, idle);
    expect(saves[1].intake).toMatchObject({ caseId: CASE_ID, updatedAt: VERSION_2, status: 'draft' });
    // 'n/a' is sent empty (docs/product/intake-form.md).
    expect(saves[1].intake.personalInformation.middleName).toBe('');
  });

  it('keeps what is typed while the draft saves, and counts it as unsaved after', async () => {
    let answer = (_saved: SavedIntake) => {};
    const { actor, saves } = startIntake(createNew, {
      save: () => new Promise<SavedIntake>((resolve) => (answer = resolve)),
    });
    actor.send(namesChange);
    actor.send({ type: 'tab.select', index: 3 });
    actor.send({ type: 'draft.save' });
    actor.send({ type: 'field.change', path: 'personalInformation.dl', value: 'D-123' });
    answer(savedDraft);
    await waitFor(actor, idle);
    const snapshot = actor.getSnapshot();
    expect(saves[0].intake.personalInformation.dl).toBe('');
    expect(snapshot.context.intake.personalInformation.dl).toBe('D-123');
    expect(snapshot.context.currentTab).toBe(3);
    expect(snapshot.hasTag('dirty')).toBe(true);
  });

  it('locks the inputs while a final submit is on its way', () => {
    const { actor } = startIntake(createNew);
    actor.send(fullValidChange);
    actor.send({ type: 'final.submit' });
    expect(actor.getSnapshot().hasTag('locked')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'field.change', path: 'personalInformation.dl', value: 'D-1' })).toBe(false);
  });

  it('Save As Draft without names shows the name errors on the fields and saves nothing (docs/product/intake-form.md)', () => {
    const { actor, saves, emitted } = startIntake(createNew);
    actor.send({ type: 'tab.select', index: 4 });
    actor.send({ type: 'draft.save' });
    const { context } = actor.getSnapshot();
    expect(context.errors).toEqual({
      'personalInformation.firstName': 'Please enter your First Name',
      'personalInformation.lastName': 'Please enter your Last Name',
    });
    expect(context.currentTab).toBe(0);
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: { creating: 'unsaved' } } } } })).toBe(true);
    expect(saves).toEqual([]);
    // A fact for the form to move focus on, and no toast (docs/product/intake-form.md, Button bar).
    expect(emitted).toEqual([{ type: 'refused', reason: 'draftIncomplete', tab: 0 }]);
    expect(toasts(emitted)).toEqual([]);
  });

  it('a half-typed date stops the draft save with a field error instead of a broken request', () => {
    const { actor, saves } = startIntake(createNew);
    actor.send(namesChange);
    actor.send({ type: 'field.change', path: 'personalInformation.birthDate', value: '1990-02-31' });
    actor.send({ type: 'draft.save' });
    expect(actor.getSnapshot().context.errors).toEqual({ 'personalInformation.birthDate': intakeMessages.invalidDate });
    expect(saves).toEqual([]);
  });

  it('a complete submit stores final, says "Intake created successfully!" and goes to the list', async () => {
    const { actor, emitted, saves } = startIntake(createNew);
    actor.send(fullValidChange);
    actor.send({ type: 'final.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { form: 'submitted' } } }));
    expect(saves).toHaveLength(1);
    expect(saves[0].intake).toMatchObject({ caseId: null, status: 'final' });
    expect(spokenIntake(emitted)).toEqual([{ type: 'toast.success', message: 'Intake created successfully!' }]);
    expect(actor.getSnapshot().hasTag('readOnly')).toBe(true);
  });

  it('is no longer dirty when it says the intake is final, so leaving for the list does not prompt', async () => {
    const { actor } = startIntake(createNew);
    const dirtyAtNavigate: boolean[] = [];
    actor.on('saved', () => dirtyAtNavigate.push(actor.getSnapshot().hasTag('dirty')));
    actor.send(fullValidChange);
    expect(actor.getSnapshot().hasTag('dirty')).toBe(true);
    actor.send({ type: 'final.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { form: 'submitted' } } }));
    expect(dirtyAtNavigate).toEqual([false]);
  });

  it('a missing field on tab 3 lands on tab index 2 with its toast', () => {
    const { actor, emitted, saves } = startIntake(createNew);
    actor.send({ type: 'fields.change', changes: changesOf(withField(fullValidIntake(), 'defendantInformation.driversName', '')) });
    actor.send({ type: 'tab.select', index: 6 });
    actor.send({ type: 'final.submit' });
    const { context } = actor.getSnapshot();
    expect(context.currentTab).toBe(2);
    expect(Object.keys(context.errors)).toEqual(['defendantInformation.driversName']);
    expect(spokenIntake(emitted)).toEqual([
      { type: 'toast.error', message: 'Please fill required fields in the "Defendant Personal and Vehicle Information" tab.' },
    ]);
    expect(saves).toEqual([]);
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: 'creating' } } } })).toBe(true);
  });

  it('a failed save says so and keeps everything typed', async () => {
    const { actor, emitted } = startIntake(createNew, {
      save: async () => {
        throw serverError;
      },
    });
    actor.send(namesChange);
    actor.send({ type: 'field.change', path: 'personalInformation.address', value: '1 Example Road' });
    const typed = actor.getSnapshot().context.intake;
    actor.send({ type: 'draft.save' });
    await waitFor(actor, idle);
    expect(toasts(emitted)).toEqual([
      { type: 'toast.error', message: 'An error occurred while creating the intake. Please try again later.' },
    ]);
    expect(actor.getSnapshot().context.intake).toEqual(typed);
    expect(actor.getSnapshot().context.intake.caseId).toBeNull();
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: { creating: 'unsaved' } } } } })).toBe(true);
    expect(actor.getSnapshot().hasTag('dirty')).toBe(true);
  });
});

describe('edit mode', () => {
  it('a stored draft opens for editing with its values', async () => {
    const { actor, loads } = startIntake(edit);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, idle);
    expect(loads()).toBe(1);
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: 'editing' } } } })).toBe(true);
    expect(actor.getSnapshot().context.intake).toEqual(storedDraft());
    expect(actor.getSnapshot().context.intake).toMatchObject({ caseId: CASE_ID, updatedAt: VERSION_1, status: 'draft' });
  });

  it('Save Changes asks first: Cancel saves nothing, Save stores the draft with "Intake updated successfully!"', async () => {
    const { actor, emitted, saves } = startIntake(edit);
    await waitFor(actor, idle);
    actor.send({ type: 'field.change', path: 'personalInformation.address', value: '2 Example Road' });
    actor.send({ type: 'draft.save' });
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: 'confirmingSave' } } })).toBe(true);
    actor.send({ type: 'confirm.cancel' });
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: 'editing' } } } })).toBe(true);
    expect(saves).toEqual([]);

    actor.send({ type: 'draft.save' });
    actor.send({ type: 'confirm.save' });
    await waitFor(actor, idle);
    expect(saves).toHaveLength(1);
    expect(saves[0].intake).toMatchObject({ caseId: CASE_ID, status: 'draft', updatedAt: VERSION_1 });
    expect(saves[0].intake.personalInformation).toMatchObject({ address: '2 Example Road', ssnItin: STORED_SSN });
    expect(toasts(emitted)).toEqual([{ type: 'toast.success', message: 'Intake updated successfully!' }]);
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: 'editing' } } } })).toBe(true);
    expect(actor.getSnapshot().context.intake.updatedAt).toBe(VERSION_2);
    expect(actor.getSnapshot().hasTag('dirty')).toBe(false);
  });

  it('Save Changes without names shows the errors without asking', async () => {
    const { actor, saves } = startIntake(edit);
    await waitFor(actor, idle);
    actor.send({ type: 'field.change', path: 'personalInformation.lastName', value: '   ' });
    actor.send({ type: 'draft.save' });
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: 'editing' } } } })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ 'personalInformation.lastName': 'Please enter your Last Name' });
    expect(saves).toEqual([]);
  });

  it('a complete submit in edit mode also says "Intake created successfully!" and goes to the list', async () => {
    const { actor, emitted, saves } = startIntake(edit);
    await waitFor(actor, idle);
    actor.send(fullValidChange);
    actor.send({ type: 'final.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { form: 'submitted' } } }));
    expect(saves[0].intake).toMatchObject({ caseId: CASE_ID, status: 'final', updatedAt: VERSION_1 });
    expect(spokenIntake(emitted)).toEqual([{ type: 'toast.success', message: 'Intake created successfully!' }]);
  });

  it('a final intake opened with route mode edit is read-only (docs/product/intake-form.md)', async () => {
    const { actor } = startIntake(edit, { load: async () => apiFinal });
    await waitFor(actor, idle);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ lifecycle: { ready: { form: 'viewing' } } })).toBe(true);
    expect(snapshot.hasTag('readOnly')).toBe(true);
    expect(snapshot.context.intake.status).toBe('final');
    expect(snapshot.can({ type: 'draft.save' })).toBe(false);
    expect(snapshot.can({ type: 'final.submit' })).toBe(false);
    actor.send({ type: 'field.change', path: 'personalInformation.firstName', value: 'Changed' });
    expect(actor.getSnapshot().context.intake.personalInformation.firstName).toBe('Alex');
    expect(actor.getSnapshot().hasTag('dirty')).toBe(false);
    // Only Back and Next (docs/product/intake-form.md).
    actor.send({ type: 'tab.next' });
    expect(actor.getSnapshot().context.currentTab).toBe(1);
  });

  it('a draft opened in view mode is read-only too', async () => {
    const { actor } = startIntake(view);
    await waitFor(actor, idle);
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: 'viewing' } } })).toBe(true);
    expect(actor.getSnapshot().context.intake.status).toBe('draft');
  });

  it('a failed load can be retried', async () => {
    let attempt = 0;
    const { actor } = startIntake(edit, {
      load: async () => {
        attempt += 1;
        if (attempt === 1) throw { status: 0, code: 'network_error', message: 'The server could not be reached' };
        return apiDraft;
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: 'loadFailed' }));
    actor.send({ type: 'intake.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: 'ready' }));
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: 'editing' } } } })).toBe(true);
  });

  it('an unreadable stored intake is a failed load, not a crash', async () => {
    const { actor } = startIntake(edit, { load: async () => apiUnreadable });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: 'loadFailed' }));
  });
});

describe('someone else saved first (409)', () => {
  it('intake_stale puts their version together with the edits; a choice per field; the save goes on top of theirs', async () => {
    let saveCount = 0;
    let serverVersion: unknown = apiDraft;
    const { actor, emitted, saves, loads } = startIntake(edit, {
      load: async () => serverVersion,
      save: async (call) => {
        saveCount += 1;
        if (saveCount === 1) throw staleError;
        return { caseId: CASE_ID, updatedAt: '2024-06-03T12:00:00.000Z', status: call.intake.status };
      },
    });
    await waitFor(actor, idle);
    actor.send({ type: 'field.change', path: 'personalInformation.address', value: 'Mine' });
    actor.send({ type: 'field.change', path: 'personalInformation.lastName', value: 'Mylast' });
    // Someone else saves first: a new e-mail and another last name.
    serverVersion = apiTheirDraft;
    actor.send({ type: 'draft.save' });
    actor.send({ type: 'confirm.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { form: { editable: 'editing' } } } }));
    expect(loads()).toBe(2);
    const merged = actor.getSnapshot().context;
    expect(merged.intake.personalInformation).toMatchObject({ address: 'Mine', email: THEIR_EMAIL, lastName: 'Mylast' });
    expect(merged.conflicts).toEqual([{ path: 'personalInformation.lastName', theirs: THEIR_LAST_NAME }]);
    expect(merged.intake.updatedAt).toBe(VERSION_2);
    expect(toasts(emitted)).toEqual([{ type: 'toast.success', message: intakeTexts.merged(1) }]);
    expect(actor.getSnapshot().hasTag('dirty')).toBe(true);

    actor.send({ type: 'merge.useTheirs', path: 'personalInformation.lastName' });
    expect(actor.getSnapshot().context.intake.personalInformation.lastName).toBe(THEIR_LAST_NAME);
    expect(actor.getSnapshot().context.conflicts).toEqual([]);
    actor.send({ type: 'draft.save' });
    actor.send({ type: 'confirm.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { form: { editable: 'editing' } } } }) && idle(snapshot));
    expect(saves[1].intake).toMatchObject({ caseId: CASE_ID, updatedAt: VERSION_2 });
    expect(saves[1].intake.personalInformation).toMatchObject({ address: 'Mine', email: THEIR_EMAIL, lastName: THEIR_LAST_NAME });
    expect(actor.getSnapshot().hasTag('dirty')).toBe(false);
  });

  it('a second stale save is put together against the version the first one took', async () => {
    let saveCount = 0;
    let serverVersion: unknown = apiDraft;
    const { actor, saves } = startIntake(edit, {
      load: async () => serverVersion,
      save: async (call) => {
        saveCount += 1;
        if (saveCount <= 2) throw staleError;
        return { caseId: CASE_ID, updatedAt: '2024-06-04T12:00:00.000Z', status: call.intake.status };
      },
    });
    await waitFor(actor, idle);
    actor.send({ type: 'field.change', path: 'personalInformation.address', value: 'Mine' });
    serverVersion = apiTheirDraft;
    actor.send({ type: 'draft.save' });
    actor.send({ type: 'confirm.save' });
    await waitFor(
      actor,
      (snapshot) =>
        snapshot.context.intake.updatedAt === VERSION_2 && snapshot.matches({ lifecycle: { ready: { form: { editable: 'editing' } } } }),
    );
    expect(actor.getSnapshot().context.conflicts).toEqual([]);
    // A third person saves before this one does again: a new address.
    const VERSION_3 = '2024-06-03T08:00:00.000Z';
    serverVersion = toApiIntake({
      ...theirs(),
      updatedAt: VERSION_3,
      personalInformation: { ...theirs().personalInformation, address: 'Third Street' },
    });
    actor.send({ type: 'draft.save' });
    actor.send({ type: 'confirm.save' });
    await waitFor(
      actor,
      (snapshot) =>
        snapshot.context.intake.updatedAt === VERSION_3 && snapshot.matches({ lifecycle: { ready: { form: { editable: 'editing' } } } }),
    );
    // Their e-mail was taken at the first merge: no change of either side now, nothing to choose
    // there; the address both changed is offered.
    expect(actor.getSnapshot().context.intake.personalInformation).toMatchObject({ address: 'Mine', email: THEIR_EMAIL });
    expect(actor.getSnapshot().context.conflicts).toEqual([{ path: 'personalInformation.address', theirs: 'Third Street' }]);
    actor.send({ type: 'merge.keepAllMine' });
    actor.send({ type: 'draft.save' });
    actor.send({ type: 'confirm.save' });
    await waitFor(actor, (snapshot) => saves.length === 3 && idle(snapshot));
    expect(saves[2].intake).toMatchObject({ updatedAt: VERSION_3 });
    expect(saves[2].intake.personalInformation).toMatchObject({ address: 'Mine', email: THEIR_EMAIL });
  });

  it("'Reload intake' asks first; Cancel keeps the edits, 'Discard and reload' shows the stored version", async () => {
    let failTheirs = true;
    let loadCount = 0;
    const { actor } = startIntake(edit, {
      load: async () => {
        loadCount += 1;
        if (loadCount > 1 && failTheirs) throw { status: 0, message: 'The server could not be reached' };
        return loadCount === 1 ? apiDraft : apiTheirDraft;
      },
      save: async () => {
        throw staleError;
      },
    });
    await waitFor(actor, idle);
    actor.send({ type: 'field.change', path: 'personalInformation.address', value: 'Mine' });
    actor.send({ type: 'draft.save' });
    actor.send({ type: 'confirm.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { form: { editable: { stale: 'failed' } } } } }));
    actor.send({ type: 'intake.reload' });
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: 'confirmingReload' } } })).toBe(true);
    actor.send({ type: 'reload.cancel' });
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: { stale: 'failed' } } } } })).toBe(true);
    expect(actor.getSnapshot().context.intake.personalInformation.address).toBe('Mine');
    failTheirs = false;
    actor.send({ type: 'intake.reload' });
    actor.send({ type: 'reload.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { form: { editable: 'editing' } } } }));
    expect(actor.getSnapshot().context.intake.personalInformation).toMatchObject({ address: '', email: THEIR_EMAIL });
    expect(actor.getSnapshot().hasTag('dirty')).toBe(false);
  });

  it('intake_final reloads the stored intake, read-only, and says why', async () => {
    let final = false;
    const { actor, emitted } = startIntake(edit, {
      load: async () => (final ? apiFinal : apiDraft),
      save: async () => {
        final = true;
        throw finalError;
      },
    });
    await waitFor(actor, idle);
    actor.send({ type: 'draft.save' });
    actor.send({ type: 'confirm.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { form: 'viewing' } } }));
    expect(toasts(emitted)).toEqual([{ type: 'toast.error', message: intakeTexts.alreadyFinal }]);
    expect(actor.getSnapshot().hasTag('readOnly')).toBe(true);
  });
});

describe('the unsaved copy', () => {
  const newOwner = { userId: USER_ID, caseId: null };
  const draftOwner = { userId: USER_ID, caseId: CASE_ID };

  it('is written after a quiet time, and at once on flush, without SSN digits', async () => {
    const { actor, clock } = startIntake(createNew);
    actor.send({ type: 'field.change', path: 'personalInformation.firstName', value: 'Avery' });
    actor.send({ type: 'field.change', path: 'personalInformation.status', value: 'hasSsn' });
    actor.send({ type: 'field.change', path: 'personalInformation.ssnItin', value: TYPED_SSN });
    expect(readUnsavedCopy(storage, newOwner)).toBeNull();
    clock.increment(UNSAVED_COPY_DELAY_MS - 1);
    expect(readUnsavedCopy(storage, newOwner)).toBeNull();
    clock.increment(1);
    const copy = readUnsavedCopy(storage, newOwner);
    expect(copy?.intake.personalInformation).toMatchObject({ firstName: 'Avery', status: 'hasSsn', ssnItin: '' });
    expectNoSsnDigitsStored();

    // A reload right after typing: the page flushes on pagehide.
    actor.send({ type: 'field.change', path: 'personalInformation.lastName', value: 'Sample' });
    actor.send({ type: 'unsavedCopy.flush' });
    expect(readUnsavedCopy(storage, newOwner)?.intake.personalInformation.lastName).toBe('Sample');
    expectNoSsnDigitsStored();
  });

  it('each keystroke restarts the quiet time', () => {
    const { actor, clock } = startIntake(createNew);
    actor.send({ type: 'field.change', path: 'personalInformation.firstName', value: 'A' });
    clock.increment(UNSAVED_COPY_DELAY_MS - 100);
    actor.send({ type: 'field.change', path: 'personalInformation.firstName', value: 'Av' });
    clock.increment(UNSAVED_COPY_DELAY_MS - 100);
    expect(readUnsavedCopy(storage, newOwner)).toBeNull();
    clock.increment(100);
    expect(readUnsavedCopy(storage, newOwner)?.intake.personalInformation.firstName).toBe('Av');
  });

  it('is gone after a successful save', async () => {
    const { actor } = startIntake(createNew);
    actor.send(namesChange);
    actor.send({ type: 'unsavedCopy.flush' });
    expect(readUnsavedCopy(storage, newOwner)).not.toBeNull();
    actor.send({ type: 'draft.save' });
    await waitFor(actor, idle);
    expect(readUnsavedCopy(storage, newOwner)).toBeNull();
    expect(actor.getSnapshot().hasTag('dirty')).toBe(false);
  });

  it('is offered back and restored over the stored draft, keeping the stored SSN', async () => {
    writeUnsavedCopy(storage, draftOwner, unsavedCopyOf(storedDraft()));
    const unsavedCopy = readUnsavedCopy(storage, draftOwner);
    expect(unsavedCopy).not.toBeNull();
    const { actor, saves } = startIntake({ ...edit, unsavedCopy });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: 'offeringRestore' } } })).toBe(true);
    actor.send({ type: 'restore.accept' });
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: 'editing' } } } })).toBe(true);
    expect(context.intake.personalInformation).toMatchObject({ firstName: 'Casey', address: '12 Copy Lane', ssnItin: STORED_SSN });
    expect(actor.getSnapshot().hasTag('dirty')).toBe(true);
    actor.send({ type: 'draft.save' });
    actor.send({ type: 'confirm.save' });
    await waitFor(actor, idle);
    expect(saves[0].intake.personalInformation).toMatchObject({ firstName: 'Casey', ssnItin: STORED_SSN });
    expect(readUnsavedCopy(storage, draftOwner)).toBeNull();
  });

  it('is offered on a new intake, and declining clears it', () => {
    writeUnsavedCopy(storage, newOwner, unsavedCopyOf(emptyIntake()));
    const { actor } = startIntake({ ...createNew, unsavedCopy: readUnsavedCopy(storage, newOwner) });
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: 'offeringRestore' } } })).toBe(true);
    actor.send({ type: 'restore.decline' });
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: { editable: { creating: 'unsaved' } } } } })).toBe(true);
    expect(actor.getSnapshot().context.intake).toEqual(emptyIntake());
    expect(actor.getSnapshot().hasTag('dirty')).toBe(false);
    expect(readUnsavedCopy(storage, newOwner)).toBeNull();
  });

  it('belongs to one user and one intake', () => {
    writeUnsavedCopy(storage, draftOwner, unsavedCopyOf(storedDraft()));
    expect(readUnsavedCopy(storage, { userId: 'user-other', caseId: CASE_ID })).toBeNull();
    expect(readUnsavedCopy(storage, { userId: USER_ID, caseId: 'case-other' })).toBeNull();
    expect(readUnsavedCopy(storage, newOwner)).toBeNull();
    storage.setItem(unsavedCopyKey(newOwner), '{"userId":');
    expect(readUnsavedCopy(storage, newOwner)).toBeNull();
  });

  it('is not offered on a final intake, and goes', async () => {
    writeUnsavedCopy(storage, draftOwner, unsavedCopyOf(storedDraft()));
    const { actor } = startIntake({ ...edit, unsavedCopy: readUnsavedCopy(storage, draftOwner) }, { load: async () => apiFinal });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { form: 'viewing' } } })).toBe(true);
    expect(readUnsavedCopy(storage, draftOwner)).toBeNull();
  });
});

describe('PDF preview', () => {
  it('is offered only with a caseId, shows while building, opens with the document and closes', async () => {
    const fresh = startIntake(createNew);
    expect(fresh.actor.getSnapshot().can({ type: 'pdf.preview' })).toBe(false);

    const { actor } = startIntake(edit);
    await waitFor(actor, idle);
    actor.send({ type: 'pdf.preview' });
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { pdfPreview: 'building' } } })).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { pdfPreview: 'open' } } }));
    expect(actor.getSnapshot().context.pdf).toEqual(pdfBytes);
    actor.send({ type: 'pdf.close' });
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { pdfPreview: 'closed' } } })).toBe(true);
    expect(actor.getSnapshot().context.pdf).toBeNull();
  });
});

describe('PDF download', () => {
  it('is offered only for a final intake, builds the file once per click and is offered again', async () => {
    const draft = startIntake(edit);
    await waitFor(draft.actor, idle);
    expect(draft.actor.getSnapshot().can({ type: 'pdf.download' })).toBe(false);

    let finish: () => void = () => {};
    const { actor, downloads, emitted } = startIntake(view, {
      load: async () => apiFinal,
      download: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    await waitFor(actor, idle);
    actor.send({ type: 'pdf.download' });
    expect(actor.getSnapshot().matches({ lifecycle: { ready: { pdfDownload: 'building' } } })).toBe(true);
    // A second click while the file is built starts no second file.
    actor.send({ type: 'pdf.download' });
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatchObject({ caseId: CASE_ID });
    finish();
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { pdfDownload: 'idle' } } }));
    expect(actor.getSnapshot().can({ type: 'pdf.download' })).toBe(true);
    expect(toasts(emitted)).toEqual([]);
  });

  it('says so when the file could not be built', async () => {
    const { actor, emitted } = startIntake(view, {
      load: async () => apiFinal,
      download: async () => {
        throw new Error('The PDF worker stopped');
      },
    });
    await waitFor(actor, idle);
    actor.send({ type: 'pdf.download' });
    await waitFor(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { pdfDownload: 'idle' } } }));
    expect(toasts(emitted)).toEqual([{ type: 'toast.error', message: intakeTexts.pdfFailed }]);
  });
});
