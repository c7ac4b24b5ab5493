// The engagement dialog's planned paths (tests/machines/engagementDialog.machine.test.ts) driven
// through the engagement on an intake in edit mode, in Chromium (docs/product/engagement.md#screens).
// The paths that together pass through every state and take every transition run (coveringPaths).
// Each event becomes what staff do ('Send for signature', 'Copy link', 'Send by email', 'Make a new
// link', 'Keep the old link', 'Close', 'Try again', 'Signed engagement', and the conflict panel's
// 'Check again', after which the engagement's state is read again) or how the held call is
// answered: exactly the sample (the engagement's state, a made link, the server's refusal, a
// signed PDF, no answer). Copying is the browser's clipboard; a refused copy is the clipboard
// refusing. The full path against the real server is tests/e2e/signing.test.ts.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { toApiIntake } from '../../../src/domain/intake';
import { engagementDialogMachine } from '../../../src/machines/engagementDialog.machine';
import { ENGAGEMENT_TEXT } from '../../../src/ui/pages/intake/engagement/EngagementPanel';
import { draftIntake } from '../../api/support/intakes';
import { bearer } from '../../api/support/testServer';
import { engagementDialogSamples } from '../../machines/engagementDialogSamples';
import { collectTransitions, describePath, planModel, recordBrowserCoverage, traversedTransitions } from '../../machines/modelCoverage';
import { signIn, startE2eApp, type E2eApp } from '../support/app';
import { launchChromium, newPage } from '../support/browser';
import { holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, describeTransitions, drivePath, stateIds, statesVisited, type Drive, type PlannedPath } from './support/modelDrive';

type DialogSnapshot = SnapshotFrom<typeof engagementDialogMachine>;

const input = { caseId: 'case-model' };
const plan = planModel(engagementDialogMachine, { events: engagementDialogSamples, input });
const driven: PlannedPath[] = coveringPaths(
  plan.paths.map((path) => ({ path, transitions: traversedTransitions(engagementDialogMachine, [path], { input }) })),
);
const completed: PlannedPath[] = [];

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

async function newDraft(): Promise<string> {
  const { data } = await app.server.api.POST('/v1/intake', {
    body: { userId: app.owner.id, generalCaseInformation: toApiIntake(draftIntake({ firstName: 'Marisol', lastName: 'Ejemplo' })) },
    headers: bearer(staffToken),
  });
  if (!data) throw new Error('The draft could not be made for the test');
  return data.data.caseId!;
}

