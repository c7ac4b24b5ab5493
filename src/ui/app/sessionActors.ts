// The real implementations of the session machine's actors (docs/architecture.md: the app provides them with
// machine.provide; tests provide their own).
import { fromPromise } from 'xstate';
import {
  sessionMachine,
  type Credentials,
  type SecondFactorChallenge,
  type SecondFactorGrant,
  type SecondFactorInput,
  type TokenGrant,
  type TotpEnrolment,
} from '../../machines/session.machine';

/**
 * The API client (openapi-fetch) is not needed to draw the login screen, so it is not part of the
 * first download: it loads with the first call, or earlier when FirstLoad asks for it after the
 * first paint.
 */
export const loadSessionCalls = () => import('../../api/users');

export const appSessionMachine = sessionMachine.provide({
  actors: {
    login: fromPromise<TokenGrant | SecondFactorChallenge, Credentials>(async ({ input }) => {
      const { login } = await loadSessionCalls();
      return login({ email: input.email, password: input.password });
    }),
    verifyCode: fromPromise<SecondFactorGrant, SecondFactorInput>(async ({ input }) => {
      const { loginSecondFactor } = await loadSessionCalls();
      return loginSecondFactor(input.challenge, input.code);
    }),
    startEnrolment: fromPromise<TotpEnrolment, string>(async ({ input }) => {
      const { startSignInEnrolment } = await loadSessionCalls();
      return startSignInEnrolment(input);
    }),
    // The passkey calls load with the first use: the browser's WebAuthn helper is not in the first download.
    passkeyLogin: fromPromise<TokenGrant>(async () => {
      const { signInWithPasskey } = await import('../../api/passkeys');
      return signInWithPasskey();
    }),
    verifyPasskey: fromPromise<TokenGrant, string>(async ({ input }) => {
      const { passkeySecondFactor } = await import('../../api/passkeys');
      return passkeySecondFactor(input);
    }),
    logout: fromPromise<void>(async () => {
      const { logout } = await loadSessionCalls();
      return logout();
    }),
    renew: fromPromise<TokenGrant>(async () => {
      const { renewSession } = await loadSessionCalls();
      return renewSession();
    }),
  },
});

/** The session logic the app runs: the machine with its actors provided. */
export type SessionLogic = typeof appSessionMachine;
