// In Chromium, on the built app and the real server (docs/product/intake-form.md): a draft
// with only the names, reopened from the list and filled on all seven tabs, saved after the
// 'Save changes' question, a final submit refused on tab 3 and then accepted, the final intake
// read-only, the list's search and status filter, a colleague's draft on the list the next time
// it is opened, and a reload in the middle of typing that offers the typed text back. Then the intake machine's own paths, replayed through the screen.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';
import { toApiIntake } from '../../src/domain/intake';
import { intakeTabs } from '../../src/domain/intake/tabs';
import { maskSsn } from '../../src/domain/ssnMask';
import { intakeMachine, type IntakeMachineInput } from '../../src/machines/intake.machine';
import { bearer } from '../api/support/testServer';
import { fullValidIntake } from '../domain/intake/fixtures';
import { describePath, planModel, type ModelPath } from '../machines/modelCoverage';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { field, fillAllTabs, openTab, panel, storedIntake, storedRows } from './support/intakeForm';
import { launchChromium, withPage } from './support/browser';
import { cellTexts } from './support/cells';

let app: E2eApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const TEXT = {
  saved: 'Draft saved',
  updated: 'Intake updated successfully!',
  created: 'Intake created successfully!',
  defendantMissing: 'Please fill required fields in the "Defendant Personal and Vehicle Information" tab.',
  restoreOffer: 'You have unsaved changes from before the page was reloaded.',
};

// ---------------------------------------------------------------------------------------------
// The stored intakes, as the API has them.

async function ownerToken(): Promise<string> {
  return app.server.login(app.owner.email, app.owner.password);
}

/** A complete draft stored through the API, for the tests that start from one; its caseId. */
async function storeDraft(lastName: string): Promise<string> {
  const base = fullValidIntake();
  const draft = { ...base, caseId: null, personalInformation: { ...base.personalInformation, lastName } };
  const { data, error } = await app.server.api.POST('/v1/intake', {
    body: { userId: app.owner.id, generalCaseInformation: { ...toApiIntake(draft), status: 'draft' } },
    headers: bearer(await ownerToken()),
  });
  if (error || !data) throw new Error('POST /v1/intake failed');
  return data.data.caseId;
}

function toast(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true }).first();
}

function inPage(work: (page: Page) => Promise<void>): Promise<void> {
  return withPage(browser, app.baseUrl, async (page) => {
    page.setDefaultTimeout(10_000);
    await signIn(page, app.owner);
    await work(page);
  });
}

// ---------------------------------------------------------------------------------------------

