// The browser's start (main.tsx): / and /login draw the login screen before the router's chunk has
// arrived; every move from there, a sign-in and any other address end in the routed app, which
// behaves as the rest of tests/ui/shell shows. Each test loads the modules afresh, because the
// routed app keeps one browser router per page.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Credentials, SecondFactorChallenge, TokenGrant } from '../../../src/machines/session.machine';
import { makeUser, signedInAs, tokenFor } from './harness';
import { withEmptyIntakeList } from './emptyIntakeList';

vi.mock('../../../src/api/intakes', (importOriginal) => withEmptyIntakeList(importOriginal));
// A server without SMTP_URL: 'Forgot password?' says whom to ask (docs/product/sign-in-and-session.md, Password reset).
vi.mock('../../../src/api/passwordReset', () => ({ passwordResetOptions: () => Promise.resolve({ emailAvailable: false }) }));

const ROUTED_APP = '../../../src/ui/app/RoutedApp';

/** Holds the routed app's chunk back until `arrive` is called, as a slow network would. */
function holdRoutedApp() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  vi.doMock(ROUTED_APP, async (importOriginal) => {
    await arrived;
    return importOriginal();
  });
  return { arrive: () => act(() => arrive()) };
}

async function startApp(
  path: string,
  login: (credentials: Credentials) => Promise<TokenGrant> = () => Promise.reject(new Error('not expected')),
) {
  window.history.replaceState(null, '', path);
  const { AppFrame } = await import('../../../src/ui/app/AppFrame');
  const { FirstLoad } = await import('../../../src/ui/app/FirstLoad');
  const { sessionMachine } = await import('../../../src/machines/session.machine');
  const { fromPromise } = await import('xstate');
  const sessionLogic = sessionMachine.provide({
    actors: {
      login: fromPromise<TokenGrant | SecondFactorChallenge, Credentials>(({ input }) => login(input)),
      logout: fromPromise<void>(() => Promise.resolve()),
    },
  });
  render(
    <StrictMode>
      <AppFrame sessionLogic={sessionLogic}>
        <FirstLoad />
      </AppFrame>
    </StrictMode>,
  );
}

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  vi.doUnmock(ROUTED_APP);
  window.history.replaceState(null, '', '/');
});

describe('first load (docs/product/sign-in-and-session.md, Login screen)', () => {
  it('draws the login screen and checks its form before the router has arrived; Forgot password? then opens its page', async () => {
    const held = holdRoutedApp();
    const user = userEvent.setup();
    await startApp('/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    const forgot = screen.getByRole('link', { name: 'Forgot password?' });
    expect(forgot).toHaveAttribute('href', '/forgot-password');

    await user.click(forgot);
    expect(await screen.findByText('Please wait ...')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/forgot-password');
    held.arrive();

    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password?' })).toBeInTheDocument();
    expect(await screen.findByText(/owner or an administrator: they can make a reset link/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('signs in from the first screen: the welcome toast, then the intake list; Sign Out leads back to /login', async () => {
    const user = userEvent.setup();
    const person = makeUser('representative', 'Rosa');
    await startApp('/', () => Promise.resolve({ token: tokenFor(person), expiresIn: '8h' }));

    await user.type(await screen.findByPlaceholderText('Email Address'), 'rosa@firm.test');
    await user.type(screen.getByPlaceholderText('Password'), 'Secret-pass1!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Welcome, Rosa!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Intakes' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/intake-list');

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('sends a signed-in user who opens /login on to the intake list', async () => {
    signedInAs('owner');
    await startApp('/login');
    expect(await screen.findByRole('heading', { name: 'Intakes' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/intake-list');
  });

  it('opens a deep link in the routed app: without a session, the login-required toast and /login', async () => {
    await startApp('/employees');
    expect(await screen.findByText('You must be logged in before taking any action.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });
});
