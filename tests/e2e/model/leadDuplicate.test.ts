// The lead registration machine's planned paths driven through /new-leads and its duplicate dialog
// in Chromium (docs/architecture.md, model-based tests; docs/product/leads.md Lead Registration, docs/product/leads.md). The
// paths that together pass through every state and take every transition run (coveringPaths).
// The model starts from a filled form and changes Last Name (emptied, typed again); the page
// starts empty, so the form is filled at the first step that needs it. Each event becomes what a
// person does (Last Name cleared or typed, the form filled and submitted, 'Yes, Register Anyway',
// 'No, Cancel') or what the server answers to the held call. The real server answers when this firm's data makes it answer as the step says: no similar
// lead (a new name), a similar lead with an intake (the name of the lead registered in beforeAll),
// a created lead. The other answers of the unit suite (a similar lead without an intake, 409 with
// and without a body, 500, no answer, a refused create) cannot be provoked from the UI, so the
// held call gets exactly the sample's status and body.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { leadFieldOrder, type LeadFormValues } from '../../../src/domain/schemas/lead';
import { leadRegistrationMachine } from '../../../src/machines/leadRegistration.machine';
import { bearer } from '../../api/support/testServer';
import { coverageSummary, describePath, planModel, traversedTransitions } from '../../machines/modelCoverage';
import { signIn, startE2eApp, type E2eApp } from '../support/app';
import { launchChromium, newPage } from '../support/browser';
import { holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, drivePath, expectEveryStateAndTransition, type Drive, type PlannedPath } from './support/modelDrive';

type LeadSnapshot = SnapshotFrom<typeof leadRegistrationMachine>;

interface LeadValues {
  lastName: string;
  firstName: string;
  birthDate: string;
  address: string;
  phone: string;
}

/** Registered in beforeAll, so the same name and birth date find it, with its intake. */
const registered: LeadValues = {
  lastName: 'Quillfeather',
  firstName: 'Marisol',
  birthDate: '1988-07-14',
  address: '12 Test Lane',
  phone: '555-010-0101',
};

// The unit suite's samples (tests/machines/leadRegistration.machine.test.ts), errors as the plain
// objects ApiError would be; the form's lead is typed by the test, so it is left out here.
const noDuplicate = { isDuplicate: false, hasIntakeId: false, duplicateLeads: [] };
const withIntake = {
  isDuplicate: true,
  hasIntakeId: true,
  duplicateLeads: [{ firstName: 'Marisol', lastName: 'Quillfeather', intakeId: 'case-41' }],
};
const withoutIntake = {
  isDuplicate: true,
  hasIntakeId: false,
  duplicateLeads: [
    {
      firstName: 'Marisol',
      middleName: null,
      lastName: 'Quillfeather',
      birthDate: '1988-07-14T00:00:00.000Z',
      address: '12 Test Lane',
      city: 'Sampleton',
      state: 'TX',
      intakeId: null,
    },
  ],
};
const refusedWithMessage = {
  status: 409,
  message: 'This lead is already registered',
  body: { code: 'duplicate_lead', message: 'This lead is already registered' },
};
const refusedWithoutBody = { status: 409, message: 'Request failed with status 409', body: undefined };
const serverFailure = { status: 500, message: 'Database unavailable', body: { code: 'internal', message: 'Database unavailable' } };
const unreachable = { status: 0, message: 'The server could not be reached', body: undefined };
const createFailure = {
  status: 400,
  message: 'Zip Code is required',
  body: { code: 'validation_failed', message: 'Zip Code is required' },
};

/** The model's form: filled, Female and minor No (what fillLead types, apart from the names). */
const filled: LeadFormValues = {
  ...registered,
  middleName: '',
  city: 'Sampleton',
  county: 'Example County',
  state: 'TX',
  country: 'USA',
  zipCode: '75001',
  email: '',
  gender: 'Female',
  minor: 'No',
};

/** The labels of the fields whose messages the paths can show, for focus. */
const labels: Partial<Record<keyof LeadFormValues, string>> = { lastName: 'Last Name', firstName: 'First Name' };