describe('intakes in Chromium', () => {
  const intake = fullValidIntake();
  const clientName = `${intake.personalInformation.firstName} ${intake.personalInformation.middleName} ${intake.personalInformation.lastName}`;
  let caseId = '';

  it('saves a draft with only the names, after the names were asked for', async () => {
    await inPage(async (page) => {
      await page.getByRole('button', { name: 'New Intake' }).click();
      await page.waitForURL('**/new-intake');
      await page.getByRole('button', { name: 'Save As Draft' }).click();
      await page.getByText('Please enter your First Name').waitFor();
      await page.getByText('Please enter your Last Name').waitFor();

      await field(page, 'personalInformation.firstName').fill(intake.personalInformation.firstName);
      await field(page, 'personalInformation.middleName').fill(intake.personalInformation.middleName);
      await field(page, 'personalInformation.lastName').fill(intake.personalInformation.lastName);
      await page.getByRole('button', { name: 'Save As Draft' }).click();
      await toast(page, TEXT.saved).waitFor();
      // Create mode stays (docs/product/intake-form.md), the button with it.
      await page.getByRole('button', { name: 'Save As Draft' }).waitFor();

      const rows = await storedRows(app);
      expect(rows).toEqual([expect.objectContaining({ clientName, status: 'draft', representativeName: 'Olivia Owner' })]);
      caseId = rows[0].caseId;

      // The address now names the saved intake, still in create mode, so that a reload after more
      // typing reopens it and offers what was typed since (nothing typed is lost).
      await page.waitForURL(`**/intake-details/create/${caseId}`);
      await page.getByRole('button', { name: 'Save As Draft' }).waitFor();
      await field(page, 'personalInformation.dl').fill('D-AFTER-SAVE');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await page.getByText(TEXT.restoreOffer).waitFor();
      await page.getByRole('button', { name: 'Discard' }).click();
      await expect.poll(() => field(page, 'personalInformation.dl').inputValue()).toBe('');
    });
  });

  it('reopens the draft from the list, fills all seven tabs and saves after the confirmation', async () => {
    await inPage(async (page) => {
      const row = page.getByRole('row').filter({ hasText: clientName });
      await row.getByRole('button', { name: 'Edit' }).waitFor();
      expect(await cellTexts(row.getByRole('cell'))).toEqual([
        clientName,
        'Olivia Owner',
        expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
        expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
        'Draft',
        'Edit',
      ]);
      await row.click();
      await page.waitForURL(`**/intake-details/edit/${caseId}`);
      await expect.poll(() => field(page, 'personalInformation.firstName').inputValue()).toBe('Alex');

      await fillAllTabs(page, intake);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save changes' });
      await dialog.getByText('Are you sure you want to save the changes you made?').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, TEXT.updated).waitFor();

      const stored = await storedIntake(app, caseId);
      expect(stored.status).toBe('draft');
      expect(stored.vehicleInformation.vin).toBe(intake.vehicleInformation.vin);
      expect(stored.defendantInformation.driversName).toBe(intake.defendantInformation.driversName);
      expect(stored.injuryInformation.painAndSymptoms).toEqual(intake.injuryInformation.painAndSymptoms);
      expect(stored.incidentDescription.howManyVehicles).toBe(3);
      expect(stored.pointsOfInjury).toEqual(intake.pointsOfInjury);
      expect(stored.checklist).toEqual(intake.checklist);
      // Answers carry the mask; the number itself comes only from a reveal (docs/product/intake-form.md).
      expect(stored.personalInformation.ssnItin).toBe(maskSsn(intake.personalInformation.ssnItin));
      const revealed = await app.server.api.POST('/v1/intake/{caseId}/reveal', {
        params: { path: { caseId } },
        headers: bearer(await ownerToken()),
      });
      expect(revealed.data?.data.ssnItin).toBe(intake.personalInformation.ssnItin);
    });
  });

  it('refuses a final submit with a field missing on tab 3 and shows that tab, then submits', async () => {
    await inPage(async (page) => {
      await page.goto(`/intake-details/edit/${caseId}`);
      await openTab(page, 'defendant');
      await field(page, 'defendantInformation.vin').fill('');
      await openTab(page, 'discuss');
      await page.getByRole('button', { name: 'Submit' }).click();
      await toast(page, TEXT.defendantMissing).waitFor();
      const defendantTab = page.getByRole('tab', { name: /Defendant Personal and Vehicle Information/ });
      await expect.poll(() => defendantTab.getAttribute('aria-selected')).toBe('true');
      await panel(page).getByText('Please provide the VIN').waitFor();

      await field(page, 'defendantInformation.vin').fill(intake.defendantInformation.vin);
      await openTab(page, 'discuss');
      await page.getByRole('button', { name: 'Submit' }).click();
      await toast(page, TEXT.created).waitFor();
      await page.waitForURL('**/intake-list');
      const row = page.getByRole('row').filter({ hasText: clientName });
      await row.getByRole('button', { name: 'View' }).waitFor();
      expect((await cellTexts(row.getByRole('cell')))[4]).toBe('Final');
      expect((await storedIntake(app, caseId)).status).toBe('final');
    });
  });

  it('opens the final intake read-only, from the list and from an edit address alike', async () => {
    await inPage(async (page) => {
      await page.getByRole('row').filter({ hasText: clientName }).click();
      await page.waitForURL(`**/intake-details/view/${caseId}`);
      await expectReadOnly(page);

      await page.goto(`/intake-details/edit/${caseId}`);
      await expectReadOnly(page);
    });
  });

  it('searches the list after the pause and filters it by status', async () => {
    for (const lastName of ['Searchwell', 'Otherby']) await storeDraft(lastName);
    await inPage(async (page) => {
      await page.getByRole('row').filter({ hasText: 'Searchwell' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search intakes' }).fill('searchwell');
      await expect.poll(() => page.getByRole('row').filter({ hasText: 'Otherby' }).count(), { timeout: 5000 }).toBe(0);
      await page.getByRole('row').filter({ hasText: 'Searchwell' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search intakes' }).fill('');
      await page.getByRole('row').filter({ hasText: 'Otherby' }).waitFor({ timeout: 5000 });

      await page.getByRole('combobox', { name: 'Status' }).selectOption('final');
      await expect.poll(() => page.getByRole('row').filter({ hasText: 'Otherby' }).count()).toBe(0);
      await page.getByRole('row').filter({ hasText: clientName }).waitFor();
      await page.getByRole('combobox', { name: 'Status' }).selectOption('draft');
      await expect.poll(() => page.getByRole('row').filter({ hasText: clientName }).count()).toBe(0);
      await page.getByRole('row').filter({ hasText: 'Searchwell' }).waitFor();
    });
  });

  // Everyone opening the list shares page 1's read, and SQLite keeps it until the next write
  // (README, Decisions: the throughput goals): what a colleague saved is there the next time the
  // list is opened.
  it("shows a colleague's new draft at the top of the list the next time it is opened", async () => {
    const colleague = await app.server.createUser({
      firmId: app.owner.firmId,
      privilege: 'representative',
      firstName: 'Cora',
      lastName: 'Colleague',
    });
    await inPage(async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Intakes' }).waitFor();
      await withPage(browser, app.baseUrl, async (other) => {
        other.setDefaultTimeout(10_000);
        await signIn(other, colleague);
        await other.getByRole('button', { name: 'New Intake' }).click();
        await other.waitForURL('**/new-intake');
        await field(other, 'personalInformation.firstName').fill('Nova');
        await field(other, 'personalInformation.lastName').fill('Listmate');
        await other.getByRole('button', { name: 'Save As Draft' }).click();
        await toast(other, TEXT.saved).waitFor();
      });

      await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await page.getByRole('navigation').getByRole('link', { name: 'Intakes' }).click();
      await page.waitForURL('**/intake-list');
      await page.getByRole('row').filter({ hasText: 'Nova Listmate' }).waitFor();
      const firstRow = page.getByRole('row').nth(1);
      expect((await cellTexts(firstRow.getByRole('cell'))).join(' | ')).toContain('Nova Listmate');
      expect((await storedRows(app))[0]).toMatchObject({
        clientName: 'Nova Listmate',
        status: 'draft',
        representativeName: 'Cora Colleague',
      });
    });
  });

  it('offers what was typed back after a reload in the middle of typing', async () => {
    await inPage(async (page) => {
      await page.goto('/new-intake');
      await field(page, 'personalInformation.firstName').fill('Reloaded');
      await field(page, 'personalInformation.lastName').pressSequentially('Midtype');
      await field(page, 'personalInformation.ssnItin').fill('900000002');

      // Leaving with unsaved changes asks first: the browser's own question on reload.
      const asked = new Promise<string>((resolve) => {
        page.once('dialog', (dialog) => {
          resolve(dialog.type());
          void dialog.accept();
        });
      });
      await page.reload();
      expect(await asked).toBe('beforeunload');

      await page.getByText(TEXT.restoreOffer).waitFor();
      await page.getByRole('button', { name: 'Restore' }).click();
      await expect.poll(() => field(page, 'personalInformation.lastName').inputValue()).toBe('Midtype');
      expect(await field(page, 'personalInformation.firstName').inputValue()).toBe('Reloaded');
      // SSN/ITIN digits never go to storage (docs/architecture.md).
      expect(await field(page, 'personalInformation.ssnItin').inputValue()).toBe('');

      // In-app navigation asks too, and 'Stay' keeps the form.
      await page.getByRole('link', { name: 'Intakes' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave this page?' });
      await leave.getByText('You have unsaved changes. Leave without saving?').waitFor();
      await leave.getByRole('button', { name: 'Stay' }).click();
      expect(page.url()).toContain('/new-intake');
      await page.getByRole('link', { name: 'Intakes' }).click();
      await leave.getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL('**/intake-list');
    });
  });
});

async function expectReadOnly(page: Page): Promise<void> {
  await expect.poll(() => field(page, 'personalInformation.firstName').inputValue()).toBe('Alex');
  for (const tab of intakeTabs) {
    await openTab(page, tab.id);
    const enabled = panel(page).locator('input:enabled, select:enabled, textarea:enabled');
    expect(await enabled.count(), `enabled inputs on ${tab.name}`).toBe(0);
  }
  await page.getByRole('button', { name: 'Back' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).waitFor();
  for (const name of ['Save As Draft', 'Save Changes', 'Submit']) {
    expect(await page.getByRole('button', { name }).count(), name).toBe(0);
  }
}

// ---------------------------------------------------------------------------------------------
// The intake machine's generated paths, replayed through the real screen (docs/architecture.md: "the UI flows
// of ... intake lifecycle also run their machine's paths against the real app in Chromium").
// planModel gives the shortest path to every state of the lifecycle; for each state below, the
// shortest path through it is driven by a person's actions and the screen is checked at every step.

const MODEL_USER = 'model-user';
const MODEL_CASE = 'model-case';

/** The lifecycle only: tabs, the preview, the copy's timing and failed calls are other tests' business. */
const lifecycleEvents = new Set([
  'field.change',
  'fields.change',
  'draft.save',
  'confirm.save',
  'confirm.cancel',
  'final.submit',
  'xstate.done.actor.loadIntake',
  'xstate.done.actor.saveIntake',
]);

const typedNames = {
  type: 'fields.change',
  changes: [
    { path: 'personalInformation.firstName', value: 'Avery' },
    { path: 'personalInformation.lastName', value: 'Modelpath' },
  ],
} as const;
const firstNameEmptied = { type: 'field.change', path: 'personalInformation.firstName', value: '' } as const;
const storedSample = { ...toApiIntake(fullValidIntake()), caseId: MODEL_CASE, status: 'draft', updatedAt: '2024-06-01T09:00:00.000Z' };

const modelSamples: AnyEventObject[] = [
  typedNames,
  firstNameEmptied,
  { type: 'xstate.done.actor.loadIntake', output: storedSample },
  { type: 'xstate.done.actor.saveIntake', output: { caseId: MODEL_CASE, updatedAt: '2024-06-02T09:00:00.000Z', status: 'draft' } },
];

type RouteOf = (caseId: string) => string;

const modelPlans: Array<{ input: IntakeMachineInput; route: RouteOf; needsDraft: boolean }> = [
  { input: { mode: 'create', userId: MODEL_USER }, route: () => '/new-intake', needsDraft: false },
  { input: { mode: 'edit', caseId: MODEL_CASE, userId: MODEL_USER }, route: (id) => `/intake-details/edit/${id}`, needsDraft: true },
  { input: { mode: 'view', caseId: MODEL_CASE, userId: MODEL_USER }, route: (id) => `/intake-details/view/${id}`, needsDraft: true },
];

/** The states each replayed path must pass through, as `snapshot.matches` keys. */
const targetStates: StateValue[] = [
  { lifecycle: { ready: { form: { editable: { creating: 'saved' } } } } },
  { lifecycle: { ready: { form: { editable: 'editing' } } } },
  { lifecycle: { ready: { form: 'confirmingSave' } } },
  { lifecycle: { ready: { form: 'submitted' } } },
  { lifecycle: { ready: { form: 'viewing' } } },
];

interface ReplayPath {
  path: ModelPath;
  route: RouteOf;
  needsDraft: boolean;
}

function selectModelPaths(): ReplayPath[] {
  const planned = modelPlans.map((plan) => ({
    ...plan,
    paths: planModel(intakeMachine, { events: modelSamples, input: plan.input, offer: (type) => lifecycleEvents.has(type) }).paths,
  }));
  const chosen: ReplayPath[] = [];
  for (const target of targetStates) {
    const candidates = planned
      .flatMap((plan) => plan.paths.map((path) => ({ path, route: plan.route, needsDraft: plan.needsDraft })))
      .filter(({ path }) => path.steps.some((step) => step.state.matches(target)))
      .sort((a, b) => a.path.steps.length - b.path.steps.length);
    const shortest = candidates[0];
    if (!shortest) throw new Error(`No generated path reaches ${JSON.stringify(target)}`);
    if (!chosen.some((entry) => entry.path === shortest.path)) chosen.push(shortest);
  }
  return chosen;
}

async function visibleButtons(page: Page, names: readonly string[]): Promise<string[]> {
  const shown: string[] = [];
  for (const name of names) if ((await page.getByRole('button', { name, exact: true }).count()) > 0) shown.push(name);
  return shown;
}

/** What a person does for each event of a path. Results of calls need nothing: the server answers. */
async function perform(page: Page, event: AnyEventObject): Promise<void> {
  if (event.type === 'fields.change' && JSON.stringify(event) === JSON.stringify(typedNames)) {
    await field(page, 'personalInformation.firstName').fill('Avery');
    await field(page, 'personalInformation.lastName').fill('Modelpath');
  } else if (event.type === 'field.change' && JSON.stringify(event) === JSON.stringify(firstNameEmptied)) {
    await field(page, 'personalInformation.firstName').fill('');
  } else if (event.type === 'draft.save') {
    const [save] = await visibleButtons(page, ['Save As Draft', 'Save Changes']);
    await page.getByRole('button', { name: save, exact: true }).click();
  } else if (event.type === 'confirm.save') {
    await page.getByRole('dialog', { name: 'Save changes' }).getByRole('button', { name: 'Save' }).click();
  } else if (event.type === 'confirm.cancel') {
    await page.getByRole('dialog', { name: 'Save changes' }).getByRole('button', { name: 'Cancel' }).click();
  } else if (event.type === 'final.submit') {
    // Submit lives on the last tab (docs/product/intake-form.md).
    await openTab(page, 'discuss');
    await page.getByRole('button', { name: 'Submit' }).click();
  } else if (!event.type.startsWith('xstate.done.actor.')) {
    throw new Error(`No UI action for ${event.type}`);
  }
}

/** What the screen shows in each state of the lifecycle. */
const screenOf: Array<[StateValue, (page: Page, snapshot: AnyMachineSnapshot, event: AnyEventObject) => Promise<void>]> = [
  [
    { lifecycle: { ready: { form: { editable: { creating: 'unsaved' } } } } },
    async (page) => {
      await page.getByRole('heading', { name: 'New Intake' }).waitFor();
      expect(await visibleButtons(page, ['Save As Draft', 'Save Changes'])).toEqual(['Save As Draft']);
    },
  ],
  [
    { lifecycle: { ready: { form: { editable: { creating: 'saved' } } } } },
    async (page, _snapshot, event) => {
      if (event.type === 'xstate.done.actor.saveIntake') await toast(page, TEXT.saved).waitFor();
      // The address now names the saved intake; the same form stays, still in create mode.
      await page.waitForURL('**/intake-details/create/*');
      await page.getByRole('button', { name: 'Save As Draft', exact: true }).waitFor();
      expect(await visibleButtons(page, ['Save As Draft', 'Save Changes'])).toEqual(['Save As Draft']);
    },
  ],
  [
    { lifecycle: { ready: { form: { editable: 'editing' } } } },
    async (page, _snapshot, event) => {
      if (event.type === 'xstate.done.actor.saveIntake') await toast(page, TEXT.updated).waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    },
  ],
  [
    { lifecycle: { ready: { form: 'editable' } } },
    async (page, snapshot) => {
      // Errors the machine holds are under their fields, on the tab it shows (docs/product/intake-form.md).
      const { errors, currentTab } = snapshot.context as { errors: Record<string, string>; currentTab: number };
      const messages = Object.entries(errors).filter(([path]) => path.startsWith(`${intakeTabs[currentTab].section}.`));
      if (messages.length === 0) return;
      await expect
        .poll(() => page.getByRole('tab', { name: new RegExp(intakeTabs[currentTab].name) }).getAttribute('aria-selected'))
        .toBe('true');
      for (const [, message] of messages) await panel(page).getByText(message).first().waitFor();
    },
  ],
  [
    { lifecycle: { ready: { form: 'confirmingSave' } } },
    async (page) => {
      await page.getByRole('dialog', { name: 'Save changes' }).getByText('Are you sure you want to save the changes you made?').waitFor();
    },
  ],
  [
    { lifecycle: { ready: { form: 'submitted' } } },
    async (page) => {
      await toast(page, TEXT.created).waitFor();
      await page.waitForURL('**/intake-list');
    },
  ],
  [
    { lifecycle: { ready: { form: 'viewing' } } },
    async (page) => {
      await page.getByRole('heading', { name: 'View Intake' }).waitFor();
      await expect.poll(() => field(page, 'personalInformation.firstName').isDisabled()).toBe(true);
      expect(await visibleButtons(page, ['Back', 'Next', 'Save As Draft', 'Save Changes', 'Submit'])).toEqual(['Back', 'Next']);
    },
  ],
];

describe("the intake machine's paths, through the screen", () => {
  for (const { path, route, needsDraft } of selectModelPaths()) {
    it(describePath(path), async () => {
      const caseId = needsDraft ? await storeDraft('Pathfinder') : '';
      await inPage(async (page) => {
        await page.goto(route(caseId));
        for (const [index, step] of path.steps.entries()) {
          if (index > 0) await perform(page, step.event);
          for (const [state, check] of screenOf) {
            if (step.state.matches(state)) await check(page, step.state, step.event);
          }
        }
      });
    });
  }
});
