// The session machine's planned paths driven through the login screen and the shell in Chromium,
// against the real server (docs/architecture.md, model-based tests; docs/product/sign-in-and-session.md Login, docs/product/sign-in-and-session.md Auth state,
// docs/product/sign-in-and-session.md Session, docs/product/sign-in-and-session.md login failure). Each event becomes what a person or the server does: the login
// form filled with the right or the wrong password, the server's answer to the held login call,
// Sign Out, a profile save (the server's fresh token), or the page's clock moved to the token's
// expiry. Each path starts from what the browser may hold: nothing, a live session, an expired one,
// or unreadable data. Every planned path runs, and together they take every transition.
import { SignJWT } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { AUTH_STORAGE_KEY, writeStoredSession, type StoredSession } from '../../../src/api/authStorage';
import type { SessionUser } from '../../../src/domain/session';
import { LOGIN_FAILED_MESSAGE, sessionMachine, userFromToken } from '../../../src/machines/session.machine';
import type { TestUser } from '../../api/support/testServer';
import {
  collectTransitions,
  coverageSummary,
  describePath,
  planModel,
  recordBrowserCoverage,
  traversedTransitions,
} from '../../machines/modelCoverage';
import { startE2eApp, type E2eApp } from '../support/app';
import { launchChromium, newPage } from '../support/browser';
import { holdRequests, type HeldRequests } from './support/heldRequests';
import { MemoryStorage } from '../../support/memoryStorage';
import { describeTransitions, drivePath, stateIds, statesVisited, type Drive, type PlannedPath } from './support/modelDrive';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const HOUR = 3_600_000;
const MUST_LOG_IN = 'You must be logged in before taking any action.';
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

const samples = [
  { type: 'session.login', email: plannedUser.email, password: 'Planned#Pass1' },
  { type: 'xstate.done.actor.login', output: { token: plannedToken, expiresIn: '8h' } },
  { type: 'xstate.done.actor.login', output: { token: UNREADABLE_TOKEN, expiresIn: '8h' } },
  { type: 'xstate.error.actor.login', error: { status: 401, message: 'Unauthorized' } },
  { type: 'session.tokenRefreshed', token: plannedToken, expiresIn: '8h' },
  { type: 'xstate.done.actor.logout' },
  { type: 'xstate.error.actor.logout', error: { status: 0, message: 'The server could not be reached' } },
];

type Start = 'nothing' | 'live' | 'expired' | 'unreadable';

const plannedSeeds: Record<Start, () => void> = {
  nothing: () => {},
  live: () => writeStoredSession({ token: plannedToken, expiresAt: T0 + HOUR, user: plannedUser }),
  expired: () => writeStoredSession({ token: plannedToken, expiresAt: T0 - 1, user: plannedUser }),
  unreadable: () => localStorage.setItem(AUTH_STORAGE_KEY, '{"token":'),
};

interface SessionPath extends PlannedPath {
  start: Start;
}

