// The intake machine as the form page runs it: with the app's actors, and the few questions the
// page asks its snapshot (docs/architecture.md: views ask `matches`, `hasTag`, `can`; they decide nothing).
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { intakeMachine } from '../../../../machines/intake.machine';
import { browserSessionStorage, unsavedCopyActions } from './unsavedCopy';
import { buildPdf, downloadPdf, loadIntake, saveIntake } from './intakeFormActors';

import type { IntakeRouteMode } from '../../../../machines/intake.machine';
export type { IntakeRouteMode };

export const appIntakeMachine = intakeMachine.provide({
  actors: { loadIntake, loadTheirs: loadIntake, saveIntake, buildPdf, downloadPdf },
  actions: unsavedCopyActions(browserSessionStorage),
});

export type IntakeActor = ActorRefFrom<typeof appIntakeMachine>;
export type IntakeSnapshot = SnapshotFrom<typeof appIntakeMachine>;

/**
 * Whether the machine takes an event of this type in its current state, guards not evaluated. For
 * 'draft.save' and 'final.submit' this is `can`'s answer: each has an unguarded last branch (show
 * the errors), so `can` is true wherever they are handled, but it first runs their guard, the whole
 * intake's validation, and a button asking `can` in a selector ran it on every keystroke (README,
 * Performance). Events whose every branch is guarded keep asking `can`.
 */
export function acceptsEvent(snapshot: IntakeSnapshot, type: 'draft.save' | 'final.submit'): boolean {
  return snapshot._nodes.some((node) => node.ownEvents.includes(type));
}

type FormState = 'offeringRestore' | 'editable' | 'confirmingSave' | 'saving' | 'viewing' | 'submitted';

/** The form region's state (`ready.form.<state>`). */
export function inForm(snapshot: IntakeSnapshot, state: FormState): boolean {
  return snapshot.matches({ lifecycle: { ready: { form: state } } });
}

/** A save on its way: a draft ('Save As Draft', 'Save Changes') or the final submit. */
export function isSaving(snapshot: IntakeSnapshot, as: 'draft' | 'final'): boolean {
  return snapshot.matches({ lifecycle: { ready: { form: { saving: as } } } });
}

/** The route's mode, a state of the machine's `mode` region ('Save As Draft' in create mode). */
export function inMode(snapshot: IntakeSnapshot, mode: IntakeRouteMode): boolean {
  return snapshot.matches({ mode });
}

/** The machine's changes region: typed edits not saved yet (tag 'dirty'). */
export function hasUnsavedChanges(snapshot: IntakeSnapshot): boolean {
  return snapshot.hasTag('dirty');
}
