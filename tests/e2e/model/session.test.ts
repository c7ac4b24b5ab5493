// The session machine's planned paths driven through the login screen and the shell in Chromium,
// against the real server (docs/architecture.md, model-based tests; docs/product/sign-in-and-session.md Login, docs/product/sign-in-and-session.md Auth state,
// docs/product/sign-in-and-session.md Session, docs/product/sign-in-and-session.md login failure). Each event becomes what a person or the server does: the login
// form (or the 'Your session has ended' dialog) filled with the right or the wrong password, the
// server's answer to the held login, logout or renew call, Sign Out (from the shell or the dialog),
// a profile save (the server's fresh token), the session ended on the server (signed out
// elsewhere, or the account deactivated) and then a search on the page, 'Stay signed in', or the
// page's clock moved to the expiry notice or to the expiry. Each path starts from what the browser
// may hold: nothing, a live session, an expired one, or unreadable data. The shortest planned paths
// that together take every transition run (coveringPaths), each with a person of its own.
//
// Passkeys (docs/product/sign-in-and-session.md, Passkeys): a person with a passkey has it in the
// page's virtual authenticator (CDP WebAuthn), so 'Sign in with a passkey' and 'Use a passkey' are
// answered by the browser as a phone's fingerprint would; the app is opened at localhost, since
// WebAuthn refuses an IP address as the relying party. The server refuses a passkey for real when
// the step asks for it (its stored counter moved ahead, so the assertion's looks replayed).
import { SignJWT } from 'jose';
import { generateSync } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { AUTH_STORAGE_KEY, writeStoredSession, type StoredSession } from '../../../src/api/authStorage';
import type { SessionUser } from '../../../src/domain/session';
import { EXPIRY_NOTICE_MS } from '../../../src/domain/session';
import { passkeyTexts, secondFactorTexts, sessionTexts } from '../../../src/domain/texts';
import { LOGIN_FAILED_MESSAGE, sessionMachine, userFromToken } from '../../../src/machines/session.machine';
import { createPasskey, type CreationOptions } from '../../api/support/softAuthenticator';
import { bearer, type TestUser } from '../../api/support/testServer';
import { coverageSummary, describePath, planModel, traversedTransitions } from '../../machines/modelCoverage';
import { openAccount, startE2eApp, type E2eApp } from '../support/app';
import { addVirtualAuthenticator, launchChromium, newPage } from '../support/browser';
import { holdRequests, type HeldRequests } from './support/heldRequests';
import { MemoryStorage } from '../../support/memoryStorage';
import { coveringPaths, drivePath, expectEveryStateAndTransition, type Drive, type PlannedPath } from './support/modelDrive';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const HOUR = 3_600_000;
const WRONG_PASSWORD = 'Wrong#Pass1';
/** A 200 whose token cannot be read: the real server never sends one, so the held call gets it. */
const UNREADABLE_TOKEN = 'not-a-jwt';

// ---------------------------------------------------------------------------------------------
// Planning, as in the unit suite: one frozen instant and an in-memory Storage, seeded with each
// thing the browser may hold.

const T0 = Date.UTC(2025, 2, 14, 9, 0, 0);
vi.stubGlobal('localStorage', new MemoryStorage());
vi.useFakeTimers({ now: T0, toFake: ['Date'] });

const plannedUser: SessionUser = {
  id: 'user-planned',
  firmId: 'firm-planned',
  firstName: 'Pat',
  middleName: null,
  lastName: 'Planned',
  email: 'pat.planned@example.test',
  privilege: 'representative',
  userInformation: { phoneNumber: null, usage: null, civilStatus: null, gender: null, birthDate: null, ssnStatus: null },
};
const plannedToken = await new SignJWT({ ...plannedUser })
  .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  .setSubject(plannedUser.id)
  .sign(new TextEncoder().encode('a-planning-secret-of-at-least-32-chars'));

const codeChallenge = { challenge: 'planned-code-challenge', methods: ['totp', 'recoveryCode'] };
const enrolmentChallenge = { challenge: 'planned-enrolment-challenge', methods: ['totpEnrolment'] };
const passkeyChallenge = { challenge: 'planned-passkey-challenge', methods: ['passkey'] };
const passkeyRefused = { status: 401, code: 'passkey_refused', message: passkeyTexts.refused };
const WRONG_CODE = '000000';

