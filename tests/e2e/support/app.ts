// The built client served by the real server on a temporary SQLite database, with the Neos
// sandbox on loopback, for browser tests. Each test file starts its own server and firm, so files
// never see each other's data.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startNeosSandbox, type NeosSandbox } from '../../../sandbox/neos/server';
import { startTestServer, type TestServer, type TestServerOptions, type TestUser } from '../../api/support/testServer';
import type { Firm } from '../../../server/firms/repository';
import { newPage, type StorageState } from './browser';

export interface E2eApp {
  server: TestServer;
  neos: NeosSandbox;
  baseUrl: string;
  firm: Firm;
  owner: TestUser;
  close(): Promise<void>;
}

export async function startE2eApp(options: TestServerOptions = {}): Promise<E2eApp> {
  const neos = await startNeosSandbox();
  const server = await startTestServer('sqlite', {
    staticDir: path.resolve('dist'),
    // Browser tests sign in many times from one address; the flood cap is tested in tests/api.
    rateLimitPerMinute: false,
    neosApiUrl: neos.url,
    ...options,
  });
  const firm = await server.createFirm();
  const owner = await server.createUser({
    firmId: firm.id,
    privilege: 'owner',
    firstName: 'Olivia',
    lastName: 'Owner',
    email: `olivia.owner.${firm.id.slice(0, 8)}@example.test`,
  });
  return {
    server,
    neos,
    baseUrl: server.baseUrl,
    firm,
    owner,
    async close() {
      await server.close();
      await neos.close();
    },
  };
}

/**
 * Signs in through the login screen the way staff do, and waits for the post-login page. `origin`
 * for a page whose context has no base URL (a browser reached over CDP, bench/lighthouse.bench.ts).
 */
export async function signIn(page: Page, user: { email: string; password: string }, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByPlaceholder('Email Address').fill(user.email);
  await page.getByPlaceholder('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/intake-list');
}

/**
 * Signs `user` in once through the login screen and returns the browser's storage, the session the
 * app keeps in localStorage (docs/architecture.md, session machine): a context opened with it starts
 * signed in, so a file that opens many pages pays for the login form and its page once, not per page.
 */
export async function signedInStorage(browser: Browser, baseURL: string, user: { email: string; password: string }): Promise<StorageState> {
  const { context, page } = await newPage(browser, baseURL);
  try {
    await signIn(page, user);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * Opens /profile from the sidebar's 'Account' link and waits for the profile page itself: the
 * address changes before the lazily loaded page replaces the one it was opened from, so a click
 * right after the address alone can land on the old page's buttons.
 */
export async function openAccount(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Account' }).click();
  await page.waitForURL('**/profile');
  await page.getByRole('heading', { level: 1, name: 'User Profile' }).waitFor();
}
