// Lead registration with the duplicate check (docs/product/leads.md Lead Registration, docs/product/leads.md).
// The form's values and the messages under its fields live here, as in every form (formParts.ts).
// Parallel: `fields` (checkedFieldsRegion, docs/product/leads.md#lead-rules: messages wait for
// the first submit, then every change checks the whole form again, in every state, since the form
// stays open while a call runs) and `registration`. On `form.submit` with a message to show,
// `fields` emits `invalid` with the first field on screen that has one (the view moves focus
// there) and the registration stays in editing; otherwise it checks for similar leads first; a
// similar lead that already has an intake asks the person to confirm, one without an intake
// refuses the registration. The machine emits facts (`invalid`, `creating`, `created`,
// `checkFailed`, `createFailed`); src/ui/app/factToasts.ts shows the toasts.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { CreatedLead, DuplicateCheck, DuplicateLead } from '../api/leads';
import { emptyLead, leadFieldOrder, leadSchema, type LeadFormValues, type LeadInput } from '../domain/schemas/lead';
import type { FieldErrors } from '../domain/schemas/shared';
import { leadTexts } from '../domain/texts';
import { errorMessage, serverMessage, statusOf } from './errorMessage';
import { changeValue, checkedFieldsRegion, formActions, type FieldChange, type InvalidField } from './formParts';

export interface LeadRegistrationContext {
  /** What the form shows, as typed. */
  values: LeadFormValues;
  /** Field -> the message under that field. */
  errors: FieldErrors;
  /** The lead last submitted, checked and (maybe) created. */
  lead?: LeadInput;
  /** The similar leads the dialog lists. */
  duplicates: DuplicateLead[];
  /** Why the registration was refused, shown on the form. */
  error?: string;
}

export interface LeadRegistrationInput {
  /** Values to start from instead of an empty form (a form opened already filled). */
  values?: LeadFormValues;
}

export type LeadFieldChange = FieldChange<LeadFormValues>;

export type LeadRegistrationEvent = LeadFieldChange | { type: 'form.submit' } | { type: 'dialog.confirm' } | { type: 'dialog.cancel' };

/** Facts; `message` is what the failed call said, when it said anything. */
export type LeadRegistrationEmitted =
  | InvalidField<keyof LeadFormValues>
  | { type: 'creating' }
  | { type: 'created'; created: CreatedLead }
  | { type: 'checkFailed'; message?: string }
  | { type: 'createFailed'; message?: string };

/** A failed call, wrapped: params typed `unknown` would leave the params function untyped. */
interface Failure {
  error: unknown;
}

function initialContext(values: LeadFormValues = emptyLead): LeadRegistrationContext {
  return { values: { ...values }, errors: {}, lead: undefined, duplicates: [], error: undefined };
}

const form = formActions({
  types: {} as { context: LeadRegistrationContext; events: LeadRegistrationEvent },
  schema: leadSchema,
  order: leadFieldOrder,
  change: changeValue<LeadFormValues>,
});

export const leadRegistrationMachine = setup({
  types: {
    context: {} as LeadRegistrationContext,
    events: {} as LeadRegistrationEvent,
    emitted: {} as LeadRegistrationEmitted,
    input: {} as LeadRegistrationInput | undefined,
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
    ...form.guards,
    hasIntakeDuplicate: (_, check: DuplicateCheck) => check.isDuplicate && check.hasIntakeId,
    hasDuplicateWithoutIntake: (_, check: DuplicateCheck) => check.isDuplicate && !check.hasIntakeId,
    isDuplicateRefusal: (_, { error }: Failure) => statusOf(error) === 409,
  },
  actions: {
    ...form.actions,
    // What the check and the create send: the values as the schema casts them (trimmed texts).
    storeLead: assign(({ context }) => ({ lead: leadSchema.cast(context.values), error: undefined })),
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
    resetRegistration: assign(() => initialContext()),
  },
}).createMachine({
  id: 'leadRegistration',
  context: ({ input }) => initialContext(input?.values),
  type: 'parallel',
  states: {
    // Takes a submit in any registration state; the page sends none while a call runs (a loading
    // Button is disabled, src/ui/components/Button) or while the modal dialog is open.
    fields: checkedFieldsRegion,
    registration: {
      initial: 'editing',
      states: {
        editing: {
          on: { 'form.submit': { guard: 'isComplete', target: 'checkingDuplicates', actions: 'storeLead' } },
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
            // Back to an empty form whose messages wait for its first submit again.
            onDone: {
              target: ['editing', '#leadRegistration.fields.unchecked'],
              actions: [{ type: 'announceCreated', params: ({ event }) => event.output }, 'resetRegistration'],
            },
            onError: {
              target: 'editing',
              actions: ['clearDuplicates', { type: 'announceCreateFailed', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
  },
});
