// The real implementations of the session machine's actors (DESIGN.md: the app provides them with
// machine.provide; tests provide their own).
import { fromPromise } from 'xstate';
import { login, logout } from '../../api/users';
import { sessionMachine, type Credentials, type TokenGrant } from '../../machines/session.machine';

export const appSessionMachine = sessionMachine.provide({
  actors: {
    login: fromPromise<TokenGrant, Credentials>(({ input }) => login({ email: input.email, password: input.password })),
    logout: fromPromise<void>(() => logout()),
  },
});

/** The session logic the app runs: the machine with its actors provided. */
export type SessionLogic = typeof appSessionMachine;
