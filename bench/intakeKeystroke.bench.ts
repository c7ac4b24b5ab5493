// What one keystroke in the intake form costs ("a keystroke in the
// form re-renders the field, not the form"). In Chromium, on the built app and the real server,
// 100 characters are typed into the Address field of /new-intake and each keystroke is timed from
// the keydown's timestamp to the frame after it (the time until the user can see the letter).
// The Event Timing API adds the browser's own view: keyboard events slower than 16 ms (one frame).
// "Keydown to next frame" waits for the display's next frame (60 Hz), so even a bare <input> with
// no script measures about half a frame at the median and a whole frame at worst; the same probe on
// a bare input in the same run gives that floor. The goal (one frame of work a keystroke) is read
// from a Chromium trace of a second pass: the page's main-thread CPU time from one keydown's task
// to the next keydown's, which is everything a keystroke costs and is not stretched by other
// processes waiting for the machine's cores (README, Performance).
// The client must be built first (`npm run bench` builds it). Alone: `npx vite build && npx tsx
// bench/intakeKeystroke.bench.ts`.
import { pathToFileURL } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { signIn, startE2eApp } from '../tests/e2e/support/app';
import { CHROMIUM_PATH, launchChromium, newPage } from '../tests/e2e/support/browser';
import { percentile, round, type BenchRow } from './support';

/** 100 characters: the Address field's limit (docs/product/intake-form.md), so nothing typed is cut. */
const TYPED_TEXT = '1200 North Main Street, Apartment 45B, Springfield Heights, Example County, near the old mill 000001';
const KEY_DELAY_MS = 30;
/** Event Timing reports only events at least this long (its minimum is 16 ms). */
const EVENT_TIMING_THRESHOLD_MS = 16;
/** The goal: one frame at 60 Hz (README, Performance). */
const FRAME_MS = 16;

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

async function typeInto(page: Page, field: Locator): Promise<KeystrokeProbe> {
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

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/**
 * The field emptied, the text typed again under a Chromium trace: for each keystroke, the main
 * thread's CPU time (thread time, not wall time) of every task from the one that dispatched its
 * keydown to the one that dispatches the next (the last keystroke: to the trace's end). That
 * holds the key events, the app's handlers and React's render, and the frame that paints them.
 */
async function keystrokeCpu(browser: Browser, page: Page, field: Locator): Promise<number[]> {
  await field.fill('');
  await field.click();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.keyboard.type(TYPED_TEXT, { delay: KEY_DELAY_MS });
  await page.waitForTimeout(200);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const typed = await field.inputValue();
  if (typed !== TYPED_TEXT) throw new Error(`The traced pass left '${typed}' in the field`);

  const keydowns = traceEvents.filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown');
  const first = keydowns[0];
  if (!first || keydowns.length < TYPED_TEXT.length) throw new Error(`The trace holds ${keydowns.length} keydowns`);
  const tasks = traceEvents
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === first.pid && event.tid === first.tid)
    .sort((a, b) => a.ts - b.ts);
  // Each keydown's window opens with the task that dispatched it.
  const starts = keydowns.map((keydown) => {
    const task = tasks.find((candidate) => candidate.ts <= keydown.ts && keydown.ts <= candidate.ts + (candidate.dur ?? 0));
    return task?.ts ?? keydown.ts;
  });
  return starts.map((start, index) => {
    const end = starts[index + 1] ?? Number.POSITIVE_INFINITY;
    const busy = tasks.filter((task) => task.ts >= start && task.ts < end).reduce((sum, task) => sum + (task.tdur ?? 0), 0);
    return busy / 1000;
  });
}

interface KeystrokeFigures {
  probe: KeystrokeProbe;
  cpu: number[];
}

async function measure(browser: Browser, page: Page, field: Locator): Promise<KeystrokeFigures> {
  const probe = await typeInto(page, field);
  const cpu = await keystrokeCpu(browser, page, field);
  return { probe, cpu };
}

function atLeast(samples: readonly number[], limit: number): number {
  return samples.filter((sample) => sample >= limit).length;
}

function figureRows(subject: string, { probe, cpu }: KeystrokeFigures): BenchRow[] {
  const { samples, slowKeydowns } = probe;
  const frame = `${subject} keystroke (keydown to next frame)`;
  const work = `${subject} keystroke main-thread CPU (trace)`;
  return [
    { benchmark: `${frame} median`, value: round(percentile(samples, 50)), unit: 'ms' },
    { benchmark: `${frame} p99`, value: round(percentile(samples, 99)), unit: 'ms' },
    { benchmark: `${frame} worst`, value: round(Math.max(...samples)), unit: 'ms' },
    { benchmark: `${frame} of ${FRAME_MS} ms or more, of ${samples.length}`, value: atLeast(samples, FRAME_MS), unit: 'keys' },
    {
      benchmark: `${subject} keydowns of ${EVENT_TIMING_THRESHOLD_MS} ms or more (Event Timing), of ${samples.length}`,
      value: slowKeydowns.length,
      unit: 'keys',
    },
    {
      benchmark: `${subject} slowest keydown (Event Timing)`,
      value: slowKeydowns.length > 0 ? round(Math.max(...slowKeydowns)) : 0,
      unit: 'ms',
    },
    { benchmark: `${work} median`, value: round(percentile(cpu, 50)), unit: 'ms' },
    { benchmark: `${work} p99`, value: round(percentile(cpu, 99)), unit: 'ms' },
    { benchmark: `${work} worst`, value: round(Math.max(...cpu)), unit: 'ms' },
    { benchmark: `${work} of ${FRAME_MS} ms or more, of ${cpu.length}`, value: atLeast(cpu, FRAME_MS), unit: 'keys' },
  ];
}

/** The floor: the same probe and trace on a bare <input> of the same limit, no app, no script. */
async function bareInputFigures(browser: Browser): Promise<KeystrokeFigures> {
  const page = await browser.newPage();
  try {
    await page.setContent(`<input aria-label="Address" maxlength="${TYPED_TEXT.length}">`);
    // setContent writes a new document, so the probe goes in after it.
    await page.evaluate(installProbe, EVENT_TIMING_THRESHOLD_MS);
    return await measure(browser, page, page.getByRole('textbox', { name: 'Address' }));
  } finally {
    await page.close();
  }
}

export async function runIntakeKeystrokeBenchRows(): Promise<BenchRow[]> {
  const app = await startE2eApp();
  const browser = await launchChromium(CHROMIUM_PATH);
  try {
    const { page, context } = await newPage(browser, app.baseUrl);
    await page.addInitScript(installProbe, EVENT_TIMING_THRESHOLD_MS);
    await signIn(page, app.owner);
    await page.goto('/new-intake');
    await page.getByRole('tab', { name: 'Client Personal Information' }).waitFor();
    // The label reads 'Address' and its required asterisk.
    const address = page.getByRole('tabpanel').getByRole('textbox', { name: 'Address', exact: true });
    const form = await measure(browser, page, address);
    await context.close();
    const bare = await bareInputFigures(browser);
    return [...figureRows('intake form', form), ...figureRows('bare <input>', bare)];
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
