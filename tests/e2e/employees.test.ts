// In Chromium against the real server: an owner registers a representative who then shows
// in the employee list (search and privilege filter), the representative edits their profile and
// sees the new name, and a 25-person firm is paged through with every pager control
// (docs/product/people.md Profile, Edit Profile, Employees, Employee Registration; docs/product/people.md Pagination; docs/product/people.md).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../api/support/testServer';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, withPage as withPageIn } from './support/browser';
import { cellTexts } from './support/cells';

/** The search applies after 2000 ms without typing; the answer then needs a moment more. */
const AFTER_DEBOUNCE = { timeout: 6000, interval: 200 };

let app: E2eApp;
let browser: Browser;
/** The owner of a second firm of exactly 25 people, for the pager. */
let pagingOwner: TestUser;
const pagingEmails: string[] = [];

const newRepresentative = {
  firstName: 'Quinn',
  lastName: 'Newhire',
  email: 'quinn.newhire@example.test',
  password: 'Quinn#Pass9',
};

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  const pagingFirm = await app.server.createFirm({ firmName: 'Paging Test Firm' });
  pagingOwner = await app.server.createUser({
    firmId: pagingFirm.id,
    privilege: 'owner',
    firstName: 'Page',
    lastName: 'Owner',
    email: 'paging.owner@example.test',
  });
  pagingEmails.push(pagingOwner.email);
  for (let index = 1; index <= 24; index++) {
    const employee = await app.server.createUser({
      firmId: pagingFirm.id,
      privilege: index % 3 === 0 ? 'administrator' : 'representative',
      firstName: `Pager${index}`,
      lastName: 'Person',
      email: `pager-${String(index).padStart(2, '0')}@example.test`,
    });
    pagingEmails.push(employee.email);
  }
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

function withPage(work: (page: Page) => Promise<void>) {
  return withPageIn(browser, app.baseUrl, work);
}

/** The Email Address column of the rows on screen, once the page has loaded. */
async function shownEmails(page: Page): Promise<string[]> {
  await page.locator('table:not([aria-busy])').waitFor();
  const emptyOrLoading = await page.locator('tbody td[colspan]').count();
  if (emptyOrLoading > 0) return [];
  return cellTexts(page.locator('tbody tr td:nth-child(2)'));
}

function pagerButton(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true });
}

