// The client link dialog's planned paths (tests/machines/clientLink.machine.test.ts) driven through
// 'Send to client' on a draft intake in edit mode, in Chromium (docs/product/client-intake.md#the-link).
// The paths that together pass through every state and take every transition run (coveringPaths).
// Each event becomes what staff do ('Send to client', 'Copy link', 'Send by email', 'Try again',
// 'Close') or what answers the held call: the real server where it answers as the step says (the
// status with email unavailable, a copied link), else exactly the sample (email available, an
// emailed link, a refusal, no answer). Copying is the browser's clipboard; a refused copy is the
// clipboard refusing, as a browser without the permission does.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { clientLinkMachine } from '../../../src/machines/clientLink.machine';
import { describePath, planModel, traversedTransitions } from '../../machines/modelCoverage';
import { answerError, copiedText, draftSuite, fulfilJson, refuseCopies } from './support/draftSuite';
import { holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, expectEveryStateAndTransition, type Drive, type PlannedPath } from './support/modelDrive';

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

const suite = draftSuite({ client: { firstName: 'Marisol', lastName: 'Ejemplo' }, clipboard: true });

function linksOf(caseId: string) {
  return suite.app.server.db.selectFrom('client_links').selectAll().where('case_id', '=', caseId).execute();
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
        await refuseCopies(page, next?.type === 'xstate.error.actor.copyText');
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
      if (copied) expect(await copiedText(page)).toBe(await address.inputValue());
      // Every copy the real server made is a stored link of this intake.
      expect((await linksOf(caseId)).length).toBe(realLinks);
    },
  };
}

describe("the client link dialog's paths through 'Send to client' in Chromium", () => {
  for (const planned of driven) {
    it(describePath(planned.path), async () => {
      await suite.drive(planned.path, async (page, caseId) => {
        const pathname = `/v1/intake/${caseId}/client-link`;
        const statuses = await holdRequests(page, 'GET', pathname);
        const creates = await holdRequests(page, 'POST', pathname);
        return linkDrive(page, caseId, statuses, creates);
      });
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    expectEveryStateAndTransition(clientLinkMachine, completed);
  });
});
