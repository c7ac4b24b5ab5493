// The PDF in the browser: how long a person waits from clicking 'Preview PDF'
// to seeing page 1 painted (Chromium, built app, real server), and what the PDF costs to download
// compared with what every visitor downloads. Cold: a fresh browser context each run (nothing
// cached: the viewer's chunk, pdf.js's worker, the fill worker, the template and the font all
// arrive); warm: the same page closes and reopens the preview. Sizes are gzip, as served.
// The client must be built first (`npm run bench` builds it). Alone: `npx vite build && npx tsx
// bench/pdfPreview.bench.ts`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { toApiIntake } from '../src/domain/intake';
import { bearer } from '../tests/api/support/testServer';
import { fullValidIntake } from '../tests/domain/intake/fixtures';
import { signIn, startE2eApp, type E2eApp } from '../tests/e2e/support/app';
import { desktopViewport, CHROMIUM_PATH, launchChromium } from '../tests/e2e/support/browser';
import { percentile, round, type BenchRow } from './support';

const COLD_RUNS = 10;
const WARM_RUNS = 10;
const DIST = path.resolve('dist');

declare global {
  interface Window {
    __pdfPreviewProbe?: { clickedAt: number | null; paintedAfter: number[] };
  }
}

/**
 * Installed before the app's scripts: the click on 'Preview PDF' starts the clock; the viewer
 * marks page 1's canvas `core__canvas-layer-0` once pdf.js has rendered it, and the frame after
 * that is when the person sees it.
 */
function installProbe(): void {
  const probe: NonNullable<Window['__pdfPreviewProbe']> = { clickedAt: null, paintedAfter: [] };
  window.__pdfPreviewProbe = probe;
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button?.textContent === 'Preview PDF') probe.clickedAt = event.timeStamp;
    },
    { capture: true },
  );
  new MutationObserver((records) => {
    const painted = records.some(
      (record) => record.target instanceof HTMLCanvasElement && record.target.getAttribute('data-testid') === 'core__canvas-layer-0',
    );
    const start = probe.clickedAt;
    if (!painted || start === null) return;
    probe.clickedAt = null;
    requestAnimationFrame(() => setTimeout(() => probe.paintedAfter.push(performance.now() - start), 0));
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-testid'] });
}

async function storeFinalIntake(app: E2eApp): Promise<string> {
  const token = await app.server.login(app.owner.email, app.owner.password);
  const { data, error } = await app.server.api.POST('/v1/intake', {
    body: { userId: app.owner.id, generalCaseInformation: { ...toApiIntake({ ...fullValidIntake(), caseId: null }), status: 'final' } },
    headers: bearer(token),
  });
  if (error || !data) throw new Error('POST /v1/intake failed');
  return data.data.caseId;
}

async function probedContext(browser: Browser, app: E2eApp, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: desktopViewport, storageState });
  await context.addInitScript(installProbe);
  return { context, page: await context.newPage() };
}

