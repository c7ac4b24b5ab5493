// Submit from create mode, in Chromium on the built app and the real server
// (docs/product/intake-form.md): "stores final, shows 'Intake created successfully!' and goes to
// /intake-list". The list is where the page rests: the address is checked again once the list has
// loaded and shows the new intake, since a rename of the address after the submit (the form's
// address after a kept draft) would put the form back on screen. Both ways into create mode: a
// blank /new-intake submitted at once, and one kept as a draft first, submitted from
// /intake-details/create/{id}.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneralCaseInformation } from '../../src/domain/intake';
import { intakeTabs } from '../../src/domain/intake/tabs';
import { fullValidIntake } from '../domain/intake/fixtures';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, withPage } from './support/browser';
import { field, fillAllTabs, fillSection, openTab, storedIntake, storedRows } from './support/intakeForm';
import { cellTexts } from './support/cells';

const CREATED = 'Intake created successfully!';
const DRAFT_SAVED = 'Draft saved';

let app: E2eApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

function intakeOf(lastName: string): GeneralCaseInformation {
  const base = fullValidIntake();
  return { ...base, personalInformation: { ...base.personalInformation, lastName } };
}

function clientNameOf(intake: GeneralCaseInformation): string {
  const { firstName, middleName, lastName } = intake.personalInformation;
  return `${firstName} ${middleName} ${lastName}`;
}

function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Submit on the last tab, the toast, then the list: loaded, with the intake final on it, and the address still the list's. */
async function submitAndRestOnTheList(page: Page, clientName: string): Promise<void> {
  await openTab(page, intakeTabs[intakeTabs.length - 1].id);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByText(CREATED, { exact: true }).first().waitFor();
  await expect.poll(() => pathname(page)).toBe('/intake-list');

  const row = page.getByRole('row').filter({ hasText: clientName });
  await row.getByRole('button', { name: 'View' }).waitFor();
  expect((await cellTexts(row.getByRole('cell')))[4]).toBe('Final');
  // Still the list once it has loaded: no form came back under another address.
  expect(pathname(page)).toBe('/intake-list');
  await page.getByRole('searchbox', { name: 'Search intakes' }).waitFor();
  expect(await page.getByRole('heading', { name: 'New Intake' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Download PDF' }).count()).toBe(0);
  expect(await page.getByRole('tabpanel').count()).toBe(0);
  expect(pathname(page)).toBe('/intake-list');
}

async function storedFinalOf(clientName: string) {
  const rows = (await storedRows(app)).filter((row) => row.clientName === clientName);
  expect(rows).toEqual([expect.objectContaining({ status: 'final' })]);
  const stored = await storedIntake(app, rows[0].caseId);
  expect(stored.status).toBe('final');
  return stored;
}

describe('Submit in create mode, in Chromium', () => {
  it('from /new-intake with all seven tabs filled: the toast, then the list, and the list stays', async () => {
    const intake = intakeOf('Submitnow');
    const clientName = clientNameOf(intake);
    await withPage(browser, app.baseUrl, async (page) => {
      await signIn(page, app.owner);
      await page.getByRole('button', { name: 'New Intake' }).click();
      await page.waitForURL('**/new-intake');
      await fillAllTabs(page, intake);
      await submitAndRestOnTheList(page, clientName);
    });
    const stored = await storedFinalOf(clientName);
    expect(stored.vehicleInformation.vin).toBe(intake.vehicleInformation.vin);
    expect(stored.checklist).toEqual(intake.checklist);
  });

  it('kept as a draft first, then submitted from /intake-details/create/{id}: the list, and the list stays', async () => {
    const intake = intakeOf('Draftfirst');
    const clientName = clientNameOf(intake);
    await withPage(browser, app.baseUrl, async (page) => {
      await signIn(page, app.owner);
      await page.getByRole('button', { name: 'New Intake' }).click();
      await page.waitForURL('**/new-intake');
      await fillSection(page, 'personalInformation', intake.personalInformation as unknown as Record<string, unknown>);
      await page.getByRole('button', { name: 'Save As Draft' }).click();
      await page.getByText(DRAFT_SAVED, { exact: true }).first().waitFor();

      const [draft] = (await storedRows(app)).filter((row) => row.clientName === clientName);
      expect(draft).toMatchObject({ status: 'draft' });
      // A kept draft renames the address (create mode still), and the form stays as typed.
      await expect.poll(() => pathname(page)).toBe(`/intake-details/create/${draft.caseId}`);
      expect(await field(page, 'personalInformation.lastName').inputValue()).toBe('Draftfirst');
      await page.getByRole('button', { name: 'Save As Draft' }).waitFor();

      await fillAllTabs(page, intake);
      await submitAndRestOnTheList(page, clientName);
    });
    const stored = await storedFinalOf(clientName);
    expect(stored.incidentDescription.howManyVehicles).toBe(intake.incidentDescription.howManyVehicles);
  });
});
