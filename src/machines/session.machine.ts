// The signed-in session (docs/product/sign-in-and-session.md): restored from localStorage on
// start, started by a login, ended by logout. The UI listens to the emitted events for the toasts
// and navigation; it never touches storage itself. Sign Out first tells the server (POST
// /v1/users/logout, so the token stops working there too); the local session ends whatever that
// call answers.
//
// A session that ends under a signed-in page (a 401 the API client reports as `session.refused`,
// or the expiry timer) does not leave the page: `ended` keeps the shell (tag signedIn) and asks for
// the password again, or, for a deactivated account, says that access has ended. Signing in there
// goes back to loggedIn, and the API client sends again what was refused (src/api/sessionGate.ts).
// Five minutes before expiry `loggedIn.expiring` offers 'Stay signed in' (POST
// /v1/users/me/session/renew).
//
// A right password may answer a challenge instead of a token (docs/product/sign-in-and-session.md,
// Second factor): `secondFactor` asks for a code of the authenticator app or a recovery code, and
// `enrolling` sets an authenticator up first when the firm requires one the user lacks; both stay
// on the login screen. In `ended` the dialog asks for the code too.
//
// Passkeys (docs/product/sign-in-and-session.md, Passkeys): 'Sign in with a passkey' signs in without
// the password (`passkeySigningIn`); where the challenge's methods hold `passkey`, the second step
// (and the dialog's) takes a passkey instead of a code (`verifyingPasskey`). A passkey the server
// refused, or a browser prompt given up, keeps the step and says so.
import { sessionTexts } from '../domain/texts';
import { decodeJwt } from 'jose';
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { clearStoredSession, readStoredSession, writeStoredSession, type StoredSession } from '../api/authStorage';
import { civilStatuses, genders, phoneUsages, privileges, ssnStatuses } from '../domain/enums';
import { EXPIRY_NOTICE_MS, expiryFrom, type SessionRefusalReason, type SessionUser } from '../domain/session';
import type { SecondFactorMethod } from '../domain/secondFactor';
import { passkeyTexts, secondFactorTexts } from '../domain/texts';

/** What POST /v1/users/login returns (docs/product/sign-in-and-session.md, Login response). */
export interface TokenGrant {
  token: string;
  /** A string holding a number of hours, e.g. "8h". */
  expiresIn: string;
}

export interface Credentials {
  email: string;
  password: string;
}

/** A right password whose user owes a second factor (POST /v1/users/login's other answer). */
export interface SecondFactorChallenge {
  challenge: string;
  methods: SecondFactorMethod[];
}

/** What the second step answers: a grant, with the recovery codes of an enrolment made there. */
export interface SecondFactorGrant extends TokenGrant {
  recoveryCodes?: string[];
}

export interface SecondFactorInput {
  challenge: string;
  code: string;
}

/** An authenticator's secret to set up (shown as a QR code and as text). */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
}

/** What the second step's refusal carries: its `code` tells a wrong code from a challenge gone. */
interface CodeRefusal {
  code?: unknown;
  status?: unknown;
}

export interface SessionContext {
  token?: string;
  expiresAt?: number;
  user?: SessionUser;
  loginError?: string;
  /** Why the session ended under the page (state `ended`): what its dialog says. */
  endReason?: SessionRefusalReason;
  /** The challenge a right password answered, while its code is asked for. */
  challenge?: string;
  /** How that challenge may be met (a code, a passkey). */
  methods?: SecondFactorMethod[];
  /** What is said under the code field after a wrong code. */
  codeError?: string;
  /** The authenticator being set up at sign-in (state `enrolling`). */
  enrolment?: TotpEnrolment;
  /** The grant of an enrolment made at sign-in, held while its recovery codes are shown once. */
  enrolledGrant?: SecondFactorGrant;
}

