// Showing a masked SSN/ITIN in full, on purpose (docs/product/people.md#ssn-and-itin,
// docs/product/intake-form.md#ssnitin-masked). The server answers every SSN/ITIN masked
// ('***-**-6789'); 'Show' asks its reveal call, which the server records in the activity trail.
// One machine serves the intake form (subject: the caseId; numbers: { ssnItin }) and the profile
// (subject: the user id; numbers: { ssn, itin }). 'Hide' forgets the numbers again.
import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** The numbers in full (123-45-6789) by field name, null where none is stored. */
export type RevealedNumbers = Record<string, string | null>;

export interface RevealRequest {
  /** What to reveal: a caseId or a user id. */
  subject: string;
}

export interface RevealContext {
  subject: string | null;
  numbers: RevealedNumbers | null;
}

export type RevealEvent = { type: 'reveal.show'; subject: string } | { type: 'reveal.hide' };

export const revealMachine = setup({
  types: {
    context: {} as RevealContext,
    events: {} as RevealEvent,
  },
  actors: {
    reveal: fromPromise<RevealedNumbers, RevealRequest>(() => {
      throw new Error('provided by the app');
    }),
  },
  actions: {
    rememberSubject: assign(({ event }) => {
      assertEvent(event, 'reveal.show');
      return { subject: event.subject };
    }),
    storeNumbers: assign((_, numbers: RevealedNumbers) => ({ numbers })),
    // Nothing revealed stays in memory once hidden.
    forgetNumbers: assign({ numbers: null }),
  },
}).createMachine({
  id: 'reveal',
  context: { subject: null, numbers: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'reveal.show': { target: 'revealing', actions: 'rememberSubject' } },
    },
    revealing: {
      tags: ['busy'],
      invoke: {
        id: 'reveal',
        src: 'reveal',
        input: ({ context }) => ({ subject: context.subject ?? '' }),
        onDone: { target: 'revealed', actions: { type: 'storeNumbers', params: ({ event }) => event.output } },
        onError: { target: 'failed' },
      },
    },
    revealed: {
      on: { 'reveal.hide': { target: 'idle', actions: 'forgetNumbers' } },
    },
    // The masked value stays on screen; 'Show' may be tried again.
    failed: {
      on: { 'reveal.show': { target: 'revealing', actions: 'rememberSubject' } },
    },
  },
});
