// In Chromium against the real server and the Neos sandbox over real HTTP: an owner
// registers a lead, meets the duplicate dialog with both answers, finds the lead in the list and
// opens its draft intake, edits the firm, and validates Neos credentials (bad, then good) until
// the firm shows as connected (docs/product/leads.md Lead Registration, Integration credentials form;
// docs/product/leads.md).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../sandbox/neos/server';
import { bearer, type TestServer, type TestUser } from '../api/support/testServer';
import { typedLead } from '../support/sampleLead';
import { seriousViolations } from './support/a11y';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, withPage as withPageIn } from './support/browser';
import { cellTexts } from './support/cells';

let app: E2eApp;
let server: TestServer;
let browser: Browser;
let owner: TestUser;

const lead = { ...typedLead, email: 'marisol.quillfeather@example.test' };

/** Same name and birth date, everything else different: similar, not identical. */
const similarLead = { ...lead, address: '98 Other Road', email: 'm.q@example.test', phone: '555-010-0199' };

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  server = app.server;
  const firm = await server.createFirm({ firmName: 'Quill Test Firm' });
  owner = await server.createUser({
    firmId: firm.id,
    privilege: 'owner',
    firstName: 'Olivia',
    lastName: 'Owner',
    email: 'olivia.leads@example.test',
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

function withPage(work: (page: Page) => Promise<void>) {
  return withPageIn(browser, server.baseUrl, work);
}

/** The firm's leads as the API lists them. */
async function storedLeads() {
  const token = await server.login(owner.email, owner.password);
  const { data, error } = await server.api.GET('/v1/leads', { params: { query: { pageSize: 100 } }, headers: bearer(token) });
  if (error || !data) throw new Error('GET /v1/leads failed');
  return data.data.record;
}

async function fillLead(page: Page, values: typeof lead) {
  await page.getByLabel('Last Name').fill(values.lastName);
  await page.getByLabel('First Name').fill(values.firstName);
  await page.getByLabel('Birth Date').fill(values.birthDate);
  await page.getByLabel('Address').fill(values.address);
  await page.getByLabel('City').fill(values.city);
  await page.getByLabel('County').fill(values.county);
  await page.getByLabel('State').fill(values.state);
  await page.getByLabel('Country').fill(values.country);
  await page.getByLabel('Zip Code').fill(values.zipCode);
  await page.getByLabel('Email').fill(values.email);
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Phone').fill(values.phone);
  await page.getByRole('radio', { name: 'No', exact: true }).check();
}

describe('leads and firm in Chromium', () => {
  it('registers a lead, then a similar one through both dialog answers, and opens its draft intake', async () => {
    await withPage(async (page) => {
      await signIn(page, owner);
      await page.getByRole('link', { name: 'Leads' }).click();
      await page.getByRole('button', { name: 'New Lead' }).click();
      await page.waitForURL('**/new-leads');

      // The messages under the fields, as a person sees them after an empty submit.
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Please indicate if the person is a minor').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await fillLead(page, lead);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Lead created successfully').waitFor();
      // docs/product/leads.md: after success the form resets.
      await expect.poll(() => page.getByLabel('Last Name').inputValue()).toBe('');
      expect(await storedLeads()).toHaveLength(1);

      await fillLead(page, similarLead);
      await page.getByRole('button', { name: 'Submit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Similar Lead Found' });
      await dialog.waitFor();
      expect(await dialog.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Marisol Quillfeather')]);
      await dialog.getByText('Do you still want to register this lead?').waitFor();
      await dialog.getByText('Birth Date: July 14, 1988').waitFor();
      // The intake ID opens that intake in a new tab, so the lead typed here stays.
      const [firstLead] = await storedLeads();
      const intakeLink = dialog.getByRole('link', { name: firstLead!.intakeId! });
      expect(await intakeLink.getAttribute('href')).toBe(`/intake-details/view/${firstLead!.intakeId}`);
      expect(await intakeLink.getAttribute('target')).toBe('_blank');
      expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'No, Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await storedLeads()).toHaveLength(1);
      expect(await page.getByLabel('Address').inputValue()).toBe(similarLead.address);

      await page.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByRole('button', { name: 'Yes, Register Anyway' }).click();
      await page.getByText('Lead created successfully').first().waitFor();
      await expect.poll(async () => (await storedLeads()).length).toBe(2);

      const first = (await storedLeads()).find((row) => row.phone === lead.phone);
      expect(first?.intakeStatus).toBe('draft');

      await page.getByRole('link', { name: 'Leads' }).click();
      await page.waitForURL('**/leads-list');
      const row = page.getByRole('row').filter({ hasText: lead.phone });
      await row.waitFor();
      expect(await cellTexts(row.getByRole('cell'))).toEqual([
        'Marisol Quillfeather',
        lead.phone,
        lead.email,
        'July 14, 1988',
        expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
        'Draft',
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      await row.click();
      await page.waitForURL(`**/intake-details/edit/${first?.intakeId}`);
    });
  });

  it('edits the firm and validates Neos credentials against the sandbox until the firm is connected', async () => {
    await withPage(async (page) => {
      await signIn(page, owner);
      await page.getByRole('link', { name: 'Firm' }).click();
      await page.getByText('Quill Test Firm').waitFor();
      await page.getByText('Not connected').waitFor();

      await page.getByRole('button', { name: 'Edit' }).click();
      await page.waitForURL('**/edit-firm');
      await page.getByLabel('Firm Name').fill('Quill Test Firm LLP');
      await page.getByLabel('Contact').fill('Rowan Testperson');
      await page.getByLabel('Email').fill('office@quill-firm.test');
      await page.getByLabel('Address').fill('1 Sample Plaza, Testville');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Firm updated successfully').waitFor();
      await page.waitForURL('**/firm');
      await page.getByText('Quill Test Firm LLP').waitFor();
      await page.getByText('office@quill-firm.test').waitFor();

      await page.getByRole('button', { name: 'Edit' }).click();
      await page.waitForURL('**/edit-firm');
      await page.getByLabel('Company Id').fill(SANDBOX_CREDENTIALS.companyId);
      await page.getByLabel('API Key').fill('not-the-sandbox-key');
      await page.getByLabel('Integration Id').fill(SANDBOX_CREDENTIALS.integrationId);
      await page.getByRole('button', { name: 'Validate Credentials' }).click();
      await page.getByText('Error Validating Neos Credentials').waitFor();
      await page.getByText('Not connected').waitFor();

      await page.getByLabel('API Key').fill(SANDBOX_CREDENTIALS.apiKey);
      await page.getByRole('button', { name: 'Validate Credentials' }).click();
      await page.getByText('Neos Credentials Validated').waitFor();
      await page.getByText('Neos credentials saved').waitFor();
      await page.getByText('Connected', { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Firm' }).click();
      await page.waitForURL('**/firm');
      await page.getByText('Connected', { exact: true }).waitFor();
      await page.getByText(`••••${SANDBOX_CREDENTIALS.apiKey.slice(-4)}`).waitFor();
      await page.getByText(SANDBOX_CREDENTIALS.companyId).waitFor();
      await page.getByText('Quill Test Firm LLP').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