const plans = (Object.keys(plannedSeeds) as Start[]).map((start) => {
  localStorage.clear();
  plannedSeeds[start]();
  const plan = planModel(sessionMachine, { events: samples });
  // Replayed while the same storage is seeded: restoring reads it.
  const paths: SessionPath[] = plan.paths.map((path) => ({ path, start, transitions: traversedTransitions(sessionMachine, [path]) }));
  return { plan, paths };
});
// Every planned path runs: twenty short ones fit in under a minute.
const driven = plans.flatMap(({ paths }) => paths);
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
let person: TestUser;
let middleNames = 0;
const completed: SessionPath[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  // A birth date, so that the profile form saves as it is.
  person = await app.server.createUser({
    firmId: app.firm.id,
    privilege: 'representative',
    firstName: 'Sasha',
    lastName: 'Session',
    email: 'sasha.session@example.test',
    userInformation: { birthDate: '1990-05-20' },
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** What the browser holds under the session key at start, with a token the real server signed. */
async function storedAtStart(start: Start): Promise<string | undefined> {
  if (start === 'nothing') return undefined;
  if (start === 'unreadable') return '{"token":';
  const token = await app.server.login(person.email, person.password);
  const user = userFromToken(token);
  if (!user) throw new Error('The server signed a token without a session user');
  const expiresAt = start === 'live' ? Date.now() + HOUR : Date.now() - 60_000;
  return JSON.stringify({ token, expiresAt, user } satisfies StoredSession);
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

function sessionDrive(page: Page, logins: HeldRequests, logouts: HeldRequests): Drive {
  const loginButton = page.getByRole('button', { name: 'Log in' });
  const signOut = page.getByRole('button', { name: 'Sign Out' });
  let middleName: string | undefined;

  const toastCount = (text: string) => page.getByText(text, { exact: true }).count();

  return {
    async act({ event, next }) {
      switch (event.type) {
        case 'session.login': {
          // The server decides: the password is right unless the next step is the server refusing.
          await loginButton.waitFor();
          await page.getByPlaceholder('Email Address').fill(person.email);
          await page.getByPlaceholder('Password').fill(isSettling(next, 'error') ? WRONG_PASSWORD : person.password);
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
        case 'session.logout':
          await signOut.click();
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
          await page.getByRole('link', { name: 'Account' }).click();
          await page.waitForURL('**/profile');
          await page.getByRole('button', { name: 'Edit' }).click();
          await page.waitForURL('**/edit-profile');
          await expect.poll(() => page.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe(person.firstName);
          await page.getByRole('textbox', { name: 'Middle Name' }).fill(middleName);
          await page.getByRole('button', { name: 'Save Changes' }).click();
          return;
        }
        default: {
          if (!event.type.startsWith('xstate.after.untilExpiry.')) throw new Error(`No UI action for ${event.type}`);
          // The page's clock jumps to the stored expiry: the timer the machine set then fires.
          const stored = await readStored(page);
          const remaining = (stored?.expiresAt ?? 0) - (await page.evaluate(() => Date.now()));
          expect(remaining).toBeGreaterThan(0);
          await page.clock.fastForward(remaining);
        }
      }
    },

    async check({ after, event }) {
      const snapshot = after as SessionSnapshot;
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
      if (snapshot.matches('loggedIn')) {
        await expect.poll(() => signOut.count()).toBe(1);
        const stored = await readStored(page);
        expect(stored?.user.email).toBe(person.email);
        expect(stored?.expiresAt).toBeGreaterThan(await page.evaluate(() => Date.now()));
        if (event.type === 'xstate.done.actor.login') {
          await page.waitForURL('**/intake-list');
          await expect.poll(() => toastCount(`Welcome, ${person.firstName}!`)).toBe(1);
        } else if (event.type === 'session.tokenRefreshed') {
          await page.waitForURL('**/profile');
          await expect.poll(() => toastCount('Profile updated successfully')).toBe(1);
          await expect.poll(async () => (await readStored(page))?.user.middleName).toBe(middleName);
        } else {
          // Restored from storage: the page asked for, and no welcome.
          expect(new URL(page.url()).pathname).toBe('/intake-list');
          expect(await toastCount(`Welcome, ${person.firstName}!`)).toBe(0);
        }
        return;
      }
      // loggedOut and expired: the login form, no shell, nothing stored.
      await page.waitForURL('**/login');
      await loginButton.waitFor();
      expect(await signOut.count()).toBe(0);
      await expect.poll(() => readStored(page)).toBeNull();
      if (snapshot.matches('expired') || event.type === 'xstate.init') {
        await expect.poll(() => toastCount(MUST_LOG_IN)).toBe(1);
      } else if (event.type.endsWith('.actor.logout')) {
        await expect.poll(() => toastCount('Logged out successfully')).toBe(1);
      } else {
        await expect.poll(() => page.getByRole('alert').filter({ hasText: LOGIN_FAILED_MESSAGE }).count()).toBe(1);
      }
    },
  };
}

async function driveSession({ path, start }: SessionPath) {
  const { context, page, pageErrors } = await newPage(browser, app.baseUrl);
  try {
    await page.clock.install();
    const logins = await holdRequests(page, 'POST', '/v1/users/login');
    const logouts = await holdRequests(page, 'POST', '/v1/users/logout');
    const stored = await storedAtStart(start);
    if (stored !== undefined) {
      // A same-origin file that is not the app, so nothing reads the key before it is written.
      await page.goto('/building.svg');
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, stored]);
    }
    await page.goto('/intake-list');
    await drivePath(path, sessionDrive(page, logins, logouts));
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('session paths through the login screen and the shell in Chromium', () => {
  for (const planned of driven) {
    it(`with ${planned.start} stored, ${describePath(planned.path)}`, async () => {
      await driveSession(planned);
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    const transitions = new Set(completed.flatMap((planned) => [...planned.transitions]));
    recordBrowserCoverage(sessionMachine, completed.length, transitions);
    const snapshots = completed.flatMap((planned) => planned.path.steps.map((step) => step.state));
    const visited = statesVisited(sessionMachine, snapshots, transitions);
    expect([...visited].sort()).toEqual(stateIds(sessionMachine).sort());
    expect(visited.size).toBe(summary.states);
    expect(describeTransitions(sessionMachine, transitions)).toEqual(
      describeTransitions(sessionMachine, new Set(collectTransitions(sessionMachine).map((edge) => edge.key))),
    );
  });
});
