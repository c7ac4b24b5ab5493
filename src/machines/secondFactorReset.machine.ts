// An owner or administrator resets another employee's two-factor sign-in on Edit Employee
// (docs/product/sign-in-and-session.md, Second factor): asked, confirmed, then the call; the
// section then says it is done, or what the server refused. Who may reset whom is the page's
// question (canEditEmployee); the server decides too.
import { assign, fromPromise, setup } from 'xstate';

export interface SecondFactorResetInput {
  employeeId: string;
}

export interface SecondFactorResetContext {
  employeeId: string;
  /** The server's message after a refused reset. */
  error?: string;
}

export type SecondFactorResetEvent = { type: 'reset.ask' } | { type: 'reset.confirm' } | { type: 'reset.cancel' };

function messageOf(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

export const secondFactorResetMachine = setup({
  types: {
    context: {} as SecondFactorResetContext,
    events: {} as SecondFactorResetEvent,
    input: {} as SecondFactorResetInput,
  },
  actors: {
    resetSecondFactor: fromPromise<void, string>(() => {
      throw new Error('provided by the app');
    }),
  },
  actions: {
    reportError: assign((_, error: unknown) => ({ error: messageOf(error) })),
    clearError: assign({ error: undefined }),
  },
}).createMachine({
  id: 'secondFactorReset',
  context: ({ input }) => ({ employeeId: input.employeeId }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'reset.ask': { target: 'confirming', actions: 'clearError' } },
    },
    confirming: {
      on: {
        'reset.confirm': { target: 'resetting' },
        'reset.cancel': { target: 'idle' },
      },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        id: 'resetSecondFactor',
        src: 'resetSecondFactor',
        input: ({ context }) => context.employeeId,
        onDone: { target: 'done' },
        onError: { target: 'idle', actions: { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    done: {},
  },
});
