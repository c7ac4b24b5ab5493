// Session machine (docs/product/sign-in-and-session.md Session, docs/product/sign-in-and-session.md login failure, docs/product/sign-in-and-session.md): model-based paths over every
// transition, then the rules one by one.
import { SignJWT } from 'jose';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor, type SnapshotFrom } from 'xstate';
import { AUTH_STORAGE_KEY, currentToken, readStoredSession, writeStoredSession, type StoredSession } from '../../src/api/authStorage';
import type { SessionUser } from '../../src/domain/session';
import { passkeyTexts } from '../../src/domain/texts';
import {
  LOGIN_FAILED_MESSAGE,
  MAX_TIMER_DELAY_MS,
  sessionMachine,
  userFromToken,
  type SessionEmitted,
  type TokenGrant,
} from '../../src/machines/session.machine';
import { MemoryStorage } from '../support/memoryStorage';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

vi.stubGlobal('localStorage', new MemoryStorage());
vi.stubGlobal('sessionStorage', new MemoryStorage());

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 2, 14, 9, 0, 0);
// The model is planned and run at one frozen instant, so expiries in its contexts agree.
vi.useFakeTimers({ now: T0 });
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const dana: SessionUser = {
  id: 'user-dana',
  firmId: 'firm-example',
  firstName: 'Dana',
  middleName: null,
  lastName: 'Quill',
  email: 'dana.quill@example.test',
  privilege: 'administrator',
  userInformation: {
    phoneNumber: '555-0100',
    usage: 'call',
    civilStatus: 'single',
    gender: 'female',
    birthDate: '1988-04-02',
    ssnStatus: 'hasSsn',
  },
};
const danaRenamed: SessionUser = { ...dana, lastName: 'Quill-Marsh', email: 'dana.marsh@example.test' };

/** Signed the way the server signs (HS256, sub, iat, exp); the client only decodes. */
function tokenFor(user: SessionUser): Promise<string> {
  return new SignJWT({ ...user })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime('8h')
    .sign(new TextEncoder().encode('a-test-secret-of-at-least-32-characters'));
}
const danaToken = await tokenFor(dana);
const renamedToken = await tokenFor(danaRenamed);

const credentials = { email: 'dana.quill@example.test', password: 'Secret#2025' };
const codeChallenge = { challenge: 'challenge-of-a-code', methods: ['totp', 'recoveryCode'] };
const enrolmentChallenge = { challenge: 'challenge-of-an-enrolment', methods: ['totpEnrolment'] };
const passkeyChallenge = { challenge: 'challenge-of-a-passkey', methods: ['passkey'] };
const typedCode = '123456';
const recoveryCodes = ['7K3QD-M9XWA', 'P4RST-VWXYZ'];
const enrolment = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Intake:dana.quill%40example.test?secret=JBSWY3DPEHPK3PXP&issuer=Intake',
};
const draftKey = 'intake.draft.new';

function resetBrowserStorage() {
  localStorage.clear();
  sessionStorage.clear();
}

// ---------------------------------------------------------------------------------------------
// Model-based: every transition of the definition, from each thing the browser may hold at start

