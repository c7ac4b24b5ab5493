// The signing machine's planned paths (tests/machines/signing.machine.test.ts) driven through the
// client's signing page at /sign/{token} in Chromium, on a phone (docs/product/engagement.md#screens).
// The paths that together pass through every state and take every transition run (coveringPaths).
// Each event becomes what the client does (a language, the consent box, 'Continue', 'Next
// document', 'Back', 'Draw' / 'Type my name', a stroke of the mouse on the pad, 'Clear', the
// name, 'Sign', 'Try again') or how the held public call is answered: exactly the sample (the
// documents, a signed copy, an unknown or used link, a change of the documents, no answer). The
// page and its bundle are the real ones the server serves; the full path against the real server's
// public calls is tests/e2e/signing.test.ts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { EngagementSubmission } from '../../../src/api/engagementPublic';
import { signingTexts } from '../../../src/domain/engagement/signingTexts';
import { signingMachine, type SigningSnapshot } from '../../../src/machines/signing.machine';
import { describePath, planModel, traversedTransitions } from '../../machines/modelCoverage';
import { signingEngagement, signingInput, signingOfferIn, signingSamples } from '../../machines/signingSamples';
import { startE2eApp, type E2eApp } from '../support/app';
import { launchChromium, newPage } from '../support/browser';
import { fulfilJson, answerError, holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, drivePath, expectEveryStateAndTransition, type Drive, type PlannedPath } from './support/modelDrive';

const phone = { width: 375, height: 740 };
const TOKEN = 'model-signing-token';
const apiPath = `/public/v1/engagement/${TOKEN}`;

const plan = planModel(signingMachine, { events: signingSamples, input: signingInput, offerIn: signingOfferIn });
const driven: PlannedPath[] = coveringPaths(
  plan.paths.map((path) => ({ path, transitions: traversedTransitions(signingMachine, [path], { input: signingInput }) })),
);
const completed: PlannedPath[] = [];

