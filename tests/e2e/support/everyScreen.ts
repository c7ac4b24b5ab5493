// Every screen of the app with data behind it, for the phone-width test (tests/e2e/phones.test.ts)
// and the pictures of `npm run screens` (scripts/screens.ts): a firm whose owner has intakes (a
// draft and a final one), leads and employees, all set up through the API the way the app stores
// them, and one address for each entry of src/ui/app/paths.ts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { toApiIntake } from '../../../src/domain/intake';
import { toIsoTimestamp } from '../../../src/domain/dates';
import { toLeadBody } from '../../../src/api/leads';
import { editEmployeePath, intakeFormPath, paths } from '../../../src/ui/app/paths';
import { fullValidIntake } from '../../domain/intake/fixtures';
import { typedEmployeeRequest } from '../../support/sampleEmployee';
import { sampleLead } from '../../support/sampleLead';
import { bearer } from '../../api/support/testServer';
import { INTAKE_FORM_TEXT } from '../../../src/ui/pages/intake/form/intakeFormText';
import { signedInStorage, startE2eApp, type E2eApp } from './app';
import { launchChromium, type StorageState } from './browser';

export interface ScreenData {
  draftCaseId: string;
  finalCaseId: string;
  /** The client name of the first intake, whose row the list must show whole. */
  draftClientName: string;
  /** An administrator the owner may edit. */
  employeeId: string;
}

const intakeClients = [
  { firstName: 'Rosalind', lastName: 'Featherstonehaugh' },
  { firstName: 'Bartholomew', lastName: 'Quince' },
  { firstName: 'Ingrid', lastName: 'Sample' },
];

/** The owner's intakes, leads and employees, created through the API. */
export async function addScreenData(app: E2eApp): Promise<ScreenData> {
  const { server, owner } = app;
  const headers = bearer(await server.login(owner.email, owner.password));
  const caseIds: string[] = [];
  for (const [index, client] of intakeClients.entries()) {
    const base = fullValidIntake();
    // An incident two years less a few weeks ago: its limitation deadline shows on the dashboard.
    const incidentDate = new Date(Date.now() - (730 - 20 * (index + 1)) * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const intake = {
      ...base,
      caseId: null,
      personalInformation: { ...base.personalInformation, ...client, middleName: '' },
      incidentDescription: { ...base.incidentDescription, incidentDate },
    };
    const status = index === 1 ? 'final' : 'draft';
    const { data, error } = await server.api.POST('/v1/intake', {
      body: { userId: owner.id, generalCaseInformation: { ...toApiIntake(intake), status } },
      headers,
    });
    if (error || !data) throw new Error(`POST /v1/intake failed: ${JSON.stringify(error)}`);
    caseIds.push(data.data.caseId);
  }
  for (const [index, firstName] of ['Marisol', 'Octavia', 'Leopold'].entries()) {
    const lead = { ...sampleLead, firstName, email: `lead.${index}@example.test`, phone: `555-010-01${10 + index}` };
    const { error } = await server.api.POST('/cases/v2/FromLead', {
      body: { neosCasesInformation: toLeadBody(lead, toIsoTimestamp(lead.birthDate)) },
      headers,
    });
    if (error) throw new Error(`POST /cases/v2/FromLead failed: ${JSON.stringify(error)}`);
  }
  const employeeIds: string[] = [];
  for (const [index, privilege] of (['administrator', 'representative'] as const).entries()) {
    const body = { ...typedEmployeeRequest(privilege, null), email: `theo.${index}@example.test`, lastName: `Sample${'x'.repeat(index)}` };
    const { data, error } = await server.api.POST('/v1/firmUser', { body, headers });
    if (error || !data) throw new Error(`POST /v1/firmUser failed: ${JSON.stringify(error)}`);
    employeeIds.push(data.data.id);
  }
  const first = intakeClients[0]!;
  return {
    draftCaseId: caseIds[0]!,
    finalCaseId: caseIds[1]!,
    draftClientName: `${first.firstName} ${first.lastName}`,
    employeeId: employeeIds[0]!,
  };
}

export interface Screen {
  /** A file-name-safe name. */
  name: string;
  address: string;
  /** The login screens are drawn signed out: signed in, they move on to the intake list. */
  signedOut?: boolean;
}

/**
 * One or more addresses for every path: the typed record makes a new entry of `paths` fail to
 * compile here until it has its screen.
 */
export function everyScreen(data: ScreenData): Screen[] {
  const byPath: Record<keyof typeof paths, Omit<Screen, 'name'>[]> = {
    root: [{ address: paths.root, signedOut: true }],
    login: [{ address: paths.login, signedOut: true }],
    help: [{ address: paths.help }],
    forgotPassword: [{ address: paths.forgotPassword }],
    // A token of the right form that no link has: the form shows until it is sent.
    resetPassword: [{ address: `/reset-password/${'A'.repeat(43)}` }],
    profile: [{ address: paths.profile }],
    editProfile: [{ address: paths.editProfile }],
    leadsList: [{ address: paths.leadsList }],
    newLeads: [{ address: paths.newLeads }],
    firm: [{ address: paths.firm }],
    editFirm: [{ address: paths.editFirm }],
    employees: [{ address: paths.employees }],
    newEmployee: [{ address: paths.newEmployee }],
    editEmployee: [{ address: editEmployeePath(data.employeeId) }],
    activity: [{ address: paths.activity }],
    dashboard: [{ address: paths.dashboard }],
    intakeList: [{ address: paths.intakeList }],
    newIntake: [{ address: paths.newIntake }],
    intakeDetails: [{ address: intakeFormPath('edit', data.draftCaseId) }, { address: intakeFormPath('view', data.finalCaseId) }],
    notFound: [{ address: '/no-such-screen' }],
  };
  return Object.entries(byPath).flatMap(([key, screens]) =>
    screens.map((screen, index) => ({ ...screen, name: screens.length > 1 ? `${key}-${index + 1}` : key })),
  );
}

/**
 * Waits until a screen is at rest: its title shown, no list or form still loading, no chart still
 * drawing.
 */
export async function screenAtRest(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(
    (loadingTexts) =>
      document.querySelector('[aria-busy="true"]') === null && loadingTexts.every((text) => !document.body.innerText.includes(text)),
    [INTAKE_FORM_TEXT.loading],
  );
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/** How much wider than the window the document is, in CSS pixels (0 when it fits). */
export function overflowWidth(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

/** What a file that opens every screen works with (screenSuite). */
export interface ScreenSuite {
  app: E2eApp;
  browser: Browser;
  data: ScreenData;
  /** The owner signed in once through the login form. */
  signedIn: StorageState;
}

/**
 * Starts the file's server and Chromium before its tests, with the screens' data and the owner
 * signed in once, and closes them after. Its fields are set once the file's tests run.
 */
export function screenSuite(): ScreenSuite {
  const suite = {} as ScreenSuite;
  beforeAll(async () => {
    [suite.app, suite.browser] = await Promise.all([startE2eApp(), launchChromium()]);
    [suite.data, suite.signedIn] = await Promise.all([
      addScreenData(suite.app),
      signedInStorage(suite.browser, suite.app.baseUrl, suite.app.owner),
    ]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.close();
  });
  return suite;
}