function fulfilJson(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

function answerError(route: Route, error: { status?: number; code?: string; message?: string }) {
  if (error.status === 0) return route.abort('connectionrefused');
  return fulfilJson(route, error.status ?? 500, { code: error.code, message: error.message });
}

const A_PDF = '%PDF-1.7\n%%EOF\n';

function dialogDrive(page: Page, statuses: HeldRequests, creates: HeldRequests, downloads: HeldRequests): Drive {
  const panel = page.getByRole('group', { name: ENGAGEMENT_TEXT.label });
  const dialog = page.getByRole('dialog', { name: ENGAGEMENT_TEXT.title });
  const confirm = page.getByRole('dialog', { name: ENGAGEMENT_TEXT.replaceTitle });
  const inDialog = (name: string) => dialog.getByRole('button', { name, exact: true });

  return {
    async act({ event, next }) {
      const sample = event as AnyEventObject;
      switch (event.type) {
        case 'dialog.open':
          return panel.getByRole('button', { name: ENGAGEMENT_TEXT.open }).click();
        case 'dialog.close':
          return inDialog(ENGAGEMENT_TEXT.close).last().click();
        case 'status.retry':
          return panel.getByRole('button', { name: ENGAGEMENT_TEXT.retry }).click();
        case 'status.reload':
          return page.getByRole('region', { name: 'Conflict check' }).getByRole('button', { name: 'Check again' }).click();
        case 'link.copy':
          return inDialog(ENGAGEMENT_TEXT.copy).click();
        case 'link.email':
          return inDialog(ENGAGEMENT_TEXT.email).click();
        case 'replace.confirm':
          return confirm.getByRole('button', { name: ENGAGEMENT_TEXT.confirm }).click();
        case 'replace.cancel':
          return confirm.getByRole('button', { name: ENGAGEMENT_TEXT.keep }).click();
        case 'signed.download':
          return panel.getByRole('button', { name: ENGAGEMENT_TEXT.download }).click();
        case 'xstate.done.actor.loadStatus':
          return statuses.settle(
            () => true,
            'the status call',
            (route) => fulfilJson(route, 200, { data: sample.output }),
          );
        case 'xstate.error.actor.loadStatus':
          return statuses.settle(
            () => true,
            'the status call',
            (route) => answerError(route, sample.error),
          );
        case 'xstate.done.actor.createLink':
          // The copy runs as soon as the link is made: the clipboard answers as the next step says.
          await page.evaluate((refuse) => {
            (window as unknown as { refuseCopy: boolean }).refuseCopy = refuse;
          }, next?.type === 'xstate.error.actor.copyText');
          return creates.settle(
            () => true,
            'the create call',
            (route) => fulfilJson(route, 201, { data: sample.output }),
          );
        case 'xstate.error.actor.createLink':
          return creates.settle(
            () => true,
            'the create call',
            (route) => answerError(route, sample.error),
          );
        case 'xstate.done.actor.copyText':
        case 'xstate.error.actor.copyText':
          return; // The browser's clipboard already answered (set at the create step).
        case 'xstate.done.actor.downloadSigned':
          return downloads.settle(
            () => true,
            'the download',
            (route) => route.fulfill({ status: 200, contentType: 'application/pdf', body: A_PDF }),
          );
        case 'xstate.error.actor.downloadSigned':
          return downloads.settle(
            () => true,
            'the download',
            (route) => answerError(route, sample.error),
          );
        default:
          throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ after }) {
      const snapshot = after as DialogSnapshot;
      const { status, link, copied, error, delivery } = snapshot.context;
      if (snapshot.matches('loading')) {
        await statuses.waitFor(() => true, 'the status call');
        return;
      }
      if (snapshot.matches('unavailable')) {
        await expect.poll(() => panel.getByRole('alert').textContent()).toBe(ENGAGEMENT_TEXT.unavailable);
        return;
      }
      if (snapshot.matches('refused')) {
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => panel.getByRole('button', { name: ENGAGEMENT_TEXT.open }).isDisabled()).toBe(true);
        await expect.poll(() => panel.textContent()).toContain(status!.sendRefusal!.message);
        return;
      }
      if (snapshot.matches('idle') || snapshot.matches('downloading')) {
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => panel.textContent()).toContain(`${ENGAGEMENT_TEXT.label}: ${ENGAGEMENT_TEXT.states[status!.state]}`);
        const signed = status!.state === 'signed';
        expect(await panel.getByRole('button', { name: ENGAGEMENT_TEXT.open }).count()).toBe(signed ? 0 : 1);
        if (snapshot.matches('downloading')) {
          await downloads.waitFor(() => true, 'the download');
          await expect.poll(() => panel.getByRole('button', { name: 'Loading...' }).getAttribute('aria-busy')).toBe('true');
          return;
        }
        expect(await panel.getByRole('button', { name: ENGAGEMENT_TEXT.download }).count()).toBe(signed ? 1 : 0);
        if (error) await expect.poll(() => panel.getByRole('alert').textContent()).toBe(error);
        else expect(await panel.getByRole('alert').count()).toBe(0);
        return;
      }
      if (snapshot.matches({ dialog: 'confirming' })) {
        await confirm.getByText(ENGAGEMENT_TEXT.replace).waitFor();
        return;
      }
      await dialog.waitFor();
      if (snapshot.matches({ dialog: 'creating' })) {
        const request = await creates.waitFor(() => true, 'the create call');
        expect((request.postDataJSON() as { delivery: string }).delivery).toBe(delivery);
        return;
      }
      if (snapshot.matches({ dialog: 'copying' })) return; // The clipboard answers at once.
      if (snapshot.matches({ dialog: 'refreshing' })) {
        await statuses.waitFor(() => true, 'the status call after the link');
        return;
      }
      // ready or blocked: the buttons, the reason, the link and what became of it.
      const blocked = snapshot.matches({ dialog: 'blocked' });
      await expect.poll(() => inDialog(ENGAGEMENT_TEXT.copy).isEnabled()).toBe(!blocked);
      expect(await inDialog(ENGAGEMENT_TEXT.email).count()).toBe(status?.emailAvailable ? 1 : 0);
      if (error) await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(error);
      else expect(await dialog.getByRole('alert').count()).toBe(0);
      const address = dialog.getByLabel(ENGAGEMENT_TEXT.link);
      if (!link) {
        expect(await address.count()).toBe(0);
        return;
      }
      await expect.poll(() => address.inputValue()).toBe(link.url);
      const said = link.emailedTo ? ENGAGEMENT_TEXT.sentTo(link.emailedTo) : copied ? ENGAGEMENT_TEXT.copied : '';
      await expect.poll(async () => (await dialog.getByRole('status').textContent()) ?? '').toBe(said);
      if (copied) expect(await page.evaluate(() => (window as unknown as { copiedText?: string }).copiedText)).toBe(link.url);
    },
  };
}

async function driveOnDraft(path: PlannedPath['path']) {
  const caseId = await newDraft();
  const { context, page, pageErrors } = await newPage(browser, app.baseUrl);
  page.setDefaultTimeout(10_000);
  try {
    await page.addInitScript(() => {
      const state = window as unknown as { refuseCopy?: boolean; copiedText?: string };
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: {
          writeText: (text: string) => {
            if (state.refuseCopy) return Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
            state.copiedText = text;
            return Promise.resolve();
          },
        },
      });
    });
    const pathname = `/v1/intake/${caseId}/engagement`;
    const statuses = await holdRequests(page, 'GET', pathname);
    const creates = await holdRequests(page, 'POST', pathname);
    const downloads = await holdRequests(page, 'GET', `${pathname}/signed.pdf`);
    await signIn(page, app.owner);
    await page.goto(`/intake-details/edit/${caseId}`);
    await page.getByRole('heading', { name: 'Edit Intake' }).waitFor();
    await drivePath(path, dialogDrive(page, statuses, creates, downloads));
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("the engagement dialog's paths through the intake form in Chromium", () => {
  for (const planned of driven) {
    it(describePath(planned.path), async () => {
      await driveOnDraft(planned.path);
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    const transitions = new Set(completed.flatMap((planned) => [...planned.transitions]));
    recordBrowserCoverage(engagementDialogMachine, completed.length, transitions);
    const snapshots = completed.flatMap((planned) => planned.path.steps.map((step) => step.state));
    const visited = statesVisited(engagementDialogMachine, snapshots, transitions);
    expect([...visited].sort()).toEqual(stateIds(engagementDialogMachine).sort());
    expect(describeTransitions(engagementDialogMachine, transitions)).toEqual(
      describeTransitions(engagementDialogMachine, new Set(collectTransitions(engagementDialogMachine).map((edge) => edge.key))),
    );
  });
});