const samples = [
  // A right password of a person with an authenticator, or of one whose firm requires a second factor they lack.
  { type: 'xstate.done.actor.login', output: codeChallenge },
  { type: 'xstate.done.actor.login', output: enrolmentChallenge },
  { type: 'session.code', code: '123456' },
  { type: 'session.cancelCode' },
  { type: 'xstate.done.actor.verifyCode', output: { token: plannedToken, expiresIn: '8h', recoveryCodes: ['7K3QD-M9XWA'] } },
  { type: 'xstate.done.actor.verifyCode', output: { token: UNREADABLE_TOKEN, expiresIn: '8h' } },
  { type: 'xstate.error.actor.verifyCode', error: { status: 401, code: 'invalid_code', message: secondFactorTexts.invalidCode } },
  { type: 'xstate.error.actor.verifyCode', error: { status: 401, code: 'challenge_expired', message: secondFactorTexts.challengeExpired } },
  {
    type: 'xstate.done.actor.startEnrolment',
    output: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' },
  },
  {
    type: 'xstate.error.actor.startEnrolment',
    error: { status: 401, code: 'challenge_expired', message: secondFactorTexts.challengeExpired },
  },
  { type: 'session.recoveryCodesSaved' },
  // A person with a passkey: it signs in alone, or after the password as the second factor.
  { type: 'xstate.done.actor.login', output: passkeyChallenge },
  { type: 'session.passkey' },
  { type: 'xstate.done.actor.passkeyLogin', output: { token: plannedToken, expiresIn: '8h' } },
  { type: 'xstate.done.actor.passkeyLogin', output: { token: UNREADABLE_TOKEN, expiresIn: '8h' } },
  { type: 'xstate.error.actor.passkeyLogin', error: passkeyRefused },
  { type: 'xstate.done.actor.verifyPasskey', output: { token: plannedToken, expiresIn: '8h' } },
  { type: 'xstate.done.actor.verifyPasskey', output: { token: UNREADABLE_TOKEN, expiresIn: '8h' } },
  { type: 'xstate.error.actor.verifyPasskey', error: passkeyRefused },
  {
    type: 'xstate.error.actor.verifyPasskey',
    error: { status: 401, code: 'challenge_expired', message: secondFactorTexts.challengeExpired },
  },
  { type: 'session.login', email: plannedUser.email, password: 'Planned#Pass1' },
  { type: 'xstate.done.actor.login', output: { token: plannedToken, expiresIn: '8h' } },
  { type: 'xstate.done.actor.login', output: { token: UNREADABLE_TOKEN, expiresIn: '8h' } },
  { type: 'xstate.error.actor.login', error: { status: 401, message: 'Unauthorized' } },
  { type: 'session.tokenRefreshed', token: plannedToken, expiresIn: '8h' },
  { type: 'xstate.done.actor.logout' },
  { type: 'xstate.error.actor.logout', error: { status: 0, message: 'The server could not be reached' } },
  // A signed-in call answered 401: signed out elsewhere (the password is asked for) or deactivated.
  { type: 'session.refused', reason: 'signedOut' },
  { type: 'session.refused', reason: 'deactivated' },
  { type: 'session.stay' },
  { type: 'xstate.done.actor.renew', output: { token: plannedToken, expiresIn: '8h' } },
  { type: 'xstate.done.actor.renew', output: { token: UNREADABLE_TOKEN, expiresIn: '8h' } },
  { type: 'xstate.error.actor.renew', error: { status: 0, message: 'The server could not be reached' } },
];

type Start = 'nothing' | 'live' | 'expired' | 'unreadable';

const plannedSeeds: Record<Start, () => void> = {
  nothing: () => {},
  live: () => writeStoredSession({ token: plannedToken, expiresAt: T0 + HOUR, user: plannedUser }),
  expired: () => writeStoredSession({ token: plannedToken, expiresAt: T0 - 1, user: plannedUser }),
  unreadable: () => localStorage.setItem(AUTH_STORAGE_KEY, '{"token":'),
};

/**
 * Who a path needs: a person signing in with the password alone, with an authenticator, in a firm
 * that requires one, or with a passkey.
 */
type PersonKind = 'password' | 'totp' | 'enrol' | 'passkey';

interface SessionPath extends PlannedPath {
  start: Start;
  kind: PersonKind;
}

/** The kinds of person a path's answered logins need; a path that needs two cannot be driven by one person. */
function kindsOf(path: PlannedPath['path']): Set<PersonKind> {
  const kinds = new Set<PersonKind>();
  for (const { event } of path.steps) {
    // The browser answers a passkey prompt only for a person whose passkey it holds.
    if (event.type === 'session.passkey') kinds.add('passkey');
    if (event.type !== 'xstate.done.actor.login') continue;
    const output = event.output as { token?: string; methods?: string[] };
    if (output.methods?.includes('totp')) kinds.add('totp');
    else if (output.methods?.includes('passkey')) kinds.add('passkey');
    else if (output.methods?.includes('totpEnrolment')) kinds.add('enrol');
    // An unreadable token is the test's own answer: any person will do.
    else if (output.token !== UNREADABLE_TOKEN) kinds.add('password');
  }
  return kinds;
}

const plans = (Object.keys(plannedSeeds) as Start[]).map((start) => {
  localStorage.clear();
  plannedSeeds[start]();
  const plan = planModel(sessionMachine, { events: samples });
  // Replayed while the same storage is seeded: restoring reads it.
  const paths: SessionPath[] = plan.paths
    .map((path) => ({ path, kinds: kindsOf(path) }))
    .filter(({ kinds }) => kinds.size <= 1)
    // A person with a passkey alone has no code to type.
    .filter(({ path, kinds }) => !kinds.has('passkey') || !path.steps.some(({ event }) => event.type === 'session.code'))
    .map(({ path, kinds }) => ({
      path,
      start,
      kind: [...kinds][0] ?? 'password',
      transitions: traversedTransitions(sessionMachine, [path]),
    }));
  return { plan, paths };
});
// The fewest planned paths that together take every transition (about a dozen short ones).
const driven = coveringPaths(plans.flatMap(({ paths }) => paths));
const summary = coverageSummary(
  sessionMachine,
  plans.map(({ plan }) => plan),
);

vi.useRealTimers();
vi.unstubAllGlobals();

// ---------------------------------------------------------------------------------------------
// The app

