// Renders the whole client the way main.tsx does (StrictMode, one session actor, the real routes),
// with a memory router and a fake login actor, and seeds sessions as a signed-in browser has them.
import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import toast from 'react-hot-toast';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach } from 'vitest';
import { fromPromise } from 'xstate';
import { writeStoredSession } from '../../../src/api/authStorage';
import type { Privilege } from '../../../src/domain/enums';
import type { SessionUser } from '../../../src/domain/session';
import { sessionMachine, type Credentials, type SecondFactorChallenge, type TokenGrant } from '../../../src/machines/session.machine';
import { App } from '../../../src/ui/app/App';
import { createAppRouter } from '../../../src/ui/app/routes';

// react-hot-toast asks matchMedia for prefers-reduced-motion; jsdom has no matchMedia.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// jsdom lays nothing out, so it has no scrollIntoView either.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}

// The toast store is module state shared by every test in a file: start each test empty.
afterEach(() => {
  act(() => toast.remove());
});

export function makeUser(privilege: Privilege, firstName = 'Dana'): SessionUser {
  return {
    id: `user-${privilege}`,
    firmId: 'firm-test',
    firstName,
    middleName: null,
    lastName: 'Example',
    email: `${privilege}@firm.test`,
    privilege,
    userInformation: {
      phoneNumber: null,
      usage: null,
      civilStatus: null,
      gender: null,
      birthDate: null,
      ssnStatus: null,
    },
  };
}

function base64Url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A token shaped like the server's (the client only decodes the payload, never verifies it). */
export function tokenFor(user: SessionUser): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(user)}.test-signature`;
}

/** The browser state of a signed-in staff member: the stored session the machine restores. */
export function signedInAs(privilege: Privilege, firstName?: string): SessionUser {
  const user = makeUser(privilege, firstName);
  writeStoredSession({ token: tokenFor(user), expiresAt: Date.now() + 8 * 3_600_000, user });
  return user;
}

type LoginImplementation = (credentials: Credentials) => Promise<TokenGrant>;

const neverCalled: LoginImplementation = () => Promise.reject(new Error('login was not expected in this test'));

/** The server's answer to Sign Out: 204 unless a test says otherwise. */
type LogoutImplementation = () => Promise<void>;

export function renderApp({
  path = '/',
  login = neverCalled,
  logout = () => Promise.resolve(),
}: { path?: string; login?: LoginImplementation; logout?: LogoutImplementation } = {}) {
  const router = createAppRouter(createMemoryRouter, { initialEntries: [path] });
  const sessionLogic = sessionMachine.provide({
    actors: {
      login: fromPromise<TokenGrant | SecondFactorChallenge, Credentials>(({ input }) => login(input)),
      logout: fromPromise<void>(() => logout()),
    },
  });
  const view = render(
    <StrictMode>
      <App router={router} sessionLogic={sessionLogic} />
    </StrictMode>,
  );
  return { ...view, router, pathname: () => router.state.location.pathname };
}
