import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Analyses of a page that keeps changing under them before the check gives up and says so. */
const MAX_ANALYSES = 5;

/**
 * Serious and critical axe findings as "rule: selector" lines, so a failure says what to fix.
 *
 * axe reads the page over many steps; a toast that starts fading out (or arrives, or leaves the
 * DOM) in the middle is measured half in one state and half in another, and its contrast comes out
 * as a violation the screen never shows. So each analysis starts once the page's animations have
 * ended, and one during which the page changed is thrown away and run again. Animations that never
 * end (a spinner) are not waited for.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  for (let analysis = 1; analysis <= MAX_ANALYSES; analysis += 1) {
    await animationsEnded(page);
    await page.evaluate(watchForChanges);
    // Only violations are read: axe then keeps no node lists for the rules that passed, much of its
    // work on a large screen.
    const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    if ((await page.evaluate(changesSeen)) === 0) {
      return results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
    }
    // On a busy machine one analysis outlasts a toast's few seconds, so toasts that leave one by
    // one can change the page under every analysis: the next one waits until they have all gone.
    await toastsGone(page);
  }
  throw new Error(`The page changed during each of ${MAX_ANALYSES} accessibility analyses; nothing could be checked.`);
}

/** The app's one toast container (react-hot-toast's) holds no toast any more. */
function toastsGone(page: Page): Promise<unknown> {
  return page.waitForFunction(() => (document.querySelector('[data-rht-toaster]')?.textContent ?? '') === '', undefined, {
    timeout: 30_000,
  });
}

function animationsEnded(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

type Watched = Window & { a11yChanges?: { observer: MutationObserver; count: number } };

/** Runs in the page: counts every DOM change until `changesSeen`. */
function watchForChanges() {
  const watched = window as Watched;
  const record = { observer: new MutationObserver((changes) => (record.count += changes.length)), count: 0 };
  record.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  watched.a11yChanges = record;
}

/** Runs in the page: the changes counted since `watchForChanges`, and stops counting. */
function changesSeen(): number {
  const record = (window as Watched).a11yChanges!;
  record.observer.disconnect();
  record.count += record.observer.takeRecords().length;
  return record.count;
}
