// 'Make reset link' on Edit Employee (docs/product/sign-in-and-session.md, Password reset): an
// owner or administrator makes a link for an employee and hands it over, on a server that does not
// email links or whenever they choose to. The link shows on the page to copy; copying can be
// refused (no clipboard permission), and the address stays on screen to copy by hand. Who may make
// one for whom is the page's question (canEditEmployee); the server decides too.
import { assign, fromPromise, setup } from 'xstate';
import type { PasswordResetLink } from '../api/passwordReset';
import { errorMessage } from './errorMessage';

export interface EmployeeResetLinkInput {
  employeeId: string;
}

export interface EmployeeResetLinkContext {
  employeeId: string;
  link?: PasswordResetLink;
  /** Whether the shown link went to the clipboard. */
  copied: boolean;
  /** What the last failed call or copy said. */
  error?: string;
}

export type EmployeeResetLinkEvent = { type: 'link.make' } | { type: 'link.copy' };

export const employeeResetLinkMachine = setup({
  types: {
    context: {} as EmployeeResetLinkContext,
    events: {} as EmployeeResetLinkEvent,
    input: {} as EmployeeResetLinkInput,
  },
  actors: {
    makeLink: fromPromise<PasswordResetLink, string>(() => {
      throw new Error('provided by the app');
    }),
    copyText: fromPromise<void, { text: string }>(() => {
      throw new Error('provided by the app');
    }),
  },
  actions: {
    startOver: assign({ error: undefined, copied: false }),
    // A new link replaces the shown one: the server stops the older one.
    forgetLink: assign({ link: undefined, error: undefined, copied: false }),
    storeLink: assign((_, link: PasswordResetLink) => ({ link })),
    markCopied: assign({ copied: true }),
    reportError: assign((_, error: unknown) => ({ error: errorMessage(error) ?? 'Something went wrong. Try again.' })),
  },
}).createMachine({
  id: 'employeeResetLink',
  context: ({ input }) => ({ employeeId: input.employeeId, copied: false }),
  initial: 'idle',
  states: {
    idle: { on: { 'link.make': { target: 'making', actions: 'forgetLink' } } },
    making: {
      tags: ['busy'],
      invoke: {
        id: 'makeLink',
        src: 'makeLink',
        input: ({ context }) => context.employeeId,
        onDone: {
          target: 'made',
          actions: { type: 'storeLink', params: ({ event }: { event: { output: PasswordResetLink } }) => event.output },
        },
        onError: { target: 'idle', actions: { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    made: {
      on: {
        'link.copy': { target: 'copying', actions: 'startOver' },
        'link.make': { target: 'making', actions: 'forgetLink' },
      },
    },
    copying: {
      invoke: {
        id: 'copyText',
        src: 'copyText',
        input: ({ context }) => ({ text: context.link?.url ?? '' }),
        onDone: { target: 'made', actions: 'markCopied' },
        onError: { target: 'made', actions: { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});
