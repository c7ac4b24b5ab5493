// The password reset machines' planned paths (tests/machines/forgotPassword.machine.test.ts,
// tests/machines/passwordReset.machine.test.ts) driven through /forgot-password and
// /reset-password/{token} in Chromium (docs/product/sign-in-and-session.md, Password reset). The
// paths that together pass through every state and take every transition run (coveringPaths).
// Each event becomes what a person does (typing, 'Send reset link', 'Try again', 'Set new
// password') or what answers the held call: the real server where it answers as the step says
// (email available, a request taken, a real link's reset), else exactly the sample (no email, a
// server away, a flood cap, a dead link). Fields are typed and forms sent only where the page shows
// them (the form's states).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { createMailer } from '../../../server/clientIntake/mailer';
import { passwordResetTexts } from '../../../src/domain/texts';
import { forgotPasswordMachine } from '../../../src/machines/forgotPassword.machine';
import { passwordResetMachine } from '../../../src/machines/passwordReset.machine';
import { bearer, type TestUser } from '../../api/support/testServer';
import { describePath, planModel, traversedTransitions } from '../../machines/modelCoverage';
import { startE2eApp, type E2eApp } from '../support/app';
import { launchChromium, newPage } from '../support/browser';
import { fulfilJson, answerError, holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, drivePath, expectEveryStateAndTransition, type Drive, type PlannedPath } from './support/modelDrive';

const email = 'marisol.quintanilla@example.test';
const strong = 'Fresh#Start9';
const unreachable = { status: 0, code: 'network_error', message: 'The server could not be reached' };
const flooded = { status: 429, code: 'rate_limited', message: 'Too many requests. Try again later.' };
const dead = { status: 404, code: 'not_found', message: 'Not found' };

// The unit suites' samples.
const forgotSamples: AnyEventObject[] = [
  { type: 'field.change', field: 'email', value: '' },
  { type: 'field.change', field: 'email', value: email },
  { type: 'form.submit' },
  { type: 'options.retry' },
  { type: 'xstate.done.actor.loadOptions', output: { emailAvailable: true } },
  { type: 'xstate.done.actor.loadOptions', output: { emailAvailable: false } },
  { type: 'xstate.error.actor.loadOptions', error: unreachable },
  { type: 'xstate.done.actor.requestReset', output: undefined },
  { type: 'xstate.error.actor.requestReset', error: flooded },
];

const resetSamples: AnyEventObject[] = [
  { type: 'field.change', field: 'password', value: 'password' },
  { type: 'field.change', field: 'password', value: strong },
  { type: 'field.change', field: 'confirmPassword', value: strong },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.resetPassword', output: undefined },
  { type: 'xstate.error.actor.resetPassword', error: dead },
  { type: 'xstate.error.actor.resetPassword', error: flooded },
];

const formEvents = new Set(['field.change', 'form.submit']);

/** Typing and sending happen on the form, which the page shows in these states only. */
function onScreen(formState: (snapshot: AnyMachineSnapshot) => boolean) {
  return (event: AnyEventObject, snapshot: AnyMachineSnapshot) => !formEvents.has(event.type) || formState(snapshot);
}

function plannedPaths(
  machine: AnyStateMachine,
  events: AnyEventObject[],
  formState: (snapshot: AnyMachineSnapshot) => boolean,
  input?: unknown,
) {
  const plan = planModel(machine, { events, input, offerIn: onScreen(formState) });
  return coveringPaths(plan.paths.map((path) => ({ path, transitions: traversedTransitions(machine, [path], { input }) })));
}

const forgotPaths = plannedPaths(forgotPasswordMachine, forgotSamples, (snapshot) => snapshot.matches({ request: 'askingEmail' }));
const resetInput = { token: 'A'.repeat(43) };
const resetPaths = plannedPaths(passwordResetMachine, resetSamples, (snapshot) => snapshot.matches({ reset: 'editing' }), resetInput);

