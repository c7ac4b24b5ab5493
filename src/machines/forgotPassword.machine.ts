// 'Forgot password?' (docs/product/sign-in-and-session.md, Password reset). The page first asks the
// server whether it emails reset links: if it does, it asks for the email and sends the request,
// then says the same words whoever the address belongs to; if not, it says whom to ask.
//
// Parallel: `fields` (no message until the first submit, then checked at each change) and `request`.
import { assign, fromPromise, setup } from 'xstate';
import type { PasswordResetOptions } from '../api/passwordReset';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../domain/schemas/login';
import type { FieldErrors } from '../domain/schemas/shared';
import { errorMessage } from './errorMessage';
import { changeValue, checkedFieldsRegion, formActions, type FieldChange, type InvalidField } from './formParts';

export interface ForgotPasswordContext {
  values: ForgotPasswordInput;
  errors: FieldErrors;
  /** The email of the request running or sent. */
  sentTo?: string;
  /** What the last failed call said. */
  error?: string;
}

export type ForgotPasswordEvent = FieldChange<ForgotPasswordInput> | { type: 'form.submit' } | { type: 'options.retry' };

export type ForgotPasswordEmitted = InvalidField<keyof ForgotPasswordInput>;

export const forgotPasswordFieldOrder: readonly (keyof ForgotPasswordInput)[] = ['email'];

const form = formActions({
  types: {} as { context: ForgotPasswordContext; events: ForgotPasswordEvent },
  schema: forgotPasswordSchema,
  order: forgotPasswordFieldOrder,
  change: changeValue<ForgotPasswordInput>,
});

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    emitted: {} as ForgotPasswordEmitted,
  },
  actors: {
    loadOptions: fromPromise<PasswordResetOptions>(() => {
      throw new Error('provided by the app');
    }),
    requestReset: fromPromise<void, string>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    ...form.guards,
    emailAvailable: (_, output: PasswordResetOptions) => output.emailAvailable,
  },
  actions: {
    ...form.actions,
    storeEmail: assign(({ context }) => ({ sentTo: forgotPasswordSchema.cast(context.values).email, error: undefined })),
    reportError: assign((_, error: unknown) => ({ error: errorMessage(error) ?? 'Something went wrong. Try again.' })),
    clearError: assign({ error: undefined }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { values: { email: '' }, errors: {} },
  type: 'parallel',
  states: {
    fields: checkedFieldsRegion,
    request: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadOptions',
            src: 'loadOptions',
            onDone: [
              {
                guard: { type: 'emailAvailable', params: ({ event }: { event: { output: PasswordResetOptions } }) => event.output },
                target: 'askingEmail',
              },
              { target: 'askingStaff' },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => event.error },
            },
          },
        },
        failed: { on: { 'options.retry': { target: 'loading', actions: 'clearError' } } },
        askingEmail: { on: { 'form.submit': { guard: 'isComplete', target: 'sending', actions: 'storeEmail' } } },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: ({ context }) => context.sentTo as string,
            onDone: { target: 'sent' },
            onError: {
              target: 'askingEmail',
              actions: { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => event.error },
            },
          },
        },
        /** The same words for every address. */
        sent: {},
        /** No email on this server: ask the firm's owner or an administrator. */
        askingStaff: {},
      },
    },
  },
});
