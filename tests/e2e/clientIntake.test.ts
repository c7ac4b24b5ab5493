// The client's own form in Chromium on a 375 px phone (docs/product/client-intake.md): staff make
// a link, the client opens it, reads it in the three languages, fills it and sends it once in
// Spanish, English and Vietnamese; the answers are in the draft and the intake's history says how
// many fields came. axe finds nothing serious on any page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFieldPaths, emptyIntake, readField, toApiIntake, writePath } from '../../src/domain/intake';
import { clientTexts } from '../../src/domain/intake/clientTexts';
import type { ClientTextPath } from '../../src/domain/intake/clientTextShape';
import { fullValidIntake, withFields } from '../domain/intake/fixtures';
import { activityLines } from '../../src/domain/activity';
import { bearer } from '../api/support/testServer';
import { draftIntake } from '../api/support/intakes';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/a11y';
import { launchChromium, newPage, withPage } from './support/browser';

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

async function fillInSpanishAndSend(page: Page) {
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
  await page.getByRole('group', { name: '¿Cómo podemos usar este número?' }).getByRole('button', { name: 'Mensajes de texto' }).click();
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
}

/**
 * The whole form in `language`, every word read from the catalogue's texts for that language
 * (src/domain/intake/fieldTexts.*.ts): the greeting, each page's heading, the labels, the Yes/No
 * buttons, the tappable points, the consent and the thanks. axe runs on every page.
 */
