// The client's own form in Chromium on a 375 px phone (docs/product/client-intake.md): staff make
// a link, the client opens it, reads it in the three languages, fills it in Spanish and sends it
// once; the answers are in the draft and the intake's history says how many fields came. axe
// finds nothing serious on any page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApiIntake } from '../../src/domain/intake';
import { activityLines } from '../../src/domain/activity';
import { bearer } from '../api/support/testServer';
import { draftIntake } from '../api/support/intakes';
import { startE2eApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/a11y';
import { launchChromium, withPage } from './support/browser';

const phone375 = { width: 375, height: 740 };

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

async function draftWithLink(): Promise<{ caseId: string; url: string }> {
  const intake = draftIntake({ firstName: 'Marisol', lastName: 'Ejemplo', languages: ['english', 'spanish'] });
  const created = await app.server.api.POST('/v1/intake', {
    body: { userId: app.owner.id, generalCaseInformation: toApiIntake(intake) },
    headers: bearer(staffToken),
  });
  const caseId = created.data!.data.caseId!;
  const link = await app.server.api.POST('/v1/intake/{caseId}/client-link', { params: { path: { caseId } }, headers: bearer(staffToken) });
  return { caseId, url: link.data!.data.url };
}

async function yesNo(page: Page, question: string, answer: 'Sí' | 'No') {
  await page.getByRole('group', { name: question }).getByRole('button', { name: answer, exact: true }).click();
}

async function expectNothingSerious(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('the client intake page', () => {
  it('reads in English, Spanish and Vietnamese, opening in the intake language', async () => {
    const { url } = await draftWithLink();
    await withPage(
      browser,
      app.baseUrl,
      async (page) => {
        await page.goto(url);
        await expect.poll(() => page.getByRole('heading', { name: 'Hola, Marisol' }).isVisible()).toBe(true);
        expect(await page.getAttribute('html', 'lang')).toBe('es');
        await expectNothingSerious(page);
        await page.getByRole('button', { name: 'English' }).click();
        await expect.poll(() => page.getByRole('heading', { name: 'Hello, Marisol' }).isVisible()).toBe(true);
        await expect.poll(() => page.getByText('Which language do you prefer?').isVisible()).toBe(true);
        await page.getByRole('button', { name: 'Tiếng Việt' }).click();
        await expect.poll(() => page.getByRole('heading', { name: 'Xin chào Marisol' }).isVisible()).toBe(true);
        expect(await page.getAttribute('html', 'lang')).toBe('vi');
        await page.getByRole('button', { name: 'Bắt đầu' }).click();
        await expect.poll(() => page.getByRole('heading', { name: 'Thông tin của quý vị' }).isVisible()).toBe(true);
        await expectNothingSerious(page);
        // Nothing staff typed is shown back: the name fields are empty.
        expect(await page.getByLabel('Tên', { exact: true }).inputValue()).toBe('');
      },
      phone375,
    );
  });

  it('is filled in Spanish on a phone, sent once, and lands in the draft', async () => {
    const { caseId, url } = await draftWithLink();
    await withPage(
      browser,
      app.baseUrl,
      async (page) => {
        await page.goto(url);
        await page.getByRole('button', { name: 'Comenzar' }).click();

        // Leaving a page with required fields empty says what is missing, in Spanish.
        await page.getByRole('button', { name: 'Siguiente' }).click();
        await expect.poll(() => page.getByText('Escriba su nombre', { exact: true }).isVisible()).toBe(true);
        await expectNothingSerious(page);

        await page.getByLabel('Nombre', { exact: true }).fill('Marisol');
        await page.getByLabel('Apellidos').fill('Ejemplo');
        await page.getByLabel('Fecha de nacimiento').fill('1990-03-05');
        await page.getByRole('group', { name: 'Sexo' }).getByRole('button', { name: 'Femenino' }).click();
        await page.getByRole('group', { name: 'Estado civil' }).getByRole('button', { name: 'Casado/a' }).click();
        await page.getByLabel('Dirección').fill('100 Calle de Prueba, Springfield');
        await page.getByLabel('Número de teléfono').fill('(555) 010-0199');
        await page
          .getByRole('group', { name: '¿Cómo podemos usar este número?' })
          .getByRole('button', { name: 'Mensajes de texto' })
          .click();
        await page.getByLabel('Correo electrónico').fill('marisol.ejemplo@example.test');
        await page.getByLabel('Número de licencia de conducir').fill('D0000099');
        await page.getByRole('button', { name: 'Siguiente' }).click();

        await expect.poll(() => page.getByRole('heading', { name: 'El accidente' }).isVisible()).toBe(true);
        await page.getByLabel('Lugar del choque').fill('Main St y 5th Ave');
        await page.getByLabel('Ciudad').fill('Springfield');
        await page.getByLabel('Condado').fill('Greene');
        await page.getByLabel('¿Qué pasó?').fill('Me chocaron por detrás en un semáforo en rojo.');
        await yesNo(page, '¿Iban pasajeros en su vehículo?', 'No');
        await page.getByLabel('¿Dónde iba sentado o sentada?').fill('Conductora');
        await yesNo(page, '¿Acudió la policía?', 'Sí');
        await page.getByLabel('Número del informe del accidente').fill('CR-2025-0099');
        await yesNo(page, '¿Hubo varios vehículos involucrados?', 'No');
        await yesNo(page, '¿Hubo testigos?', 'No');
        await yesNo(page, '¿Tiene fotos u otras pruebas?', 'No');
        await page.getByRole('button', { name: 'Siguiente' }).click();

        await expect.poll(() => page.getByRole('heading', { name: 'Lesiones y síntomas' }).isVisible()).toBe(true);
        await page.getByLabel('¿Cuándo empezó el dolor?').fill('Esa misma noche');
        await page.getByLabel('Describa todos los dolores y síntomas que ha tenido').fill('Dolor de cuello y de cabeza');
        await yesNo(page, '¿Lo atendió una ambulancia (EMS)?', 'No');
        await yesNo(page, '¿Tiene fotos de sus lesiones?', 'No');
        await yesNo(page, '¿Estuvo hospitalizado u hospitalizada?', 'No');
        await page.getByLabel('Hospital', { exact: true }).fill('Ninguno');
        await page.getByLabel('¿Sus lesiones afectan su vida diaria o su trabajo? ¿De qué manera?').fill('No puedo cargar peso');
        await yesNo(page, '¿Tenía lesiones anteriores?', 'No');
        await yesNo(page, '¿Tiene seguro médico?', 'No');
        await page.getByRole('group', { name: '¿Dónde le duele?' }).getByRole('button', { name: 'Cuello (lado izquierdo)' }).click();
        await page.getByRole('group', { name: 'Síntomas', exact: true }).getByRole('button', { name: 'Dolor de cabeza' }).click();
        await expectNothingSerious(page);
        await page.getByRole('button', { name: 'Siguiente' }).click();

        await expect.poll(() => page.getByRole('heading', { name: 'Confirmar y enviar' }).isVisible()).toBe(true);
        await page.getByRole('button', { name: 'Enviar' }).click();
        await expect.poll(() => page.getByText('Marque la casilla para confirmar').isVisible()).toBe(true);
        await page.getByLabel('Su nombre completo').fill('Marisol Ejemplo');
        await page.getByRole('checkbox').check();
        await expectNothingSerious(page);
        await page.getByRole('button', { name: 'Enviar' }).click();
        await expect.poll(() => page.getByRole('heading', { name: 'Gracias' }).isVisible()).toBe(true);
        await expectNothingSerious(page);

        // The page fits the phone: nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

        // Opened again, the link says it was already sent: in the browser's language (the used link
        // tells nothing more), and in Spanish once chosen.
        await page.reload();
        await expect.poll(() => page.getByText('These answers were already sent. Thank you.').isVisible()).toBe(true);
        await page.getByRole('button', { name: 'Español' }).click();
        await expect.poll(() => page.getByText('Estas respuestas ya se enviaron. Gracias.').isVisible()).toBe(true);
      },
      phone375,
    );

    const { data } = await app.server.api.GET('/v1/intake/{caseId}', { params: { path: { caseId } }, headers: bearer(staffToken) });
    expect(data!.data.personalInformation).toMatchObject({
      email: 'marisol.ejemplo@example.test',
      gender: 'female',
      phoneUsages: ['text'],
    });
    expect(data!.data.pointsOfInjury).toMatchObject({ leftNeck: true, headache: true, rightNeck: false });
    const { data: trail } = await app.server.api.GET('/v1/intake/{caseId}/history', {
      params: { path: { caseId } },
      headers: bearer(staffToken),
    });
    const submitted = trail!.data.find((entry) => entry.action === 'clientLink.submitted')!;
    expect(activityLines(submitted)[0]).toMatch(/^Client submitted \d+ fields$/);
  });

  it('says when a link no longer works', async () => {
    await withPage(
      browser,
      app.baseUrl,
      async (page) => {
        await page.goto(`/client-intake/${Buffer.alloc(32, 3).toString('base64url')}`);
        await expect.poll(() => page.getByRole('heading', { name: 'This link no longer works' }).isVisible()).toBe(true);
        await expectNothingSerious(page);
      },
      phone375,
    );
  });
});
