// The intake form's conflict check (docs/product/conflicts.md): loads the check of a stored intake
// (GET /v1/intake/{caseId}/conflicts), loads it again on 'Check again' or after a save, and lets an
// owner or an administrator record a decision with a note (POST .../conflicts/decision). The
// decision form keeps what was chosen and typed when the save fails, with the error beside it.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ConflictCheck, ConflictDecisionChoice } from '../api/conflicts';
import { errorMessage } from './errorMessage';

/** Shown when a failed call carried no message of its own. */
export const CONFLICT_DECISION_FAILED = 'The decision could not be saved. Try again.';

export interface ConflictPanelInput {
  caseId: string;
  /** Owner or administrator (docs/product/conflicts.md). */
  canDecide: boolean;
}

export interface ConflictPanelContext extends ConflictPanelInput {
  check: ConflictCheck | null;
  decision: ConflictDecisionChoice | null;
  note: string;
  error: string | null;
}

export type ConflictPanelEvent =
  | { type: 'check.again' }
  | { type: 'check.retry' }
  | { type: 'decision.start' }
  | { type: 'decision.choose'; decision: ConflictDecisionChoice }
  | { type: 'note.change'; note: string }
  | { type: 'decision.cancel' }
  | { type: 'decision.submit' };

export const conflictPanelMachine = setup({
  types: {
    context: {} as ConflictPanelContext,
    events: {} as ConflictPanelEvent,
    input: {} as ConflictPanelInput,
  },
  actors: {
    loadCheck: fromPromise<ConflictCheck, { caseId: string }>(() => {
      throw new Error('provided by the app');
    }),
    saveDecision: fromPromise<ConflictCheck, { caseId: string; decision: ConflictDecisionChoice; note: string }>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    canDecide: ({ context }) => context.canDecide,
    complete: ({ context }) => context.decision !== null && context.note.trim() !== '',
  },
  actions: {
    keepCheck: assign((_, check: ConflictCheck) => ({ check, error: null })),
    choose: assign(({ event }) => {
      assertEvent(event, 'decision.choose');
      return { decision: event.decision };
    }),
    typeNote: assign(({ event }) => {
      assertEvent(event, 'note.change');
      return { note: event.note };
    }),
    startForm: assign({ decision: null, note: '', error: null }),
    closeForm: assign({ decision: null, note: '', error: null }),
    // Only the invokes' error events run it.
    keepError: assign(({ event }) => ({ error: errorMessage((event as { error?: unknown }).error) ?? CONFLICT_DECISION_FAILED })),
  },
}).createMachine({
  id: 'conflictPanel',
  context: ({ input }) => ({ ...input, check: null, decision: null, note: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCheck',
        src: 'loadCheck',
        input: ({ context }) => ({ caseId: context.caseId }),
        onDone: { target: 'ready', actions: { type: 'keepCheck', params: ({ event }) => event.output } },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'check.retry': 'loading' },
    },
    ready: {
      on: {
        'check.again': 'loading',
        'decision.start': { target: 'deciding', guard: 'canDecide', actions: 'startForm' },
      },
    },
    deciding: {
      tags: ['form'],
      on: {
        'decision.choose': { actions: 'choose' },
        'note.change': { actions: 'typeNote' },
        'decision.cancel': { target: 'ready', actions: 'closeForm' },
        'decision.submit': { target: 'submitting', guard: 'complete' },
      },
    },
    submitting: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'saveDecision',
        src: 'saveDecision',
        input: ({ context }) => ({ caseId: context.caseId, decision: context.decision ?? 'cleared', note: context.note.trim() }),
        onDone: { target: 'ready', actions: [{ type: 'keepCheck', params: ({ event }) => event.output }, 'closeForm'] },
        onError: { target: 'deciding', actions: 'keepError' },
      },
    },
  },
});