const samples = [
  { type: 'form.submit' },
  { type: 'field.change', field: 'lastName', value: '' },
  { type: 'field.change', field: 'lastName', value: registered.lastName },
  { type: 'xstate.done.actor.checkDuplicate', output: noDuplicate },
  { type: 'xstate.done.actor.checkDuplicate', output: withIntake },
  { type: 'xstate.done.actor.checkDuplicate', output: withoutIntake },
  { type: 'xstate.error.actor.checkDuplicate', error: refusedWithMessage },
  { type: 'xstate.error.actor.checkDuplicate', error: refusedWithoutBody },
  { type: 'xstate.error.actor.checkDuplicate', error: serverFailure },
  { type: 'xstate.error.actor.checkDuplicate', error: unreachable },
  { type: 'dialog.confirm' },
  { type: 'dialog.cancel' },
  { type: 'xstate.done.actor.createLead', output: { lead: {}, intake: { caseId: 'case-42', status: 'draft' } } },
  { type: 'xstate.error.actor.createLead', error: createFailure },
];

/** What the screen says after each failed or refused answer (docs/product/leads.md). */
const refusals = new Map<unknown, { alert: string } | { toast: string }>([
  [withoutIntake, { alert: 'A similar lead without an intake ID already exists' }],
  [refusedWithMessage, { alert: 'This lead is already registered' }],
  [refusedWithoutBody, { alert: 'Cannot register duplicate lead' }],
  [serverFailure, { toast: 'Database unavailable' }],
  [unreachable, { toast: 'Error checking for duplicate leads' }],
  [createFailure, { toast: 'Error creating lead: Zip Code is required' }],
]);

const plan = planModel(leadRegistrationMachine, { events: samples, input: { values: filled } });
const driven: PlannedPath[] = coveringPaths(
  plan.paths.map((path) => ({ path, transitions: traversedTransitions(leadRegistrationMachine, [path], { input: { values: filled } }) })),
);
const completed: PlannedPath[] = [];

let app: E2eApp;
let browser: Browser;
let ownerToken: string;
let registeredCaseId: string;
let newLeads = 0;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  ownerToken = await app.server.login(app.owner.email, app.owner.password);
  const { data } = await app.server.api.POST('/cases/v2/FromLead', {
    body: {
      neosCasesInformation: {
        ...registered,
        birthDate: `${registered.birthDate}T00:00:00.000Z`,
        middleName: null,
        city: 'Sampleton',
        county: 'Example County',
        state: 'TX',
        country: 'USA',
        zipCode: '75001',
        email: null,
        gender: 'Female',
        minor: 'No',
      },
    },
    headers: bearer(ownerToken),
  });
  if (!data) throw new Error('The lead could not be registered for the test');
  registeredCaseId = data.data.intake.caseId;
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The firm's leads with this phone number, as the API lists them. */
async function storedWithPhone(phone: string) {
  const { data } = await app.server.api.GET('/v1/leads', { params: { query: { pageSize: 100 } }, headers: bearer(ownerToken) });
  if (!data) throw new Error('GET /v1/leads failed for the test itself');
  return data.data.record.filter((row) => row.phone === phone);
}

/** Fills every field; Last Name stays empty when the model's is. */
async function fillLead(page: Page, values: LeadValues, lastNameEmpty = false) {
  await page.getByLabel('Last Name').fill(lastNameEmpty ? '' : values.lastName);
  await page.getByLabel('First Name').fill(values.firstName);
  await page.getByLabel('Birth Date').fill(values.birthDate);
  await page.getByLabel('Address').fill(values.address);
  await page.getByLabel('City').fill('Sampleton');
  await page.getByLabel('County').fill('Example County');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('Country').fill('USA');
  await page.getByLabel('Zip Code').fill('75001');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Phone').fill(values.phone);
  await page.getByRole('radio', { name: 'No', exact: true }).check();
}

/** The sample's status and body, or no answer at all for status 0. */
function answerWith(route: Route, error: { status: number; body?: unknown }) {
  if (error.status === 0) return route.abort('connectionrefused');
  return route.fulfill({
    status: error.status,
    ...(error.body === undefined ? { body: '' } : { contentType: 'application/json', body: JSON.stringify(error.body) }),
  });
}

