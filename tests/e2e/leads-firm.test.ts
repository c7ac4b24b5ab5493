// Issue 4 in Chromium against the real server and the Neos sandbox over real HTTP: an owner
// registers a lead, meets the duplicate dialog with both answers, finds the lead in the list and
// opens its draft intake, edits the firm, and validates Neos credentials (bad, then good) until
// the firm shows as connected (staff-app spec §2 Lead Registration, Integration credentials form;
// §4; §8).
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS, startNeosSandbox, type NeosSandbox } from '../../sandbox/neos/server';
import { bearer, startTestServer, type TestServer, type TestUser } from '../api/support/testServer';
import { signIn } from './support/app';
import { launchChromium, newPage } from './support/browser';

let server: TestServer;
let sandbox: NeosSandbox;
let browser: Browser;
let owner: TestUser;

const lead = {
  lastName: 'Quillfeather',
  firstName: 'Marisol',
  birthDate: '1988-07-14',
  address: '12 Test Lane',
  city: 'Sampleton',
  county: 'Example County',
  state: 'TX',
  country: 'USA',
  zipCode: '75001',
  email: 'marisol.quillfeather@example.test',
  phone: '555-010-0101',
};

/** Same name and birth date, everything else different: similar, not identical. */
const similarLead = { ...lead, address: '98 Other Road', email: 'm.q@example.test', phone: '555-010-0199' };

beforeAll(async () => {
  sandbox = await startNeosSandbox();
  // As startE2eApp (tests/e2e/support/app.ts), with the Neos client pointed at the sandbox.
  [server, browser] = await Promise.all([
    startTestServer('sqlite', { staticDir: path.resolve('dist'), rateLimitPerMinute: false, neosApiUrl: sandbox.url }),
    launchChromium(),
  ]);
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
  await server?.close();
  await sandbox?.close();
});

async function withPage(work: (page: Page) => Promise<void>) {
  const { context, page, pageErrors } = await newPage(browser, server.baseUrl);
  try {
    await work(page);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

/** Serious and critical axe findings as "rule: selector" lines, so a failure says what to fix. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
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
      // staff-app spec §4: after success the form resets.
      await expect.poll(() => page.getByLabel('Last Name').inputValue()).toBe('');
      expect(await storedLeads()).toHaveLength(1);

      await fillLead(page, similarLead);
      await page.getByRole('button', { name: 'Submit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Similar Lead Found' });
      await dialog.waitFor();
      expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
        expect.stringContaining('Marisol Quillfeather'),
      ]);
      await dialog.getByText('Do you still want to register this lead?').waitFor();
      await dialog.getByText('Birth Date: July 14, 1988').waitFor();
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
      expect(await row.getByRole('cell').allTextContents()).toEqual([
        'Marisol Quillfeather',
        lead.phone,
        lead.email,
        'July 14, 1988',
        expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
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