const samples = [
  { type: 'session.login', ...credentials },
  { type: 'xstate.done.actor.login', output: { token: danaToken, expiresIn: '8h' } },
  // A 200 without a readable token is a failed login too.
  { type: 'xstate.done.actor.login', output: { token: 'not-a-jwt', expiresIn: '8h' } },
  { type: 'xstate.error.actor.login', error: { status: 401, message: 'Unauthorized' } },
  { type: 'session.tokenRefreshed', token: renamedToken, expiresIn: '12' },
  { type: 'xstate.done.actor.logout' },
  // Offline or already ended on the server: the session still ends here.
  { type: 'xstate.error.actor.logout', error: { status: 0, message: 'The server could not be reached' } },
  // A signed-in call answered 401 (the API client's gate), with and without a password to ask for.
  { type: 'session.refused', reason: 'signedOut' },
  { type: 'session.refused', reason: 'deactivated' },
  { type: 'session.stay' },
  { type: 'xstate.done.actor.renew', output: { token: danaToken, expiresIn: '8h' } },
  { type: 'xstate.done.actor.renew', output: { token: 'not-a-jwt', expiresIn: '8h' } },
  { type: 'xstate.error.actor.renew', error: { status: 0, message: 'The server could not be reached' } },
  // A right password of a person with an authenticator, or of one whose firm requires a second factor they lack.
  { type: 'xstate.done.actor.login', output: codeChallenge },
  { type: 'xstate.done.actor.login', output: enrolmentChallenge },
  { type: 'session.code', code: typedCode },
  { type: 'session.cancelCode' },
  { type: 'xstate.done.actor.verifyCode', output: { token: danaToken, expiresIn: '8h', recoveryCodes } },
  { type: 'xstate.done.actor.verifyCode', output: { token: 'not-a-jwt', expiresIn: '8h' } },
  { type: 'xstate.error.actor.verifyCode', error: { status: 401, code: 'invalid_code', message: 'The code is not valid. Try again.' } },
  { type: 'xstate.error.actor.verifyCode', error: { status: 401, code: 'challenge_expired', message: 'This sign-in has expired.' } },
  { type: 'xstate.done.actor.startEnrolment', output: enrolment },
  { type: 'xstate.error.actor.startEnrolment', error: { status: 401, code: 'challenge_expired', message: 'This sign-in has expired.' } },
  { type: 'session.recoveryCodesSaved' },
  // Passkeys (docs/product/sign-in-and-session.md, Passkeys): alone, or as the second factor.
  { type: 'xstate.done.actor.login', output: passkeyChallenge },
  { type: 'session.passkey' },
  { type: 'xstate.done.actor.passkeyLogin', output: { token: danaToken, expiresIn: '8h' } },
  { type: 'xstate.done.actor.passkeyLogin', output: { token: 'not-a-jwt', expiresIn: '8h' } },
  { type: 'xstate.error.actor.passkeyLogin', error: { status: 401, code: 'passkey_refused', message: passkeyTexts.refused } },
  { type: 'xstate.done.actor.verifyPasskey', output: { token: danaToken, expiresIn: '8h' } },
  { type: 'xstate.done.actor.verifyPasskey', output: { token: 'not-a-jwt', expiresIn: '8h' } },
  { type: 'xstate.error.actor.verifyPasskey', error: { status: 401, code: 'passkey_refused', message: passkeyTexts.refused } },
  { type: 'xstate.error.actor.verifyPasskey', error: { status: 401, code: 'challenge_expired', message: 'This sign-in has expired.' } },
];

const startingPoints = [
  { name: 'nothing stored', seed: () => {} },
  { name: 'a live session stored', seed: () => writeStoredSession({ token: danaToken, expiresAt: T0 + HOUR, user: dana }) },
  { name: 'an expired session stored', seed: () => writeStoredSession({ token: danaToken, expiresAt: T0 - 1, user: dana }) },
  { name: 'unreadable data stored', seed: () => localStorage.setItem(AUTH_STORAGE_KEY, '{"token":') },
].map((start) => {
  resetBrowserStorage();
  start.seed();
  const plan = planModel(sessionMachine, { events: samples });
  resetBrowserStorage();
  return { ...start, plan };
});

/** Whether the path is in `ended` (its sign-in goes back to the page, without a welcome). */
let resumingEnded = false;

