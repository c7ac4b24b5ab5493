// Firm edit (docs/product/firm-and-neos.md#edit-firm): load the firm, edit its fields here, save
// them, and store Neos credentials once they validated.
//
// - loading -> ready | loadFailed (`firm.reload` tries again, emits `loadFailed`).
// - ready is parallel:
//   - fields (docs/product/firm-and-neos.md#field-messages): `field.change` updates one value;
//     messages show from the first `form.submit` on, which emits `invalid` with the first
//     failing field.
//   - save: idle -> saving (a complete `form.submit`) -> saved (final; emits `saved`) | idle
//     (emits `saveFailed`); idle -> savingCredentials (`credentials.save`) -> idle. What is typed
//     meanwhile is kept: the fields take changes in every save state.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { Firm, FirmUpdate } from '../api/firm';
import type { CredentialsInput } from '../domain/schemas/credentials';
import { emptyFirm, firmSchema, type FirmInput } from '../domain/schemas/firm';
import type { FieldErrors } from '../domain/schemas/shared';
import { serverMessage } from './errorMessage';
import { changeValue, checkedFieldsRegion, formActions, type FieldChange, type InvalidField } from './formParts';

export interface FirmFormContext {
  /** The firm as the server last returned it. */
  firm?: Firm;
  /** What the form shows: the loaded firm, then what is typed. */
  values: FirmInput;
  /** Field name -> the message under that field. */
  errors: FieldErrors;
  /** The body of the save that is running or ran last. */
  request?: FirmUpdate;
}

export type FirmFormEvent =
  FieldChange<FirmInput> | { type: 'firm.reload' } | { type: 'form.submit' } | { type: 'credentials.save'; credentials: CredentialsInput };

/** Facts; `message` is the server's, when its refusal carried one. */
export type FirmFormEmitted =
  | { type: 'loadFailed' }
  | InvalidField<keyof FirmInput>
  | { type: 'saved'; firm: Firm }
  | { type: 'saveFailed'; message?: string }
  | { type: 'credentialsSaved' }
  | { type: 'credentialsSaveFailed'; message?: string };

interface Failure {
  error: unknown;
}

/** The fields in the order the form shows them, for focusing the first message. */
export const firmFieldOrder: readonly (keyof FirmInput)[] = ['firmName', 'firmContact', 'firmMail', 'firmAddress', 'limitationYears'];

/** The form's values for a loaded firm: a field the firm leaves empty is an empty text. */
export function firmFormValues(firm: Firm): FirmInput {
  return {
    firmName: firm.firmName,
    firmContact: firm.firmContact ?? '',
    firmMail: firm.firmMail ?? '',
    firmAddress: firm.firmAddress ?? '',
    limitationYears: firm.limitationYears,
    requireSecondFactor: firm.requireSecondFactor,
  };
}

/** The firm's stored fields: saving credentials never saves half-typed edits along with them. */
function storedFields(firm: Firm | undefined): FirmUpdate {
  return {
    firmName: firm?.firmName ?? '',
    firmContact: firm?.firmContact ?? null,
    firmMail: firm?.firmMail ?? null,
    firmAddress: firm?.firmAddress ?? null,
  };
}

const form = formActions({
  types: {} as { context: FirmFormContext; events: FirmFormEvent },
  schema: firmSchema,
  order: firmFieldOrder,
  change: changeValue<FirmInput>,
});

export const firmFormMachine = setup({
  types: {
    context: {} as FirmFormContext,
    events: {} as FirmFormEvent,
    emitted: {} as FirmFormEmitted,
  },
  actors: {
    loadFirm: fromPromise<Firm, void>(() => {
      throw new Error('provided by the app');
    }),
    saveFirm: fromPromise<Firm, FirmUpdate>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: form.guards,
  actions: {
    ...form.actions,
    storeFirm: assign((_, firm: Firm) => ({ firm })),
    fillForm: assign((_, firm: Firm) => ({ values: firmFormValues(firm), errors: {} })),
    prepareFirmSave: assign(({ context }) => ({ request: firmSchema.cast(context.values) })),
    prepareCredentialsSave: assign(({ context, event }) => {
      assertEvent(event, 'credentials.save');
      return { request: { ...storedFields(context.firm), neosCredentials: event.credentials } };
    }),
    announceLoadFailed: emit({ type: 'loadFailed' as const }),
    announceSaved: emit((_, firm: Firm) => ({ type: 'saved' as const, firm })),
    announceSaveFailed: emit((_, { error }: Failure) => ({ type: 'saveFailed' as const, message: serverMessage(error) })),
    announceCredentialsSaved: emit({ type: 'credentialsSaved' as const }),
    announceCredentialsSaveFailed: emit((_, { error }: Failure) => ({
      type: 'credentialsSaveFailed' as const,
      message: serverMessage(error),
    })),
  },
}).createMachine({
  id: 'firmForm',
  context: { values: { ...emptyFirm }, errors: {} },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadFirm',
        src: 'loadFirm',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeFirm', params: ({ event }) => event.output },
            { type: 'fillForm', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'loadFailed', actions: 'announceLoadFailed' },
      },
    },
    loadFailed: { on: { 'firm.reload': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        fields: checkedFieldsRegion,
        save: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'form.submit': { guard: 'isComplete', target: 'saving', actions: 'prepareFirmSave' },
                'credentials.save': { target: 'savingCredentials', actions: 'prepareCredentialsSave' },
              },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                id: 'saveFirm',
                src: 'saveFirm',
                input: ({ context }) => context.request as FirmUpdate,
                onDone: {
                  target: '#firmForm.saved',
                  actions: [
                    { type: 'storeFirm', params: ({ event }) => event.output },
                    { type: 'announceSaved', params: ({ event }) => event.output },
                  ],
                },
                onError: { target: 'idle', actions: { type: 'announceSaveFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            // Credentials that validated (docs/product/firm-and-neos.md#saving-credentials) are
            // stored at once, so the firm shows as connected without a second button.
            savingCredentials: {
              tags: ['savingCredentials'],
              invoke: {
                id: 'saveFirm',
                src: 'saveFirm',
                input: ({ context }) => context.request as FirmUpdate,
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'storeFirm', params: ({ event }) => event.output }, 'announceCredentialsSaved'],
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'announceCredentialsSaveFailed', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
    saved: { type: 'final' },
  },
});