let app: E2eApp;
let browser: Browser;
let ownerToken = '';
let person: TestUser;

beforeAll(async () => {
  // An SMTP server nobody listens on is enough: the request is answered before any mail is sent.
  const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'staff@firm.example.test' });
  [app, browser] = await Promise.all([startE2eApp({ mailer, publicUrl: 'https://staff.firm.example.test' }), launchChromium()]);
  ownerToken = await app.server.login(app.owner.email, app.owner.password);
  person = await app.server.createUser({ firmId: app.firm.id, firstName: 'Tomasz', lastName: 'Wierzbicki-Ebrahimi' });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** An error sample as the server or the network gives it. */
function sentEmail(body: string | null): string | undefined {
  return body ? (JSON.parse(body) as { email?: string }).email : undefined;
}

async function expectFieldMessages(page: Page, errors: Record<string, string>) {
  for (const message of Object.values(errors)) await expect.poll(() => page.getByText(message, { exact: true }).count()).toBeGreaterThan(0);
}

function forgotDrive(page: Page, options: HeldRequests, requests: HeldRequests): Drive {
  const field = page.getByLabel(/^Email/);
  const send = page.getByRole('button', { name: passwordResetTexts.send });
  return {
    async act({ event }) {
      if (event.type === 'field.change') await field.fill(event.value as string);
      else if (event.type === 'form.submit') await send.click();
      else if (event.type === 'options.retry') await page.getByRole('button', { name: 'Try again' }).click();
      else if (event.type === 'xstate.done.actor.loadOptions') {
        const { emailAvailable } = event.output as { emailAvailable: boolean };
        // This server emails links: it answers 'available' itself; 'not available' is the sample's answer.
        await options.settle(
          () => true,
          'the options call',
          (route) => (emailAvailable ? route.continue() : fulfilJson(route, 200, { data: { emailAvailable } })),
        );
      } else if (event.type === 'xstate.error.actor.loadOptions') {
        await options.settle(
          () => true,
          'the options call',
          (route) => answerError(route, event.error),
        );
      } else if (event.type === 'xstate.done.actor.requestReset') {
        await requests.settle(
          () => true,
          'the request',
          (route) => route.continue(),
        );
      } else if (event.type === 'xstate.error.actor.requestReset') {
        await requests.settle(
          () => true,
          'the request',
          (route) => answerError(route, event.error),
        );
      } else {
        throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ after }) {
      const { context } = after;
      const step = (after.value as { request: string }).request;
      if (step === 'loading') {
        await options.waitFor(() => true, 'the options call');
        await page.getByRole('status').filter({ hasText: 'Loading...' }).waitFor();
      } else if (step === 'failed') {
        await page
          .getByRole('alert')
          .filter({ hasText: context.error as string })
          .waitFor();
        await page.getByRole('button', { name: 'Try again' }).waitFor();
      } else if (step === 'askingStaff') {
        await page.getByText(passwordResetTexts.askStaff).waitFor();
        expect(await field.count()).toBe(0);
      } else if (step === 'askingEmail') {
        await expect.poll(() => send.isEnabled()).toBe(true);
        expect(await field.inputValue()).toBe(context.values.email);
        await expectFieldMessages(page, context.errors);
        if (context.error) await page.getByRole('alert').filter({ hasText: context.error }).waitFor();
      } else if (step === 'sending') {
        const request = await requests.waitFor(() => true, 'the request');
        expect(sentEmail(request.postData())).toBe(context.sentTo);
        await expect.poll(() => page.getByRole('button', { name: 'Loading...' }).getAttribute('aria-busy')).toBe('true');
      } else if (step === 'sent') {
        await page.getByRole('status').filter({ hasText: passwordResetTexts.sent }).waitFor();
        expect(await field.count()).toBe(0);
      } else {
        throw new Error(`No check for ${step}`);
      }
    },
  };
}