export type SessionEvent =
  | { type: 'session.login'; email: string; password: string }
  | { type: 'session.logout' }
  | { type: 'session.tokenRefreshed'; token: string; expiresIn: string }
  /** A signed-in call answered 401 (src/api/sessionGate.ts), with the reason its code names. */
  | { type: 'session.refused'; reason: SessionRefusalReason }
  /** 'Stay signed in' on the expiry notice. */
  | { type: 'session.stay' }
  /** A code typed on the second step (authenticator, recovery, or the first one of an enrolment). */
  | { type: 'session.code'; code: string }
  /** 'Back to log in' from the second step. */
  | { type: 'session.cancelCode' }
  /** 'I have saved these codes' after an enrolment at sign-in. */
  | { type: 'session.recoveryCodesSaved' }
  /** 'Sign in with a passkey' on the login screen, or 'Use a passkey' on the second step. */
  | { type: 'session.passkey' };

export type SessionEmitted = { type: 'loggedIn'; user: SessionUser } | { type: 'loggedOut' };

/** docs/product/sign-in-and-session.md: any login failure shows this one text. */
export const LOGIN_FAILED_MESSAGE = sessionTexts.loginFailed;

/**
 * setTimeout runs a delay above 2^31-1 ms (about 24.8 days) at once. A longer token would then
 * expire the moment it arrives; clamped, a tab left open that long only asks for a new login early.
 */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** The session's clock, in one place; tests move it with `vi.setSystemTime`. */
function now(): number {
  return Date.now();
}

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}

