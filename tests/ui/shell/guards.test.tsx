import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeStoredSession } from '../../../src/api/authStorage';
import { makeUser, renderApp, signedInAs, tokenFor } from './harness';

const LOGIN_REQUIRED = 'You must be logged in before taking any action.';

describe('route guards (docs/product/intake-form.md)', () => {
  it.each(['/intake-list', '/profile', '/employees', '/new-leads', '/intake-details/view/case-1'])(
    'sends a visitor without a session from %s to /login with the toast shown once',
    async (path) => {
      const app = renderApp({ path });

      expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
      expect(app.pathname()).toBe('/login');
      expect(await screen.findByText(LOGIN_REQUIRED)).toBeInTheDocument();
      // StrictMode runs the guard's effect twice; the person still sees one toast.
      expect(screen.getAllByText(LOGIN_REQUIRED)).toHaveLength(1);
    },
  );

  it('treats a stored session whose token has expired as no session', async () => {
    signedInAs('owner');
    const stored = JSON.parse(localStorage.getItem('intake.auth') ?? '{}') as { expiresAt: number };
    localStorage.setItem('intake.auth', JSON.stringify({ ...stored, expiresAt: Date.now() - 1000 }));
    const app = renderApp({ path: '/profile' });

    expect(await screen.findByText(LOGIN_REQUIRED)).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  it('shows Forbidden inside the layout to a representative on /employees, with no Employees link', async () => {
    signedInAs('representative');
    const app = renderApp({ path: '/employees' });

    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
    expect(screen.getByText('You are not authorized to view this page.')).toBeInTheDocument();
    expect(app.pathname()).toBe('/employees');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Employees' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Intakes' })).toBeInTheDocument();
  });

  it.each(['/new-employee', '/edit-firm', '/activity'])('shows Forbidden to a representative on %s', async (path) => {
    signedInAs('representative');
    renderApp({ path });
    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
  });

  it('lets a representative register leads', async () => {
    signedInAs('representative');
    renderApp({ path: '/new-leads' });
    expect(await screen.findByRole('heading', { name: 'Lead Registration' })).toBeInTheDocument();
    expect(screen.queryByText('Forbidden')).not.toBeInTheDocument();
  });

  it.each(['owner', 'administrator'] as const)('opens the employee list for an %s', async (privilege) => {
    signedInAs(privilege);
    renderApp({ path: '/employees' });
    expect(await screen.findByRole('heading', { name: 'Employees' })).toBeInTheDocument();
    expect(screen.queryByText('Forbidden')).not.toBeInTheDocument();
  });

  it('shows every signed-in screen its title', async () => {
    signedInAs('owner');
    const titles: Record<string, string> = {
      '/profile': 'User Profile',
      '/edit-profile': 'Edit Profile',
      '/new-employee': 'Employee Registration',
      '/leads-list': 'Leads',
      '/firm': 'Firm',
      '/edit-firm': 'Edit Firm',
      '/new-intake': 'New Intake',
      '/intake-details/edit/case-7': 'Edit Intake',
      '/intake-details/view/case-7': 'View Intake',
    };
    for (const [path, title] of Object.entries(titles)) {
      const app = renderApp({ path });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      app.unmount();
    }
  });

  it('shows the not-found page for an intake mode that does not exist', async () => {
    signedInAs('owner');
    renderApp({ path: '/intake-details/delete/case-7' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('keeps a guard toast from showing after a sign-out', async () => {
    signedInAs('owner');
    const app = renderApp({ path: '/profile' });
    await screen.findByRole('heading', { name: 'User Profile' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.queryByText(LOGIN_REQUIRED)).not.toBeInTheDocument();
  });

  it('asks for the password again on the same page when the session expires on screen', async () => {
    const user = makeUser('administrator');
    writeStoredSession({ token: tokenFor(user), expiresAt: Date.now() + 500, user });
    const app = renderApp({ path: '/firm' });
    // Signed in at first: the dashboard is there.
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' }, { timeout: 3000 });
    expect(dialog).toHaveTextContent('Your session expired.');
    expect(screen.getByPlaceholderText('Email Address')).toHaveValue(user.email);
    expect(screen.getByPlaceholderText('Password')).toBeInTheDocument();
    // No redirect and no toast: the page stays under the dialog.
    expect(app.pathname()).toBe('/firm');
    expect(screen.queryByText(LOGIN_REQUIRED)).not.toBeInTheDocument();
  });
});
