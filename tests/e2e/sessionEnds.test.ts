// A session that ends while staff type keeps the work (docs/product/sign-in-and-session.md,
// Sessions that end in the browser): the dialog opens on the same page, signing in there sends
// again what was refused, and nothing typed is lost. A deactivated account is told its access has
// ended; five minutes before expiry 'Stay signed in' renews the session on the server.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, type StoredSession } from '../../src/api/authStorage';
import { intakeTexts, sessionTexts } from '../../src/domain/texts';
import { bearer, type TestUser } from '../api/support/testServer';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, withPage } from './support/browser';

let app: E2eApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function storedSession(page: Page): Promise<StoredSession | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as StoredSession);
  }, AUTH_STORAGE_KEY);
}

function textbox(page: Page, name: string) {
  return page.getByRole('textbox', { name: new RegExp(`^${name}`) }).first();
}

/** The stored intakes of this firm whose client has this last name (each test types its own). */
async function storedIntakes(lastName: string): Promise<Array<{ clientName: string; status: string }>> {
  const rows = await app.server.db
    .selectFrom('intakes')
    .select(['client_name', 'status'])
    .where('firm_id', '=', app.firm.id)
    .where('client_last_name', '=', lastName)
    .execute();
  return rows.map((row) => ({ clientName: row.client_name, status: row.status }));
}

async function openNewIntakeAndType(page: Page, user: TestUser, lastName: string) {
  await signIn(page, user);
  await page.getByRole('button', { name: 'New Intake' }).click();
  await page.waitForURL('**/new-intake');
  await textbox(page, 'First Name').fill('Rowan');
  await textbox(page, 'Middle Name').fill('Kept');
  await textbox(page, 'Last Name').fill(lastName);
}

