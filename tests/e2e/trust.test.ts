// The trust screens in Chromium against the real server (docs/product/activity.md,
// docs/product/people.md, docs/product/intake-form.md, docs/product/pdf.md): 'Show' reveals a
// masked SSN on the intake form and the profile, the PDF prints it in full, the Activity page and
// an intake's History panel show what was done, a representative gets Forbidden on /activity,
// deactivating an employee shows 'Deactivated' and keeps them out, and Sign Out ends the token.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY } from '../../src/api/authStorage';
import { toApiIntake } from '../../src/domain/intake';
import { bearer, type TestUser } from '../api/support/testServer';
import { fullValidIntake } from '../domain/intake/fixtures';
import { extractText } from '../pdf/support';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, withPage as withPageIn } from './support/browser';
import { cellTexts } from './support/cells';

const CLIENT_SSN = '900-00-0001';
const CLIENT = { firstName: 'Selma', lastName: 'Trustcase' };
const EMPLOYEE_SSN = '123-45-6789';

let app: E2eApp;
let browser: Browser;
let representative: TestUser;
let caseId = '';
let revealingEmployee = { id: '', email: 'rhea.reveal@example.test', password: 'Rhea#Pass42' };

async function ownerToken(): Promise<string> {
  return app.server.login(app.owner.email, app.owner.password);
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  representative = await app.server.createUser({
    firmId: app.firm.id,
    privilege: 'representative',
    firstName: 'Remy',
    lastName: 'Rep',
    email: 'remy.rep@example.test',
  });
  const token = await ownerToken();
  const base = fullValidIntake();
  const intake = {
    ...base,
    caseId: null,
    personalInformation: { ...base.personalInformation, ...CLIENT, status: 'hasSsn' as const, ssnItin: CLIENT_SSN },
  };
  const created = await app.server.api.POST('/v1/intake', {
    body: { userId: app.owner.id, generalCaseInformation: { ...toApiIntake(intake), status: 'final' } },
    headers: bearer(token),
  });
  if (!created.data) throw new Error(`POST /v1/intake failed: ${JSON.stringify(created.error)}`);
  caseId = created.data.data.caseId;
  // An employee registered the way an owner does it, so their SSN is stored the way the app stores it.
  const employee = await app.server.api.POST('/v1/firmUser', {
    body: {
      firstName: 'Rhea',
      middleName: null,
      lastName: 'Reveal',
      email: revealingEmployee.email,
      password: revealingEmployee.password,
      privilege: 'representative',
      userInformation: {
        phoneNumber: null,
        usage: 'call',
        civilStatus: 'single',
        gender: 'female',
        birthDate: '1988-02-03',
        ssnStatus: 'hasSsn',
        ssn: EMPLOYEE_SSN,
        itin: null,
      },
    },
    headers: bearer(token),
  });
  if (!employee.data) throw new Error(`POST /v1/firmUser failed: ${JSON.stringify(employee.error)}`);
  revealingEmployee = { ...revealingEmployee, id: employee.data.data.id };
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

function withPage(work: (page: Page) => Promise<void>) {
  return withPageIn(browser, app.baseUrl, async (page) => {
    page.setDefaultTimeout(20_000);
    await work(page);
  });
}

describe("'Show' on a masked SSN", () => {
  it('reveals the client SSN on the intake form, which shows it masked until then', async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await page.goto(`/intake-details/view/${caseId}`);
      const ssn = page.getByRole('textbox', { name: /^SSN\/ITIN/ });
      await expect.poll(() => ssn.inputValue()).toBe('***-**-0001');

      await page.getByRole('button', { name: 'Show SSN/ITIN' }).click();

      await expect.poll(() => ssn.inputValue()).toBe(CLIENT_SSN);
    });
  });

  it('reveals their own SSN on the profile', async () => {
    await withPage(async (page) => {
      await signIn(page, revealingEmployee);
      await page.getByRole('link', { name: 'Account' }).click();
      const additional = page.getByRole('region', { name: 'Additional Info' });
      await additional.getByText('***-**-6789').waitFor();
      expect(await page.content()).not.toContain(EMPLOYEE_SSN);

      await additional.getByRole('button', { name: 'Show SSN' }).click();

      await additional.getByText(EMPLOYEE_SSN).waitFor();
    });
  });
});

describe('the PDF of an intake with an SSN', () => {
  it('prints the number in full', async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await page.goto(`/intake-details/view/${caseId}`);
      const downloadButton = page.getByRole('button', { name: 'Download PDF' });
      await downloadButton.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
      const bytes = new Uint8Array(readFileSync(await download.path()));

      const pageOne = (await extractText(bytes)).filter((text) => text.page === 0).map((text) => text.str);
      // Printed in its three boxes: 900, 00, 0001.
      expect(pageOne).toEqual(expect.arrayContaining(['900', '00', '0001']));
      expect(pageOne.join(' ')).not.toContain('***');
    });
  });
});

