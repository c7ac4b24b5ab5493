// The client link dialog's planned paths (tests/machines/clientLink.machine.test.ts) driven through
// 'Send to client' on a draft intake in edit mode, in Chromium (docs/product/client-intake.md#the-link).
// The paths that together pass through every state and take every transition run (coveringPaths).
// Each event becomes what staff do ('Send to client', 'Copy link', 'Send by email', 'Try again',
// 'Close') or what answers the held call: the real server where it answers as the step says (the
// status with email unavailable, a copied link), else exactly the sample (email available, an
// emailed link, a refusal, no answer). Copying is the browser's clipboard; a refused copy is the
// clipboard refusing, as a browser without the permission does.
import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { clientLinkMachine } from '../../../src/machines/clientLink.machine';
import { draftIntake } from '../../api/support/intakes';
import { bearer } from '../../api/support/testServer';
import { toApiIntake } from '../../../src/domain/intake';
import { collectTransitions, describePath, planModel, recordBrowserCoverage, traversedTransitions } from '../../machines/modelCoverage';
import { signIn, startE2eApp, type E2eApp } from '../support/app';
import { launchChromium, newPage } from '../support/browser';
import { holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, describeTransitions, drivePath, stateIds, statesVisited, type Drive, type PlannedPath } from './support/modelDrive';

type LinkSnapshot = SnapshotFrom<typeof clientLinkMachine>;

const input = { caseId: 'case-model' };
const link = { url: 'https://intake.example.test/client-intake/abc', expiresAt: '2030-01-08T00:00:00.000Z', emailedTo: null };
const emailed = { ...link, emailedTo: 'client@example.test' };

// The unit suite's samples.
const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadStatus', output: { emailAvailable: true, link: null } },
  { type: 'xstate.done.actor.loadStatus', output: { emailAvailable: false, link: null } },
  { type: 'xstate.error.actor.loadStatus', error: { status: 0, code: 'network_error', message: 'The server could not be reached' } },
  { type: 'xstate.done.actor.createLink', output: link },
  { type: 'xstate.done.actor.createLink', output: emailed },
  {
    type: 'xstate.error.actor.createLink',
    error: { status: 409, code: 'intake_final', message: 'This intake is final and can no longer be changed.' },
  },
  { type: 'xstate.error.actor.createLink', error: {} },
  { type: 'xstate.done.actor.copyText' },
  { type: 'xstate.error.actor.copyText', error: { message: 'Write permission denied.' } },
];

