// Passkeys in Chromium (docs/product/sign-in-and-session.md, Passkeys), with Chromium's virtual
// authenticator (CDP WebAuthn domain: ctap2, internal, resident keys, user verification). WebAuthn
// refuses an IP address as the relying party, so the app is opened at http://localhost:<port>, and
// the relying party is the host the browser called. A person adds a passkey on /profile (named),
// signs out and signs in with it without the password; another, on a phone-sized screen, gives it
// as the second factor after the password, renames it and removes it (asked first). The stored rows
// and the activity trail are read back; the profile section is checked with axe and for sideways
// scrolling at 375 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDateTime } from '../../src/domain/dates';
import { passkeyTexts, sessionTexts } from '../../src/domain/texts';
import type { TestUser } from '../api/support/testServer';
import { seriousViolations } from './support/a11y';
import { openAccount, startE2eApp, type E2eApp } from './support/app';
import { addVirtualAuthenticator, launchChromium, withPage } from './support/browser';

let app: E2eApp;
let browser: Browser;
/** The app as staff open it: by name, not by IP address. */
let localUrl: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  localUrl = app.baseUrl.replace('127.0.0.1', 'localhost');
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function openSidebar(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole('button', { name: 'Menu', exact: true }).click();
}

async function passwordStep(page: Page, person: TestUser) {
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  await page.getByPlaceholder('Email Address').fill(person.email);
  await page.getByPlaceholder('Password').fill(person.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function signOut(page: Page) {
  await openSidebar(page);
  await page.getByRole('button', { name: sessionTexts.signOut }).click();
  await page.waitForURL('**/login');
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
}

async function passkeysSection(page: Page) {
  await openSidebar(page);
  await openAccount(page);
  const section = page.getByRole('region', { name: passkeyTexts.sectionTitle });
  await section.getByRole('button', { name: passkeyTexts.add }).waitFor();
  return section;
}

/** Adds a passkey named `name` on the profile: the name, then the browser's (virtual) prompt. */
async function addPasskey(page: Page, name: string) {
  const section = await passkeysSection(page);
  await section.getByText(passkeyTexts.none).waitFor();
  await section.getByRole('button', { name: passkeyTexts.add }).click();
  // A name is asked for first.
  await section.getByRole('button', { name: passkeyTexts.create }).click();
  await section.getByText(passkeyTexts.nameRequired).waitFor();
  await section.getByRole('textbox', { name: passkeyTexts.nameLabel }).fill(name);
  await section.getByRole('button', { name: passkeyTexts.create }).click();
  await section.getByRole('status').filter({ hasText: passkeyTexts.added }).waitFor();
  await section.getByRole('listitem').filter({ hasText: name }).waitFor();
  return section;
}

async function storedPasskeys(person: TestUser) {
  return app.server.db.selectFrom('passkeys').selectAll().where('user_id', '=', person.id).execute();
}

async function actions(person: TestUser) {
  const rows = await app.server.db
    .selectFrom('activity')
    .select('action')
    .where('user_id', '=', person.id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('passkeys in Chromium', () => {
  it('adds a named passkey on /profile, then signs in with it without the password', async () => {
    const person = await app.server.createUser({ firmId: app.firm.id, firstName: 'Marisol', lastName: 'Quintanilla-Ortiz' });
    await withPage(browser, localUrl, async (page) => {
      await addVirtualAuthenticator(page);
      await passwordStep(page, person);
      await page.waitForURL('**/intake-list');

      const section = await addPasskey(page, 'Office laptop');
      const [row] = await storedPasskeys(person);
      expect(row).toMatchObject({ name: 'Office laptop', last_used_at: null });
      const item = section.getByRole('listitem').filter({ hasText: 'Office laptop' });
      expect(await item.innerText()).toContain(`${passkeyTexts.addedOn}: ${formatLocalDateTime(row!.created_at)}`);
      expect(await item.innerText()).toContain(`${passkeyTexts.lastUsed}: ${passkeyTexts.neverUsed}`);

      await signOut(page);
      // The login screen keeps its texts, with the passkey's button under the form.
      expect(await page.getByRole('link', { name: 'Forgot password?' }).count()).toBe(1);
      await page.getByRole('button', { name: passkeyTexts.signIn }).click();
      await page.waitForURL('**/intake-list');
      await page.getByText(`Welcome, ${person.firstName}!`).last().waitFor();

      // The use is stored and shown.
      await expect.poll(async () => (await storedPasskeys(person))[0]?.last_used_at).not.toBeNull();
      const used = (await storedPasskeys(person))[0]!;
      const after = await passkeysSection(page);
      await after.getByText(`${passkeyTexts.lastUsed}: ${formatLocalDateTime(used.last_used_at)}`).waitFor();
      expect(await actions(person)).toEqual(expect.arrayContaining(['passkey.added', 'passkey.used', 'signIn.succeeded']));
    });
  });

  it('on a phone: the passkey as the second factor after the password; renamed; removed after asking', async () => {
    const person = await app.server.createUser({ firmId: app.firm.id, firstName: 'Tobias', lastName: 'Okonkwo-Lind' });
    await withPage(
      browser,
      localUrl,
      async (page) => {
        await addVirtualAuthenticator(page);
        await passwordStep(page, person);
        await page.waitForURL('**/intake-list');
        await addPasskey(page, 'Phone');
        await signOut(page);

        // The right password now asks for the second factor on the same screen: the passkey.
        await passwordStep(page, person);
        const usePasskey = page.getByRole('button', { name: passkeyTexts.useAsSecondFactor });
        await usePasskey.waitFor();
        expect(new URL(page.url()).pathname).toBe('/login');
        expect(await page.getByPlaceholder('Password').isDisabled()).toBe(true);
        await usePasskey.click();
        await page.waitForURL('**/intake-list');
        await page.getByText(`Welcome, ${person.firstName}!`).last().waitFor();

        const section = await passkeysSection(page);
        // No sideways scroll at 375 px; nothing serious for axe.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        expect(await seriousViolations(page)).toEqual([]);

        await section.getByRole('button', { name: `${passkeyTexts.rename} Phone` }).click();
        const nameField = section.getByRole('textbox', { name: passkeyTexts.nameLabel });
        await nameField.fill('Work phone');
        await section.getByRole('button', { name: passkeyTexts.save }).click();
        await section.getByRole('status').filter({ hasText: passkeyTexts.renamed }).waitFor();
        await expect.poll(async () => (await storedPasskeys(person))[0]?.name).toBe('Work phone');

        // Removal asks first; 'Cancel' keeps it.
        await section.getByRole('button', { name: `${passkeyTexts.remove} Work phone` }).click();
        const dialog = page.getByRole('dialog', { name: passkeyTexts.confirmRemove });
        await dialog.getByText(passkeyTexts.removePrompt('Work phone')).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await dialog.getByRole('button', { name: passkeyTexts.cancel }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(await storedPasskeys(person)).toHaveLength(1);
        await section.getByRole('button', { name: `${passkeyTexts.remove} Work phone` }).click();
        await dialog.getByRole('button', { name: passkeyTexts.confirmRemove }).click();
        await section.getByRole('status').filter({ hasText: passkeyTexts.removed }).waitFor();
        await section.getByText(passkeyTexts.none).waitFor();
        expect(await storedPasskeys(person)).toEqual([]);
        expect(await actions(person)).toEqual(expect.arrayContaining(['passkey.added', 'passkey.used', 'passkey.removed']));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      },
      { width: 375, height: 740 },
    );
  });
});