function oneOfOrNull<T extends string>(list: readonly T[], value: unknown): T | null {
  return isOneOf(list, value) ? value : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * The SessionUser inside a token (docs/product/sign-in-and-session.md: "The decoded token payload provides the user
 * data"), or undefined for anything that is not a JWT carrying one. The signature is the server's
 * business; the client only reads the payload.
 */
export function userFromToken(token: string): SessionUser | undefined {
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwt(token);
  } catch {
    return undefined;
  }
  const { id, firmId, firstName, lastName, email, privilege, middleName, userInformation } = payload;
  if (
    typeof id !== 'string' ||
    typeof firmId !== 'string' ||
    typeof firstName !== 'string' ||
    typeof lastName !== 'string' ||
    typeof email !== 'string' ||
    !isOneOf(privileges, privilege)
  ) {
    return undefined;
  }
  const info: Partial<Record<string, unknown>> = isRecord(userInformation) ? userInformation : {};
  // Only the SessionUser fields are kept: iat, exp and sub stay in the token.
  return {
    id,
    firmId,
    firstName,
    middleName: stringOrNull(middleName),
    lastName,
    email,
    privilege,
    userInformation: {
      phoneNumber: stringOrNull(info.phoneNumber),
      usage: oneOfOrNull(phoneUsages, info.usage),
      civilStatus: oneOfOrNull(civilStatuses, info.civilStatus),
      gender: oneOfOrNull(genders, info.gender),
      birthDate: stringOrNull(info.birthDate),
      ssnStatus: oneOfOrNull(ssnStatuses, info.ssnStatus),
    },
  };
}

/** The session a grant opens at `at`, or undefined when its token or its expiresIn is unusable. */
export function sessionFromGrant(grant: TokenGrant, at: number): StoredSession | undefined {
  const user = userFromToken(grant.token);
  const expiresAt = expiryFrom(at, grant.expiresIn);
  return user && expiresAt !== undefined ? { token: grant.token, expiresAt, user } : undefined;
}

function liveStoredSession(): StoredSession | undefined {
  const stored = readStoredSession();
  return stored && stored.expiresAt > now() ? stored : undefined;
}

const noSession = { token: undefined, expiresAt: undefined, user: undefined } as const;

function isChallenge(output: TokenGrant | SecondFactorChallenge): output is SecondFactorChallenge {
  return (
    typeof (output as Partial<SecondFactorChallenge>).challenge === 'string' && Array.isArray((output as SecondFactorChallenge).methods)
  );
}

/** The message of a second step refused for another reason than a wrong code (expired, locked out). */
function secondFactorRefusal(error: unknown): string {
  const { code, status } = (error ?? {}) as CodeRefusal;
  if (status === 429) return sessionTexts.tooManyAttempts;
  return code === 'challenge_expired' ? secondFactorTexts.challengeExpired : LOGIN_FAILED_MESSAGE;
}

/** Why a sign-in with a passkey alone failed: the lockout, or one text for everything else. */
function passkeySignInRefusal(error: unknown): string {
  return (error as CodeRefusal | undefined)?.status === 429 ? sessionTexts.tooManyAttempts : passkeyTexts.signInFailed;
}

/** The code sent with the challenge; the code itself never goes into context. */
function codeInput({ context, event }: { context: SessionContext; event: SessionEvent }): SecondFactorInput {
  assertEvent(event, 'session.code');
  return { challenge: context.challenge ?? '', code: event.code };
}

/** What a sign-in sends: the password goes to the actor only, never into context. */
function loginInput({ event }: { event: SessionEvent }): Credentials {
  assertEvent(event, 'session.login');
  return { email: event.email, password: event.password };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    login: fromPromise<TokenGrant | SecondFactorChallenge, Credentials>(() => {
      throw new Error('provided by the app');
    }),
    verifyCode: fromPromise<SecondFactorGrant, SecondFactorInput>(() => {
      throw new Error('provided by the app');
    }),
    startEnrolment: fromPromise<TotpEnrolment, string>(() => {
      throw new Error('provided by the app');
    }),
    passkeyLogin: fromPromise<TokenGrant>(() => {
      throw new Error('provided by the app');
    }),
    verifyPasskey: fromPromise<TokenGrant, string>(() => {
      throw new Error('provided by the app');
    }),
    logout: fromPromise<void>(() => {
      throw new Error('provided by the app');
    }),
    renew: fromPromise<TokenGrant>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    hasLiveStoredSession: () => liveStoredSession() !== undefined,
    // Only asked after hasLiveStoredSession failed: a readable stored session is then expired.
    hasExpiredStoredSession: () => readStoredSession() !== undefined,
    isUsableGrant: (_, grant: TokenGrant | SecondFactorChallenge) => !isChallenge(grant) && sessionFromGrant(grant, now()) !== undefined,
    isCodeChallenge: (_, output: TokenGrant | SecondFactorChallenge) =>
      isChallenge(output) && (output.methods.includes('totp') || output.methods.includes('passkey')),
    offersPasskey: ({ context }) => context.methods?.includes('passkey') ?? false,
    // The passkey was refused, or the browser's prompt given up: the step stays, to try again.
    isRetryablePasskey: (_, error: unknown) => {
      const code = (error as CodeRefusal | undefined)?.code;
      return code === 'passkey_refused' || code === 'passkey_ceremony';
    },
    isEnrolmentChallenge: (_, output: TokenGrant | SecondFactorChallenge) =>
      isChallenge(output) && output.methods.includes('totpEnrolment'),
    // Only a wrong code lets the person try again on the same challenge.
    isWrongCode: (_, error: unknown) => (error as CodeRefusal | undefined)?.code === 'invalid_code',
    // Signing in again from the dialog must give back the same person's session.
    isGrantOfSameUser: ({ context }, grant: TokenGrant | SecondFactorChallenge) => {
      if (isChallenge(grant)) return false;
      const session = sessionFromGrant(grant, now());
      return session !== undefined && session.user.id === context.user?.id;
    },
    isDeactivation: (_, reason: SessionRefusalReason) => reason === 'deactivated',
  },
  delays: {
    // The token's remaining life, measured when loggedIn is entered (also after a restore).
    untilExpiry: ({ context }) => Math.min(Math.max((context.expiresAt ?? 0) - now(), 0), MAX_TIMER_DELAY_MS),
    // The notice comes five minutes before (at once when less is left).
    untilExpiryNotice: ({ context }) => Math.min(Math.max((context.expiresAt ?? 0) - EXPIRY_NOTICE_MS - now(), 0), MAX_TIMER_DELAY_MS),
  },
  actions: {
    // hasLiveStoredSession has just checked the expiry; reading it again could disagree by a ms.
    restoreSession: assign(() => {
      const stored = readStoredSession();
      return stored ? { token: stored.token, expiresAt: stored.expiresAt, user: stored.user } : noSession;
    }),
    startSession: assign((_, grant: TokenGrant | SecondFactorChallenge) => {
      const session = isChallenge(grant) ? undefined : sessionFromGrant(grant, now());
      return session ? { token: session.token, expiresAt: session.expiresAt, user: session.user } : noSession;
    }),
    persistSession: ({ context }) => {
      if (context.token && context.expiresAt !== undefined && context.user) {
        writeStoredSession({ token: context.token, expiresAt: context.expiresAt, user: context.user });
      }
    },
    clearSession: assign(() => ({ ...noSession, endReason: undefined })),
    // The person stays (their email is shown in the dialog); the token is of no more use.
    endUnderPage: assign((_, reason: SessionRefusalReason) => ({ token: undefined, expiresAt: undefined, endReason: reason })),
    clearEndReason: assign({ endReason: undefined }),
    eraseStoredSession: () => clearStoredSession(),
    // The intake form keeps unsaved copies (client data) in this tab's sessionStorage; they must
    // not survive a sign-out on a shared office computer.
    eraseTabStorage: () => globalThis.sessionStorage?.clear(),
    clearLoginError: assign({ loginError: undefined }),
    reportLoginFailure: assign({ loginError: LOGIN_FAILED_MESSAGE }),
    storeChallenge: assign((_, challenge: SecondFactorChallenge) => ({
      challenge: challenge.challenge,
      methods: challenge.methods,
      codeError: undefined,
    })),
    reportPasskeyRefused: assign({ codeError: passkeyTexts.refused }),
    reportPasskeySignInFailure: assign((_, error: unknown) => ({ loginError: passkeySignInRefusal(error) })),
    storeEnrolment: assign((_, enrolment: TotpEnrolment) => ({ enrolment })),
    storeEnrolledGrant: assign((_, grant: SecondFactorGrant) => ({ enrolledGrant: grant })),
    reportWrongCode: assign({ codeError: secondFactorTexts.invalidCode }),
    clearCodeError: assign({ codeError: undefined }),
    // The challenge is spent or refused: back to the password, saying why.
    reportSecondFactorRefusal: assign((_, error: unknown) => ({ loginError: secondFactorRefusal(error) })),
    clearSecondFactor: assign({
      challenge: undefined,
      methods: undefined,
      codeError: undefined,
      enrolment: undefined,
      enrolledGrant: undefined,
    }),
    emitLoggedIn: emit(({ context }) => {
      if (!context.user) throw new Error('emitLoggedIn runs after startSession');
      return { type: 'loggedIn' as const, user: context.user };
    }),
    emitLoggedOut: emit({ type: 'loggedOut' }),
  },
}).createMachine({
  id: 'session',
  context: {},
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'hasLiveStoredSession', target: 'loggedIn', actions: 'restoreSession' },
        // Stored but expired: the token is useless, so it goes at once (docs/product/sign-in-and-session.md).
        { guard: 'hasExpiredStoredSession', target: 'expired', actions: 'eraseStoredSession' },
        // Nothing usable (absent or unreadable): drop whatever is under the key.
        { target: 'loggedOut', actions: 'eraseStoredSession' },
      ],
    },
    loggedOut: {
      on: {
        'session.login': { target: 'authenticating', actions: 'clearLoginError' },
        'session.passkey': { target: 'passkeySigningIn', actions: 'clearLoginError' },
      },
    },
    // 'Sign in with a passkey': the browser's prompt, then the server's check; no password.
    passkeySigningIn: {
      tags: ['busy'],
      invoke: {
        id: 'passkeyLogin',
        src: 'passkeyLogin',
        onDone: [
          {
            guard: { type: 'isUsableGrant', params: ({ event }) => event.output },
            target: 'loggedIn',
            actions: [{ type: 'startSession', params: ({ event }) => event.output }, 'persistSession', 'emitLoggedIn'],
          },
          { target: 'loggedOut', actions: { type: 'reportPasskeySignInFailure', params: undefined } },
        ],
        onError: {
          target: 'loggedOut',
          actions: { type: 'reportPasskeySignInFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    authenticating: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: loginInput,
        onDone: [
          {
            guard: { type: 'isUsableGrant', params: ({ event }) => event.output },
            target: 'loggedIn',
            actions: [{ type: 'startSession', params: ({ event }) => event.output }, 'persistSession', 'emitLoggedIn'],
          },
          {
            guard: { type: 'isCodeChallenge', params: ({ event }) => event.output },
            target: 'secondFactor',
            actions: { type: 'storeChallenge', params: ({ event }) => event.output as SecondFactorChallenge },
          },
          {
            guard: { type: 'isEnrolmentChallenge', params: ({ event }) => event.output },
            target: 'enrolling',
            actions: { type: 'storeChallenge', params: ({ event }) => event.output as SecondFactorChallenge },
          },
          // A 200 whose token or expiresIn cannot be read is still a failed login (docs/product/sign-in-and-session.md).
          { target: 'loggedOut', actions: 'reportLoginFailure' },
        ],
        onError: { target: 'loggedOut', actions: 'reportLoginFailure' },
      },
    },
    // The login screen asks for a code of the authenticator app, or a recovery code.
    secondFactor: {
      initial: 'askingCode',
      on: { 'session.cancelCode': { target: 'loggedOut', actions: 'clearSecondFactor' } },
      states: {
        askingCode: {
          on: {
            'session.code': { target: 'verifying' },
            'session.passkey': { guard: 'offersPasskey', target: 'verifyingPasskey' },
          },
        },
        verifyingPasskey: {
          tags: ['busy'],
          invoke: {
            id: 'verifyPasskey',
            src: 'verifyPasskey',
            input: ({ context }) => context.challenge ?? '',
            onDone: [
              {
                guard: { type: 'isUsableGrant', params: ({ event }) => event.output },
                target: '#session.loggedIn',
                actions: [
                  { type: 'startSession', params: ({ event }) => event.output },
                  'persistSession',
                  'clearSecondFactor',
                  'emitLoggedIn',
                ],
              },
              { target: '#session.loggedOut', actions: ['clearSecondFactor', 'reportLoginFailure'] },
            ],
            onError: [
              {
                guard: { type: 'isRetryablePasskey', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: 'askingCode',
                actions: 'reportPasskeyRefused',
              },
              {
                target: '#session.loggedOut',
                actions: [
                  'clearSecondFactor',
                  { type: 'reportSecondFactorRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
                ],
              },
            ],
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: codeInput,
            onDone: [
              {
                guard: { type: 'isUsableGrant', params: ({ event }) => event.output },
                target: '#session.loggedIn',
                actions: [
                  { type: 'startSession', params: ({ event }) => event.output },
                  'persistSession',
                  'clearSecondFactor',
                  'emitLoggedIn',
                ],
              },
              { target: '#session.loggedOut', actions: ['clearSecondFactor', 'reportLoginFailure'] },
            ],
            onError: [
              {
                guard: { type: 'isWrongCode', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: 'askingCode',
                actions: 'reportWrongCode',
              },
              {
                target: '#session.loggedOut',
                actions: [
                  'clearSecondFactor',
                  { type: 'reportSecondFactorRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
                ],
              },
            ],
          },
        },
      },
    },
    // The firm requires a second factor the user has not set up: the login screen sets one up
    // (docs/product/sign-in-and-session.md, Second factor) before anything else.
    enrolling: {
      initial: 'loadingSecret',
      on: { 'session.cancelCode': { target: 'loggedOut', actions: 'clearSecondFactor' } },
      states: {
        loadingSecret: {
          tags: ['busy'],
          invoke: {
            id: 'startEnrolment',
            src: 'startEnrolment',
            input: ({ context }) => context.challenge ?? '',
            onDone: { target: 'showingSecret', actions: { type: 'storeEnrolment', params: ({ event }) => event.output } },
            onError: {
              target: '#session.loggedOut',
              actions: [
                'clearSecondFactor',
                { type: 'reportSecondFactorRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
              ],
            },
          },
        },
        showingSecret: {
          on: { 'session.code': { target: 'confirming' } },
        },
        confirming: {
          tags: ['busy'],
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: codeInput,
            onDone: [
              {
                guard: { type: 'isUsableGrant', params: ({ event }) => event.output },
                target: 'showingRecoveryCodes',
                actions: ['clearCodeError', { type: 'storeEnrolledGrant', params: ({ event }) => event.output }],
              },
              { target: '#session.loggedOut', actions: ['clearSecondFactor', 'reportLoginFailure'] },
            ],
            onError: [
              {
                guard: { type: 'isWrongCode', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: 'showingSecret',
                actions: 'reportWrongCode',
              },
              {
                target: '#session.loggedOut',
                actions: [
                  'clearSecondFactor',
                  { type: 'reportSecondFactorRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
                ],
              },
            ],
          },
        },
        // Shown once; the session starts when the person says they kept them.
        showingRecoveryCodes: {
          on: {
            'session.recoveryCodesSaved': {
              target: '#session.loggedIn',
              actions: [
                { type: 'startSession', params: ({ context }) => context.enrolledGrant ?? { token: '', expiresIn: '' } },
                'persistSession',
                'clearSecondFactor',
                'emitLoggedIn',
              ],
            },
          },
        },
      },
    },
    loggedIn: {
      tags: ['signedIn'],
      initial: 'active',
      after: {
        // Nobody answered the notice: the same dialog as any ended session, on the same page.
        untilExpiry: { target: 'ended.askingPassword', actions: [{ type: 'endUnderPage', params: 'expired' }, 'eraseStoredSession'] },
      },
      on: {
        'session.logout': { target: 'signingOut' },
        'session.tokenRefreshed': {
          guard: { type: 'isUsableGrant', params: ({ event }) => ({ token: event.token, expiresIn: event.expiresIn }) },
          // Re-entering restarts the expiry timer for the new token.
          target: 'loggedIn',
          reenter: true,
          actions: [
            { type: 'startSession', params: ({ event }) => ({ token: event.token, expiresIn: event.expiresIn }) },
            'persistSession',
          ],
        },
        'session.refused': [
          {
            guard: { type: 'isDeactivation', params: ({ event }) => event.reason },
            target: 'ended.accessEnded',
            actions: [{ type: 'endUnderPage', params: ({ event }) => event.reason }, 'eraseStoredSession'],
          },
          {
            target: 'ended.askingPassword',
            actions: [{ type: 'endUnderPage', params: ({ event }) => event.reason }, 'eraseStoredSession'],
          },
        ],
      },
      states: {
        active: {
          after: { untilExpiryNotice: { target: 'expiring' } },
        },
        // The notice: 'Stay signed in' (docs/product/sign-in-and-session.md).
        expiring: {
          on: { 'session.stay': { target: 'renewing' } },
        },
        renewing: {
          tags: ['busy'],
          invoke: {
            id: 'renew',
            src: 'renew',
            onDone: [
              {
                guard: { type: 'isUsableGrant', params: ({ event }) => event.output },
                // Re-entering loggedIn restarts both timers for the new expiry.
                target: '#session.loggedIn',
                reenter: true,
                actions: [{ type: 'startSession', params: ({ event }) => event.output }, 'persistSession'],
              },
              { target: 'expiring' },
            ],
            // Offline: the notice stays, to try again. A 401 arrives as session.refused instead.
            onError: { target: 'expiring' },
          },
        },
      },
    },
    // The shell stays up (tag signedIn) while the server ends the token; a failed call (offline,
    // already expired there) still ends the session here: the person asked to leave.
    signingOut: {
      tags: ['signedIn', 'busy'],
      invoke: {
        id: 'logout',
        // The API client signs the call with the stored token, which stays until the answer.
        src: 'logout',
        onDone: { target: 'loggedOut', actions: ['clearSession', 'eraseStoredSession', 'eraseTabStorage', 'emitLoggedOut'] },
        onError: { target: 'loggedOut', actions: ['clearSession', 'eraseStoredSession', 'eraseTabStorage', 'emitLoggedOut'] },
      },
    },
    expired: {
      on: {
        'session.login': { target: 'authenticating', actions: 'clearLoginError' },
        'session.passkey': { target: 'passkeySigningIn', actions: 'clearLoginError' },
      },
    },
    // The session ended under a signed-in page: the shell and the page stay (tag signedIn) under a
    // dialog; nothing stored is left to sign calls with. Sign Out from here goes straight to the
    // login screen (the server's session is over already) and keeps the tab's unsaved intake
    // copies, as an expiry always has (docs/product/sign-in-and-session.md).
    ended: {
      tags: ['signedIn'],
      initial: 'askingPassword',
      on: {
        'session.logout': { target: 'loggedOut', actions: ['clearSession', 'clearLoginError', 'clearSecondFactor', 'emitLoggedOut'] },
      },
      states: {
        askingPassword: {
          on: { 'session.login': { target: 'reauthenticating', actions: 'clearLoginError' } },
        },
        reauthenticating: {
          tags: ['busy'],
          invoke: {
            id: 'login',
            src: 'login',
            input: loginInput,
            onDone: [
              {
                guard: { type: 'isGrantOfSameUser', params: ({ event }) => event.output },
                // No welcome and no move: the page goes on where it was.
                target: '#session.loggedIn',
                actions: [{ type: 'startSession', params: ({ event }) => event.output }, 'persistSession', 'clearEndReason'],
              },
              {
                guard: { type: 'isCodeChallenge', params: ({ event }) => event.output },
                target: 'askingCode',
                actions: { type: 'storeChallenge', params: ({ event }) => event.output as SecondFactorChallenge },
              },
              { target: 'askingPassword', actions: 'reportLoginFailure' },
            ],
            onError: { target: 'askingPassword', actions: 'reportLoginFailure' },
          },
        },
        // The dialog asks for the code of the person's authenticator, as the login screen does.
        askingCode: {
          on: {
            'session.code': { target: 'verifyingCode' },
            'session.passkey': { guard: 'offersPasskey', target: 'verifyingPasskey' },
          },
        },
        verifyingPasskey: {
          tags: ['busy'],
          invoke: {
            id: 'verifyPasskey',
            src: 'verifyPasskey',
            input: ({ context }) => context.challenge ?? '',
            onDone: [
              {
                guard: { type: 'isGrantOfSameUser', params: ({ event }) => event.output },
                target: '#session.loggedIn',
                actions: [
                  { type: 'startSession', params: ({ event }) => event.output },
                  'persistSession',
                  'clearSecondFactor',
                  'clearEndReason',
                ],
              },
              { target: 'askingPassword', actions: ['clearSecondFactor', 'reportLoginFailure'] },
            ],
            onError: [
              {
                guard: { type: 'isRetryablePasskey', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: 'askingCode',
                actions: 'reportPasskeyRefused',
              },
              {
                target: 'askingPassword',
                actions: [
                  'clearSecondFactor',
                  { type: 'reportSecondFactorRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
                ],
              },
            ],
          },
        },
        verifyingCode: {
          tags: ['busy'],
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: codeInput,
            onDone: [
              {
                guard: { type: 'isGrantOfSameUser', params: ({ event }) => event.output },
                target: '#session.loggedIn',
                actions: [
                  { type: 'startSession', params: ({ event }) => event.output },
                  'persistSession',
                  'clearSecondFactor',
                  'clearEndReason',
                ],
              },
              { target: 'askingPassword', actions: ['clearSecondFactor', 'reportLoginFailure'] },
            ],
            onError: [
              {
                guard: { type: 'isWrongCode', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: 'askingCode',
                actions: 'reportWrongCode',
              },
              {
                target: 'askingPassword',
                actions: [
                  'clearSecondFactor',
                  { type: 'reportSecondFactorRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
                ],
              },
            ],
          },
        },
        // A deactivated account: no password can help, so none is asked for (docs/product/people.md).
        accessEnded: {},
      },
    },
  },
});
