// The client's page keeps the client's answers in their own browser until they send them, and
// opens in the phone's language when the intake names none (docs/product/client-intake.md#the-page);
// what the client signs shows in the intake's history for staff.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/domain/enums';
import { clientFieldPaths, clientPart, readField, toApiIntake } from '../../src/domain/intake';
import { CONFIRM_STEP, type SavedClientAnswers } from '../../src/machines/clientIntake.machine';
import { keyOf } from '../../src/ui/clientIntake/savedAnswers';
import { draftIntake } from '../api/support/intakes';
import { bearer } from '../api/support/testServer';
import { fullValidIntake } from '../domain/intake/fixtures';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { newPage, launchChromium, withPage } from './support/browser';

const phone = { width: 375, height: 740 };

let app: E2eApp;
let browser: Browser;
let staffToken = '';

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  staffToken = await app.server.login(app.owner.email, app.owner.password);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function draftWithLink(languages: Language[]) {
  const intake = draftIntake({ firstName: 'Marisol', lastName: 'Ejemplo', languages });
  const created = await app.server.api.POST('/v1/intake', {
    body: { userId: app.owner.id, generalCaseInformation: toApiIntake(intake) },
    headers: bearer(staffToken),
  });
  const caseId = created.data!.data.caseId!;
  const link = await app.server.api.POST('/v1/intake/{caseId}/client-link', { params: { path: { caseId } }, headers: bearer(staffToken) });
  const { url, expiresAt } = link.data!.data;
  return { caseId, url, expiresAt, token: url.slice(url.lastIndexOf('/') + 1) };
}

function storedEntry(page: Page, token: string) {
  return page.evaluate((key) => window.localStorage.getItem(key), keyOf(token));
}

async function heading(page: Page, name: string) {
  await expect.poll(() => page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);
}

describe("the client's answers stay in the browser until they are sent", () => {
  it('a reload brings back everything typed, on the page it was typed on', async () => {
    const { url, token } = await draftWithLink(['english', 'spanish']);
    await withPage(
      browser,
      app.baseUrl,
      async (page) => {
        await page.goto(url);
        await heading(page, 'Hola, Marisol');
        await page.getByRole('button', { name: 'Comenzar' }).click();
        await heading(page, 'Sus datos');
        await page.getByLabel('Nombre', { exact: true }).fill('Marisol');
        await page.getByLabel('Apellidos').fill('Ejemplo');
        await page.getByLabel('Correo electrónico').fill('marisol.ejemplo@example.test');
        await page.getByRole('group', { name: 'Sexo' }).getByRole('button', { name: 'Femenino' }).click();
        await expect.poll(async () => (await storedEntry(page, token)) ?? '').toContain('marisol.ejemplo@example.test');

        await page.reload();
        await heading(page, 'Sus datos');
        expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Marisol');
        expect(await page.getByLabel('Apellidos').inputValue()).toBe('Ejemplo');
        expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('marisol.ejemplo@example.test');
        expect(await page.getByRole('group', { name: 'Sexo' }).getByRole('button', { name: 'Femenino' }).getAttribute('aria-pressed')).toBe(
          'true',
        );
        // The copy holds the client's fields only: the form has no SSN, and none is kept.
        const entry = JSON.parse((await storedEntry(page, token)) ?? '{}') as { saved: SavedClientAnswers };
        const paths = entry.saved.changes.map((change) => change.path as string);
        expect(paths.sort()).toEqual([...clientFieldPaths].sort());
        expect(paths).not.toContain('personalInformation.ssnItin');
        expect(await page.evaluate(() => window.location.pathname)).toBe(`/client-intake/${token}`);
      },
      phone,
    );
  });

  it('a submit clears the copy, and staff see what the client signed in the history', async () => {
    const { caseId, url, token, expiresAt } = await draftWithLink(['spanish']);
    // Everything answered on an earlier visit, left on the confirmation page.
    const valid = clientPart(fullValidIntake());
    const saved: SavedClientAnswers = {
      changes: clientFieldPaths.map((path) => ({ path, value: readField(valid, path) })),
      step: CONFIRM_STEP,
      fullName: '',
      consent: false,
      language: 'es',
    };
    let userAgent = '';
    await withPage(
      browser,
      app.baseUrl,
      async (page) => {
        await page.goto(url);
        await heading(page, 'Hola, Marisol');
        await page.evaluate(
          ([key, value]) => window.localStorage.setItem(key!, value!),
          [keyOf(token), JSON.stringify({ expiresAt, saved })],
        );
        await page.reload();
        await heading(page, 'Confirmar y enviar');
        await page.getByLabel('Su nombre completo').fill('Marisol Ejemplo');
        await page.getByRole('checkbox').check();
        await expect.poll(async () => (await storedEntry(page, token)) ?? '').toContain('Marisol Ejemplo');
        await page.getByRole('button', { name: 'Enviar' }).click();
        await heading(page, 'Gracias');
        await expect.poll(() => storedEntry(page, token)).toBeNull();
        userAgent = await page.evaluate(() => navigator.userAgent);
        // Opened again, nothing comes back: the link is used, the copy gone.
        await page.reload();
        await expect.poll(() => page.getByText('These answers were already sent. Thank you.').isVisible()).toBe(true);
        expect(await storedEntry(page, token)).toBeNull();
      },
      phone,
    );

    const stored = await app.server.db.selectFrom('client_attestations').selectAll().where('case_id', '=', caseId).execute();
    expect(stored).toMatchObject([{ full_name: 'Marisol Ejemplo', user_agent: userAgent }]);

    const staff = await newPage(browser, app.baseUrl);
    try {
      const page = staff.page;
      await signIn(page, app.owner);
      await page.goto(`/intake-details/edit/${caseId}`);
      await page.getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('list', { name: 'Intake history' });
      const submitted = history.getByRole('listitem').filter({ hasText: /^Client submitted/ });
      await expect.poll(() => submitted.count()).toBe(1);
      await expect.poll(() => submitted.getByText('Signed as "Marisol Ejemplo", consent given', { exact: true }).isVisible()).toBe(true);
      expect(await submitted.getByText(`Browser: ${userAgent}`, { exact: true }).isVisible()).toBe(true);
      expect(await submitted.getByText(/^Sent .+ from 127\.0\.0\.1$/).isVisible()).toBe(true);
      expect(await page.evaluate(() => window.location.pathname)).toBe(`/intake-details/edit/${caseId}`);
    } finally {
      await staff.context.close();
    }
  });
});

describe("the phone's language", () => {
  it('opens in Spanish on a Spanish phone when the intake names no language, in English on an English one', async () => {
    const { url } = await draftWithLink([]);
    for (const [locale, greeting, lang] of [
      ['es-ES', 'Hola, Marisol', 'es'],
      ['en-US', 'Hello, Marisol', 'en'],
    ] as const) {
      const context = await browser.newContext({ baseURL: app.baseUrl, viewport: phone, locale });
      try {
        const page = await context.newPage();
        await page.goto(url);
        await heading(page, greeting);
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
      } finally {
        await context.close();
      }
    }
  });

  it('opens in the language the intake names, whatever the phone', async () => {
    const { url } = await draftWithLink(['english', 'vietnamese']);
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: phone, locale: 'es-ES' });
    try {
      const page = await context.newPage();
      await page.goto(url);
      await heading(page, 'Xin chào Marisol');
    } finally {
      await context.close();
    }
  });
});
