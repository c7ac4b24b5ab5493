// The engagement from the intake to the client's signature and back (docs/product/engagement.md#screens),
// in Chromium against the real server: staff cannot send it before the conflict check is cleared
// (the server's reason shows), clear it in its panel, then copy the signing link; the client opens it on a 375 px phone,
// in Spanish (the intake's language, not the phone's), consents, reads the three documents filled
// with their name and signs by DRAWING with the mouse; staff then see 'Signed' and download the
// sealed PDF, whose text holds the client's name and the 'Certificate of completion'. axe finds
// nothing serious on the signing page and the dialog; nothing scrolls sideways on the phone. With
// DOCS_PICTURES=1 it keeps the screenshots under docs/screens/.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingTexts } from '../../src/domain/engagement/signingTexts';
import { toApiIntake } from '../../src/domain/intake';
import { ENGAGEMENT_TEXT } from '../../src/ui/pages/intake/engagement/EngagementPanel';
import { draftIntake } from '../api/support/intakes';
import { bearer } from '../api/support/testServer';
import { seriousViolations } from './support/a11y';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, newPage } from './support/browser';

const phone = { width: 375, height: 740 };
const wide = { width: 1366, height: 900 };
const CLIENT = { firstName: 'Marisol', lastName: 'Quintanilla-Ortiz' };
const CLIENT_NAME = `${CLIENT.firstName} ${CLIENT.lastName}`;
const es = signingTexts('es');

