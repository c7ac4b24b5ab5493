// What one keystroke in the intake form costs ("a keystroke in the
// form re-renders the field, not the form"). In Chromium, on the built app and the real server,
// 100 characters are typed into the Address field of /new-intake and each keystroke is timed from
// the keydown's timestamp to the frame after it (the time until the user can see the letter).
// The Event Timing API adds the browser's own view: keyboard events slower than 16 ms (one frame).
// The client must be built first (`npm run bench` builds it). Alone: `npx vite build && npx tsx
// bench/intakeKeystroke.bench.ts`.
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { signIn, startE2eApp } from '../tests/e2e/support/app';
import { launchChromium, newPage } from '../tests/e2e/support/browser';
import { percentile, round, type BenchRow } from './support';

/** 100 characters: the Address field's limit (docs/product/intake-form.md), so nothing typed is cut. */
const TYPED_TEXT = '1200 North Main Street, Apartment 45B, Springfield Heights, Example County, near the old mill 000001';
const KEY_DELAY_MS = 30;
/** Event Timing reports only events at least this long (its minimum is 16 ms). */
const EVENT_TIMING_THRESHOLD_MS = 16;

interface KeystrokeProbe {
  samples: number[];
  /** Event Timing durations of keydown events at or over the threshold (rounded to 8 ms by the browser). */
  slowKeydowns: number[];
}

declare global {
  interface Window {
    __keystrokeProbe?: KeystrokeProbe;
  }
}

/** Installed before the app's scripts run, so every keystroke and slow event is seen. */
function installProbe(threshold: number): void {
  const probe: KeystrokeProbe = { samples: [], slowKeydowns: [] };
  window.__keystrokeProbe = probe;
  document.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      // The frame after the keydown has painted once the rAF callback's task has run.
      requestAnimationFrame(() => setTimeout(() => probe.samples.push(performance.now() - start), 0));
    },
    { capture: true },
  );
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // keydown's duration runs from the key press to the paint after its handlers (and the
      // input event's React update), so it is the whole keystroke as the browser sees it.
      if (entry.name === 'keydown') probe.slowKeydowns.push(entry.duration);
    }
  });
  // 'durationThreshold' is part of Event Timing; TypeScript's lib lacks it on observe()'s options.
  observer.observe({ type: 'event', buffered: true, durationThreshold: threshold } as PerformanceObserverInit);
}

async function typeIntoAddress(page: Page): Promise<KeystrokeProbe> {
  // The label reads 'Address' and its required asterisk.
  const field = page.getByRole('tabpanel').getByRole('textbox', { name: 'Address', exact: true });
  await field.click();
  await page.evaluate(() => {
    const probe = window.__keystrokeProbe;
    if (probe) {
      probe.samples.length = 0;
      probe.slowKeydowns.length = 0;
    }
  });
  await page.keyboard.type(TYPED_TEXT, { delay: KEY_DELAY_MS });
  await page.waitForTimeout(200);
  const probe = await page.evaluate(() => window.__keystrokeProbe);
  if (!probe || probe.samples.length < TYPED_TEXT.length) {
    throw new Error(`Only ${probe?.samples.length ?? 0} of ${TYPED_TEXT.length} keystrokes were timed`);
  }
  const typed = await field.inputValue();
  if (typed !== TYPED_TEXT) throw new Error(`The field holds '${typed}', not the typed text`);
  return probe;
}

export async function runIntakeKeystrokeBenchRows(): Promise<BenchRow[]> {
  const app = await startE2eApp();
  const browser = await launchChromium();
  try {
    const { page, context } = await newPage(browser, app.baseUrl);
    await page.addInitScript(installProbe, EVENT_TIMING_THRESHOLD_MS);
    await signIn(page, app.owner);
    await page.goto('/new-intake');
    await page.getByRole('tab', { name: 'Client Personal Information' }).waitFor();
    const { samples, slowKeydowns } = await typeIntoAddress(page);
    await context.close();
    return [
      { benchmark: 'intake form keystroke (keydown to next frame) median', value: round(percentile(samples, 50)), unit: 'ms' },
      { benchmark: 'intake form keystroke (keydown to next frame) worst', value: round(Math.max(...samples)), unit: 'ms' },
      {
        benchmark: `intake form keydowns of ${EVENT_TIMING_THRESHOLD_MS} ms or more (Event Timing), of ${samples.length}`,
        value: slowKeydowns.length,
        unit: 'keys',
      },
      {
        benchmark: 'intake form slowest keydown (Event Timing)',
        value: slowKeydowns.length > 0 ? round(Math.max(...slowKeydowns)) : 0,
        unit: 'ms',
      },
    ];
  } finally {
    await browser.close();
    await app.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runIntakeKeystrokeBenchRows()
    .then((rows) => console.table(rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
