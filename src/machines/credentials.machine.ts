// Integration credential validation (docs/product/firm-and-neos.md#validating). The form's values
// live here; a validation is a call whose HTTP 200 means valid and anything else invalid, and
// the firm saves the three values only after a success, which the machine announces with the
// fact `validated` in that transition alone.
//
// Parallel: `fields` (docs/product/firm-and-neos.md#field-messages) and `validation`
// (idle | validating -> valid | invalid; a complete `form.submit` starts one from any but
// validating). What is typed during a validation stays; the call runs with the values submitted.
import { assign, emit, fromPromise, setup } from 'xstate';
import { credentialsSchema, emptyCredentials, type CredentialsInput } from '../domain/schemas/credentials';
import type { FieldErrors } from '../domain/schemas/shared';
import { changeValue, checkedFieldsRegion, formActions, type FieldChange, type InvalidField } from './formParts';

export interface CredentialsContext {
  /** What the form shows. */
  values: CredentialsInput;
  /** Field name -> the message under that field. */
  errors: FieldErrors;
  /** The values of the validation running or last run. */
  credentials?: CredentialsInput;
}

export interface CredentialsMachineInput {
  /** Values to start from instead of empty fields (a form opened already filled). */
  values?: CredentialsInput;
}

export type CredentialsEvent = FieldChange<CredentialsInput> | { type: 'form.submit' };

/** Facts: a field to fix (the view focuses it), the credentials validated (the firm then saves them), or Neos refused them. */
export type CredentialsEmitted =
  InvalidField<keyof CredentialsInput> | { type: 'validated'; credentials: CredentialsInput } | { type: 'refused' };

/** The fields in the order the form shows them, for focusing the first message. */
export const credentialsFieldOrder: readonly (keyof CredentialsInput)[] = ['companyId', 'apiKey', 'integrationId'];

const form = formActions({
  types: {} as { context: CredentialsContext; events: CredentialsEvent },
  schema: credentialsSchema,
  order: credentialsFieldOrder,
  change: changeValue<CredentialsInput>,
});

const validate = { guard: 'isComplete', target: '#credentials.validation.validating', actions: 'storeCredentials' } as const;

export const credentialsMachine = setup({
  types: {
    context: {} as CredentialsContext,
    events: {} as CredentialsEvent,
    emitted: {} as CredentialsEmitted,
    input: {} as CredentialsMachineInput | undefined,
  },
  actors: {
    validateCredentials: fromPromise<void, CredentialsInput>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: form.guards,
  actions: {
    ...form.actions,
    storeCredentials: assign(({ context }) => ({ credentials: credentialsSchema.cast(context.values) })),
    announceValidated: emit(({ context }) => ({ type: 'validated' as const, credentials: context.credentials as CredentialsInput })),
    announceRefused: emit({ type: 'refused' as const }),
  },
}).createMachine({
  id: 'credentials',
  context: ({ input }) => ({ values: input?.values ?? { ...emptyCredentials }, errors: {} }),
  type: 'parallel',
  states: {
    fields: checkedFieldsRegion,
    validation: {
      initial: 'idle',
      states: {
        idle: { on: { 'form.submit': validate } },
        validating: {
          tags: ['busy'],
          invoke: {
            id: 'validateCredentials',
            src: 'validateCredentials',
            input: ({ context }) => context.credentials as CredentialsInput,
            onDone: { target: 'valid', actions: 'announceValidated' },
            // docs/product/firm-and-neos.md#validating: any failure counts as invalid, whatever the answer said.
            onError: { target: 'invalid', actions: 'announceRefused' },
          },
        },
        valid: { on: { 'form.submit': validate } },
        invalid: { on: { 'form.submit': validate } },
      },
    },
  },
});
