// The reset link's page (docs/product/sign-in-and-session.md, Password reset): the new password
// twice, with the spec's password rules, then one call. A link that is unknown, expired or used
// (404) ends on 'ask for a new one'; any other refusal is said above the button and the form stays.
//
// Parallel: `fields` (no message until the first submit, then checked at each change) and `reset`.
import { assign, fromPromise, setup } from 'xstate';
import { passwordResetFormSchema, type PasswordResetForm } from '../domain/schemas/user';
import type { FieldErrors } from '../domain/schemas/shared';
import { errorMessage, statusOf } from './errorMessage';
import { changeValue, checkedFieldsRegion, formActions, type FieldChange, type InvalidField } from './formParts';

export interface PasswordResetInput {
  /** The token from the page's address. */
  token: string;
}

export interface PasswordResetValues {
  password: string;
  confirmPassword: string;
}

export interface PasswordResetContext {
  token: string;
  values: PasswordResetValues;
  errors: FieldErrors;
  /** What the last refused call said. */
  error?: string;
}

export interface PasswordResetCall {
  token: string;
  password: string;
}

export type PasswordResetEvent = FieldChange<PasswordResetValues> | { type: 'form.submit' };

export type PasswordResetEmitted = InvalidField<keyof PasswordResetValues>;

export const passwordResetFieldOrder: readonly (keyof PasswordResetValues)[] = ['password', 'confirmPassword'];

const form = formActions({
  types: {} as { context: PasswordResetContext; events: PasswordResetEvent },
  schema: passwordResetFormSchema,
  order: passwordResetFieldOrder,
  change: changeValue<PasswordResetValues>,
});

// The form's values are the schema's; named here so the machine's types stand on their own.
const sameShape: PasswordResetForm extends PasswordResetValues ? true : never = true;
void sameShape;

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    emitted: {} as PasswordResetEmitted,
    input: {} as PasswordResetInput,
  },
  actors: {
    resetPassword: fromPromise<void, PasswordResetCall>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    ...form.guards,
    linkDead: (_, error: unknown) => statusOf(error) === 404,
  },
  actions: {
    ...form.actions,
    reportError: assign((_, error: unknown) => ({ error: errorMessage(error) ?? 'Something went wrong. Try again.' })),
    clearError: assign({ error: undefined }),
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ token: input.token, values: { password: '', confirmPassword: '' }, errors: {} }),
  type: 'parallel',
  states: {
    fields: checkedFieldsRegion,
    reset: {
      initial: 'editing',
      states: {
        editing: { on: { 'form.submit': { guard: 'isComplete', target: 'saving', actions: 'clearError' } } },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }) => ({ token: context.token, password: context.values.password }),
            onDone: { target: 'done' },
            onError: [
              { guard: { type: 'linkDead', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'linkDead' },
              { target: 'editing', actions: { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => event.error } },
            ],
          },
        },
        done: {},
        linkDead: {},
      },
    },
  },
});