describe('the trail on screen', () => {
  it("lists what was done in the intake's History panel and on the Activity page", async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await page.goto(`/intake-details/view/${caseId}`);
      await page.getByRole('textbox', { name: /^SSN\/ITIN/ }).waitFor();
      // The conflict panel has had its answer, so its look is in the trail too.
      await page
        .getByRole('region', { name: 'Conflict check' })
        .getByText(/^(No conflicts|\d+ potential conflicts?)$/)
        .waitFor();

      await page.getByRole('button', { name: 'History', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'History' });
      const items = panel.getByRole('listitem');
      await items.first().waitFor();
      const whats = await panel.locator('li > p:first-child').allTextContents();
      // Newest first: opening it just now, which also looked at its conflict check (in either order:
      // the form and its conflict panel load side by side), and its creation at the end.
      expect(whats.slice(0, 2).sort()).toEqual(['Looked at the conflict check', 'Opened']);
      expect(whats.at(-1)).toBe('Created');
      expect(await items.first().textContent()).toContain('Olivia Owner');
      await panel.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('link', { name: 'Activity' }).click();
      await page.waitForURL('**/activity');
      await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
      await page.locator('tbody tr').filter({ hasText: 'Signed in' }).first().waitFor();
      await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Opened' });
      await expect
        .poll(async () => {
          await page.locator('table:not([aria-busy])').waitFor();
          return cellTexts(page.locator('tbody tr td:nth-child(3)'));
        })
        .toEqual(expect.arrayContaining(['Opened']));
      const actions = await cellTexts(page.locator('tbody tr td:nth-child(3)'));
      expect(actions.every((text) => text === 'Opened')).toBe(true);
      const cells = await cellTexts(page.locator('tbody tr').first().locator('td'));
      expect(cells[1]).toBe('Olivia Owner');
      // The subject reads as its client's name, linking to the intake (docs/product/activity.md).
      expect(cells[3]).toBe('Selma Q Trustcase');
      expect(await page.locator('tbody tr').first().getByRole('link', { name: 'Selma Q Trustcase' }).getAttribute('href')).toContain(
        caseId,
      );

      // A look at the SSN names the field as the form labels it, never its code path.
      await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Revealed SSN' });
      await expect
        .poll(async () => {
          await page.locator('table:not([aria-busy])').waitFor();
          return cellTexts(page.locator('tbody tr td:nth-child(3)'));
        })
        .toEqual(expect.arrayContaining(['Revealed SSN']));
      const revealed = await cellTexts(page.locator('tbody tr').filter({ hasText: 'Selma Q Trustcase' }).first().locator('td'));
      expect(revealed[4]).toBe('SSN/ITIN');
      expect(await page.locator('tbody').textContent()).not.toContain('personalInformation.');
    });
  });

  it("shows a reveal as 'Revealed SSN' in the History panel", async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await page.goto(`/intake-details/view/${caseId}`);
      await page.getByRole('button', { name: 'Show SSN/ITIN' }).click();
      await expect.poll(() => page.getByRole('textbox', { name: /^SSN\/ITIN/ }).inputValue()).toBe(CLIENT_SSN);

      await page.getByRole('button', { name: 'History', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'History' });
      await panel.getByRole('listitem').first().waitFor();
      expect(await panel.locator('li > p:first-child').first().textContent()).toBe('Revealed SSN');
    });
  });

  it('gives a representative the Forbidden page on /activity, and no Activity link', async () => {
    await withPage(async (page) => {
      await signIn(page, representative);
      expect(await page.getByRole('link', { name: 'Activity' }).count()).toBe(0);
      await page.goto('/activity');
      await page.getByRole('heading', { name: 'Forbidden' }).waitFor();
    });
  });
});

describe('deactivating an employee', () => {
  it("shows 'Deactivated' in the list, and they can no longer sign in", async () => {
    const leaver = await app.server.createUser({
      firmId: app.firm.id,
      privilege: 'representative',
      firstName: 'Lena',
      lastName: 'Leaver',
      email: 'lena.leaver@example.test',
    });
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await page.getByRole('link', { name: 'Employees' }).click();
      const row = page.locator('tbody tr').filter({ hasText: 'Lena Leaver' });
      await row.getByRole('cell', { name: 'Active', exact: true }).waitFor();

      await row.getByRole('button', { name: 'Deactivate Lena Leaver' }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate employee' });
      await dialog.getByRole('button', { name: 'Yes, Deactivate' }).click();

      await page.getByText('Employee deactivated').waitFor();
      await row.getByRole('cell', { name: 'Deactivated', exact: true }).waitFor();
      await row.getByRole('button', { name: 'Reactivate Lena Leaver' }).waitFor();
    });
    await withPage(async (page) => {
      await page.goto('/login');
      await page.getByPlaceholder('Email Address').fill(leaver.email);
      await page.getByPlaceholder('Password').fill(leaver.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').filter({ hasText: 'Email or password is incorrect' }).waitFor();
    });
  });
});

describe('Sign Out', () => {
  it('ends the token on the server: it is refused afterwards', async () => {
    await withPage(async (page) => {
      await signIn(page, representative);
      const token = await page.evaluate(
        (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token,
        AUTH_STORAGE_KEY,
      );
      expect(token).toBeTruthy();
      const before = await app.server.api.GET('/v1/users/me', { headers: bearer(token ?? '') });
      expect(before.response.status).toBe(200);

      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByText('Logged out successfully').waitFor();

      const after = await app.server.api.GET('/v1/users/me', { headers: bearer(token ?? '') });
      expect(after.response.status).toBe(401);
    });
  });
});
