// Edit Employee in Chromium (docs/product/people.md, Edit employee): the owner changes an
// employee's name and privilege from the employees list, sees it on the list and in the stored
// row; an administrator has no Edit on an owner's row, and the address typed by hand is refused.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../api/support/testServer';
import { seriousViolations } from './support/a11y';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, withPage as withPageIn } from './support/browser';
import { cellTexts } from './support/cells';

let app: E2eApp;
let browser: Browser;
let employee: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  employee = await app.server.createUser({
    firmId: app.firm.id,
    privilege: 'representative',
    firstName: 'Wendell',
    lastName: 'Editable',
    email: 'wendell.editable@example.test',
  });
  admin = await app.server.createUser({
    firmId: app.firm.id,
    privilege: 'administrator',
    firstName: 'Ada',
    lastName: 'Adminsample',
    email: 'ada.adminsample@example.test',
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

function withPage(work: (page: Page) => Promise<void>) {
  return withPageIn(browser, app.baseUrl, work);
}

/** The row of the list whose Email Address is `email`, once the list has loaded. */
async function rowOf(page: Page, email: string) {
  await page.locator('table:not([aria-busy])').waitFor();
  return page.locator('tbody tr', { has: page.getByRole('cell', { name: email, exact: true }) });
}

describe('edit an employee in Chromium', () => {
  it('the owner changes a name and the privilege from the employees page, sees it on the list, and the row is stored', async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await page.getByRole('link', { name: 'Employees' }).click();
      await page.waitForURL('**/employees');
      await (await rowOf(page, employee.email)).getByRole('button', { name: 'Edit Wendell Editable' }).click();

      await page.waitForURL(`**/edit-employee/${employee.id}`);
      await page.getByRole('heading', { level: 1, name: 'Edit Employee: Wendell Editable' }).waitFor();
      const firstName = page.getByRole('textbox', { name: 'First Name' });
      expect(await firstName.inputValue()).toBe('Wendell');
      expect(await seriousViolations(page)).toEqual([]);

      // A required field left empty is refused under it before anything is sent.
      await firstName.fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect.poll(() => page.getByText('First name is required').count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe(`/edit-employee/${employee.id}`);

      await firstName.fill('Wendy');
      await page.getByRole('combobox', { name: 'Privilege' }).selectOption({ label: 'Administrator' });
      await page.getByRole('button', { name: 'Save Changes' }).click();

      await expect.poll(() => page.getByText('Employee updated successfully').count()).toBe(1);
      await page.waitForURL('**/employees');
      const row = await rowOf(page, employee.email);
      await expect.poll(async () => (await cellTexts(row.locator('td')))[0]).toBe('Wendy Editable');
      expect(await row.getByRole('cell', { name: 'Administrator', exact: true }).count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/employees');
    });

    const stored = await app.server.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'privilege'])
      .where('id', '=', employee.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ first_name: 'Wendy', last_name: 'Editable', privilege: 'administrator' });
    const trail = await app.server.db
      .selectFrom('activity')
      .select(['action', 'user_id'])
      .where('subject', '=', employee.id)
      .where('action', '=', 'employee.changed')
      .execute();
    expect(trail).toEqual([{ action: 'employee.changed', user_id: app.owner.id }]);
  });

  it('an administrator has no Edit on an owner, and the owner’s edit address is refused', async () => {
    await withPage(async (page) => {
      await signIn(page, admin);
      await page.goto('/employees');
      const ownerRow = await rowOf(page, app.owner.email);
      expect(await ownerRow.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
      // Another representative's row has it.
      const otherRow = await rowOf(page, employee.email);
      expect(await otherRow.getByRole('button', { name: /^Edit/ }).count()).toBe(1);

      await page.goto(`/edit-employee/${app.owner.id}`);
      await expect.poll(() => page.getByText('This employee could not be loaded, so they cannot be edited.').count()).toBe(1);
      await expect.poll(() => page.getByText('You are not authorized to perform this action').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(`/edit-employee/${app.owner.id}`);
    });
    const owner = await app.server.db
      .selectFrom('users')
      .select(['first_name', 'privilege'])
      .where('id', '=', app.owner.id)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ first_name: 'Olivia', privilege: 'owner' });
  });
});
