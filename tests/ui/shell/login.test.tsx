import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readStoredSession } from '../../../src/api/authStorage';
import type { TokenGrant } from '../../../src/machines/session.machine';
import { makeUser, renderApp, signedInAs, tokenFor } from './harness';
import { withEmptyIntakeList } from './emptyIntakeList';

vi.mock('../../../src/api/intakes', (importOriginal) => withEmptyIntakeList(importOriginal));
// A server without SMTP_URL: 'Forgot password?' says whom to ask (docs/product/sign-in-and-session.md, Password reset).
vi.mock('../../../src/api/passwordReset', () => ({ passwordResetOptions: () => Promise.resolve({ emailAvailable: false }) }));

describe('login screen (docs/product/sign-in-and-session.md)', () => {
  it('shows the picture, the logo, the heading and the form of the spec', async () => {
    const { container } = renderApp({ path: '/login' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    const email = screen.getByPlaceholderText('Email Address');
    expect(email).toHaveAttribute('type', 'email');
    // Screen readers hear a label, not only the placeholder.
    expect(email).toHaveAccessibleName('Email Address');
    const password = screen.getByPlaceholderText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleName('Password');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    // The building picture and the logo are decorative: present, but silent for screen readers.
    expect(container.querySelector('img[src="/building.svg"]')).toHaveAttribute('alt', '');
    expect(container.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('is also the screen at /', async () => {
    renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('asks for both fields before anything is sent, then follows the typing', async () => {
    const user = userEvent.setup();
    const login = vi.fn<(credentials: { email: string; password: string }) => Promise<TokenGrant>>();
    renderApp({ path: '/login', login });

    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Email Address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByPlaceholderText('Email Address')).toHaveFocus();
    expect(login).not.toHaveBeenCalled();

    await user.type(screen.getByPlaceholderText('Email Address'), 'not-an-email');
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(login).not.toHaveBeenCalled();
  });

  it('shows the red error below the form after a failed login', async () => {
    const user = userEvent.setup();
    const login = vi.fn(() => Promise.reject(new Error('401 Unauthorized')));
    renderApp({ path: '/login', login });

    await user.type(await screen.findByPlaceholderText('Email Address'), 'someone@firm.test');
    await user.type(screen.getByPlaceholderText('Password'), 'wrong-password1!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Email or password is incorrect')).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith({ email: 'someone@firm.test', password: 'wrong-password1!' });
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('shows a spinner and Loading... while the login call runs, then welcomes and opens the intake list', async () => {
    const user = userEvent.setup();
    const person = makeUser('representative', 'Rosa');
    let answer: (grant: TokenGrant) => void = () => undefined;
    const login = vi.fn(() => new Promise<TokenGrant>((resolve) => (answer = resolve)));
    const app = renderApp({ path: '/login', login });

    await user.type(await screen.findByPlaceholderText('Email Address'), '  rosa@firm.test ');
    await user.type(screen.getByPlaceholderText('Password'), 'Secret-pass1!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const busyButton = await screen.findByRole('button', { name: 'Loading...' });
    expect(busyButton).toBeDisabled();
    // The email is sent trimmed; the password exactly as typed.
    expect(login).toHaveBeenCalledWith({ email: 'rosa@firm.test', password: 'Secret-pass1!' });

    answer({ token: tokenFor(person), expiresIn: '8h' });

    expect(await screen.findByText('Welcome, Rosa!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Intakes' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/intake-list');
    expect(readStoredSession()?.user.firstName).toBe('Rosa');
  });

  it('sends a signed-in user who opens / or /login on to the intake list', async () => {
    signedInAs('owner');
    const app = renderApp({ path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Intakes' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/intake-list');
  });

  it('leads Forgot password? to its page, which says whom to ask on a server that does not email links', async () => {
    const user = userEvent.setup();
    const app = renderApp({ path: '/login' });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password?' })).toBeInTheDocument();
    expect(await screen.findByText(/owner or an administrator: they can make a reset link/)).toBeInTheDocument();
    expect(app.pathname()).toBe('/forgot-password');
    await user.click(screen.getByRole('link', { name: 'Back to log in' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });
});
