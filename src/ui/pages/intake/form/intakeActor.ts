// The intake machine as the form page runs it: with the app's actors, and the few questions the
// page asks its snapshot (DESIGN.md: views ask `matches`, `hasTag`, `can`; they decide nothing).
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { intakeMachine } from '../../../../machines/intake.machine';
import { browserSessionStorage, unsavedCopyActions } from '../../../../machines/intakeUnsavedCopy';
import { buildPdf, downloadPdf, loadIntake, saveIntake } from './intakeFormActors';

export type { IntakeRouteMode } from '../../../../machines/intake.machine';

export const appIntakeMachine = intakeMachine.provide({
  actors: { loadIntake, saveIntake, buildPdf, downloadPdf },
  actions: unsavedCopyActions(browserSessionStorage),
});

export type IntakeActor = ActorRefFrom<typeof appIntakeMachine>;
export type IntakeSnapshot = SnapshotFrom<typeof appIntakeMachine>;

type FormState = 'offeringRestore' | 'editable' | 'confirmingSave' | 'savingDraft' | 'submittingFinal' | 'viewing' | 'submitted';

/** The form region's state (`ready.form.<state>`). */
export function inForm(snapshot: IntakeSnapshot, state: FormState): boolean {
  return snapshot.matches({ ready: { form: state } });
}

export function isStale(snapshot: IntakeSnapshot): boolean {
  return snapshot.matches({ ready: { form: { editable: 'stale' } } });
}

/** The machine's changes region: typed edits not saved yet (tag 'dirty'). */
export function hasUnsavedChanges(snapshot: IntakeSnapshot): boolean {
  return snapshot.hasTag('dirty');
}