const plan = planModel(clientLinkMachine, { events: samples, input });
const driven: PlannedPath[] = coveringPaths(
  plan.paths.map((path) => ({ path, transitions: traversedTransitions(clientLinkMachine, [path], { input }) })),
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

function linksOf(caseId: string) {
  return app.server.db.selectFrom('client_links').selectAll().where('case_id', '=', caseId).execute();
}

function fulfilJson(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

/** An error sample as the server or the network gives it: its status and body, nothing for status 0, an empty 500 for `{}`. */
function answerError(route: Route, error: { status?: number; code?: string; message?: string }) {
  if (error.status === 0) return route.abort('connectionrefused');
  if (error.status === undefined) return route.fulfill({ status: 500, body: '' });
  return fulfilJson(route, error.status, { code: error.code, message: error.message });
}

const deliveryOf = (request: Request) => (request.postDataJSON() as { delivery?: string } | null)?.delivery ?? 'copy';

function linkDrive(page: Page, caseId: string, statuses: HeldRequests, creates: HeldRequests): Drive {
  const dialog = page.getByRole('dialog', { name: 'Send to client' });
  const button = (name: string) => dialog.getByRole('button', { name, exact: true });
  let realLinks = 0;
  /** The address the dialog shows: the real server's (undefined) or the sample's answered. */
  let sampleUrl: string | undefined;

  return {
    async act({ event, next }) {
      if (event.type === 'dialog.open') {
        await page.getByRole('button', { name: 'Send to client' }).click();
      } else if (event.type === 'dialog.close') {
        await button('Close').first().click();
      } else if (event.type === 'link.retry') {
        await button('Try again').click();
      } else if (event.type === 'link.copy') {
        await button('Copy link').click();
      } else if (event.type === 'link.email') {
        await button('Send by email').click();
      } else if (event.type === 'xstate.done.actor.loadStatus') {
        const output = event.output as { emailAvailable: boolean };
        // This server has no SMTP_URL: it answers 'no email' itself; 'email set up' is the sample's answer.
        await statuses.settle(
          () => true,
          'the status call',
          (route) => (output.emailAvailable ? fulfilJson(route, 200, { data: output }) : route.continue()),
        );
      } else if (event.type === 'xstate.error.actor.loadStatus') {
        await statuses.settle(
          () => true,
          'the status call',
          (route) => answerError(route, event.error),
        );
      } else if (event.type === 'xstate.done.actor.createLink') {
        // The copy runs as soon as the link is made: the clipboard answers as the next step says.
        await page.evaluate((refuse) => {
          (window as unknown as { refuseCopy: boolean }).refuseCopy = refuse;
        }, next?.type === 'xstate.error.actor.copyText');
        const output = event.output as typeof link;
        await creates.settle(
          () => true,
          'the create call',
          async (route) => {
            if (output.emailedTo === null && deliveryOf(route.request()) === 'copy') {
              realLinks += 1;
              sampleUrl = undefined;
              return route.continue();
            }
            sampleUrl = output.url;
            return fulfilJson(route, 201, { data: output });
          },
        );
      } else if (event.type === 'xstate.error.actor.createLink') {
        await creates.settle(
          () => true,
          'the create call',
          (route) => answerError(route, event.error),
        );
      } else if (event.type === 'xstate.done.actor.copyText' || event.type === 'xstate.error.actor.copyText') {
        // The browser's clipboard already answered (set at the create step).
      } else {
        throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ after, event }) {
      const snapshot = after as LinkSnapshot;
      if (snapshot.matches('closed')) {
        await dialog.waitFor({ state: 'detached' });
        return;
      }
      await dialog.waitFor();
      if (snapshot.matches('loading')) {
        await statuses.waitFor(() => true, 'the status call');
        expect(await dialog.getByRole('alert').count()).toBe(0);
        return;
      }
      if (snapshot.matches('failed')) {
        await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('The server could not be reached');
        expect(await button('Copy link').count()).toBe(0);
        return;
      }
      if (snapshot.matches({ copying: 'creating' }) || snapshot.matches('emailing')) {
        const request = await creates.waitFor(() => true, 'the create call');
        expect(deliveryOf(request)).toBe(snapshot.matches('emailing') ? 'email' : 'copy');
        // The pressed button says it is working; the other is disabled meanwhile.
        await expect.poll(() => dialog.getByRole('button', { name: 'Loading...' }).getAttribute('aria-busy')).toBe('true');
        return;
      }
      if (snapshot.matches({ copying: 'toClipboard' })) return; // The clipboard answers at once.

      // ready: the buttons, the link and what became of it.
      const { emailAvailable, link: made, copied, error } = snapshot.context;
      await expect.poll(() => button('Copy link').isEnabled()).toBe(true);
      expect(await button('Send by email').count()).toBe(emailAvailable ? 1 : 0);
      if (error) {
        const shown = dialog.getByRole('alert');
        await expect.poll(() => shown.count()).toBe(1);
        if (event.type === 'xstate.error.actor.createLink' && (event.error as { status?: number }).status === 409) {
          expect(await shown.textContent()).toBe(error);
        }
      } else {
        expect(await dialog.getByRole('alert').count()).toBe(0);
      }
      const address = dialog.getByLabel('Client link');
      if (!made) {
        expect(await address.count()).toBe(0);
        return;
      }
      // A copied link is the real server's; any other the sample's.
      if (sampleUrl) await expect.poll(() => address.inputValue()).toBe(sampleUrl);
      else await expect.poll(() => address.inputValue()).toMatch(/\/client-intake\/[A-Za-z0-9_-]{43}$/);
      if (made.emailedTo) await expect.poll(() => dialog.getByText(`Link sent to ${made.emailedTo}`).isVisible()).toBe(true);
      else await expect.poll(async () => (await dialog.getByRole('status').textContent()) ?? '').toBe(copied ? 'Link copied' : '');
      if (copied)
        expect(await page.evaluate(() => (window as unknown as { copiedText?: string }).copiedText)).toBe(await address.inputValue());
      // Every copy the real server made is a stored link of this intake.
      expect((await linksOf(caseId)).length).toBe(realLinks);
    },
  };
}

async function driveOnDraft(path: PlannedPath['path']) {
  const caseId = await newDraft();
  const { context, page, pageErrors } = await newPage(browser, app.baseUrl);
  // A missing element fails the step instead of waiting for the test's own timeout.
  page.setDefaultTimeout(10_000);
  try {
    // The clipboard as a browser gives it: it takes the text, or refuses when not allowed.
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
    const pathname = `/v1/intake/${caseId}/client-link`;
    const statuses = await holdRequests(page, 'GET', pathname);
    const creates = await holdRequests(page, 'POST', pathname);
    await signIn(page, app.owner);
    await page.goto(`/intake-details/edit/${caseId}`);
    await page.getByRole('button', { name: 'Send to client' }).waitFor();
    await drivePath(path, linkDrive(page, caseId, statuses, creates));
    expect(await page.evaluate(() => window.location.pathname)).toBe(`/intake-details/edit/${caseId}`);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("the client link dialog's paths through 'Send to client' in Chromium", () => {
  for (const planned of driven) {
    it(describePath(planned.path), async () => {
      await driveOnDraft(planned.path);
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    const transitions = new Set(completed.flatMap((planned) => [...planned.transitions]));
    recordBrowserCoverage(clientLinkMachine, completed.length, transitions);
    const snapshots = completed.flatMap((planned) => planned.path.steps.map((step) => step.state));
    const visited = statesVisited(clientLinkMachine, snapshots, transitions);
    expect([...visited].sort()).toEqual(stateIds(clientLinkMachine).sort());
    expect(describeTransitions(clientLinkMachine, transitions)).toEqual(
      describeTransitions(clientLinkMachine, new Set(collectTransitions(clientLinkMachine).map((edge) => edge.key))),
    );
  });
});