function leadDrive(page: Page, checks: HeldRequests, creates: HeldRequests): Drive {
  const dialog = page.getByRole('dialog', { name: 'Similar Lead Found' });
  const submit = page.getByRole('button', { name: 'Submit' });
  let typed: LeadValues | undefined;

  async function realAnswer(held: HeldRequests, what: string, expected: (body: { data: unknown }) => void) {
    await held.settle(
      () => true,
      what,
      (route) => route.continue(),
    );
    const response = await held.seen.at(-1)?.response();
    expected((await response?.json()) as { data: unknown });
  }

  /**
   * A similar lead when the server is to find one with an intake, a new person otherwise. The
   * answer is the first later step that is not a keystroke: Last Name may change while the check runs.
   */
  function freshLead(later: AnyEventObject[]): LeadValues {
    const answer = later.find((event) => event.type !== 'field.change');
    const similar = answer?.type === 'xstate.done.actor.checkDuplicate' && answer.output === withIntake;
    newLeads++;
    return similar
      ? { ...registered, address: `${newLeads} Other Road`, phone: `555-020-${String(newLeads).padStart(4, '0')}` }
      : {
          ...registered,
          lastName: `Newperson${String.fromCharCode(96 + newLeads)}`,
          phone: `555-030-${String(newLeads).padStart(4, '0')}`,
        };
  }

  return {
    async act({ before, event, later }) {
      const modelValues = (before as LeadSnapshot).context.values;
      // The model's form is filled until a lead is created (it starts so, and only Last Name
      // changes); the page's starts empty, and both are empty after a creation.
      const modelFilled = modelValues.firstName !== '';
      if (event.type === 'form.submit') {
        // A filled form is typed afresh for each submit, so every lead is a new one (or the similar one).
        if (modelFilled) {
          typed = freshLead(later);
          await fillLead(page, typed, modelValues.lastName === '');
        }
        await submit.click();
      } else if (event.type === 'field.change') {
        if (!typed) {
          typed = freshLead(later);
          await fillLead(page, typed);
        }
        await page.getByLabel('Last Name').fill(event.value === '' ? '' : typed.lastName);
      } else if (event.type === 'xstate.done.actor.checkDuplicate' && event.output !== withoutIntake) {
        await realAnswer(checks, 'the duplicate check', ({ data }) =>
          expect(data).toMatchObject({ isDuplicate: event.output.isDuplicate, hasIntakeId: event.output.hasIntakeId }),
        );
      } else if (event.type === 'xstate.done.actor.checkDuplicate') {
        await checks.settle(
          () => true,
          'the duplicate check',
          (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: withoutIntake }) }),
        );
      } else if (event.type === 'xstate.error.actor.checkDuplicate') {
        await checks.settle(
          () => true,
          'the duplicate check',
          (route) => answerWith(route, event.error),
        );
      } else if (event.type === 'xstate.done.actor.createLead') {
        await realAnswer(creates, 'the create call', ({ data }) => expect(data).toMatchObject({ intake: { status: 'draft' } }));
      } else if (event.type === 'xstate.error.actor.createLead') {
        await creates.settle(
          () => true,
          'the create call',
          (route) => answerWith(route, event.error),
        );
      } else if (event.type === 'dialog.confirm') {
        await dialog.getByRole('button', { name: 'Yes, Register Anyway' }).click();
      } else if (event.type === 'dialog.cancel') {
        await dialog.getByRole('button', { name: 'No, Cancel' }).click();
      } else {
        throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ after, event }) {
      const snapshot = after as LeadSnapshot;
      const busyButton = page.getByRole('button', { name: 'Loading...' });
      const toastCount = (text: string) => page.getByText(text, { exact: true }).count();

      if (snapshot.matches({ registration: 'checkingDuplicates' }) || snapshot.matches({ registration: 'creating' })) {
        const held = snapshot.matches({ registration: 'creating' }) ? creates : checks;
        const request = await held.waitFor(() => true, `the ${snapshot.matches({ registration: 'creating' }) ? 'create' : 'check'} call`);
        expect(request.postDataJSON()).toMatchObject({ neosCasesInformation: { lastName: typed?.lastName, phone: typed?.phone } });
        await expect.poll(() => busyButton.getAttribute('aria-busy')).toBe('true');
        if (snapshot.matches({ registration: 'creating' })) await expect.poll(() => toastCount('Creating lead...')).toBe(1);
        // The form stays open while the call runs.
        await checkForm(page, snapshot, typed);
        return;
      }
      if (snapshot.matches({ registration: 'confirmingDuplicate' })) {
        await dialog.waitFor();
        expect(await dialog.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining(`Intake ID: ${registeredCaseId}`)]);
        expect(await dialog.getByRole('listitem').textContent()).toContain('Marisol Quillfeather');
        expect(await dialog.getByText('Do you still want to register this lead?').count()).toBe(1);
        await checkForm(page, snapshot, typed);
        return;
      }
      // editing: the form, no dialog, Submit ready.
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await checkEditing(page, snapshot, event, typed, toastCount);
    },
  };
}

