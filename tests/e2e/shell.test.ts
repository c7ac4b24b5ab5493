// In Chromium: sign-in, guards, not-found, sign-out, the small-screen drawer and axe.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import { launchChromium, phoneViewport, queuedWorkRun, withPage as withPageIn } from './support/browser';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import type { TestUser } from '../api/support/testServer';

const MUST_LOG_IN = 'You must be logged in before taking any action.';

let app: E2eApp;
let browser: Browser;
let representative: TestUser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  representative = await app.server.createUser({
    firmId: app.firm.id,
    privilege: 'representative',
    firstName: 'Riley',
    lastName: 'Rep',
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

function withPage(work: (page: Page) => Promise<void>, viewport?: { width: number; height: number }) {
  return withPageIn(browser, app.baseUrl, work, viewport);
}

describe('the application shell in Chromium', () => {
  it('signs the owner in onto /intake-list with the welcome toast', async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await expect.poll(() => page.getByText('Welcome, Olivia!').count()).toBe(1);
      await expect.poll(() => page.getByRole('link', { name: 'Employees' }).count()).toBe(1);
      await expect.poll(() => page.getByRole('heading', { name: 'Intakes' }).count()).toBe(1);
    });
  });

  it('shows the red error below the form for a wrong password', async () => {
    await withPage(async (page) => {
      await page.goto('/login');
      await page.getByPlaceholder('Email Address').fill(app.owner.email);
      await page.getByPlaceholder('Password').fill('Wrong#Pass1');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => page.getByText('Email or password is incorrect').count()).toBe(1);
      expect(page.url()).toMatch(/\/login$/);
    });
  });

  it('shows a representative the Forbidden page on /employees and no Employees link', async () => {
    await withPage(async (page) => {
      await signIn(page, representative);
      await page.goto('/employees');
      await expect.poll(() => page.getByRole('heading', { name: 'Forbidden' }).count()).toBe(1);
      expect(await page.getByText('You are not authorized to view this page.').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Employees' }).count()).toBe(0);
    });
  });

  it('sends a visitor without a token to /login with the toast shown once', async () => {
    await withPage(async (page) => {
      await page.goto('/profile');
      await page.waitForURL('**/login');
      await expect.poll(() => page.getByText(MUST_LOG_IN).count()).toBe(1);
      // The guard must not fire again (React StrictMode, re-renders): still one toast once the login
      // form is up and the page has run what it had queued.
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await queuedWorkRun(page);
      expect(await page.getByText(MUST_LOG_IN).count()).toBe(1);
    });
  });

  it('shows the not-found page for an unknown path', async () => {
    await withPage(async (page) => {
      await page.goto('/no-such-place');
      await expect.poll(() => page.getByText('Page not found').count()).toBe(1);
      expect(await page.getByText('404').count()).toBe(1);
      expect(await page.getByText("Sorry, we couldn't find the page you're looking for.").count()).toBe(1);
      expect(
        await page
          .getByRole('button', { name: 'Go back home' })
          .or(page.getByRole('link', { name: 'Go back home' }))
          .count(),
      ).toBe(1);
      expect(await page.getByRole('link', { name: 'Contact support' }).count()).toBe(1);
    });
  });

  it('signs out back to /login with its toast, and the token is gone', async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL('**/login');
      await expect.poll(() => page.getByText('Logged out successfully').count()).toBe(1);
      await page.goto('/intake-list');
      await page.waitForURL('**/login');
    });
  });

  it('opens and closes the drawer on a small screen', async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      await menu.waitFor();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('link', { name: 'Firm' }).isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => page.getByRole('link', { name: 'Firm' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => page.getByRole('link', { name: 'Firm' }).isVisible()).toBe(false);
    }, phoneViewport);
  });

  it('has no serious or critical accessibility violations on the login page and the shell', async () => {
    await withPage(async (page) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await signIn(page, app.owner);
      await page.getByRole('heading', { name: 'Intakes' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
