import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readStoredSession } from '../../../src/api/authStorage';
import { renderApp, signedInAs } from './harness';
import { withEmptyIntakeList } from './emptyIntakeList';

vi.mock('../../../src/api/intakes', (importOriginal) => withEmptyIntakeList(importOriginal));

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('shared layout (docs/product/app-shell.md Shared layout, docs/product/app-shell.md)', () => {
  it('lists the sidebar links in order for an owner, Employees included', async () => {
    signedInAs('owner');
    renderApp({ path: '/intake-list' });
    await screen.findByRole('heading', { name: 'Intakes' });

    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Dashboard', 'Intakes', 'Leads', 'Employees', 'Activity', 'Account', 'Firm']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/intake-list',
      '/leads-list',
      '/employees',
      '/activity',
      '/profile',
      '/firm',
    ]);
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Intakes' }));
  });

  it('hides Employees from a representative', async () => {
    signedInAs('representative');
    renderApp({ path: '/profile' });
    await screen.findByRole('heading', { name: 'User Profile' });
    expect(
      within(mainNav())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Intakes', 'Leads', 'Account', 'Firm']);
  });

  it('highlights the link of the current screen and follows navigation', async () => {
    const user = userEvent.setup();
    signedInAs('administrator');
    const app = renderApp({ path: '/intake-list' });
    await screen.findByRole('heading', { name: 'Intakes' });

    expect(within(mainNav()).getByRole('link', { name: 'Intakes' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Firm' })).not.toHaveAttribute('aria-current');

    await user.click(within(mainNav()).getByRole('link', { name: 'Firm' }));
    expect(await screen.findByRole('heading', { name: 'Firm' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/firm');
    expect(within(mainNav()).getByRole('link', { name: 'Firm' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Intakes' })).not.toHaveAttribute('aria-current');
  });

  it('keeps the area highlighted on its other screens', async () => {
    signedInAs('owner');
    renderApp({ path: '/new-intake' });
    await screen.findByRole('heading', { name: 'New Intake' }, { timeout: 5000 });
    expect(within(mainNav()).getByRole('link', { name: 'Intakes' })).toHaveAttribute('aria-current', 'true');
  });

  it('signs out with the toast and returns to the login screen', async () => {
    const user = userEvent.setup();
    signedInAs('owner');
    const app = renderApp({ path: '/profile' });
    await screen.findByRole('heading', { name: 'User Profile' });

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(readStoredSession()).toBeUndefined();
  });

  it('tells the server first, keeping the shell until it answers', async () => {
    const user = userEvent.setup();
    signedInAs('owner');
    let answer: () => void = () => {};
    const logout = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const app = renderApp({ path: '/profile', logout });
    await screen.findByRole('heading', { name: 'User Profile' });

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'User Profile' })).toBeInTheDocument();
    expect(readStoredSession()).toBeDefined();
    answer();
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(readStoredSession()).toBeUndefined();
  });

  it('signs out here even when the server cannot be told', async () => {
    const user = userEvent.setup();
    signedInAs('owner');
    const app = renderApp({ path: '/profile', logout: () => Promise.reject(new Error('The server could not be reached')) });
    await screen.findByRole('heading', { name: 'User Profile' });

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(readStoredSession()).toBeUndefined();
  });

  it('opens and closes the drawer from the menu button', async () => {
    const user = userEvent.setup();
    signedInAs('owner');
    renderApp({ path: '/intake-list' });
    await screen.findByRole('heading', { name: 'Intakes' });

    const menu = screen.getByRole('button', { name: 'Menu' });
    // The top bar's title, beside the sidebar's Dashboard link.
    expect(screen.getAllByText('Dashboard')).toHaveLength(2);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const sidebar = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(sidebar).toContainElement(mainNav());

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    // Opening moves the keyboard into the drawer.
    await waitFor(() => expect(sidebar).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(mainNav()).getByRole('link', { name: 'Leads' }));
    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('not-found page (docs/product/app-shell.md)', () => {
  it('shows the texts of the spec and goes back home to /profile', async () => {
    const user = userEvent.setup();
    signedInAs('representative');
    const app = renderApp({ path: '/no-such-screen' });

    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText("Sorry, we couldn't find the page you're looking for.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/help#contact-support');

    await user.click(screen.getByRole('button', { name: 'Go back home' }));
    expect(await screen.findByRole('heading', { name: 'User Profile' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/profile');
  });

  it('is shown to a visitor without a session too, without the login toast', async () => {
    renderApp({ path: '/definitely/not/here' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('You must be logged in before taking any action.')).not.toBeInTheDocument();
  });
});