describe('a session that ends while staff type', () => {
  it('signed out elsewhere: Save As Draft opens the dialog with the reason, the password brings the save through, nothing moves', async () => {
    const user = await app.server.createUser({ firmId: app.firm.id, privilege: 'representative', firstName: 'Tess', lastName: 'Typist' });
    await withPage(browser, app.baseUrl, async (page) => {
      await openNewIntakeAndType(page, user, 'Revoked');
      const address = page.url();
      // The sign-in's own welcome leaves first, so a welcome seen later could only be a new one.
      await page.getByText(sessionTexts.welcome(user.firstName)).waitFor({ state: 'detached' });

      // The same session ends on the server (Sign Out from elsewhere).
      const token = (await storedSession(page))?.token;
      expect(token).toBeDefined();
      const logout = await fetch(`${app.baseUrl}/v1/users/logout`, { method: 'POST', headers: bearer(token ?? '') });
      expect(logout.status).toBe(204);

      await page.getByRole('button', { name: 'Save As Draft' }).click();
      const dialog = page.getByRole('dialog', { name: sessionTexts.endedTitle });
      await dialog.waitFor();
      await dialog.getByText(sessionTexts.endedReasons.signedOut).waitFor();
      expect(await dialog.getByPlaceholder('Email Address').inputValue()).toBe(user.email);
      expect(await dialog.getByPlaceholder('Email Address').isDisabled()).toBe(true);
      // Nothing was stored yet, and no error toast read as a server failure.
      expect(await storedIntakes('Revoked')).toEqual([]);
      expect(await page.getByText(intakeTexts.saveFailed).count()).toBe(0);

      // A wrong password: the spec's text, the dialog stays.
      await dialog.getByPlaceholder('Password').fill('Wrong#Pass1');
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await dialog.getByRole('alert').filter({ hasText: sessionTexts.loginFailed }).waitFor();

      await dialog.getByPlaceholder('Password').fill(user.password);
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await page.getByText(intakeTexts.draftSaved, { exact: true }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      await expect.poll(() => storedIntakes('Revoked')).toEqual([{ clientName: 'Rowan Kept Revoked', status: 'draft' }]);
      // The page stayed: the form (now at the saved draft's address, as any first save does) and what was typed.
      expect(new URL(address).pathname).toBe('/new-intake');
      expect(new URL(page.url()).pathname).toMatch(/^\/intake-details\/create\/[^/]+$/);
      expect(await textbox(page, 'First Name').inputValue()).toBe('Rowan');
      expect(await textbox(page, 'Middle Name').inputValue()).toBe('Kept');
      expect(await textbox(page, 'Last Name').inputValue()).toBe('Revoked');
      // No welcome toast: this is the same page going on.
      expect(await page.getByText(sessionTexts.welcome(user.firstName)).count()).toBe(0);
      expect((await storedSession(page))?.token).not.toBe(token);
    });
  });

  it('deactivated: told the access has ended, no password asked, nothing sent, Sign Out keeps the unsaved copy', async () => {
    const user = await app.server.createUser({ firmId: app.firm.id, privilege: 'representative', firstName: 'Dov', lastName: 'Deact' });
    await withPage(browser, app.baseUrl, async (page) => {
      await openNewIntakeAndType(page, user, 'Deactivated');
      const ownerToken = await app.server.login(app.owner.email, app.owner.password);
      const { response } = await app.server.api.POST('/v1/user/{id}/deactivate', {
        params: { path: { id: user.id } },
        headers: bearer(ownerToken),
      });
      expect(response.status).toBe(200);

      await page.getByRole('button', { name: 'Save As Draft' }).click();
      const dialog = page.getByRole('dialog', { name: sessionTexts.accessEndedTitle });
      await dialog.waitFor();
      await dialog.getByText(sessionTexts.accessEnded).waitFor();
      expect(await dialog.getByPlaceholder('Password').count()).toBe(0);
      expect(await page.getByPlaceholder('Password').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/new-intake');
      expect(await storedIntakes('Deactivated')).toEqual([]);
      // The unsaved copy is written after its quiet time, whatever the server says.
      await expect.poll(() => page.evaluate(() => sessionStorage.length)).toBeGreaterThan(0);
      const copies = await page.evaluate(() => sessionStorage.length);

      await dialog.getByRole('button', { name: sessionTexts.signOut }).click();
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await storedSession(page)).toBeNull();
      expect(await page.evaluate(() => sessionStorage.length)).toBe(copies);
      expect(await storedIntakes('Deactivated')).toEqual([]);
    });
  });

  it("five minutes before expiry 'Stay signed in' renews the session on the server and pushes the expiry out", async () => {
    const user = await app.server.createUser({ firmId: app.firm.id, privilege: 'representative', firstName: 'Stan', lastName: 'Stay' });
    await withPage(browser, app.baseUrl, async (page) => {
      await page.clock.install();
      await openNewIntakeAndType(page, user, 'Stayed');
      const before = await storedSession(page);
      expect(before).not.toBeNull();
      const notice = page.getByRole('status').filter({ hasText: sessionTexts.expiryNotice });
      expect(await notice.count()).toBe(0);

      // The page's clock moves to five minutes before the expiry: the notice appears.
      const remaining = (before?.expiresAt ?? 0) - (await page.evaluate(() => Date.now()));
      await page.clock.fastForward(remaining - 5 * 60_000 + 1000);
      await notice.waitFor();

      await notice.getByRole('button', { name: sessionTexts.staySignedIn }).click();
      await notice.waitFor({ state: 'detached' });
      await expect.poll(async () => (await storedSession(page))?.token).not.toBe(before?.token);
      const after = await storedSession(page);
      expect(after?.expiresAt).toBeGreaterThan((before?.expiresAt ?? 0) + 60_000);

      const renewed = await app.server.db
        .selectFrom('activity')
        .select(['action', 'firm_id'])
        .where('user_id', '=', user.id)
        .where('action', '=', 'session.renewed')
        .execute();
      expect(renewed).toEqual([{ action: 'session.renewed', firm_id: app.firm.id }]);
      // The page and what was typed are as they were.
      expect(new URL(page.url()).pathname).toBe('/new-intake');
      expect(await textbox(page, 'Last Name').inputValue()).toBe('Stayed');
    });
  });
});