async function fillAndSendIn(page: Page, language: 'en' | 'vi', email: string) {
  const texts = clientTexts(language);
  const label = (path: ClientTextPath) => page.getByLabel(texts.fields[path].label, { exact: true });
  const group = (name: string) => page.getByRole('group', { name, exact: true });
  const answer = (path: ClientTextPath, yes: boolean) =>
    group(texts.fields[path].label)
      .getByRole('button', { name: yes ? texts.page.yes : texts.page.no, exact: true })
      .click();
  const heading = (name: string) => expect.poll(() => page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);
  const next = () => page.getByRole('button', { name: texts.page.next, exact: true }).click();

  await page.getByRole('button', { name: texts.languageName }).click();
  await heading(texts.page.greeting('Marisol'));
  expect(await page.getAttribute('html', 'lang')).toBe(language);
  await expect.poll(() => page.getByText(texts.page.languageQuestion).isVisible()).toBe(true);
  await expectNothingSerious(page);
  await page.getByRole('button', { name: texts.page.start, exact: true }).click();

  await heading(texts.page.steps.personal);
  await expect.poll(() => page.getByText(texts.page.stepOf(1, 4)).isVisible()).toBe(true);
  await label('personalInformation.firstName').fill('Marisol');
  await label('personalInformation.lastName').fill('Ejemplo');
  await label('personalInformation.birthDate').fill('1990-03-05');
  await group(texts.fields['personalInformation.gender'].label).getByRole('button', { name: texts.gender.female }).click();
  await group(texts.fields['personalInformation.civilStatus'].label).getByRole('button', { name: texts.civilStatus.married }).click();
  await label('personalInformation.address').fill('100 Test Street, Springfield');
  await label('personalInformation.phoneNumber').fill('(555) 010-0177');
  await group(texts.fields['personalInformation.phoneUsages'].label).getByRole('button', { name: texts.phoneUsage.call }).click();
  await label('personalInformation.email').fill(email);
  await label('personalInformation.dl').fill('D0000077');
  await expectNothingSerious(page);
  await next();

  await heading(texts.page.steps.incident);
  await label('incidentDescription.crashLocation').fill('Main St and 5th Ave');
  await label('incidentDescription.city').fill('Springfield');
  await label('incidentDescription.county').fill('Greene');
  await label('incidentDescription.description').fill('Rear-ended at a red light.');
  await answer('personalInformation.passengers', false);
  await label('personalInformation.seatingPosition').fill('Driver');
  await answer('incidentDescription.police', true);
  await label('incidentDescription.crashReportNum').fill('CR-2025-0077');
  await answer('incidentDescription.multiVehicle', false);
  await answer('incidentDescription.witnesses', false);
  await answer('incidentDescription.photoOrEvidence', false);
  await expectNothingSerious(page);
  await next();

  await heading(texts.page.steps.injuries);
  await label('injuryInformation.painStart').fill('That night');
  await label('injuryInformation.painAndSymptomsExp').fill('Neck pain and headaches');
  await answer('injuryInformation.ems', false);
  await answer('injuryInformation.photos', false);
  await answer('injuryInformation.hospitalized', false);
  await label('injuryInformation.hospital').fill('None');
  await label('injuryInformation.dailyLifeWorkEffect').fill('Cannot lift');
  await answer('injuryInformation.priorInjuries', false);
  await answer('injuryInformation.healthInsurance', false);
  await group(texts.page.bodyGroup).getByRole('button', { name: texts.points.leftNeck, exact: true }).click();
  await group(texts.page.symptomGroup).getByRole('button', { name: texts.points.headache, exact: true }).click();
  await expectNothingSerious(page);
  await next();

  await heading(texts.page.steps.confirm);
  await page.getByLabel(texts.page.fullName, { exact: true }).fill('Marisol Ejemplo');
  await page.getByRole('checkbox', { name: texts.page.consent(app.firm.firm_name) }).check();
  await expectNothingSerious(page);
  await page.getByRole('button', { name: texts.page.submit, exact: true }).click();
  await heading(texts.page.doneTitle);
  await expect.poll(() => page.getByText(texts.page.done).isVisible()).toBe(true);
  await expectNothingSerious(page);
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
        await fillInSpanishAndSend(page);

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

  for (const language of ['en', 'vi'] as const) {
    it(`is filled in ${clientTexts(language).languageName} on a phone and sent, with nothing serious for axe`, async () => {
      const { caseId, url } = await draftWithLink();
      const email = `marisol.${language}@example.test`;
      await withPage(
        browser,
        app.baseUrl,
        async (page) => {
          await page.goto(url);
          await fillAndSendIn(page, language, email);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        },
        phone375,
      );
      const { data } = await app.server.api.GET('/v1/intake/{caseId}', { params: { path: { caseId } }, headers: bearer(staffToken) });
      expect(data!.data.personalInformation).toMatchObject({ email, gender: 'female', civilStatus: 'married', phoneUsages: ['call'] });
      expect(data!.data.pointsOfInjury).toMatchObject({ leftNeck: true, headache: true });
    });
  }

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

describe('staff send a draft to the client and review the answers', () => {
  it('copy a link, the client fills it in Spanish, staff see the marks and the history, and submit final', async () => {
    // Staff have everything but the client's part; the email they typed differs from the client's.
    let staffPart = fullValidIntake();
    for (const path of clientFieldPaths) staffPart = writePath(staffPart, path, readField(emptyIntake(), path));
    staffPart = withFields(staffPart, {
      'personalInformation.firstName': 'Marisol',
      'personalInformation.lastName': 'Ejemplo',
      'personalInformation.email': 'staff.typed@example.test',
      'personalInformation.languages': ['spanish'],
    });
    const created = await app.server.api.POST('/v1/intake', {
      body: { userId: app.owner.id, generalCaseInformation: toApiIntake(staffPart) },
      headers: bearer(staffToken),
    });
    const caseId = created.data!.data.caseId!;

    const staff = await newPage(browser, app.baseUrl);
    await staff.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    try {
      const page = staff.page;
      await signIn(page, app.owner);
      await page.goto(`/intake-details/edit/${caseId}`);
      await page.getByRole('button', { name: 'Send to client' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send to client' });
      // No SMTP_URL on this server: copying is the only way.
      expect(await dialog.getByRole('button', { name: 'Send by email' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await expect.poll(() => dialog.getByText('Link copied').isVisible()).toBe(true);
      const url = await dialog.getByLabel('Client link').inputValue();
      expect(url).toMatch(/\/client-intake\/[A-Za-z0-9_-]{43}$/);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Close' }).first().click();

      await withPage(
        browser,
        app.baseUrl,
        async (client) => {
          await client.goto(url);
          await fillInSpanishAndSend(client);
        },
        phone375,
      );

      await page.reload();
      await expect.poll(() => page.getByText('From client').first().isVisible()).toBe(true);
      expect(await page.getByText('From client').count()).toBeGreaterThan(3);
      // Staff's email stands; the client's is beside it to choose.
      await expect.poll(() => page.getByText('Client answered: marisol.ejemplo@example.test').isVisible()).toBe(true);
      await page.getByRole('button', { name: "Use client's answer" }).first().click();
      expect(await page.getByLabel('E-mail').inputValue()).toBe('marisol.ejemplo@example.test');

      // Changed by staff, a field loses its mark.
      const marksBefore = await page.getByText('From client').count();
      await page.getByLabel('Address').fill('200 Staff Corrected Road');
      await expect.poll(() => page.getByText('From client').count()).toBe(marksBefore - 1);

      await page.getByRole('button', { name: 'History' }).click();
      await expect.poll(() => page.getByText(/^Client submitted \d+ fields$/).isVisible()).toBe(true);
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'To Discuss with Client' }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL('**/intake-list');
      const { data } = await app.server.api.GET('/v1/intake/{caseId}', { params: { path: { caseId } }, headers: bearer(staffToken) });
      expect(data!.data.status).toBe('final');
      expect(data!.data.personalInformation).toMatchObject({ email: 'marisol.ejemplo@example.test', address: '200 Staff Corrected Road' });
      expect(data!.data.pointsOfInjury.leftNeck).toBe(true);
    } finally {
      await staff.context.close();
    }
  });
});
