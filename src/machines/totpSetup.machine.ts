// Two-factor sign-in on the profile page (docs/product/sign-in-and-session.md, Second factor):
// whether it is on, setting up an authenticator (its secret shown as a QR code and as text,
// confirmed by a first code), the ten recovery codes shown once, and turning it off with a
// current code. A wrong code keeps the step and says so; any other failure says the server's
// message where the step was.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { secondFactorTexts } from '../domain/texts';
import type { TotpEnrolment } from './session.machine';

export interface TotpStatus {
  enrolled: boolean;
  requiredByFirm: boolean;
}

export interface TotpSetupContext {
  requiredByFirm: boolean;
  enrolment?: TotpEnrolment;
  recoveryCodes?: string[];
  /** What is said under the code field, or where the step failed. */
  error?: string;
}

export type TotpSetupEvent =
  | { type: 'totp.start' }
  | { type: 'totp.code'; code: string }
  | { type: 'totp.cancel' }
  | { type: 'totp.recoveryCodesSaved' }
  | { type: 'totp.remove' };

interface Refusal {
  code?: unknown;
  message?: unknown;
}

function messageOf(error: unknown): string {
  const { code, message } = (error ?? {}) as Refusal;
  if (code === 'invalid_code') return secondFactorTexts.invalidCode;
  return typeof message === 'string' && message ? message : secondFactorTexts.invalidCode;
}

function codeOf({ event }: { event: TotpSetupEvent }): string {
  assertEvent(event, 'totp.code');
  return event.code;
}

export const totpSetupMachine = setup({
  types: {
    context: {} as TotpSetupContext,
    events: {} as TotpSetupEvent,
  },
  actors: {
    loadStatus: fromPromise<TotpStatus>(() => {
      throw new Error('provided by the app');
    }),
    startEnrolment: fromPromise<TotpEnrolment>(() => {
      throw new Error('provided by the app');
    }),
    confirmEnrolment: fromPromise<string[], string>(() => {
      throw new Error('provided by the app');
    }),
    removeTotp: fromPromise<void, string>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    isEnrolled: (_, status: TotpStatus) => status.enrolled,
  },
  actions: {
    storeStatus: assign((_, status: TotpStatus) => ({ requiredByFirm: status.requiredByFirm })),
    storeEnrolment: assign((_, enrolment: TotpEnrolment) => ({ enrolment, error: undefined })),
    storeRecoveryCodes: assign((_, recoveryCodes: string[]) => ({ recoveryCodes, enrolment: undefined, error: undefined })),
    reportError: assign((_, error: unknown) => ({ error: messageOf(error) })),
    clearError: assign({ error: undefined }),
    // Shown once: nothing of the set-up stays in memory after it.
    forgetSetUp: assign({ enrolment: undefined, recoveryCodes: undefined, error: undefined }),
  },
}).createMachine({
  id: 'totpSetup',
  context: { requiredByFirm: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'isEnrolled', params: ({ event }) => event.output },
            target: 'on',
            actions: { type: 'storeStatus', params: ({ event }) => event.output },
          },
          { target: 'off', actions: { type: 'storeStatus', params: ({ event }) => event.output } },
        ],
        onError: { target: 'unavailable' },
      },
    },
    // The status could not be read: nothing is offered.
    unavailable: {},
    off: {
      on: { 'totp.start': { target: 'starting', actions: 'clearError' } },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startEnrolment',
        src: 'startEnrolment',
        onDone: { target: 'showingSecret', actions: { type: 'storeEnrolment', params: ({ event }) => event.output } },
        onError: { target: 'off', actions: { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    showingSecret: {
      on: {
        'totp.code': { target: 'confirming' },
        'totp.cancel': { target: 'off', actions: 'forgetSetUp' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmEnrolment',
        src: 'confirmEnrolment',
        input: codeOf,
        onDone: { target: 'showingRecoveryCodes', actions: { type: 'storeRecoveryCodes', params: ({ event }) => event.output } },
        onError: {
          target: 'showingSecret',
          actions: { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    showingRecoveryCodes: {
      on: { 'totp.recoveryCodesSaved': { target: 'on', actions: 'forgetSetUp' } },
    },
    on: {
      on: { 'totp.remove': { target: 'askingRemovalCode', actions: 'clearError' } },
    },
    askingRemovalCode: {
      on: {
        'totp.code': { target: 'removing' },
        'totp.cancel': { target: 'on', actions: 'clearError' },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removeTotp',
        src: 'removeTotp',
        input: codeOf,
        onDone: { target: 'off', actions: 'clearError' },
        onError: {
          target: 'askingRemovalCode',
          actions: { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
  },
});