function resetDrive(page: Page, resets: HeldRequests): Drive {
  const password = page.getByLabel(new RegExp(`^${passwordResetTexts.newPassword}`));
  const confirm = page.getByLabel(new RegExp(`^${passwordResetTexts.confirmPassword}`));
  const save = page.getByRole('button', { name: passwordResetTexts.save });
  return {
    async act({ event }) {
      if (event.type === 'field.change') await (event.field === 'password' ? password : confirm).fill(event.value as string);
      else if (event.type === 'form.submit') await save.click();
      else if (event.type === 'xstate.done.actor.resetPassword') {
        // A real link of the person: the real server sets the password.
        await resets.settle(
          () => true,
          'the reset',
          (route) => route.continue(),
        );
      } else if (event.type === 'xstate.error.actor.resetPassword') {
        await resets.settle(
          () => true,
          'the reset',
          (route) => answerError(route, event.error),
        );
      } else {
        throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ after }) {
      const { context } = after;
      const step = (after.value as { reset: string }).reset;
      if (step === 'editing') {
        await expect.poll(() => save.isEnabled()).toBe(true);
        expect([await password.inputValue(), await confirm.inputValue()]).toEqual([
          context.values.password,
          context.values.confirmPassword,
        ]);
        await expectFieldMessages(page, context.errors);
        if (context.error) await page.getByRole('alert').filter({ hasText: context.error }).waitFor();
      } else if (step === 'saving') {
        const request = await resets.waitFor(() => true, 'the reset');
        expect(JSON.parse(request.postData() ?? '{}')).toEqual({ password: strong });
        await expect.poll(() => page.getByRole('button', { name: 'Loading...' }).getAttribute('aria-busy')).toBe('true');
      } else if (step === 'done') {
        await page.getByRole('status').filter({ hasText: passwordResetTexts.done }).waitFor();
        expect(await password.count()).toBe(0);
      } else if (step === 'linkDead') {
        await page.getByRole('alert').filter({ hasText: passwordResetTexts.linkDead }).waitFor();
        await page.getByRole('link', { name: passwordResetTexts.askAgain }).waitFor();
      } else {
        throw new Error(`No check for ${step}`);
      }
    },
  };
}

async function onPage(work: (page: Page) => Promise<void>) {
  const { context, page, pageErrors } = await newPage(browser, app.baseUrl);
  // A missing element fails the step instead of waiting for the test's own timeout.
  page.setDefaultTimeout(10_000);
  try {
    await work(page);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("'Forgot password?' paths through /forgot-password in Chromium", () => {
  const completed: PlannedPath[] = [];
  for (const planned of forgotPaths) {
    it(describePath(planned.path), async () => {
      await onPage(async (page) => {
        const options = await holdRequests(page, 'GET', '/public/v1/password-reset');
        const requests = await holdRequests(page, 'POST', '/public/v1/password-reset');
        await page.goto('/forgot-password');
        await page.getByRole('heading', { level: 1, name: passwordResetTexts.forgotTitle }).waitFor();
        await drivePath(planned.path, forgotDrive(page, options, requests));
      });
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    expectEveryStateAndTransition(forgotPasswordMachine, completed);
  });
});

describe('reset link paths through /reset-password/{token} in Chromium', () => {
  const completed: PlannedPath[] = [];
  for (const planned of resetPaths) {
    it(describePath(planned.path), async () => {
      // A real link of the person for each path: one that reaches the server resets with it.
      const { data } = await app.server.api.POST('/v1/users/{id}/password-reset', {
        params: { path: { id: person.id } },
        headers: bearer(ownerToken),
      });
      const linkPath = new URL(data!.data.url).pathname;
      await onPage(async (page) => {
        const resets = await holdRequests(page, 'POST', (pathname) => pathname.startsWith('/public/v1/password-reset/'));
        await page.goto(linkPath);
        await page.getByRole('heading', { level: 1, name: passwordResetTexts.resetTitle }).waitFor();
        await drivePath(planned.path, resetDrive(page, resets));
      });
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    expectEveryStateAndTransition(passwordResetMachine, completed);
  });
});