/** What the UI and the API client see in each state. */
const stateChecks = {
  loggedOut: (snapshot, probe) => {
    expect(readStoredSession()).toBeUndefined();
    expect(currentToken()).toBeUndefined();
    expect(snapshot.context).toEqual({ loginError: snapshot.context.loginError });
    if (probe.event.type.endsWith('.actor.logout')) {
      expect(probe.emitted).toEqual([{ type: 'loggedOut' }]);
      expect(sessionStorage.getItem(draftKey)).toBeNull();
    } else if (probe.event.type === 'session.logout') {
      // Signed out from the dialog of an ended session: the tab's unsaved copies stay.
      expect(probe.emitted).toEqual([{ type: 'loggedOut' }]);
      expect(sessionStorage.getItem(draftKey)).toBe('{"firstName":"Ana"}');
    } else {
      expect(probe.emitted).toEqual([]);
    }
    if (probe.event.type.endsWith('.actor.login')) {
      expect(snapshot.context.loginError).toBe('Email or password is incorrect');
    }
    // A second step given up or refused: nothing of it stays; the refusal says why.
    expect(snapshot.context.challenge).toBeUndefined();
    expect(JSON.stringify(snapshot.context)).not.toContain(typedCode);
    if (
      probe.event.type === 'xstate.error.actor.verifyCode' ||
      probe.event.type === 'xstate.error.actor.startEnrolment' ||
      probe.event.type === 'xstate.error.actor.verifyPasskey'
    ) {
      expect(snapshot.context.loginError).toBe('This sign-in has expired. Log in again.');
    }
    if (probe.event.type === 'xstate.done.actor.verifyCode' || probe.event.type === 'xstate.done.actor.verifyPasskey') {
      expect(snapshot.context.loginError).toBe('Email or password is incorrect');
    }
    // A passkey that did not sign in, whatever the reason: one text.
    if (probe.event.type.endsWith('.actor.passkeyLogin')) expect(snapshot.context.loginError).toBe(passkeyTexts.signInFailed);
    if (probe.event.type === 'session.cancelCode') expect(snapshot.context.loginError).toBeUndefined();
  },
  secondFactor: (snapshot) => {
    // Nothing is signed in yet: no token stored, the challenge held for the code.
    expect(readStoredSession()).toBeUndefined();
    expect([codeChallenge.challenge, passkeyChallenge.challenge]).toContain(snapshot.context.challenge);
    expect(snapshot.hasTag('signedIn')).toBe(false);
    expect(snapshot.can({ type: 'session.cancelCode' })).toBe(true);
  },
  'secondFactor.askingCode': (snapshot, probe) => {
    expect(snapshot.can({ type: 'session.code', code: typedCode })).toBe(true);
    // 'Use a passkey' only where the person has one.
    expect(snapshot.can({ type: 'session.passkey' })).toBe(snapshot.context.challenge === passkeyChallenge.challenge);
    if (probe.event.type === 'xstate.error.actor.verifyCode') expect(snapshot.context.codeError).toBe('The code is not valid. Try again.');
    else if (probe.event.type === 'xstate.error.actor.verifyPasskey') expect(snapshot.context.codeError).toBe(passkeyTexts.refused);
    else expect(snapshot.context.codeError).toBeUndefined();
  },
  'secondFactor.verifyingPasskey': (snapshot, probe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'verifyPasskey', input: passkeyChallenge.challenge }]);
  },
  passkeySigningIn: (snapshot, probe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(snapshot.context.loginError).toBeUndefined();
    expect(probe.calls).toEqual([{ actor: 'passkeyLogin', input: undefined }]);
    expect(readStoredSession()).toBeUndefined();
  },
  'secondFactor.verifying': (snapshot, probe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect([codeChallenge.challenge, passkeyChallenge.challenge]).toContain(snapshot.context.challenge);
    expect(probe.calls).toEqual([{ actor: 'verifyCode', input: { challenge: snapshot.context.challenge, code: typedCode } }]);
    expect(JSON.stringify(snapshot.context)).not.toContain(typedCode);
  },
  enrolling: (snapshot) => {
    expect(readStoredSession()).toBeUndefined();
    expect(snapshot.context.challenge).toBe(enrolmentChallenge.challenge);
    expect(snapshot.hasTag('signedIn')).toBe(false);
  },
  'enrolling.loadingSecret': (snapshot, probe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'startEnrolment', input: enrolmentChallenge.challenge }]);
  },
  'enrolling.showingSecret': (snapshot, probe) => {
    expect(snapshot.context.enrolment).toEqual(enrolment);
    if (probe.event.type === 'xstate.error.actor.verifyCode') expect(snapshot.context.codeError).toBe('The code is not valid. Try again.');
  },
  'enrolling.confirming': (_snapshot, probe) => {
    expect(probe.calls).toEqual([{ actor: 'verifyCode', input: { challenge: enrolmentChallenge.challenge, code: typedCode } }]);
  },
  'enrolling.showingRecoveryCodes': (snapshot) => {
    // Shown once, before the session starts: nothing stored yet.
    expect(snapshot.context.enrolledGrant?.recoveryCodes).toEqual(recoveryCodes);
    expect(readStoredSession()).toBeUndefined();
    expect(snapshot.can({ type: 'session.recoveryCodesSaved' })).toBe(true);
  },
  authenticating: (snapshot, probe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(snapshot.context.loginError).toBeUndefined();
    expect(probe.calls).toEqual([{ actor: 'login', input: credentials }]);
    expect(JSON.stringify(snapshot.context)).not.toContain(credentials.password);
  },
  loggedIn: (snapshot, probe) => {
    const { token, expiresAt, user } = snapshot.context;
    expect(snapshot.context.endReason).toBeUndefined();
    expect(readStoredSession()).toEqual({ token, expiresAt, user });
    expect(currentToken()).toBe(token);
    expect(snapshot.can({ type: 'session.logout' })).toBe(true);
    expect(snapshot.context.challenge).toBeUndefined();
    expect(snapshot.context.enrolledGrant).toBeUndefined();
    const signedInNow = [
      'xstate.done.actor.login',
      'xstate.done.actor.verifyCode',
      'session.recoveryCodesSaved',
      'xstate.done.actor.passkeyLogin',
      'xstate.done.actor.verifyPasskey',
    ].includes(probe.event.type);
    if (signedInNow && !resumingEnded) {
      expect(probe.emitted).toEqual([{ type: 'loggedIn', user: dana }]);
      expect(expiresAt).toBe(T0 + 8 * HOUR);
    } else {
      // Restored, refreshed, renewed or signed in again from the dialog: no welcome, no move.
      expect(probe.emitted).toEqual([]);
    }
    resumingEnded = false;
    if (probe.event.type === 'session.tokenRefreshed') {
      expect({ token, expiresAt, user }).toEqual({ token: renamedToken, expiresAt: T0 + 12 * HOUR, user: danaRenamed });
    }
  },
  signingOut: (snapshot, probe) => {
    // The token stays stored, so the API client signs the logout call with it.
    const { token, expiresAt, user } = snapshot.context;
    expect(readStoredSession()).toEqual({ token, expiresAt, user });
    expect(currentToken()).toBe(token);
    expect(snapshot.hasTag('signedIn')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'logout', input: undefined }]);
    expect(probe.emitted).toEqual([]);
    expect(sessionStorage.getItem(draftKey)).toBe('{"firstName":"Ana"}');
  },
  expired: (snapshot, probe) => {
    expect(readStoredSession()).toBeUndefined();
    expect(snapshot.context).toEqual({});
    expect(snapshot.can({ type: 'session.login', ...credentials })).toBe(true);
    expect(probe.emitted).toEqual([]);
    // Expiry is not a sign-out: the tab's unsaved drafts stay for the next login.
    expect(sessionStorage.getItem(draftKey)).toBe('{"firstName":"Ana"}');
  },
  'loggedIn.expiring': (snapshot) => {
    // The notice: the session still signs calls until the expiry.
    expect(currentToken()).toBe(snapshot.context.token);
    expect(snapshot.can({ type: 'session.stay' })).toBe(true);
  },
  'loggedIn.renewing': (snapshot, probe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'renew', input: undefined }]);
  },
  ended: (snapshot, probe) => {
    resumingEnded = true;
    // The shell and the page stay; nothing is left to sign calls with; no navigation.
    expect(snapshot.hasTag('signedIn')).toBe(true);
    expect([dana, danaRenamed]).toContainEqual(snapshot.context.user);
    expect(snapshot.context.token).toBeUndefined();
    expect(readStoredSession()).toBeUndefined();
    expect(currentToken()).toBeUndefined();
    expect(probe.emitted).toEqual([]);
    expect(sessionStorage.getItem(draftKey)).toBe('{"firstName":"Ana"}');
    if (probe.event.type.startsWith('xstate.after.untilExpiry')) expect(snapshot.context.endReason).toBe('expired');
    if (probe.event.type === 'session.refused') expect(snapshot.context.endReason).toBe(probe.event.reason);
  },
  'ended.askingPassword': (snapshot, probe) => {
    expect(snapshot.can({ type: 'session.login', ...credentials })).toBe(true);
    expect(snapshot.context.challenge).toBeUndefined();
    if (probe.event.type.endsWith('.actor.login')) expect(snapshot.context.loginError).toBe('Email or password is incorrect');
    if (probe.event.type === 'xstate.error.actor.verifyCode' || probe.event.type === 'xstate.error.actor.verifyPasskey')
      expect(snapshot.context.loginError).toBe('This sign-in has expired. Log in again.');
  },
  'ended.reauthenticating': (snapshot, probe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'login', input: credentials }]);
  },
  'ended.askingCode': (snapshot, probe) => {
    expect([codeChallenge.challenge, passkeyChallenge.challenge]).toContain(snapshot.context.challenge);
    expect(snapshot.can({ type: 'session.code', code: typedCode })).toBe(true);
    if (probe.event.type === 'xstate.error.actor.verifyCode') expect(snapshot.context.codeError).toBe('The code is not valid. Try again.');
    if (probe.event.type === 'xstate.error.actor.verifyPasskey') expect(snapshot.context.codeError).toBe(passkeyTexts.refused);
  },
  'ended.verifyingPasskey': (snapshot, probe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'verifyPasskey', input: passkeyChallenge.challenge }]);
  },
  'ended.verifyingCode': (snapshot, probe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect([codeChallenge.challenge, passkeyChallenge.challenge]).toContain(snapshot.context.challenge);
    expect(probe.calls).toEqual([{ actor: 'verifyCode', input: { challenge: snapshot.context.challenge, code: typedCode } }]);
  },
  'ended.accessEnded': (snapshot) => {
    // No password can help: none is asked for.
    expect(snapshot.can({ type: 'session.login', ...credentials })).toBe(false);
    expect(snapshot.can({ type: 'session.logout' })).toBe(true);
    expect(snapshot.context.endReason).toBe('deactivated');
  },
} satisfies Record<string, (snapshot: SnapshotFrom<typeof sessionMachine>, probe: StepProbe) => void>;

