// Integration credential validation (docs/product/firm-and-neos.md Integration credentials form, docs/product/firm-and-neos.md).
// A validation is a call whose HTTP 200 means valid and anything else invalid; the form's submit
// handler runs with the three values only after a success, which the machine announces with
// 'credentials.validated' in that transition alone.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { CredentialsInput } from '../domain/schemas/credentials';

export interface CredentialsContext {
  /** The values of the validation running or last run. */
  credentials?: CredentialsInput;
}

export type CredentialsEvent = { type: 'credentials.validate'; credentials: CredentialsInput };

/** Facts: the credentials validated (the form then saves them), or did not. */
export type CredentialsEmitted = { type: 'validated'; credentials: CredentialsInput } | { type: 'invalid' };

const validate = { target: '#credentials.validating', actions: 'storeCredentials' } as const;

export const credentialsMachine = setup({
  types: {
    context: {} as CredentialsContext,
    events: {} as CredentialsEvent,
    emitted: {} as CredentialsEmitted,
  },
  actors: {
    validateCredentials: fromPromise<void, CredentialsInput>(() => {
      throw new Error('provided by the app');
    }),
  },
  actions: {
    storeCredentials: assign(({ event }) => {
      assertEvent(event, 'credentials.validate');
      return { credentials: event.credentials };
    }),
    announceValidated: emit(({ context }) => ({ type: 'validated' as const, credentials: context.credentials as CredentialsInput })),
    announceInvalid: emit({ type: 'invalid' as const }),
  },
}).createMachine({
  id: 'credentials',
  context: {},
  initial: 'idle',
  states: {
    idle: { on: { 'credentials.validate': validate } },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validateCredentials',
        src: 'validateCredentials',
        input: ({ context }) => context.credentials as CredentialsInput,
        onDone: { target: 'valid', actions: 'announceValidated' },
        // docs/product/firm-and-neos.md: any failure counts as invalid, whatever the answer said.
        onError: { target: 'invalid', actions: 'announceInvalid' },
      },
    },
    valid: { on: { 'credentials.validate': validate } },
    invalid: { on: { 'credentials.validate': validate } },
  },
});
