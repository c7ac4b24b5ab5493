// Two staff on one draft, in two Chromium windows against the real server (docs/product/intake-form.md,
// Someone else saved first). The second to save meets the 409: the form puts the version the first
// one saved together with what the second typed, field by field, offers the first one's answer
// beside each field both changed, and saves on top. 'Reload intake' asks before it discards
// anything. A tab reloaded over a version someone has since saved does the same from the unsaved copy.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeTexts } from '../../src/domain/texts';
import { MERGE_TEXT } from '../../src/ui/pages/intake/merge/mergeText';
import { createdIntake, draftIntake } from '../api/support/intakes';
import type { TestUser } from '../api/support/testServer';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, newPage } from './support/browser';
import { field, storedIntake } from './support/intakeForm';

const UPDATED = 'Intake updated successfully!';

let app: E2eApp;
let browser: Browser;
let administrator: TestUser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  administrator = await app.server.createUser({
    firmId: app.firm.id,
    privilege: 'administrator',
    firstName: 'Avery',
    lastName: 'Admin',
    email: `avery.admin.${app.firm.id.slice(0, 8)}@example.test`,
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function newDraft(lastName: string): Promise<string> {
  const token = await app.server.login(app.owner.email, app.owner.password);
  const stored = await createdIntake(app.server, { user: app.owner, token }, draftIntake({ lastName, address: '1 Old Road' }));
  return stored.caseId ?? '';
}

/** A signed-in window on the draft's edit form, loaded. */
async function openDraft(person: { email: string; password: string }, caseId: string) {
  const opened = await newPage(browser, app.baseUrl);
  await signIn(opened.page, person);
  await opened.page.goto(`/intake-details/edit/${caseId}`);
  await expect.poll(() => field(opened.page, 'personalInformation.address').inputValue()).toBe('1 Old Road');
  return opened;
}

async function saveChanges(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('dialog', { name: 'Save changes' }).getByRole('button', { name: 'Save', exact: true }).click();
}

/** The other person saves a new address and e-mail first. */
async function theySave(page: Page): Promise<void> {
  await field(page, 'personalInformation.address').fill('2 Their Road');
  await field(page, 'personalInformation.email').fill('their.change@example.test');
  await saveChanges(page);
  await page.getByText(UPDATED, { exact: true }).first().waitFor();
}

/** What both windows left stored, and that neither page threw. */
async function expectStored(caseId: string, windows: Array<{ pageErrors: Error[] }>, personal: Record<string, string>) {
  expect((await storedIntake(app, caseId)).personalInformation).toMatchObject(personal);
  expect(windows.flatMap((opened) => opened.pageErrors)).toEqual([]);
}

const conflictNotice = (page: Page) => page.getByRole('alert').filter({ hasText: intakeTexts.conflicts(1) });
const theirAddress = (page: Page) => page.locator('[data-origin="theirs"]').filter({ hasText: MERGE_TEXT.theySaved('2 Their Road') });

describe('a save someone else beat', () => {
  it('puts both people’s work together, offers their answer where both changed a field, and stores the choice', async () => {
    const caseId = await newDraft('Mergetest');
    const mine = await openDraft(app.owner, caseId);
    const theirs = await openDraft(administrator, caseId);
    try {
      const { page } = mine;
      await theySave(theirs.page);

      // This person typed over the version they opened: the address both changed, and a field only they did.
      await field(page, 'personalInformation.address').fill('3 My Street');
      await field(page, 'personalInformation.alternateContact').fill('Jordan Mine');
      await saveChanges(page);
      await page.getByText(intakeTexts.merged(1), { exact: true }).first().waitFor();
      await conflictNotice(page).waitFor();
      // Their e-mail, which this person never touched, is in the form; what this person typed stays.
      expect(await field(page, 'personalInformation.email').inputValue()).toBe('their.change@example.test');
      expect(await field(page, 'personalInformation.address').inputValue()).toBe('3 My Street');
      expect(await field(page, 'personalInformation.alternateContact').inputValue()).toBe('Jordan Mine');
      await theirAddress(page).waitFor();

      // 'Reload intake' asks first; Cancel keeps everything typed.
      await conflictNotice(page).getByRole('button', { name: MERGE_TEXT.reload }).click();
      const reload = page.getByRole('dialog', { name: MERGE_TEXT.reloadTitle });
      await reload.getByText(MERGE_TEXT.reloadText).waitFor();
      await reload.getByRole('button', { name: MERGE_TEXT.cancel }).click();
      await reload.waitFor({ state: 'detached' });
      expect(await field(page, 'personalInformation.address').inputValue()).toBe('3 My Street');

      // Their address is taken for that field; the notice goes once nothing is left to choose.
      await theirAddress(page).getByRole('button', { name: MERGE_TEXT.useTheirs }).click();
      await expect.poll(() => field(page, 'personalInformation.address').inputValue()).toBe('2 Their Road');
      await conflictNotice(page).waitFor({ state: 'detached' });
      expect(await page.locator('[data-origin="theirs"]').count()).toBe(0);

      await saveChanges(page);
      await expect.poll(() => page.getByText(UPDATED, { exact: true }).count()).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe(`/intake-details/edit/${caseId}`);
      await expectStored(caseId, [mine, theirs], {
        address: '2 Their Road',
        email: 'their.change@example.test',
        alternateContact: 'Jordan Mine',
      });
    } finally {
      await mine.context.close();
      await theirs.context.close();
    }
  });

  it('a tab reloaded over a version someone has since saved takes the copy back beside theirs', async () => {
    const caseId = await newDraft('Reloadtest');
    const mine = await openDraft(app.owner, caseId);
    const theirs = await openDraft(administrator, caseId);
    try {
      const { page } = mine;
      await field(page, 'personalInformation.address').fill('3 My Street');
      await field(page, 'personalInformation.alternateContact').fill('Jordan Mine');
      // The unsaved copy is written once typing rests.
      await expect.poll(() => page.evaluate(() => Object.values(sessionStorage).some((value) => value.includes('Jordan Mine')))).toBe(true);
      await theySave(theirs.page);

      // The browser asks before leaving a form with unsaved changes: this person reloads anyway.
      page.on('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await page.getByRole('button', { name: 'Restore' }).click();
      await page.getByText(intakeTexts.merged(1), { exact: true }).first().waitFor();
      await conflictNotice(page).waitFor();
      expect(await field(page, 'personalInformation.email').inputValue()).toBe('their.change@example.test');
      expect(await field(page, 'personalInformation.address').inputValue()).toBe('3 My Street');

      await theirAddress(page).getByRole('button', { name: MERGE_TEXT.keepMine }).click();
      await conflictNotice(page).waitFor({ state: 'detached' });
      await saveChanges(page);
      await expect.poll(() => page.getByText(UPDATED, { exact: true }).count()).toBeGreaterThan(0);
      await expectStored(caseId, [mine, theirs], {
        address: '3 My Street',
        email: 'their.change@example.test',
        alternateContact: 'Jordan Mine',
      });
    } finally {
      await mine.context.close();
      await theirs.context.close();
    }
  });
});