describe('session model', () => {
  beforeEach(() => {
    resetBrowserStorage();
    vi.setSystemTime(T0);
  });

  for (const start of startingPoints) {
    describe(`with ${start.name}`, () => {
      for (const path of start.plan.paths) {
        it(describePath(path), async () => {
          start.seed();
          resumingEnded = false;
          sessionStorage.setItem(draftKey, '{"firstName":"Ana"}');
          await runPath(sessionMachine, path, {
            actors: ['login', 'logout', 'renew', 'verifyCode', 'startEnrolment', 'passkeyLogin', 'verifyPasskey'],
            states: stateChecks,
          });
        });
      }
    });
  }

  it('traverses every transition of the definition', () => {
    const summary = expectEveryTransitionTraversed(
      sessionMachine,
      startingPoints.map((start) => start.plan),
    );
    expect(summary).toMatchObject({ machineId: 'session', states: 26, transitions: summary.traversed });
  });
});

// ---------------------------------------------------------------------------------------------
// The rules one by one

type SessionActor = Actor<typeof sessionMachine>;

function startSession(
  login: (credentials: { email: string; password: string }) => Promise<TokenGrant>,
  logout: () => Promise<void> = () => Promise.resolve(),
) {
  const actor: SessionActor = createActor(
    sessionMachine.provide({
      actors: { login: fromPromise(({ input }) => login(input)), logout: fromPromise(() => logout()) },
    }),
  );
  const emitted: SessionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

const grantingDana = () => Promise.resolve({ token: danaToken, expiresIn: '8h' });

async function logIn(actor: SessionActor) {
  actor.send({ type: 'session.login', ...credentials });
  return waitFor(actor, (snapshot) => !snapshot.matches('authenticating'));
}

describe('session rules', () => {
  beforeEach(() => {
    resetBrowserStorage();
    vi.setSystemTime(T0);
  });

  describe('restoring from storage', () => {
    it('a valid, unexpired session is restored without a welcome event', () => {
      const stored: StoredSession = { token: danaToken, expiresAt: T0 + 2 * HOUR, user: dana };
      writeStoredSession(stored);

      const { actor, emitted } = startSession(grantingDana);

      expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
      expect(actor.getSnapshot().context).toEqual({ token: danaToken, expiresAt: T0 + 2 * HOUR, user: dana });
      expect(emitted).toEqual([]);
      expect(readStoredSession()).toEqual(stored);
    });

    it('an expired session is cleared and the machine waits for a new login', () => {
      writeStoredSession({ token: danaToken, expiresAt: T0, user: dana });

      const { actor } = startSession(grantingDana);

      expect(actor.getSnapshot().value).toBe('expired');
      expect(actor.getSnapshot().context).toEqual({});
      expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    });

    it.each([
      ['not JSON', '{"token":'],
      ['JSON without a token', JSON.stringify({ expiresAt: T0 + HOUR, user: dana })],
      ['an expiry that is not a number', JSON.stringify({ token: danaToken, expiresAt: 'tomorrow', user: dana })],
    ])('corrupt data (%s) means logged out, and is removed', (_, raw) => {
      localStorage.setItem(AUTH_STORAGE_KEY, raw);

      const { actor } = startSession(grantingDana);

      expect(actor.getSnapshot().value).toBe('loggedOut');
      expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    });

    it('nothing stored means logged out', () => {
      expect(startSession(grantingDana).actor.getSnapshot().value).toBe('loggedOut');
    });
  });

  describe('logging in', () => {
    it('decodes the token into the user, stores it and emits loggedIn with that user', async () => {
      const { actor, emitted } = startSession(grantingDana);

      const snapshot = await logIn(actor);

      expect(snapshot.matches('loggedIn')).toBe(true);
      expect(snapshot.context.user).toEqual(dana);
      expect(snapshot.context.user).not.toHaveProperty('exp');
      expect(readStoredSession()).toEqual({ token: danaToken, expiresAt: T0 + 8 * HOUR, user: dana });
      expect(emitted).toEqual([{ type: 'loggedIn', user: dana }]);
    });

    it('signs in with the typed email and password: the right pair is let in, a wrong password is not', async () => {
      // A login that answers like the server: a grant for Dana's own email and password only.
      const serverLogin = ({ email, password }: { email: string; password: string }) =>
        email === credentials.email && password === credentials.password ? grantingDana() : Promise.reject(new Error('401 Unauthorized'));
      const { actor } = startSession(serverLogin);

      actor.send({ type: 'session.login', email: credentials.email, password: 'Wrong#2025' });
      const refused = await waitFor(actor, (snapshot) => !snapshot.matches('authenticating'));
      expect(refused.value).toBe('loggedOut');
      expect(refused.context.loginError).toBe('Email or password is incorrect');

      const admitted = await logIn(actor);
      expect(admitted.matches('loggedIn')).toBe(true);
      expect(admitted.context.user).toEqual(dana);
    });

    it('is busy while the call runs', () => {
      const { actor } = startSession(() => new Promise(() => {}));

      actor.send({ type: 'session.login', ...credentials });

      expect(actor.getSnapshot().value).toBe('authenticating');
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    });

    it.each([
      ['8h', 8],
      ['12', 12],
      ['1.5 hours', 1.5],
    ])('expiresIn %s expires %s hours from now', async (expiresIn, hours) => {
      const { actor } = startSession(() => Promise.resolve({ token: danaToken, expiresIn }));

      const snapshot = await logIn(actor);

      expect(snapshot.context.expiresAt).toBe(T0 + hours * HOUR);
      expect(readStoredSession()?.expiresAt).toBe(T0 + hours * HOUR);
    });

    it.each([
      ['the call fails', () => Promise.reject(new Error('401 Unauthorized'))],
      ['the token cannot be decoded', () => Promise.resolve({ token: 'not-a-jwt', expiresIn: '8h' })],
      ['expiresIn holds no number', () => Promise.resolve({ token: danaToken, expiresIn: 'soon' })],
    ])('when %s: logged out with "Email or password is incorrect"', async (_, login) => {
      const { actor, emitted } = startSession(login);

      const snapshot = await logIn(actor);

      expect(snapshot.value).toBe('loggedOut');
      expect(snapshot.context.loginError).toBe('Email or password is incorrect');
      expect(LOGIN_FAILED_MESSAGE).toBe('Email or password is incorrect');
      expect(readStoredSession()).toBeUndefined();
      expect(emitted).toEqual([]);
    });

    it('a new login attempt clears the previous error', async () => {
      let attempts = 0;
      const { actor } = startSession(() => (++attempts === 1 ? Promise.reject(new Error('401')) : new Promise(() => {})));
      await logIn(actor);

      actor.send({ type: 'session.login', ...credentials });

      expect(actor.getSnapshot().context.loginError).toBeUndefined();
    });
  });

  describe('logging out', () => {
    it("clears context, stored session and this tab's drafts, and emits loggedOut", async () => {
      const { actor, emitted } = startSession(grantingDana);
      await logIn(actor);
      sessionStorage.setItem(draftKey, '{"firstName":"Ana"}');
      localStorage.setItem('unrelated.preference', 'dark');

      actor.send({ type: 'session.logout' });
      await waitFor(actor, (snapshot) => !snapshot.matches('signingOut'));

      expect(actor.getSnapshot().value).toBe('loggedOut');
      expect(actor.getSnapshot().context).toEqual({});
      expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
      expect(currentToken()).toBeUndefined();
      expect(sessionStorage.length).toBe(0);
      expect(localStorage.getItem('unrelated.preference')).toBe('dark');
      expect(emitted).toEqual([{ type: 'loggedIn', user: dana }, { type: 'loggedOut' }]);
    });

    it('asks the server once, signed with the token, and ends the session here even when that fails', async () => {
      const tokensSent: Array<string | undefined> = [];
      const { actor, emitted } = startSession(grantingDana, () => {
        tokensSent.push(currentToken());
        return Promise.reject(new Error('The server could not be reached'));
      });
      await logIn(actor);

      actor.send({ type: 'session.logout' });
      actor.send({ type: 'session.logout' });
      const snapshot = await waitFor(actor, (state) => !state.matches('signingOut'));

      expect(tokensSent).toEqual([danaToken]);
      expect(snapshot.value).toBe('loggedOut');
      expect(readStoredSession()).toBeUndefined();
      expect(emitted.at(-1)).toEqual({ type: 'loggedOut' });
    });
  });

  describe('expiry', () => {
    it('fires exactly at the expiry: storage cleared, the dialog asks for the password, signing in there goes on', async () => {
      const { actor, emitted } = startSession(grantingDana);
      await logIn(actor);

      vi.advanceTimersByTime(8 * HOUR - 1);
      expect(actor.getSnapshot().matches('loggedIn')).toBe(true);

      vi.advanceTimersByTime(1);
      // The same page, under the dialog that asks for the password: no navigation, no event.
      expect(actor.getSnapshot().value).toEqual({ ended: 'askingPassword' });
      expect(actor.getSnapshot().context).toMatchObject({ token: undefined, expiresAt: undefined, user: dana, endReason: 'expired' });
      expect(readStoredSession()).toBeUndefined();
      expect(emitted).toEqual([{ type: 'loggedIn', user: dana }]);

      actor.send({ type: 'session.login', ...credentials });
      const again = await waitFor(actor, (snapshot) => !snapshot.matches({ ended: 'reauthenticating' }));
      expect(again.matches({ loggedIn: 'active' })).toBe(true);
      expect(again.context.expiresAt).toBe(T0 + 16 * HOUR);
      // Back on the same page: no second welcome.
      expect(emitted).toEqual([{ type: 'loggedIn', user: dana }]);
    });

    it('a restored session expires at its stored time, not a full lifetime later', () => {
      writeStoredSession({ token: danaToken, expiresAt: T0 + 30 * 60_000, user: dana });
      const { actor } = startSession(grantingDana);

      vi.advanceTimersByTime(30 * 60_000);

      expect(actor.getSnapshot().value).toEqual({ ended: 'askingPassword' });
    });

    it('a lifetime beyond what setTimeout can hold does not expire at once', () => {
      writeStoredSession({ token: danaToken, expiresAt: T0 + 30 * 24 * HOUR, user: dana });
      const { actor } = startSession(grantingDana);

      vi.advanceTimersByTime(HOUR);
      expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
      expect(MAX_TIMER_DELAY_MS).toBe(2 ** 31 - 1);
    });
  });

  describe('token refresh', () => {
    it('replaces token, user and expiry, stores them and restarts the expiry timer', async () => {
      const { actor, emitted } = startSession(grantingDana);
      await logIn(actor);
      vi.advanceTimersByTime(7 * HOUR);

      actor.send({ type: 'session.tokenRefreshed', token: renamedToken, expiresIn: '12' });

      const refreshedUntil = T0 + 7 * HOUR + 12 * HOUR;
      expect(actor.getSnapshot().context).toEqual({ token: renamedToken, expiresAt: refreshedUntil, user: danaRenamed });
      expect(readStoredSession()).toEqual({ token: renamedToken, expiresAt: refreshedUntil, user: danaRenamed });
      expect(emitted).toEqual([{ type: 'loggedIn', user: dana }]);

      vi.advanceTimersByTime(HOUR);
      expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
      vi.advanceTimersByTime(11 * HOUR);
      expect(actor.getSnapshot().value).toEqual({ ended: 'askingPassword' });
    });

    it('an unreadable refreshed token is ignored', async () => {
      const { actor } = startSession(grantingDana);
      await logIn(actor);

      actor.send({ type: 'session.tokenRefreshed', token: 'garbage', expiresIn: '12' });

      expect(actor.getSnapshot().context.token).toBe(danaToken);
      expect(readStoredSession()?.token).toBe(danaToken);
    });
  });

  describe('userFromToken', () => {
    it('keeps exactly the SessionUser fields of the payload', () => {
      expect(userFromToken(danaToken)).toEqual(dana);
    });

    it('refuses a payload without the user fields or with an unknown privilege', async () => {
      const key = new TextEncoder().encode('a-test-secret-of-at-least-32-characters');
      const sign = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);

      expect(userFromToken(await sign({ sub: 'user-dana' }))).toBeUndefined();
      expect(userFromToken(await sign({ ...dana, privilege: 'superuser' }))).toBeUndefined();
      expect(userFromToken('a.b.c')).toBeUndefined();
    });
  });
});
