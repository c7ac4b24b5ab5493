// Lead registration with the duplicate check (docs/product/leads.md Lead Registration, docs/product/leads.md).
// Submit checks for similar leads first; a similar lead that already has an intake asks the
// person to confirm, one without an intake refuses the registration. The view turns the emitted
// toast events into react-hot-toast toasts and resets its form on 'lead.created'.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { CreatedLead, DuplicateCheck, DuplicateLead } from '../api/leads';
import type { LeadInput } from '../domain/schemas/lead';
import { errorMessage, serverMessage, statusOf } from './errorMessage';

/** docs/product/leads.md, character for character. */
export const leadRegistrationMessages = {
  creating: 'Creating lead...',
  created: 'Lead created successfully',
  createFailed: (message: string) => `Error creating lead: ${message}`,
  duplicateRefused: 'Cannot register duplicate lead',
  checkFailed: 'Error checking for duplicate leads',
  duplicateWithoutIntake: 'A similar lead without an intake ID already exists',
} as const;

export interface LeadRegistrationContext {
  /** The lead last submitted, checked and (maybe) created. */
  lead?: LeadInput;
  /** The similar leads the dialog lists. */
  duplicates: DuplicateLead[];
  /** Why the registration was refused, shown on the form. */
  error?: string;
}

export type LeadRegistrationEvent = { type: 'form.submit'; lead: LeadInput } | { type: 'dialog.confirm' } | { type: 'dialog.cancel' };

export type LeadRegistrationEmitted =
  | { type: 'toast.loading'; message: string }
  | { type: 'toast.success'; message: string }
  | { type: 'toast.error'; message: string }
  | { type: 'lead.created'; created: CreatedLead };

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
    reportDuplicateWithoutIntake: assign({ error: leadRegistrationMessages.duplicateWithoutIntake }),
    // docs/product/leads.md: HTTP 409 shows the server's message, or the fixed text without one.
    reportDuplicateRefusal: assign((_, { error }: Failure) => ({
      error: serverMessage(error) ?? leadRegistrationMessages.duplicateRefused,
    })),
    notifyCheckFailure: emit((_, { error }: Failure) => ({
      type: 'toast.error' as const,
      message: serverMessage(error) ?? leadRegistrationMessages.checkFailed,
    })),
    notifyCreating: emit({ type: 'toast.loading' as const, message: leadRegistrationMessages.creating }),
    notifyCreated: emit({ type: 'toast.success' as const, message: leadRegistrationMessages.created }),
    announceCreated: emit((_, created: CreatedLead) => ({ type: 'lead.created' as const, created })),
    notifyCreateFailure: emit((_, { error }: Failure) => ({
      type: 'toast.error' as const,
      message: leadRegistrationMessages.createFailed(errorMessage(error) ?? 'Unknown error'),
    })),
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
          { target: 'editing', actions: { type: 'notifyCheckFailure', params: ({ event }) => ({ error: event.error }) } },
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
      entry: 'notifyCreating',
      invoke: {
        id: 'createLead',
        src: 'createLead',
        input: ({ context }) => context.lead as LeadInput,
        onDone: {
          target: 'editing',
          actions: ['notifyCreated', { type: 'announceCreated', params: ({ event }) => event.output }, 'resetRegistration'],
        },
        onError: {
          target: 'editing',
          actions: ['clearDuplicates', { type: 'notifyCreateFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
  },
});