let app: E2eApp;
let browser: Browser;
let downloads: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  downloads = await mkdtemp(path.join(tmpdir(), 'signing-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const pictures = process.env.DOCS_PICTURES === '1';
async function picture(page: Page, name: string) {
  const file = path.join(pictures ? path.resolve('docs/screens') : downloads, `${name}.png`);
  // A dialog's overlay covers the window only: the window, not the whole page, shows it as seen.
  await page.screenshot({ path: file, fullPage: !name.includes('dialog') });
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

describe('the engagement, sent and signed', () => {
  it('a client consents and signs by drawing in Spanish on a phone; staff see Signed and download the sealed PDF', async () => {
    const token = await app.server.login(app.owner.email, app.owner.password);
    const { data } = await app.server.api.POST('/v1/intake', {
      body: {
        userId: app.owner.id,
        generalCaseInformation: toApiIntake(draftIntake({ ...CLIENT, languages: ['spanish'], email: 'marisol@example.test' })),
      },
      headers: bearer(token),
    });
    const caseId = data!.data.caseId!;

    // Staff, on a wide screen.
    const staff = await newPage(browser, app.baseUrl, wide);
    const staffPage = staff.page;
    await staffPage.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: (text: string) => Promise.resolve(void ((window as unknown as { copiedText: string }).copiedText = text)) },
      });
    });
    const panel = staffPage.getByRole('group', { name: ENGAGEMENT_TEXT.label });
    const dialog = staffPage.getByRole('dialog', { name: ENGAGEMENT_TEXT.title });
    await signIn(staffPage, app.owner);
    await staffPage.goto(`/intake-details/edit/${caseId}`);
    await staffPage.getByRole('heading', { name: 'Edit Intake' }).waitFor();
    await expect.poll(() => panel.textContent()).toContain(`${ENGAGEMENT_TEXT.label}: ${ENGAGEMENT_TEXT.states.notSent}`);

    // Not before the conflict check is cleared: 'Send for signature' is disabled with the server's reason.
    const sendButton = panel.getByRole('button', { name: ENGAGEMENT_TEXT.open });
    expect(await sendButton.isDisabled()).toBe(true);
    expect(await panel.textContent()).toMatch(/conflict check/i);

    // The owner clears the conflict check in its panel (docs/product/conflicts.md#on-the-intake-form).
    const conflicts = staffPage.getByRole('region', { name: 'Conflict check' });
    await conflicts.getByRole('button', { name: 'Record decision' }).click();
    const decision = conflicts.getByRole('form', { name: 'Record decision' });
    await decision.getByRole('radio', { name: 'Cleared' }).check();
    await decision.getByRole('textbox', { name: 'Note' }).fill('No other party of the firm in this crash.');
    await decision.getByRole('button', { name: 'Save decision' }).click();
    await decision.waitFor({ state: 'detached' });
    // The decision reads the engagement's state again: the button is enabled, the reason gone.
    await expect.poll(() => sendButton.isEnabled()).toBe(true);
    expect(await panel.textContent()).not.toMatch(/conflict check/i);
    await sendButton.click();
    await dialog.getByRole('button', { name: ENGAGEMENT_TEXT.copy }).click();
    const address = dialog.getByLabel(ENGAGEMENT_TEXT.link);
    await expect.poll(() => address.inputValue()).toMatch(/\/sign\/[A-Za-z0-9_-]{43}$/);
    const url = await address.inputValue();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe(ENGAGEMENT_TEXT.copied);
    expect(await staffPage.evaluate(() => (window as unknown as { copiedText: string }).copiedText)).toBe(url);
    expect(await seriousViolations(staffPage)).toEqual([]);
    await picture(staffPage, 'engagement-dialog-1366');
    await dialog.getByRole('button', { name: ENGAGEMENT_TEXT.close }).last().click();
    await expect.poll(() => panel.textContent()).toContain(`${ENGAGEMENT_TEXT.label}: ${ENGAGEMENT_TEXT.states.sent}`);

    // The page on a wide screen: one readable column.
    const desk = await newPage(browser, app.baseUrl, wide);
    await desk.context.setExtraHTTPHeaders({ 'Accept-Language': 'en-US,en' });
    await desk.page.goto(new URL(url).pathname);
    await desk.page.getByRole('heading', { name: es.greeting(CLIENT_NAME) }).waitFor();
    await noSidewaysScroll(desk.page);
    await picture(desk.page, 'signing-consent-1366');
    await desk.context.close();

    // The client, on a phone whose language is English: the intake names Spanish.
    const client = await newPage(browser, app.baseUrl, phone);
    const phonePage = client.page;
    await client.context.setExtraHTTPHeaders({ 'Accept-Language': 'en-US,en' });
    await phonePage.goto(new URL(url).pathname);
    await phonePage.getByRole('heading', { name: es.greeting(CLIENT_NAME) }).waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await seriousViolations(phonePage)).toEqual([]);
    await noSidewaysScroll(phonePage);
    await picture(phonePage, 'signing-consent-375');

    // Continuing without the consent says what to do; with it, the documents.
    await phonePage.getByRole('button', { name: es.continue }).click();
    await phonePage.getByText(es.consentRequired).waitFor();
    await phonePage.getByRole('checkbox').check();
    await phonePage.getByRole('button', { name: es.continue }).click();
    for (let index = 1; index <= 3; index++) {
      await phonePage.getByText(es.documentOf(index, 3), { exact: true }).waitFor();
      const title = (await phonePage.getByRole('heading', { level: 1 }).textContent()) ?? '';
      await expect.poll(() => phonePage.getByRole('document', { name: title }).textContent()).toContain(CLIENT_NAME);
      await noSidewaysScroll(phonePage);
      if (index === 1) await picture(phonePage, 'signing-document-375');
      await phonePage.getByRole('button', { name: index === 3 ? es.toSign : es.next }).click();
    }

    // The signature, drawn with the mouse.
    await phonePage.getByRole('heading', { name: es.signatureTitle }).waitFor();
    expect(await phonePage.getByLabel(es.typedName, { exact: true }).inputValue()).toBe(CLIENT_NAME);
    const pad = phonePage.getByRole('img', { name: es.padLabel });
    const box = (await pad.boundingBox())!;
    await phonePage.mouse.move(box.x + 30, box.y + box.height * 0.6);
    await phonePage.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await phonePage.mouse.move(box.x + 30 + step * 22, box.y + box.height * (step % 2 === 0 ? 0.35 : 0.7));
    }
    await phonePage.mouse.up();
    await expect.poll(() => phonePage.getByRole('button', { name: es.clear }).isEnabled()).toBe(true);
    expect(await seriousViolations(phonePage)).toEqual([]);
    await noSidewaysScroll(phonePage);
    await picture(phonePage, 'signing-signature-375');
    await phonePage.getByRole('button', { name: es.sign }).click();

    await phonePage.getByRole('heading', { name: es.signedTitle }).waitFor();
    const [copy] = await Promise.all([phonePage.waitForEvent('download'), phonePage.getByRole('link', { name: es.download }).click()]);
    const clientFile = path.join(downloads, 'client.pdf');
    await copy.saveAs(clientFile);
    expect((await readFile(clientFile)).subarray(0, 5).toString()).toBe('%PDF-');
    await noSidewaysScroll(phonePage);
    await picture(phonePage, 'signing-signed-375');
    expect(client.pageErrors).toEqual([]);
    await client.context.close();

    // The stored engagement: signed by a drawing, in Spanish.
    const row = await app.server.db.selectFrom('engagements').selectAll().where('case_id', '=', caseId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ signer_name: CLIENT_NAME, signature_kind: 'drawn', language: 'es' });
    expect(row.signed_at).not.toBeNull();

    // Staff: 'Signed', and the sealed PDF.
    await staffPage.reload();
    await staffPage.getByRole('heading', { name: 'Edit Intake' }).waitFor();
    await expect.poll(() => panel.textContent()).toContain(`${ENGAGEMENT_TEXT.label}: ${ENGAGEMENT_TEXT.states.signed}`);
    expect(await panel.getByRole('button', { name: ENGAGEMENT_TEXT.open }).count()).toBe(0);
    const [sealed] = await Promise.all([
      staffPage.waitForEvent('download'),
      panel.getByRole('button', { name: ENGAGEMENT_TEXT.download }).click(),
    ]);
    const staffFile = path.join(downloads, 'staff.pdf');
    await sealed.saveAs(staffFile);
    expect((await readFile(staffFile)).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', [staffFile, '-'], { encoding: 'utf8' });
    expect(text).toContain(CLIENT_NAME);
    expect(text).toContain('Certificate of completion');
    expect(staff.pageErrors).toEqual([]);
    await staff.context.close();
  });

  it('answers an unknown link with its own page, without sideways scroll', async () => {
    const { page, context, pageErrors } = await newPage(browser, app.baseUrl, wide);
    try {
      await page.goto('/sign/unknown-token');
      await page.getByRole('heading', { name: signingTexts('en').expiredTitle }).waitFor();
      await noSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await picture(page, 'signing-unknown-1366');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
