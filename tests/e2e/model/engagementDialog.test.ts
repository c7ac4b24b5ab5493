// The engagement dialog's planned paths (tests/machines/engagementDialog.machine.test.ts) driven
// through the engagement on an intake in edit mode, in Chromium (docs/product/engagement.md#screens).
// The paths that together pass through every state and take every transition run (coveringPaths).
// Each event becomes what staff do ('Send for signature', 'Copy link', 'Send by email', 'Make a new
// link', 'Keep the old link', 'Close', 'Try again', 'Signed engagement', and the conflict panel's
// 'Check again', after which the engagement's state is read again) or how the held call is
// answered: exactly the sample (the engagement's state, a made link, the server's refusal, a
// signed PDF, no answer). Copying is the browser's clipboard; a refused copy is the clipboard
// refusing. The full path against the real server is tests/e2e/signing.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { engagementDialogMachine } from '../../../src/machines/engagementDialog.machine';
import { ENGAGEMENT_TEXT } from '../../../src/ui/pages/intake/engagement/EngagementPanel';
import { engagementDialogSamples } from '../../machines/engagementDialogSamples';
import { describePath, planModel, traversedTransitions } from '../../machines/modelCoverage';
import { answerError, copiedText, draftSuite, fulfilJson, refuseCopies } from './support/draftSuite';
import { holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, expectEveryStateAndTransition, type Drive, type PlannedPath } from './support/modelDrive';

type DialogSnapshot = SnapshotFrom<typeof engagementDialogMachine>;

const input = { caseId: 'case-model' };
const plan = planModel(engagementDialogMachine, { events: engagementDialogSamples, input });
const driven: PlannedPath[] = coveringPaths(
  plan.paths.map((path) => ({ path, transitions: traversedTransitions(engagementDialogMachine, [path], { input }) })),
);
const completed: PlannedPath[] = [];

const suite = draftSuite({ client: { firstName: 'Marisol', lastName: 'Ejemplo' }, clipboard: true });

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
          await refuseCopies(page, next?.type === 'xstate.error.actor.copyText');
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
        // Waited for: after a download's answer the button says 'Loading...' until the page has read it.
        await expect.poll(() => panel.getByRole('button', { name: ENGAGEMENT_TEXT.download }).count()).toBe(signed ? 1 : 0);
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
      if (copied) expect(await copiedText(page)).toBe(link.url);
    },
  };
}

describe("the engagement dialog's paths through the intake form in Chromium", () => {
  for (const planned of driven) {
    it(describePath(planned.path), async () => {
      await suite.drive(planned.path, async (page, caseId) => {
        const pathname = `/v1/intake/${caseId}/engagement`;
        const statuses = await holdRequests(page, 'GET', pathname);
        const creates = await holdRequests(page, 'POST', pathname);
        const downloads = await holdRequests(page, 'GET', `${pathname}/signed.pdf`);
        return dialogDrive(page, statuses, creates, downloads);
      });
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    expectEveryStateAndTransition(engagementDialogMachine, completed);
  });
});