/** The messages under the fields are the model's, and Last Name holds what the model says. */
async function checkForm(page: Page, snapshot: LeadSnapshot, typed: LeadValues | undefined) {
  const { values, errors } = snapshot.context;
  await expect.poll(() => page.getByLabel('Last Name').inputValue()).toBe(values.lastName === '' ? '' : typed?.lastName);
  for (const message of ['Last Name is required', 'First Name is required']) {
    const shown = Object.values(errors).includes(message) ? 1 : 0;
    await expect.poll(() => page.getByRole('alert').filter({ hasText: message }).count()).toBe(shown);
  }
}

async function checkEditing(
  page: Page,
  snapshot: LeadSnapshot,
  event: AnyEventObject,
  typed: LeadValues | undefined,
  toastCount: (text: string) => Promise<number>,
) {
  const lastName = page.getByLabel('Last Name');
  if (event.type === 'xstate.init') {
    expect(await lastName.inputValue()).toBe('');
    expect(await page.getByRole('alert').count()).toBe(0);
    return;
  }
  if (!typed) throw new Error('A lead was typed before any answer');
  if (event.type === 'field.change' || event.type === 'form.submit') {
    await checkForm(page, snapshot, typed);
    if (event.type === 'form.submit') {
      // An invalid form: focus goes to the first field on screen with a message.
      const first = leadFieldOrder.find((field) => snapshot.context.errors[field] !== undefined);
      const label = first && labels[first];
      if (!label) throw new Error(`No label known for ${String(first)}`);
      await expect.poll(() => page.getByLabel(label).evaluate((element) => element === document.activeElement)).toBe(true);
    }
    return;
  }
  if (event.type === 'xstate.done.actor.createLead') {
    // docs/product/leads.md: created, and the form starts afresh.
    await expect.poll(() => toastCount('Lead created successfully')).toBe(1);
    await expect.poll(() => lastName.inputValue()).toBe('');
    expect(await storedWithPhone(typed.phone)).toHaveLength(1);
    return;
  }
  // Any refusal or cancel keeps what was typed and creates nothing.
  await checkForm(page, snapshot, typed);
  expect(await page.getByLabel('Address').inputValue()).toBe(typed.address);
  expect(await storedWithPhone(typed.phone)).toEqual([]);
  const refusal = refusals.get(event.type === 'dialog.cancel' ? undefined : event.type.includes('.error.') ? event.error : event.output);
  if (refusal && 'alert' in refusal) {
    await expect.poll(() => page.getByRole('alert').filter({ hasText: refusal.alert }).count()).toBe(1);
  } else if (refusal) {
    await expect.poll(() => toastCount(refusal.toast)).toBe(1);
  } else {
    expect(event.type).toBe('dialog.cancel');
  }
}

async function driveOnNewLeads(path: PlannedPath['path']) {
  const { context, page, pageErrors } = await newPage(browser, app.baseUrl);
  try {
    const checks = await holdRequests(page, 'POST', '/cases/v2/checkDuplicate');
    const creates = await holdRequests(page, 'POST', '/cases/v2/FromLead');
    await signIn(page, app.owner);
    await page.goto('/new-leads');
    await page.getByRole('heading', { name: 'Lead Registration' }).waitFor();
    await drivePath(path, leadDrive(page, checks, creates));
    // A refused call is logged by the browser as a failed resource; the page itself threw nothing.
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('lead registration paths through /new-leads and the duplicate dialog in Chromium', () => {
  for (const planned of driven) {
    it(describePath(planned.path), async () => {
      await driveOnNewLeads(planned.path);
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    const visited = expectEveryStateAndTransition(leadRegistrationMachine, completed);
    expect(visited.size).toBe(coverageSummary(leadRegistrationMachine, plan).states);
  });
});
