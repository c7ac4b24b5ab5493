// What staff see of the intake form around a save, in Chromium on the built app and the real
// server (docs/product/intake-form.md): the first 'Save As Draft' keeps the form, its tab and
// what was typed while the save was on its way; a draft saves whatever it holds beyond the names;
// and the sidebar runs the full height of a long page (docs/product/app-shell.md).
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../api/support/testServer';
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

function inPage(work: (page: Page) => Promise<void>): Promise<void> {
  return withPage(browser, app.baseUrl, async (page) => {
    page.setDefaultTimeout(10_000);
    await signIn(page, app.owner);
    await work(page);
  });
}

async function storedIntake(caseId: string) {
  const token = await app.server.login(app.owner.email, app.owner.password);
  const { data, error } = await app.server.api.GET('/v1/intake/{caseId}', {
    params: { path: { caseId } },
    headers: bearer(token),
  });
  if (error || !data) throw new Error('GET /v1/intake/{caseId} failed');
  return data.data;
}

function isIntakeLoad(request: Request): boolean {
  return request.method() === 'GET' && /^\/v1\/intake\/[^/]+$/.test(new URL(request.url()).pathname);
}

async function newIntakeWithNames(page: Page, lastName: string): Promise<void> {
  await page.getByRole('button', { name: 'New Intake' }).click();
  await page.waitForURL('**/new-intake');
  await page
    .getByRole('tabpanel')
    .getByLabel(/^\s*First Name\s*\*?\s*$/)
    .fill('Kept');
  await page
    .getByRole('tabpanel')
    .getByLabel(/^\s*Last Name\s*\*?\s*$/)
    .fill(lastName);
}

async function caseIdFromAddress(page: Page): Promise<string> {
  await page.waitForURL('**/intake-details/create/*');
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

describe('the intake form around a save', () => {
  it('keeps the same form and tab on the first Save As Draft, loading nothing', async () => {
    await inPage(async (page) => {
      const loads: string[] = [];
      page.on('request', (request) => {
        if (isIntakeLoad(request)) loads.push(request.url());
      });
      await newIntakeWithNames(page, 'Tabfour');
      const injuryTab = page.getByRole('tab', { name: 'Points of Injury and Impact' });
      await injuryTab.click();
      await expect.poll(() => injuryTab.getAttribute('aria-selected')).toBe('true');
      // A mark on the panel's element: a form built again would show a new element without it.
      await page.getByRole('tabpanel').evaluate((element) => element.setAttribute('data-test-kept', 'yes'));

      await page.getByRole('button', { name: 'Save As Draft' }).click();
      await page.getByText('Draft saved', { exact: true }).first().waitFor();
      const caseId = await caseIdFromAddress(page);

      expect(await injuryTab.getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('tabpanel').getAttribute('data-test-kept')).toBe('yes');
      expect(await page.getByText('Loading intake...').count()).toBe(0);
      expect(loads).toEqual([]);
      expect((await storedIntake(caseId)).personalInformation.lastName).toBe('Tabfour');
    });
  });

  it('keeps what is typed while the draft is being saved, and counts it as unsaved', async () => {
    await inPage(async (page) => {
      await newIntakeWithNames(page, 'Midsave');
      // The save waits at the network until the typing is done: nothing races the clock.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let saveSeen = () => {};
      const saving = new Promise<void>((resolve) => (saveSeen = resolve));
      await page.route('**/v1/intake', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        saveSeen();
        await held;
        await route.continue();
      });

      await page.getByRole('button', { name: 'Save As Draft' }).click();
      await saving;
      const dl = page.getByRole('tabpanel').getByLabel(/^\s*DL\s*\*?\s*$/);
      await dl.fill('D-TYPED-MEANWHILE');
      release();
      await page.getByText('Draft saved', { exact: true }).first().waitFor();
      const caseId = await caseIdFromAddress(page);

      expect(await dl.inputValue()).toBe('D-TYPED-MEANWHILE');
      // The save carried what was there when it started.
      expect((await storedIntake(caseId)).personalInformation.dl).toBe('');
      // The form counts the keystrokes as unsaved: leaving asks first.
      await page.getByRole('link', { name: 'Intakes' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave this page?' });
      await leave.getByRole('button', { name: 'Stay' }).click();

      await page.getByRole('button', { name: 'Save As Draft' }).click();
      await expect.poll(async () => (await storedIntake(caseId)).personalInformation.dl).toBe('D-TYPED-MEANWHILE');
    });
  });

  it('saves a draft whatever it holds beyond the names, a count above 100 included', async () => {
    await inPage(async (page) => {
      await newIntakeWithNames(page, 'Manypassengers');
      const panel = page.getByRole('tabpanel');
      await panel.locator('input[type="radio"][name="personalInformation.passengers"][value="true"]').check();
      await panel.getByLabel(/^\s*How Many\?\s*\*?\s*$/).fill('150');
      await page.getByRole('button', { name: 'Save As Draft' }).click();
      await page.getByText('Draft saved', { exact: true }).first().waitFor();
      const caseId = await caseIdFromAddress(page);
      expect((await storedIntake(caseId)).personalInformation.passengerCount).toBe(150);
    });
  });

  it('runs the sidebar the full height of a long page', async () => {
    await inPage(async (page) => {
      await page.getByRole('button', { name: 'New Intake' }).click();
      await page.getByRole('tab', { name: 'Points of Injury and Impact' }).click();
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(pageHeight).toBeGreaterThan(page.viewportSize()?.height ?? 0);
      // The whole page as one picture: a patch at the bottom left, below the first screen, looks
      // exactly like a patch of the sidebar's empty background near the top.
      const patch = (y: number) => page.screenshot({ fullPage: true, clip: { x: 4, y, width: 8, height: 8 } });
      const sidebarPatch = await patch(420);
      const bottomPatch = await patch(pageHeight - 12);
      expect(bottomPatch.equals(sidebarPatch)).toBe(true);
    });
  });
});