/** Clicks 'Preview PDF' and waits for the probe's figure; closes the preview again. */
async function timePreview(page: Page): Promise<number> {
  const before = await page.evaluate(() => window.__pdfPreviewProbe?.paintedAfter.length ?? 0);
  await page.getByRole('button', { name: 'Preview PDF' }).click();
  await page.waitForFunction((count) => (window.__pdfPreviewProbe?.paintedAfter.length ?? 0) > count, before);
  const sample = await page.evaluate(() => window.__pdfPreviewProbe?.paintedAfter.at(-1) ?? Number.NaN);
  const dialog = page.getByRole('dialog', { name: 'Intake Form' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  return sample;
}

async function previewTimes(app: E2eApp, browser: Browser): Promise<{ cold: number[]; warm: number[] }> {
  const caseId = await storeFinalIntake(app);
  const route = `/intake-details/view/${caseId}`;
  const signedIn = await probedContext(browser, app);
  await signIn(signedIn.page, app.owner);
  const storageState = await signedIn.context.storageState();
  await signedIn.context.close();

  const cold: number[] = [];
  for (let run = 0; run < COLD_RUNS; run += 1) {
    const { context, page } = await probedContext(browser, app, storageState);
    await page.goto(route);
    await page.getByRole('button', { name: 'Preview PDF' }).waitFor();
    cold.push(await timePreview(page));
    await context.close();
  }

  const { context, page } = await probedContext(browser, app, storageState);
  await page.goto(route);
  await page.getByRole('button', { name: 'Preview PDF' }).waitFor();
  await timePreview(page);
  const warm: number[] = [];
  for (let run = 0; run < WARM_RUNS; run += 1) warm.push(await timePreview(page));
  await context.close();
  return { cold, warm };
}

function gzipKiB(files: readonly string[]): number {
  const bytes = files.reduce((total, file) => total + gzipSync(readFileSync(path.join(DIST, file))).length, 0);
  return round(bytes / 1024);
}

/** The entry script and its modulepreloads: what every visitor downloads first. */
function initialScripts(): string[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  return [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+)"/g)].map((match) => match[1]);
}

/** The one built asset whose name matches (a hashed name), as a path inside dist. */
function asset(pattern: RegExp): string {
  const names = readdirSync(path.join(DIST, 'assets')).filter((name) => pattern.test(name));
  if (names.length !== 1) throw new Error(`expected one asset matching ${pattern}, found ${names.length}`);
  return `assets/${names[0]}`;
}

export function bundleSizeRows(): BenchRow[] {
  const viewer = [asset(/^PdfViewer-[\w-]+\.js$/), asset(/^PdfViewer-[\w-]+\.css$/)];
  const pdfJsWorker = asset(/^pdf\.worker\.min-[\w-]+\.js$/);
  const fill = [asset(/^fillInWorker-[\w-]+\.js$/), asset(/^fill\.worker-[\w-]+\.js$/)];
  return [
    { benchmark: 'initial bundle (entry + modulepreloads), gzip', value: gzipKiB(initialScripts()), unit: 'KiB' },
    { benchmark: 'intake form page chunk, gzip', value: gzipKiB([asset(/^IntakeFormPage-[\w-]+\.js$/)]), unit: 'KiB' },
    { benchmark: 'PDF viewer chunk (react-pdf-viewer + pdf.js + CSS), gzip', value: gzipKiB(viewer), unit: 'KiB' },
    { benchmark: 'pdf.js worker, gzip', value: gzipKiB([pdfJsWorker]), unit: 'KiB' },
    { benchmark: 'PDF fill worker (pdf-lib + fontkit) and its client, gzip', value: gzipKiB(fill), unit: 'KiB' },
    {
      benchmark: 'PDF fill assets (template + DejaVu Sans), gzip',
      value: gzipKiB([asset(/^DejaVuSans-[\w-]+\.ttf$/), 'intake-template.pdf']),
      unit: 'KiB',
    },
  ];
}

export async function runPdfPreviewBenchRows(): Promise<BenchRow[]> {
  const app = await startE2eApp();
  const browser = await launchChromium(CHROMIUM_PATH);
  try {
    const { cold, warm } = await previewTimes(app, browser);
    return [
      {
        benchmark: `Preview PDF click to page 1 painted, cold (${cold.length} runs): median`,
        value: round(percentile(cold, 50)),
        unit: 'ms',
      },
      { benchmark: `Preview PDF click to page 1 painted, cold (${cold.length} runs): worst`, value: round(Math.max(...cold)), unit: 'ms' },
      {
        benchmark: `Preview PDF click to page 1 painted, warm (${warm.length} runs): median`,
        value: round(percentile(warm, 50)),
        unit: 'ms',
      },
      { benchmark: `Preview PDF click to page 1 painted, warm (${warm.length} runs): worst`, value: round(Math.max(...warm)), unit: 'ms' },
      ...bundleSizeRows(),
    ];
  } finally {
    await browser.close();
    await app.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runPdfPreviewBenchRows()
    .then((rows) => console.table(rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