describe('employees and profile in Chromium', () => {
  it('lets an owner register a representative, who then appears in the list', async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await page.getByRole('link', { name: 'Employees' }).click();
      await page.getByRole('button', { name: 'New Employee' }).click();
      await page.waitForURL('**/new-employee');
      await page.getByRole('heading', { level: 1, name: 'Employee Registration' }).waitFor();

      // An owner may also register owners (docs/product/people.md Employee Registration, our decision).
      const privilege = page.getByRole('combobox', { name: /^Privilege/ });
      expect(await privilege.locator('option').allTextContents()).toEqual(['Representative', 'Administrator', 'Owner']);
      expect(await privilege.inputValue()).toBe('representative');

      await page.getByRole('textbox', { name: 'First Name' }).fill(newRepresentative.firstName);
      await page.getByRole('textbox', { name: 'Last Name' }).fill(newRepresentative.lastName);
      await page.getByRole('textbox', { name: 'Email' }).fill(newRepresentative.email);
      await page.getByLabel(/^Password/).fill(newRepresentative.password);
      await page.getByLabel(/^Confirm Password/).fill(newRepresentative.password);
      await page.getByLabel(/^Birthdate/).fill('1992-07-14');
      await page.getByRole('textbox', { name: 'ITIN' }).pressSequentially('912701234');
      expect(await page.getByRole('textbox', { name: 'ITIN' }).inputValue()).toBe('912-70-1234');
      await page.getByRole('button', { name: 'Submit' }).click();

      await expect.poll(() => page.getByText('Employee created successfully').count()).toBe(1);
      await page.waitForURL('**/employees');
      await expect.poll(() => shownEmails(page)).toContain(newRepresentative.email);
      const row = page.locator('tbody tr', { hasText: newRepresentative.email });
      expect(await cellTexts(row.locator('td'))).toEqual([
        'Quinn Newhire',
        newRepresentative.email,
        'Representative',
        expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
        'Active',
        'Edit Deactivate',
      ]);
    });
  });

  it('refuses a second employee with the same email, keeping what was typed', async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await page.goto('/new-employee');
      await page.getByRole('heading', { level: 1, name: 'Employee Registration' }).waitFor();
      await page.getByRole('textbox', { name: 'First Name' }).fill('Second');
      await page.getByRole('textbox', { name: 'Last Name' }).fill('Quinn');
      await page.getByRole('textbox', { name: 'Email' }).fill(newRepresentative.email);
      await page.getByLabel(/^Password/).fill('Other#Pass9');
      await page.getByLabel(/^Confirm Password/).fill('Other#Pass9');
      await page.getByLabel(/^Birthdate/).fill('1990-01-01');
      await page.getByRole('button', { name: 'Submit' }).click();

      await expect.poll(() => page.getByText('Failed to create employee').count()).toBe(1);
      const email = page.getByRole('textbox', { name: 'Email' });
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe('Second');
      expect(page.url()).toMatch(/\/new-employee$/);
    });
  });

  it('finds the new representative by search and by the privilege filter', async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await page.goto('/employees');
      await expect.poll(() => shownEmails(page)).toEqual(expect.arrayContaining([newRepresentative.email, app.owner.email]));

      await page.getByRole('searchbox', { name: 'Search employees' }).fill('newhire');
      await expect.poll(() => shownEmails(page), AFTER_DEBOUNCE).toEqual([newRepresentative.email]);

      await page.getByRole('searchbox', { name: 'Search employees' }).fill('nobody-by-this-name');
      await expect.poll(() => page.getByText('No users for the desired search.').count(), AFTER_DEBOUNCE).toBe(1);

      await page.getByRole('searchbox', { name: 'Search employees' }).fill('');
      await expect.poll(() => shownEmails(page), AFTER_DEBOUNCE).toHaveLength(2);

      const filter = page.getByRole('combobox', { name: 'Privilege' });
      expect(await filter.locator('option').allTextContents()).toEqual(['All Employees', 'Administrators', 'Representatives', 'Owner']);
      await filter.selectOption({ label: 'Representatives' });
      await expect.poll(() => shownEmails(page)).toEqual([newRepresentative.email]);
      await filter.selectOption({ label: 'Owner' });
      await expect.poll(() => shownEmails(page)).toEqual([app.owner.email]);
      await filter.selectOption({ label: 'Administrators' });
      await expect.poll(() => page.getByText('No users for the desired search.').count()).toBe(1);
      await filter.selectOption({ label: 'All Employees' });
      await expect.poll(() => shownEmails(page)).toHaveLength(2);
    });
  });

  it('lets the representative edit their profile and see the new name at once', async () => {
    await withPage(async (page) => {
      await signIn(page, newRepresentative);
      await expect.poll(() => page.getByText('Welcome, Quinn!').count()).toBe(1);
      await page.getByRole('link', { name: 'Account' }).click();
      await page.waitForURL('**/profile');
      await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Quinn Newhire' }).count()).toBe(1);
      expect(await page.getByText('Representative', { exact: true }).count()).toBe(1);
      expect(await page.getByText('July 14, 1992').count()).toBe(1);
      expect(await page.getByText('***-**-1234').count()).toBe(1);

      await page.getByRole('button', { name: 'Edit' }).click();
      await page.waitForURL('**/edit-profile');
      const firstName = page.getByRole('textbox', { name: 'First Name' });
      await expect.poll(() => firstName.inputValue()).toBe('Quinn');
      await firstName.fill('Quincy');
      await page.getByRole('textbox', { name: 'Middle Name' }).fill('j');

      // A weak new password is refused under its field before anything is sent (docs/product/people.md).
      await page.getByLabel(/^Password/).fill('weakpass');
      await page.getByLabel(/^Confirm Password/).fill('weakpass');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect.poll(() => page.getByText('Password must contain letters, numbers, and special characters').count()).toBe(1);
      await page.getByLabel(/^Password/).fill('');
      await page.getByLabel(/^Confirm Password/).fill('');

      await page.getByRole('combobox', { name: 'SSN Status' }).selectOption({ label: 'Has SSN' });
      await page.getByRole('textbox', { name: 'SSN', exact: true }).pressSequentially('123456789');
      await page.getByRole('button', { name: 'Save Changes' }).click();

      await expect.poll(() => page.getByText('Profile updated successfully').count()).toBe(1);
      await page.waitForURL('**/profile');
      await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Quincy J Newhire' }).count()).toBe(1);
      expect(await page.getByText('***-**-6789').count()).toBe(1);
      expect(await page.getByText('Has SSN').count()).toBe(1);

      // The session now carries the new name: signing in again greets it.
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL('**/login');
      await signIn(page, newRepresentative);
      await expect.poll(() => page.getByText('Welcome, Quincy!').count()).toBe(1);
    });
  });

  it('pages through 25 employees with every pager control', async () => {
    await withPage(async (page) => {
      await signIn(page, pagingOwner);
      await page.goto('/employees');
      const seen: string[][] = [];

      const firstPage = await shownEmails(page);
      expect(firstPage).toHaveLength(10);
      seen.push(firstPage);
      expect(await page.getByText('Page 1', { exact: true }).count()).toBe(1);
      expect(await page.getByText('25 records').count()).toBe(1);
      expect(await pagerButton(page, 'First page').isDisabled()).toBe(true);
      expect(await pagerButton(page, 'Previous page').isDisabled()).toBe(true);
      expect(await pagerButton(page, 'Next page').isEnabled()).toBe(true);
      expect(await pagerButton(page, 'Last page').isEnabled()).toBe(true);

      await pagerButton(page, 'Next page').click();
      await expect.poll(() => page.getByText('Page 2', { exact: true }).count()).toBe(1);
      const secondPage = await shownEmails(page);
      expect(secondPage).toHaveLength(10);
      seen.push(secondPage);
      expect(await pagerButton(page, 'First page').isEnabled()).toBe(true);
      expect(await pagerButton(page, 'Previous page').isEnabled()).toBe(true);

      await pagerButton(page, 'Last page').click();
      await expect.poll(() => page.getByText('Page 3', { exact: true }).count()).toBe(1);
      const lastPage = await shownEmails(page);
      expect(lastPage).toHaveLength(5);
      seen.push(lastPage);
      expect(await pagerButton(page, 'Next page').isDisabled()).toBe(true);
      expect(await pagerButton(page, 'Last page').isDisabled()).toBe(true);
      expect(await page.getByText('25 records').count()).toBe(1);

      // Every employee shows exactly once across the three pages.
      expect(seen.flat().sort()).toEqual([...pagingEmails].sort());

      await pagerButton(page, 'Previous page').click();
      await expect.poll(() => page.getByText('Page 2', { exact: true }).count()).toBe(1);
      expect(await shownEmails(page)).toEqual(secondPage);

      await pagerButton(page, 'First page').click();
      await expect.poll(() => page.getByText('Page 1', { exact: true }).count()).toBe(1);
      expect(await shownEmails(page)).toEqual(firstPage);
      expect(await pagerButton(page, 'First page').isDisabled()).toBe(true);

      // A filter starts again from page 1 with its own count: 8 administrators.
      await pagerButton(page, 'Next page').click();
      await expect.poll(() => page.getByText('Page 2', { exact: true }).count()).toBe(1);
      await page.getByRole('combobox', { name: 'Privilege' }).selectOption({ label: 'Administrators' });
      await expect.poll(() => page.getByText('8 records').count()).toBe(1);
      expect(await page.getByText('Page 1', { exact: true }).count()).toBe(1);
      expect(await shownEmails(page)).toHaveLength(8);
      expect(await pagerButton(page, 'Next page').isDisabled()).toBe(true);
    });
  });
});
