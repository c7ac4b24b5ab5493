// What the intake machine hands its calls and reads from their answers: plain functions of its
// context, kept beside the machine so its definition stays the lifecycle alone.
import type { IntakeStatus } from '../domain/enums';
import { checkDraft, tabIndexOf } from '../domain/intake/editing';
import { fromApiIntake, toApiIntake, type LooseApiIntake } from '../domain/intake/normalise';
import type { BuildPdfInput, IntakeContext, IntakeRouteMode, SaveIntakeInput } from './intakeMachineTypes';

/** The error a refused call's event carries (xstate.error.actor.*). */
export function failureOf(event: object): unknown {
  return 'error' in event ? event.error : undefined;
}

/** The route's mode the machine was started with: the input its start event carries (xstate.init). */
export function routeModeOf(event: object): IntakeRouteMode | undefined {
  if (!('input' in event) || typeof event.input !== 'object' || event.input === null) return undefined;
  return 'mode' in event.input ? (event.input.mode as IntakeRouteMode) : undefined;
}

export function saveInput(context: IntakeContext, status: IntakeStatus): SaveIntakeInput {
  return { userId: context.userId, intake: toApiIntake({ ...context.intake, status }) };
}

export function pdfInput(context: IntakeContext): BuildPdfInput {
  return { caseId: context.intake.caseId ?? '', intake: context.intake };
}

export function isUnreadable(output: LooseApiIntake): boolean {
  try {
    fromApiIntake(output);
    return false;
  } catch {
    return true;
  }
}

export function providedByTheApp(): never {
  throw new Error('provided by the app');
}

/** A failed check's errors, shown on its first failing tab. */
export function shownErrors(validation: ReturnType<typeof checkDraft>, currentTab: number) {
  return validation.ok ? {} : { errors: validation.errors, currentTab: tabIndexOf(validation, currentTab) };
}