let app: E2eApp;
let browser: Browser;
let ownerToken: string;
/** The app by name: WebAuthn refuses an IP address as the relying party. */
let localUrl: string;
let middleNames = 0;
const completed: SessionPath[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  // The owner deactivates a path's person through the API, as the Employees page does.
  ownerToken = await app.server.login(app.owner.email, app.owner.password);
  localUrl = app.baseUrl.replace('127.0.0.1', 'localhost');
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Each path's own person: a path may sign them out elsewhere or deactivate them. */
function createPerson(firmId: string = app.firm.id): Promise<TestUser> {
  // A birth date, so that the profile form saves as it is.
  return app.server.createUser({
    firmId,
    privilege: 'representative',
    firstName: 'Sasha',
    lastName: 'Session',
    userInformation: { birthDate: '1990-05-20' },
  });
}

/** What the browser holds under the session key at start, with a token the real server signed. */
async function storedAtStart(start: Start, person: TestUser): Promise<string | undefined> {
  if (start === 'nothing') return undefined;
  if (start === 'unreadable') return '{"token":';
  const token = await app.server.login(person.email, person.password);
  const user = userFromToken(token);
  if (!user) throw new Error('The server signed a token without a session user');
  const expiresAt = start === 'live' ? Date.now() + HOUR : Date.now() - 60_000;
  return JSON.stringify({ token, expiresAt, user } satisfies StoredSession);
}

/** A person's authenticator as the test holds it: its secret, and the last time step a code was taken for. */
interface Authenticator {
  secret?: string;
  lastStep: number;
}

const STEP_SECONDS = 30;

/**
 * The code the person's app shows now, or one step ahead when this step's code was taken already
 * (each code signs in once; the server takes the next step's code too).
 */
function codeOf(authenticator: Authenticator): string {
  const current = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  const step = Math.max(current, authenticator.lastStep + 1);
  if (step > current + 1) throw new Error('Two codes asked for within one time step: the path is too fast for its authenticator');
  authenticator.lastStep = step;
  return generateSync({ secret: authenticator.secret ?? '', epoch: step * STEP_SECONDS });
}

/** Sets up an authenticator for the person through the API, as the profile page does. */
async function enrolPerson(person: TestUser, authenticator: Authenticator): Promise<void> {
  const token = await app.server.login(person.email, person.password);
  const started = await app.server.api.POST('/v1/users/me/totp', { headers: bearer(token) });
  authenticator.secret = started.data?.data.secret;
  const confirmed = await app.server.api.POST('/v1/users/me/totp/confirm', {
    headers: bearer(token),
    body: { code: codeOf(authenticator) },
  });
  expect(confirmed.response.status, 'the person sets up an authenticator').toBe(200);
}

/**
 * Gives the person a passkey, as the profile page does, and puts it in the page's virtual
 * authenticator (CDP WebAuthn), so the browser answers its prompts with it.
 */
async function addPasskeyFor(person: TestUser, page: Page): Promise<void> {
  const token = await app.server.login(person.email, person.password);
  const options = (await (await fetch(`${localUrl}/v1/users/me/passkeys/options`, { method: 'POST', headers: bearer(token) })).json()) as {
    data: CreationOptions;
  };
  const { credential, json } = createPasskey(options.data, localUrl);
  const added = await fetch(`${localUrl}/v1/users/me/passkeys`, {
    method: 'POST',
    headers: { ...bearer(token), 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Planned laptop', response: json }),
  });
  expect(added.status, 'the person adds a passkey').toBe(201);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: Buffer.from(credential.id, 'base64url').toString('base64'),
      isResidentCredential: true,
      rpId: credential.rpId,
      privateKey: credential.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      userHandle: Buffer.from(credential.userHandle, 'base64url').toString('base64'),
      signCount: 0,
    },
  });
}

/** The server refuses the person's passkey for real: its stored counter is ahead of the authenticator's. */
async function setPasskeyCounter(person: TestUser, counter: number): Promise<void> {
  await app.server.db.updateTable('passkeys').set({ counter }).where('user_id', '=', person.id).execute();
}

/** The challenge is spent on the server, so the next code meets 'challenge_expired' for real. */
async function expireChallenges(person: TestUser): Promise<void> {
  await app.server.db
    .updateTable('login_challenges')
    .set({ expires_at: new Date(0).toISOString() })
    .where('user_id', '=', person.id)
    .execute();
}

function readStored(page: Page): Promise<StoredSession | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as StoredSession);
  }, AUTH_STORAGE_KEY);
}

function isSettling(event: AnyEventObject | undefined, type: 'done' | 'error'): boolean {
  return event?.type === `xstate.${type}.actor.login`;
}

async function renewals(person: TestUser): Promise<number> {
  const rows = await app.server.db
    .selectFrom('activity')
    .select('action')
    .where('user_id', '=', person.id)
    .where('action', '=', 'session.renewed')
    .execute();
  return rows.length;
}

interface Held {
  logins: HeldRequests;
  passkeyLogins: HeldRequests;
  codes: HeldRequests;
  enrolments: HeldRequests;
  logouts: HeldRequests;
  renews: HeldRequests;
  /** The statuses the intake search of a `session.refused` step was answered with, in order. */
  searches: number[];
  /** The statuses of every intake list load, in order. */
  listLoads: number[];
}

const REFUSED_SEARCH = 'Refused';