let app: E2eApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp({ publicRatePerMinute: 10_000 }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** An error sample as the server or the network gives it: its status and body, nothing for status 0. */
function signingDrive(page: Page, opens: HeldRequests, signs: HeldRequests): Drive {
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const pad = (language: 'en' | 'es' | 'vi') => page.getByRole('img', { name: signingTexts(language).padLabel });

  return {
    async act({ before, event }) {
      const { language } = (before as SigningSnapshot).context;
      const t = signingTexts(language);
      switch (event.type) {
        case 'xstate.done.actor.openEngagement':
          return opens.settle(
            () => true,
            'the open call',
            (route) => fulfilJson(route, 200, { data: (event as AnyEventObject).output }),
          );
        case 'xstate.error.actor.openEngagement':
          return opens.settle(
            () => true,
            'the open call',
            (route) => answerError(route, (event as AnyEventObject).error),
          );
        case 'xstate.done.actor.signEngagement':
          return signs.settle(
            () => true,
            'the sign call',
            (route) => fulfilJson(route, 200, { data: (event as AnyEventObject).output }),
          );
        case 'xstate.error.actor.signEngagement':
          return signs.settle(
            () => true,
            'the sign call',
            (route) => answerError(route, (event as AnyEventObject).error),
          );
        case 'link.retry':
          return button(t.retry).click();
        case 'language.choose':
          return button(signingTexts((event as AnyEventObject).language).languageName).click();
        case 'consent.change':
          return page.getByRole('checkbox').setChecked((event as AnyEventObject).value as boolean);
        case 'consent.accept':
          return button(t.continue).click();
        case 'document.next': {
          const { documentIndex, engagement } = (before as SigningSnapshot).context;
          return button(documentIndex + 1 < (engagement?.documents.length ?? 0) ? t.next : t.toSign).click();
        }
        case 'document.back':
          return button(t.back).click();
        case 'method.choose':
          return button((event as AnyEventObject).method === 'draw' ? t.draw : t.type).click();
        case 'signature.draw': {
          // A stroke of the mouse across the pad, as a person signs with it.
          const box = await pad(language).boundingBox();
          if (!box) throw new Error('The signature pad is not on screen');
          await page.mouse.move(box.x + 20, box.y + box.height / 2);
          await page.mouse.down();
          for (let step = 1; step <= 8; step++) {
            await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 === 0 ? -20 : 20));
          }
          return page.mouse.up();
        }
        case 'signature.clear':
          return button(t.clear).click();
        case 'signerName.change':
          return page.getByLabel(t.typedName, { exact: true }).fill((event as AnyEventObject).value as string);
        case 'signature.submit':
          return button(t.sign).click();
        default:
          throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ after }) {
      const snapshot = after as SigningSnapshot;
      const { language, consent, documentIndex, engagement, method, drawing, signerName, problem, sendFailed, documentsChanged } =
        snapshot.context;
      const t = signingTexts(language);
      const heading = (name: string) => page.getByRole('heading', { name, exact: true }).waitFor();
      if (snapshot.matches('loading')) {
        await opens.waitFor(() => true, 'the open call');
        return;
      }
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      if (snapshot.matches('unreachable')) {
        await expect.poll(() => page.getByRole('alert').textContent()).toBe(t.failed);
        return;
      }
      if (snapshot.matches({ gone: 'expired' })) return heading(t.expiredTitle);
      if (snapshot.matches({ gone: 'used' })) return heading(t.usedTitle);
      if (snapshot.matches('consent')) {
        await heading(t.greeting(signingEngagement.clientName));
        await page.getByText(signingEngagement.consent[language].paragraphs[0]!, { exact: true }).waitFor();
        await expect.poll(() => page.getByRole('checkbox').isChecked()).toBe(consent);
        expect(await page.getByText(t.consentRequired, { exact: true }).count()).toBe(problem === 'consent' ? 1 : 0);
        expect(await page.getByText(t.documentsChanged, { exact: true }).count()).toBe(documentsChanged ? 1 : 0);
        return;
      }
      if (snapshot.matches('reading')) {
        const shown = engagement!.documents[documentIndex]!;
        await heading(shown.title);
        await page.getByText(t.documentOf(documentIndex + 1, engagement!.documents.length), { exact: true }).waitFor();
        await page.getByRole('document', { name: shown.title }).getByText(shown.text).waitFor();
        return;
      }
      if (snapshot.matches('sending')) {
        const request = await signs.waitFor(() => true, 'the sign call');
        const body = request.postDataJSON() as EngagementSubmission;
        expect(body).toMatchObject({
          language,
          consent: true,
          signerName: signerName.trim(),
          documentsSha256: signingEngagement.documentsSha256,
        });
        if (method === 'draw') {
          expect(body.signature.kind).toBe('drawn');
          // The stroke drawn on the pad, as a PNG (base64, no data: prefix).
          expect(
            Buffer.from((body.signature as { png: string }).png, 'base64')
              .subarray(1, 4)
              .toString(),
          ).toBe('PNG');
        } else {
          expect(body.signature).toEqual({ kind: 'typed', name: signerName.trim() });
        }
        await expect.poll(() => button(t.signing).isDisabled()).toBe(true);
        return;
      }
      if (snapshot.matches('signed')) {
        await heading(t.signedTitle);
        const download = page.getByRole('link', { name: t.download });
        await expect.poll(() => download.getAttribute('download')).toBe(snapshot.context.signed!.fileName);
        return;
      }
      // signature: nothing typed or drawn lost.
      await heading(t.signatureTitle);
      await expect.poll(() => page.getByLabel(t.typedName, { exact: true }).inputValue()).toBe(signerName);
      await expect.poll(() => button(t.draw).getAttribute('aria-pressed')).toBe(String(method === 'draw'));
      if (method === 'draw') {
        await pad(language).waitFor();
        await expect.poll(() => button(t.clear).isEnabled()).toBe(drawing !== null);
      } else {
        expect(await pad(language).count()).toBe(0);
      }
      expect(await page.getByText(t.sendFailed, { exact: true }).count()).toBe(sendFailed ? 1 : 0);
      expect(await page.getByText(t.signatureRequired, { exact: true }).count()).toBe(problem === 'signature' ? 1 : 0);
      expect(await page.getByText(t.nameRequired, { exact: true }).count()).toBe(problem === 'name' ? 1 : 0);
    },
  };
}

async function drive(path: PlannedPath['path']) {
  const { context, page, pageErrors } = await newPage(browser, app.baseUrl, phone);
  page.setDefaultTimeout(10_000);
  try {
    // The phone's language is English; the link names Spanish.
    await context.setExtraHTTPHeaders({ 'Accept-Language': 'en-US' });
    const opens = await holdRequests(page, 'GET', apiPath);
    const signs = await holdRequests(page, 'POST', apiPath);
    await page.goto(`/sign/${TOKEN}`);
    await drivePath(path, signingDrive(page, opens, signs));
    // Nothing sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("the signing page's paths in Chromium on a phone", () => {
  for (const planned of driven) {
    it(describePath(planned.path), async () => {
      await drive(planned.path);
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    expectEveryStateAndTransition(signingMachine, completed);
  });
});
