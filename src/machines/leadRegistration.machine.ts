// Lead registration with the duplicate check (docs/product/leads.md Lead Registration, docs/product/leads.md).
// Submit checks for similar leads first; a similar lead that already has an intake asks the
// person to confirm, one without an intake refuses the registration. The machine emits facts
// (`creating`, `created`, `checkFailed`, `createFailed`); src/ui/app/factToasts.ts shows them.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { CreatedLead, DuplicateCheck, DuplicateLead } from '../api/leads';
import type { LeadInput } from '../domain/schemas/lead';
import { leadTexts } from '../domain/texts';
import { errorMessage, serverMessage, statusOf } from './errorMessage';

export interface LeadRegistrationContext {
  /** The lead last submitted, checked and (maybe) created. */
  lead?: LeadInput;
  /** The similar leads the dialog lists. */
  duplicates: DuplicateLead[];
  /** Why the registration was refused, shown on the form. */
  error?: string;
}

export type LeadRegistrationEvent = { type: 'form.submit'; lead: LeadInput } | { type: 'dialog.confirm' } | { type: 'dialog.cancel' };

/** Facts; `message` is what the failed call said, when it said anything. */
export type LeadRegistrationEmitted =
  | { type: 'creating' }
  | { type: 'created'; created: CreatedLead }
  | { type: 'checkFailed'; message?: string }
  | { type: 'createFailed'; message?: string };

/** A failed call, wrapped: params typed `unknown` would leave the params function untyped. */
interface Failure {
  error: unknown;
}

const initialContext: LeadRegistrationContext = { lead: undefined, duplicates: [], error: undefined };

export const leadRegistrationMachine = setup({
  types: {
    context: {} as LeadRegistrationContext,
    events: {} as LeadRegistrationEvent,
    emitted: {} as LeadRegistrationEmitted,
  },
  actors: {
    checkDuplicate: fromPromise<DuplicateCheck, LeadInput>(() => {
      throw new Error('provided by the app');
    }),
    createLead: fromPromise<CreatedLead, LeadInput>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    hasIntakeDuplicate: (_, check: DuplicateCheck) => check.isDuplicate && check.hasIntakeId,
    hasDuplicateWithoutIntake: (_, check: DuplicateCheck) => check.isDuplicate && !check.hasIntakeId,
    isDuplicateRefusal: (_, { error }: Failure) => statusOf(error) === 409,
  },
  actions: {
    storeLead: assign(({ event }) => {
      assertEvent(event, 'form.submit');
      return { lead: event.lead, error: undefined };
    }),
    storeDuplicates: assign((_, check: DuplicateCheck) => ({ duplicates: check.duplicateLeads })),
    clearDuplicates: assign({ duplicates: [] }),
    // docs/product/leads.md: a similar lead without an intake ID refuses the registration.
    reportDuplicateWithoutIntake: assign({ error: leadTexts.duplicateWithoutIntake }),
    // docs/product/leads.md: HTTP 409 shows the server's message, or the fixed text without one.
    reportDuplicateRefusal: assign((_, { error }: Failure) => ({
      error: serverMessage(error) ?? leadTexts.duplicateRefused,
    })),
    announceCheckFailed: emit((_, { error }: Failure) => ({ type: 'checkFailed' as const, message: serverMessage(error) })),
    announceCreating: emit({ type: 'creating' as const }),
    announceCreated: emit((_, created: CreatedLead) => ({ type: 'created' as const, created })),
    announceCreateFailed: emit((_, { error }: Failure) => ({ type: 'createFailed' as const, message: errorMessage(error) })),
    // docs/product/leads.md: after success the form resets.
    resetRegistration: assign(() => ({ ...initialContext })),
  },
}).createMachine({
  id: 'leadRegistration',
  context: () => ({ ...initialContext }),
  initial: 'editing',
  states: {
    editing: {
      on: { 'form.submit': { target: 'checkingDuplicates', actions: 'storeLead' } },
    },
    checkingDuplicates: {
      tags: ['busy'],
      invoke: {
        id: 'checkDuplicate',
        src: 'checkDuplicate',
        input: ({ context }) => context.lead as LeadInput,
        onDone: [
          {
            guard: { type: 'hasIntakeDuplicate', params: ({ event }) => event.output },
            target: 'confirmingDuplicate',
            actions: { type: 'storeDuplicates', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'hasDuplicateWithoutIntake', params: ({ event }) => event.output },
            target: 'editing',
            actions: 'reportDuplicateWithoutIntake',
          },
          { target: 'creating' },
        ],
        onError: [
          {
            guard: { type: 'isDuplicateRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'reportDuplicateRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing', actions: { type: 'announceCheckFailed', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    confirmingDuplicate: {
      on: {
        'dialog.confirm': { target: 'creating' },
        // 'No, Cancel' creates nothing; the form keeps what was typed.
        'dialog.cancel': { target: 'editing', actions: 'clearDuplicates' },
      },
    },
    creating: {
      tags: ['busy'],
      entry: 'announceCreating',
      invoke: {
        id: 'createLead',
        src: 'createLead',
        input: ({ context }) => context.lead as LeadInput,
        onDone: {
          target: 'editing',
          actions: [{ type: 'announceCreated', params: ({ event }) => event.output }, 'resetRegistration'],
        },
        onError: {
          target: 'editing',
          actions: ['clearDuplicates', { type: 'announceCreateFailed', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
  },
});