function sessionDrive(
  page: Page,
  person: TestUser,
  authenticator: Authenticator,
  { logins, passkeyLogins, codes, enrolments, logouts, renews, searches, listLoads }: Held,
): Drive {
  const loginButton = page.getByRole('button', { name: 'Log in', exact: true });
  const codeField = page.getByRole('textbox', { name: secondFactorTexts.codeLabel });
  const usePasskey = page.getByRole('button', { name: passkeyTexts.useAsSecondFactor });
  const signOut = page.getByRole('button', { name: 'Sign Out' });
  const endedDialog = page.getByRole('dialog', { name: sessionTexts.endedTitle });
  const accessEndedDialog = page.getByRole('dialog', { name: sessionTexts.accessEndedTitle });
  const notice = page.getByRole('status').filter({ hasText: sessionTexts.expiryNotice });
  const stayButton = notice.getByRole('button', { name: sessionTexts.staySignedIn });
  let middleName: string | undefined;
  /** The address when the step's action began: a session that ends under a page leaves it there. */
  let address = '';
  /** The session stored when the notice was answered, to tell a renewed session from the old one. */
  let atStay: StoredSession | null = null;

  const toastCount = (text: string) => page.getByText(text, { exact: true }).count();
  const pageNow = () => page.evaluate(() => Date.now());

  /** Moves the page's clock to `before` ms ahead of the stored expiry: the machine's timer fires. */
  async function clockTo(before: number) {
    // The intake list's first load goes out on a timer of its own; left for after the jump, it
    // would go without the (then expired) token, and its 401 could end the session before the
    // expiry timer does, with another reason.
    await expect.poll(() => listLoads.includes(200)).toBe(true);
    const stored = await readStored(page);
    const remaining = (stored?.expiresAt ?? 0) - (await pageNow());
    expect(remaining).toBeGreaterThan(before);
    await page.clock.fastForward(remaining - before);
  }

  return {
    async act({ before, event, next }) {
      address = page.url();
      switch (event.type) {
        case 'session.login': {
          // The server decides: the password is right unless the next step is the server refusing.
          const password = isSettling(next, 'error') ? WRONG_PASSWORD : person.password;
          if (before.matches('ended')) {
            // The email is the signed-in person's, fixed; only the password is typed.
            await endedDialog.getByPlaceholder('Password').fill(password);
            await endedDialog.getByRole('button', { name: 'Log in' }).click();
            return;
          }
          await loginButton.waitFor();
          await page.getByPlaceholder('Email Address').fill(person.email);
          await page.getByPlaceholder('Password').fill(password);
          await loginButton.click();
          return;
        }
        case 'xstate.done.actor.login': {
          const unreadable = (event.output as { token: string }).token === UNREADABLE_TOKEN;
          await logins.settle(
            () => true,
            'the login call',
            (route) =>
              unreadable
                ? route.fulfill({
                    status: 200,
                    contentType: 'application/json',
                    body: JSON.stringify({ data: { token: UNREADABLE_TOKEN, expiresIn: '8h' } }),
                  })
                : route.continue(),
          );
          return;
        }
        case 'xstate.error.actor.login': {
          await logins.settle(
            () => true,
            'the login call',
            (route) => route.continue(),
          );
          const response = await logins.seen.at(-1)?.response();
          expect(response?.status(), 'the server refuses the wrong password').toBe(401);
          return;
        }
        case 'session.code': {
          // The server decides: the code is the app's unless the next step is a wrong code.
          const refusal = next?.type === 'xstate.error.actor.verifyCode' ? (next.error as { code: string }).code : undefined;
          const unreadable = next?.type === 'xstate.done.actor.verifyCode' && (next.output as { token: string }).token === UNREADABLE_TOKEN;
          if (before.matches('enrolling')) authenticator.secret = await page.getByTestId('totp-secret').innerText();
          const code = refusal === 'invalid_code' || unreadable ? WRONG_CODE : codeOf(authenticator);
          const where = before.matches('ended') ? endedDialog : page;
          await where.getByRole('textbox', { name: secondFactorTexts.codeLabel }).fill(code);
          await where
            .getByRole('button', { name: before.matches('enrolling') ? secondFactorTexts.confirm : secondFactorTexts.verify })
            .click();
          return;
        }
        case 'session.cancelCode':
          await page.getByRole('button', { name: secondFactorTexts.cancel }).click();
          return;
        case 'session.passkey': {
          // The server decides: the passkey is refused when the next step says so.
          const refused =
            (next?.type === 'xstate.error.actor.passkeyLogin' || next?.type === 'xstate.error.actor.verifyPasskey') &&
            (next.error as { code: string }).code === 'passkey_refused';
          await setPasskeyCounter(person, refused ? 1_000_000 : 0);
          if (before.matches('ended')) await endedDialog.getByRole('button', { name: passkeyTexts.useAsSecondFactor }).click();
          else if (before.matches('secondFactor')) await usePasskey.click();
          else await page.getByRole('button', { name: passkeyTexts.signIn }).click();
          return;
        }
        case 'xstate.done.actor.passkeyLogin':
        case 'xstate.error.actor.passkeyLogin': {
          const unreadable =
            event.type === 'xstate.done.actor.passkeyLogin' && (event.output as { token: string }).token === UNREADABLE_TOKEN;
          await passkeyLogins.settle(
            () => true,
            'the passkey sign-in call',
            (route) =>
              unreadable
                ? route.fulfill({
                    status: 200,
                    contentType: 'application/json',
                    body: JSON.stringify({ data: { token: UNREADABLE_TOKEN, expiresIn: '8h' } }),
                  })
                : route.continue(),
          );
          if (!unreadable) {
            const response = await passkeyLogins.seen.at(-1)?.response();
            expect(response?.status(), 'the server answers the passkey').toBe(event.type === 'xstate.done.actor.passkeyLogin' ? 200 : 401);
          }
          return;
        }
        case 'xstate.done.actor.verifyPasskey':
        case 'xstate.error.actor.verifyPasskey': {
          const unreadable =
            event.type === 'xstate.done.actor.verifyPasskey' && (event.output as { token: string }).token === UNREADABLE_TOKEN;
          const refusal = event.type === 'xstate.error.actor.verifyPasskey' ? (event.error as { code: string }).code : undefined;
          if (refusal === 'challenge_expired') await expireChallenges(person);
          await codes.settle(
            () => true,
            'the second-factor call with a passkey',
            (route) =>
              unreadable
                ? route.fulfill({
                    status: 200,
                    contentType: 'application/json',
                    body: JSON.stringify({ data: { token: UNREADABLE_TOKEN, expiresIn: '8h' } }),
                  })
                : route.continue(),
          );
          if (!unreadable) {
            const response = await codes.seen.at(-1)?.response();
            expect(response?.status(), 'the server answers the passkey').toBe(refusal ? 401 : 200);
            if (refusal) expect(((await response?.json()) as { code: string }).code).toBe(refusal);
          }
          return;
        }
        case 'session.recoveryCodesSaved':
          await page.getByRole('button', { name: secondFactorTexts.recoveryDone }).click();
          return;
        case 'xstate.done.actor.verifyCode': {
          const unreadable = (event.output as { token: string }).token === UNREADABLE_TOKEN;
          await codes.settle(
            () => true,
            'the code call',
            (route) =>
              unreadable
                ? route.fulfill({
                    status: 200,
                    contentType: 'application/json',
                    body: JSON.stringify({ data: { token: UNREADABLE_TOKEN, expiresIn: '8h' } }),
                  })
                : route.continue(),
          );
          if (!unreadable) expect((await codes.seen.at(-1)?.response())?.status(), 'the server takes the code').toBe(200);
          return;
        }
        case 'xstate.error.actor.verifyCode': {
          const refusal = (event.error as { code: string }).code;
          if (refusal === 'challenge_expired') await expireChallenges(person);
          await codes.settle(
            () => true,
            'the code call',
            (route) => route.continue(),
          );
          const response = await codes.seen.at(-1)?.response();
          expect(response?.status(), 'the server refuses the code').toBe(401);
          expect(((await response?.json()) as { code: string }).code).toBe(refusal);
          return;
        }
        case 'xstate.done.actor.startEnrolment':
        case 'xstate.error.actor.startEnrolment': {
          const refused = event.type === 'xstate.error.actor.startEnrolment';
          if (refused) await expireChallenges(person);
          await enrolments.settle(
            () => true,
            'the enrolment call',
            (route) => route.continue(),
          );
          expect((await enrolments.seen.at(-1)?.response())?.status()).toBe(refused ? 401 : 200);
          return;
        }
        case 'session.logout':
          // From the dialog of an ended session, or from the shell.
          if (before.matches({ ended: 'accessEnded' })) await accessEndedDialog.getByRole('button', { name: sessionTexts.signOut }).click();
          else if (before.matches('ended')) await endedDialog.getByRole('button', { name: sessionTexts.signOut }).click();
          else await signOut.click();
          return;
        case 'xstate.done.actor.logout': {
          await logouts.settle(
            () => true,
            'the logout call',
            (route) => route.continue(),
          );
          const response = await logouts.seen.at(-1)?.response();
          expect(response?.status(), 'the server ends the session').toBe(204);
          return;
        }
        case 'xstate.error.actor.logout':
          // The server cannot be reached: the session still ends in this browser.
          await logouts.settle(
            () => true,
            'the logout call',
            (route) => route.abort('connectionrefused'),
          );
          return;
        case 'session.tokenRefreshed': {
          // Saving the profile returns a fresh token (docs/product/sign-in-and-session.md PUT /v1/user/{id}).
          middleName = `Refresh${++middleNames}`;
          await openAccount(page);
          await page.getByRole('button', { name: 'Edit' }).click();
          await page.waitForURL('**/edit-profile');
          await expect.poll(() => page.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe(person.firstName);
          await page.getByRole('textbox', { name: 'Middle Name' }).fill(middleName);
          await page.getByRole('button', { name: 'Save Changes' }).click();
          return;
        }
        case 'session.refused': {
          // The server ends the session under the page; the person's next call meets the 401. The
          // list's first load must have been answered first: refused, it would end the session
          // itself, and the search below would then be held rather than sent.
          await expect.poll(() => listLoads.includes(200)).toBe(true);
          if ('reason' in event && event.reason === 'deactivated') {
            const { response } = await app.server.api.POST('/v1/user/{id}/deactivate', {
              params: { path: { id: person.id } },
              headers: bearer(ownerToken),
            });
            expect(response.status, 'the owner deactivates the person').toBe(200);
          } else {
            // Sign Out from another window: the same token is ended on the server.
            const token = (await readStored(page))?.token;
            expect(token).toBeDefined();
            const logout = await fetch(`${app.baseUrl}/v1/users/logout`, { method: 'POST', headers: bearer(token ?? '') });
            expect(logout.status, 'the session ends elsewhere').toBe(204);
          }
          expect(new URL(address).pathname, 'the search below is on the intake list').toBe('/intake-list');
          await page.getByRole('searchbox', { name: 'Search intakes' }).fill(REFUSED_SEARCH);
          return;
        }
        case 'session.stay':
          atStay = await readStored(page);
          await stayButton.click();
          return;
        case 'xstate.done.actor.renew': {
          const unreadable = (event.output as { token: string }).token === UNREADABLE_TOKEN;
          await renews.settle(
            () => true,
            'the renew call',
            (route) =>
              unreadable
                ? route.fulfill({
                    status: 200,
                    contentType: 'application/json',
                    body: JSON.stringify({ data: { token: UNREADABLE_TOKEN, expiresIn: '8h' } }),
                  })
                : route.continue(),
          );
          if (!unreadable) expect((await renews.seen.at(-1)?.response())?.status(), 'the server renews the session').toBe(200);
          return;
        }
        case 'xstate.error.actor.renew':
          // Offline: the notice stays, to try again.
          await renews.settle(
            () => true,
            'the renew call',
            (route) => route.abort('connectionrefused'),
          );
          return;
        default: {
          // The page's clock jumps to the notice or to the expiry: the timer the machine set then fires.
          if (event.type.startsWith('xstate.after.untilExpiryNotice.')) await clockTo(EXPIRY_NOTICE_MS);
          else if (event.type.startsWith('xstate.after.untilExpiry.')) await clockTo(0);
          else throw new Error(`No UI action for ${event.type}`);
        }
      }
    },

    async check({ before, after, event }) {
      const snapshot = after as SessionSnapshot;
      if (snapshot.matches('secondFactor') || snapshot.matches('enrolling')) {
        // The second step, on the login screen under the password form, which keeps the spec's texts.
        expect(new URL(page.url()).pathname).toBe('/login');
        await page.getByRole('heading', { name: 'Log in' }).waitFor();
        await expect.poll(() => page.getByPlaceholder('Password').isDisabled()).toBe(true);
        expect(await page.getByPlaceholder('Email Address').inputValue()).toBe(person.email);
        expect(await page.getByRole('link', { name: 'Forgot password?' }).count()).toBe(1);
        expect(await signOut.count()).toBe(0);
        await expect.poll(() => readStored(page)).toBeNull();
        const loginCall = logins.seen.at(-1);
        if (event.type === 'xstate.done.actor.login') expect(loginCall && (await loginCall.response())?.status()).toBe(200);
        if (snapshot.matches({ secondFactor: 'verifyingPasskey' })) {
          const request = await codes.waitFor(() => true, 'the second-factor call with a passkey');
          expect(Object.keys(request.postDataJSON() as object).sort()).toEqual(['challenge', 'passkey']);
          await expect.poll(() => page.getByRole('button', { name: 'Loading...' }).count()).toBe(1);
          return;
        }
        if (snapshot.context.methods?.includes('passkey')) {
          // A passkey alone: no code to type, 'Use a passkey' instead.
          await page.getByText(passkeyTexts.secondFactorPrompt).waitFor();
          await usePasskey.waitFor();
          expect(await codeField.count()).toBe(0);
          if (event.type === 'xstate.error.actor.verifyPasskey') {
            await expect.poll(() => page.getByRole('alert').filter({ hasText: passkeyTexts.refused }).count()).toBe(1);
          }
          return;
        }
        if (snapshot.matches({ secondFactor: 'verifying' }) || snapshot.matches({ enrolling: 'confirming' })) {
          const request = await codes.waitFor(() => true, 'the code call');
          expect(Object.keys(request.postDataJSON() as object).sort()).toEqual(['challenge', 'code']);
          await expect.poll(() => page.getByRole('button', { name: 'Loading...' }).count()).toBe(1);
          return;
        }
        if (snapshot.matches({ enrolling: 'loadingSecret' })) {
          await enrolments.waitFor(() => true, 'the enrolment call');
          return;
        }
        if (snapshot.matches({ enrolling: 'showingRecoveryCodes' })) {
          const list = page.getByRole('region', { name: secondFactorTexts.recoveryTitle }).getByRole('listitem');
          await expect.poll(() => list.count()).toBe(10);
          return;
        }
        if (snapshot.matches({ enrolling: 'showingSecret' })) {
          await page.getByRole('status').filter({ hasText: secondFactorTexts.requiredByFirm }).waitFor();
          await expect.poll(async () => (await page.getByTestId('totp-secret').innerText()).length).toBeGreaterThan(15);
          await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
        } else {
          await page.getByText(secondFactorTexts.codePrompt).waitFor();
        }
        await codeField.waitFor();
        if (event.type === 'xstate.error.actor.verifyCode') {
          await expect.poll(() => page.getByText(secondFactorTexts.invalidCode).count()).toBe(1);
        }
        return;
      }
      if (snapshot.matches('passkeySigningIn')) {
        // The browser's prompt was answered by the virtual authenticator; the server's check is held.
        await passkeyLogins.waitFor(() => true, 'the passkey sign-in call');
        await expect.poll(() => page.getByRole('button', { name: 'Loading...' }).getAttribute('aria-busy')).toBe('true');
        expect(await readStored(page)).toBeNull();
        return;
      }
      if (snapshot.matches('authenticating')) {
        const request = await logins.waitFor(() => true, 'the login call');
        expect(request.postDataJSON()).toMatchObject({ email: person.email });
        await expect.poll(() => page.getByRole('button', { name: 'Loading...' }).getAttribute('aria-busy')).toBe('true');
        return;
      }
      if (snapshot.matches('signingOut')) {
        const request = await logouts.waitFor(() => true, 'the logout call');
        expect(request.headers().authorization).toMatch(/^Bearer /);
        // The shell stays until the server has answered.
        expect(await signOut.count()).toBe(1);
        return;
      }
      if (snapshot.matches('ended')) {
        // The page stays where it was, under a dialog; nothing is left stored to sign calls with.
        expect(page.url()).toBe(address);
        await expect.poll(() => readStored(page)).toBeNull();
        // The refused search waits: the server has answered it only with the 401.
        if (snapshot.context.endReason !== 'expired') await expect.poll(() => searches).toEqual([401]);
        if (snapshot.matches({ ended: 'accessEnded' })) {
          await accessEndedDialog.getByText(sessionTexts.accessEnded).waitFor();
          // No password can help: none is asked for.
          expect(await page.getByPlaceholder('Password').count()).toBe(0);
          return;
        }
        await endedDialog.waitFor();
        const reason = snapshot.context.endReason ?? 'unknown';
        expect(reason).not.toBe('deactivated');
        await expect
          .poll(() => endedDialog.innerText())
          .toContain(sessionTexts.endedReasons[reason === 'deactivated' ? 'unknown' : reason]);
        expect(await endedDialog.innerText()).toContain(sessionTexts.endedPrompt);
        const email = endedDialog.getByPlaceholder('Email Address');
        expect(await email.inputValue()).toBe(person.email);
        expect(await email.isDisabled()).toBe(true);
        if (snapshot.matches({ ended: 'verifyingPasskey' })) {
          await codes.waitFor(() => true, 'the passkey call from the dialog');
          return;
        }
        if (snapshot.matches({ ended: 'askingCode' }) && snapshot.context.methods?.includes('passkey')) {
          await endedDialog.getByRole('button', { name: passkeyTexts.useAsSecondFactor }).waitFor();
          if (event.type === 'xstate.error.actor.verifyPasskey') {
            await expect.poll(() => endedDialog.getByRole('alert').filter({ hasText: passkeyTexts.refused }).count()).toBe(1);
          }
          return;
        }
        if (snapshot.matches({ ended: 'askingCode' }) || snapshot.matches({ ended: 'verifyingCode' })) {
          // The person's authenticator: the dialog asks for its code after the password.
          await endedDialog.getByRole('textbox', { name: secondFactorTexts.codeLabel }).waitFor();
          if (snapshot.matches({ ended: 'verifyingCode' })) {
            await codes.waitFor(() => true, 'the code call from the dialog');
          } else if (event.type === 'xstate.error.actor.verifyCode') {
            await expect.poll(() => endedDialog.getByText(secondFactorTexts.invalidCode).count()).toBe(1);
          }
          return;
        }
        if (snapshot.matches({ ended: 'reauthenticating' })) {
          const request = await logins.waitFor(() => true, 'the login call from the dialog');
          expect(request.postDataJSON()).toMatchObject({ email: person.email });
          await expect.poll(() => endedDialog.getByRole('button', { name: 'Loading...' }).getAttribute('aria-busy')).toBe('true');
        } else if (event.type === 'xstate.error.actor.verifyCode' || event.type === 'xstate.error.actor.verifyPasskey') {
          await expect.poll(() => endedDialog.getByRole('alert').filter({ hasText: secondFactorTexts.challengeExpired }).count()).toBe(1);
        } else if (
          event.type.endsWith('.actor.login') ||
          event.type.endsWith('.actor.verifyCode') ||
          event.type.endsWith('.actor.verifyPasskey')
        ) {
          await expect.poll(() => endedDialog.getByRole('alert').filter({ hasText: LOGIN_FAILED_MESSAGE }).count()).toBe(1);
        } else {
          expect(await endedDialog.getByRole('alert').count()).toBe(0);
        }
        return;
      }
      if (snapshot.matches({ loggedIn: 'expiring' }) || snapshot.matches({ loggedIn: 'renewing' })) {
        // The notice on the page, which stays; the session still signs calls until the expiry.
        await notice.waitFor();
        const stored = await readStored(page);
        expect(stored?.user.email).toBe(person.email);
        expect(stored?.expiresAt).toBeGreaterThan(await pageNow());
        if (event.type !== 'session.stay') expect(page.url()).toBe(address);
        if (snapshot.matches({ loggedIn: 'renewing' })) {
          const request = await renews.waitFor(() => true, 'the renew call');
          expect(request.headers().authorization).toBe(`Bearer ${stored?.token}`);
          await expect.poll(() => notice.getByRole('button', { name: 'Loading...' }).getAttribute('aria-busy')).toBe('true');
        } else {
          await stayButton.waitFor();
          // A failed renewal (offline, or an answer without a usable token) keeps the old session.
          if (event.type.endsWith('.actor.renew')) {
            expect(stored).toEqual(atStay);
            expect(await renewals(person)).toBe(0);
          }
        }
        return;
      }
      if (snapshot.matches('loggedIn')) {
        await expect.poll(() => signOut.count()).toBe(1);
        const stored = await readStored(page);
        expect(stored?.user.email).toBe(person.email);
        expect(stored?.expiresAt).toBeGreaterThan(await pageNow());
        const signedInNow = [
          'xstate.done.actor.login',
          'xstate.done.actor.verifyCode',
          'session.recoveryCodesSaved',
          'xstate.done.actor.passkeyLogin',
          'xstate.done.actor.verifyPasskey',
        ].includes(event.type);
        if (signedInNow && before.matches('ended')) {
          // Signed in again from the dialog: the page goes on where it was, without a welcome.
          await endedDialog.waitFor({ state: 'detached' });
          expect(page.url()).toBe(address);
          expect(await toastCount(`Welcome, ${person.firstName}!`)).toBe(0);
          // What the server refused is sent again with the new token.
          if ((before as SessionSnapshot).context.endReason !== 'expired') await expect.poll(() => searches).toEqual([401, 200]);
        } else if (signedInNow) {
          await page.waitForURL('**/intake-list');
          await expect.poll(() => toastCount(`Welcome, ${person.firstName}!`)).toBe(1);
        } else if (event.type === 'xstate.done.actor.renew') {
          // 'Stay signed in' answered: a fresh token, a full lifetime again, recorded on the server.
          await notice.waitFor({ state: 'detached' });
          expect(page.url()).toBe(address);
          // (A token signed in the same second as the old one may read the same: the expiry tells.)
          expect(stored?.expiresAt).toBeGreaterThan((atStay?.expiresAt ?? Infinity) + HOUR);
          expect(stored?.expiresAt).toBeGreaterThan((await pageNow()) + 7 * HOUR);
          await expect.poll(() => renewals(person)).toBe(1);
        } else if (event.type === 'session.tokenRefreshed') {
          await page.waitForURL('**/profile');
          await expect.poll(() => toastCount('Profile updated successfully')).toBe(1);
          await expect.poll(async () => (await readStored(page))?.user.middleName).toBe(middleName);
        } else {
          // Restored from storage: the page asked for, and no welcome.
          expect(new URL(page.url()).pathname).toBe('/intake-list');
          expect(await toastCount(`Welcome, ${person.firstName}!`)).toBe(0);
        }
        expect(await notice.count()).toBe(0);
        return;
      }
      // loggedOut and expired: the login form, no shell, nothing stored.
      await page.waitForURL('**/login');
      await loginButton.waitFor();
      // The code step, if there was one, has gone with the session it would have opened.
      await page.getByRole('button', { name: secondFactorTexts.cancel }).waitFor({ state: 'detached' });
      expect(await signOut.count()).toBe(0);
      await expect.poll(() => readStored(page)).toBeNull();
      if (snapshot.matches('expired') || event.type === 'xstate.init') {
        await expect.poll(() => toastCount(sessionTexts.loginRequired)).toBe(1);
      } else if (event.type.endsWith('.actor.logout') || event.type === 'session.logout') {
        // Sign Out from the shell (after the server's answer) or from an ended session's dialog.
        await expect.poll(() => toastCount(sessionTexts.loggedOut)).toBe(1);
      } else if (event.type === 'session.cancelCode') {
        // Back to the password: nothing to say, and no code field left.
        expect(await codeField.count()).toBe(0);
        expect(await page.getByRole('alert').count()).toBe(0);
      } else if (
        event.type === 'xstate.error.actor.verifyCode' ||
        event.type === 'xstate.error.actor.startEnrolment' ||
        event.type === 'xstate.error.actor.verifyPasskey'
      ) {
        await expect.poll(() => page.getByRole('alert').filter({ hasText: secondFactorTexts.challengeExpired }).count()).toBe(1);
        expect(await codeField.count()).toBe(0);
      } else if (event.type.endsWith('.actor.passkeyLogin')) {
        // A passkey that did not sign in: one text, whatever the reason.
        await expect.poll(() => page.getByRole('alert').filter({ hasText: passkeyTexts.signInFailed }).count()).toBe(1);
      } else {
        await expect.poll(() => page.getByRole('alert').filter({ hasText: LOGIN_FAILED_MESSAGE }).count()).toBe(1);
      }
    },
  };
}

async function driveSession({ path, start, kind }: SessionPath) {
  // A person whose firm requires a second factor has a firm of their own that requires it.
  const firmId = kind === 'enrol' ? (await app.server.createFirm()).id : app.firm.id;
  const person = await createPerson(firmId);
  const authenticator: Authenticator = { lastStep: 0 };
  const { context, page, pageErrors } = await newPage(browser, localUrl);
  try {
    await page.clock.install();
    const held: Held = {
      logins: await holdRequests(page, 'POST', '/v1/users/login'),
      passkeyLogins: await holdRequests(page, 'POST', '/v1/users/login/passkey'),
      codes: await holdRequests(page, 'POST', '/v1/users/login/second-factor'),
      enrolments: await holdRequests(page, 'POST', '/v1/users/login/second-factor/enrolment'),
      logouts: await holdRequests(page, 'POST', '/v1/users/logout'),
      renews: await holdRequests(page, 'POST', '/v1/users/me/session/renew'),
      searches: [],
      listLoads: [],
    };
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname !== '/v1/intake' || response.request().method() !== 'GET') return;
      held.listLoads.push(response.status());
      if ([...url.searchParams.values()].includes(REFUSED_SEARCH)) held.searches.push(response.status());
    });
    const stored = await storedAtStart(start, person);
    // After the stored token was signed: from now on the password alone no longer signs in.
    if (kind === 'totp') await enrolPerson(person, authenticator);
    if (kind === 'passkey') await addPasskeyFor(person, page);
    if (kind === 'enrol') await app.server.db.updateTable('firms').set({ require_second_factor: true }).where('id', '=', firmId).execute();
    if (stored !== undefined) {
      // A same-origin file that is not the app, so nothing reads the key before it is written.
      await page.goto('/building.svg');
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, stored]);
    }
    await page.goto('/intake-list');
    await drivePath(path, sessionDrive(page, person, authenticator, held));
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('session paths through the login screen and the shell in Chromium', () => {
  for (const planned of driven) {
    it(`with ${planned.start} stored, ${planned.kind} sign-in, ${describePath(planned.path)}`, async () => {
      await driveSession(planned);
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    const visited = expectEveryStateAndTransition(sessionMachine, completed);
    expect(visited.size).toBe(summary.states);
  });
});
