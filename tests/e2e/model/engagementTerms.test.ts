// Edit Firm's engagement terms: the machine's planned paths (tests/machines/engagementTerms.machine.test.ts)
// driven through /edit-firm in Chromium (docs/product/engagement.md#screens). The paths that together
// pass through every state and take every transition run (coveringPaths). Each event becomes what
// the owner does (a fee typed, 'Preview', 'Save Engagement Terms', 'Try again') or how the held
// call is answered: exactly the sample (the terms, the filled documents, a refusal naming a
// document, no answer). The real server's terms are tested in tests/e2e/signing.test.ts and tests/api.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { engagementTermsMachine } from '../../../src/machines/engagementTerms.machine';
import { ENGAGEMENT_TERMS_TEXT } from '../../../src/ui/pages/firm/EngagementTermsSection';
import { engagementTermsSamples } from '../../machines/engagementTermsSamples';
import { describePath, planModel, traversedTransitions } from '../../machines/modelCoverage';
import { signIn, startE2eApp, type E2eApp } from '../support/app';
import { launchChromium, newPage } from '../support/browser';
import { fulfilJson, answerError, holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, drivePath, expectEveryStateAndTransition, type Drive, type PlannedPath } from './support/modelDrive';

type TermsSnapshot = SnapshotFrom<typeof engagementTermsMachine>;

const plan = planModel(engagementTermsMachine, { events: engagementTermsSamples });
const driven: PlannedPath[] = coveringPaths(
  plan.paths.map((path) => ({ path, transitions: traversedTransitions(engagementTermsMachine, [path]) })),
);
const completed: PlannedPath[] = [];

let app: E2eApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

function termsDrive(page: Page, loads: HeldRequests, previews: HeldRequests, saves: HeldRequests): Drive {
  const section = page.getByRole('region', { name: ENGAGEMENT_TERMS_TEXT.title });
  const button = (name: string) => section.getByRole('button', { name, exact: true });
  const feeBefore = () => section.getByLabel(ENGAGEMENT_TERMS_TEXT.feeBeforeSuit);

  return {
    async act({ event }) {
      const sample = event as AnyEventObject;
      switch (event.type) {
        case 'terms.reload':
          return button(ENGAGEMENT_TERMS_TEXT.retry).click();
        case 'terms.change':
          return feeBefore().fill(sample.values.feeBeforeSuit as string);
        case 'terms.preview':
          return button(ENGAGEMENT_TERMS_TEXT.preview).click();
        case 'terms.save':
          return button(ENGAGEMENT_TERMS_TEXT.save).click();
        case 'xstate.done.actor.loadTerms':
          return loads.settle(
            () => true,
            'the terms',
            (route) => fulfilJson(route, 200, { data: sample.output }),
          );
        case 'xstate.error.actor.loadTerms':
          return loads.settle(
            () => true,
            'the terms',
            (route) => answerError(route, sample.error),
          );
        case 'xstate.done.actor.previewTerms':
          return previews.settle(
            () => true,
            'the preview',
            (route) => fulfilJson(route, 200, { data: { documents: sample.output } }),
          );
        case 'xstate.error.actor.previewTerms':
          return previews.settle(
            () => true,
            'the preview',
            (route) => answerError(route, sample.error),
          );
        case 'xstate.done.actor.saveTerms':
          return saves.settle(
            () => true,
            'the save',
            (route) => fulfilJson(route, 200, { data: sample.output }),
          );
        case 'xstate.error.actor.saveTerms':
          return saves.settle(
            () => true,
            'the save',
            (route) => answerError(route, sample.error),
          );
        default:
          throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ after, event }) {
      const snapshot = after as TermsSnapshot;
      const { values, preview, error, fieldErrors, terms } = snapshot.context;
      if (snapshot.matches('loading')) {
        await loads.waitFor(() => true, 'the terms');
        return;
      }
      if (snapshot.matches('loadFailed')) {
        await expect.poll(() => section.getByRole('alert').textContent()).toContain(ENGAGEMENT_TERMS_TEXT.loadFailed);
        return;
      }
      await expect.poll(() => feeBefore().inputValue()).toBe(values.feeBeforeSuit);
      if (snapshot.matches('previewing')) {
        const request = await previews.waitFor(() => true, 'the preview');
        // What was on screen when it was pressed; typing meanwhile stays on screen.
        if (event.type === 'terms.preview') expect(request.postDataJSON()).toEqual({ terms: values });
        return;
      }
      if (snapshot.matches('saving')) {
        const request = await saves.waitFor(() => true, 'the save');
        if (event.type === 'terms.save') expect(request.postDataJSON()).toEqual(values);
        return;
      }
      // editing: the texts, which are still samples, the preview, the refusal by the field it names.
      const fee = section.getByLabel(ENGAGEMENT_TERMS_TEXT.documents.feeAgreement, { exact: true });
      await expect.poll(() => fee.inputValue()).toBe(values.documents.feeAgreement);
      const sampleMarks = Object.values(terms!.samples).filter(Boolean).length;
      expect(await section.getByText(ENGAGEMENT_TERMS_TEXT.sample, { exact: true }).count()).toBe(sampleMarks);
      const shown = section.getByRole('region', { name: ENGAGEMENT_TERMS_TEXT.previewTitle(ENGAGEMENT_TERMS_TEXT.documents.feeAgreement) });
      await expect
        .poll(() => shown.textContent())
        .toContain(preview ? preview.find((filled) => filled.kind === 'feeAgreement')!.text : ENGAGEMENT_TERMS_TEXT.previewEmpty);
      if (error) await expect.poll(() => section.getByRole('alert').textContent()).toBe(error);
      else expect(await section.getByRole('alert').count()).toBe(0);
      await expect.poll(() => fee.getAttribute('aria-invalid')).toBe(fieldErrors['documents.feeAgreement'] ? 'true' : null);
    },
  };
}

async function drive(path: PlannedPath['path']) {
  const { context, page, pageErrors } = await newPage(browser, app.baseUrl);
  page.setDefaultTimeout(10_000);
  try {
    const loads = await holdRequests(page, 'GET', '/v1/firm/engagement-terms');
    const previews = await holdRequests(page, 'POST', '/v1/firm/engagement-terms/preview');
    const saves = await holdRequests(page, 'PUT', '/v1/firm/engagement-terms');
    await signIn(page, app.owner);
    await page.goto('/edit-firm');
    await page.getByRole('heading', { name: 'Edit Firm' }).waitFor();
    await drivePath(path, termsDrive(page, loads, previews, saves));
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("Edit Firm's engagement terms paths in Chromium", () => {
  for (const planned of driven) {
    it(describePath(planned.path), async () => {
      await drive(planned.path);
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    expectEveryStateAndTransition(engagementTermsMachine, completed);
  });
});
