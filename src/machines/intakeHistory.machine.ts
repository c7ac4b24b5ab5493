// The intake form's History panel (docs/product/intake-form.md#history): closed until 'History' is
// pressed, then the intake's rows of the activity trail are loaded (GET /v1/intake/{caseId}/history)
// and listed, newest first. Each opening loads again, so the panel shows what was done up to now
// (opening the intake, a reveal, a save a moment ago).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ClientAttestation } from '../api/intakes';

/** One row of the trail, as the panel needs it (openapi.yaml ActivityEntry). */
export interface HistoryEntry {
  id: string;
  at: string;
  userName: string | null;
  action: string;
  fields: string[];
  /** What the client signed, on their submit's row. */
  attestation?: ClientAttestation;
}

export interface HistoryContext {
  caseId: string | null;
  entries: HistoryEntry[];
}

export type HistoryEvent = { type: 'history.open'; caseId: string } | { type: 'history.close' } | { type: 'history.retry' };

export const intakeHistoryMachine = setup({
  types: {
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
  },
  actors: {
    loadHistory: fromPromise<HistoryEntry[], { caseId: string }>(() => {
      throw new Error('provided by the app');
    }),
  },
  actions: {
    rememberCase: assign(({ event }) => {
      assertEvent(event, 'history.open');
      return { caseId: event.caseId, entries: [] };
    }),
    storeEntries: assign((_, entries: HistoryEntry[]) => ({ entries })),
    forgetEntries: assign({ entries: [] }),
  },
}).createMachine({
  id: 'intakeHistory',
  context: { caseId: null, entries: [] },
  initial: 'closed',
  states: {
    closed: {
      on: { 'history.open': { target: 'loading', actions: 'rememberCase' } },
    },
    loading: {
      tags: ['busy', 'shown'],
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: ({ context }) => ({ caseId: context.caseId ?? '' }),
        onDone: { target: 'open', actions: { type: 'storeEntries', params: ({ event }) => event.output } },
        onError: { target: 'failed' },
      },
      on: { 'history.close': { target: 'closed' } },
    },
    open: {
      tags: ['shown'],
      on: { 'history.close': { target: 'closed', actions: 'forgetEntries' } },
    },
    failed: {
      tags: ['shown'],
      on: {
        'history.retry': { target: 'loading' },
        'history.close': { target: 'closed' },
      },
    },
  },
});
