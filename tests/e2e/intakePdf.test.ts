// The PDF preview and download in Chromium, on the built app and the real server (docs/product/pdf.md Intake
// form screen, 'PDF preview, download and fill rules'): the preview of a draft and of a final
// intake, painted by pdf.js in the modal, the draft overlay, the download of a final intake as
// 'Intake Form.pdf' (opened again with pdf.js in Node), which buttons show when, no PDF code
// before a preview is asked for, and no Content Security Policy violation on the way.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApiIntake, type GeneralCaseInformation } from '../../src/domain/intake';
import { bearer } from '../api/support/testServer';
import { textFields } from '../../src/domain/intake/fields';
import { PAGE_COUNT, intakeLayout } from '../../src/pdf/layout';
import { fullValidIntake } from '../domain/intake/fixtures';
import { longValues, longValuesIntake } from '../pdf/longValues';
import { pdftotextPages, printedValue, readingOf } from '../pdf/pdftotext';
import { extractText } from '../pdf/support';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, newPage } from './support/browser';

let app: E2eApp;
let browser: Browser;
let draftId = '';
let finalId = '';
let longId = '';

const DRAFT_CLIENT = { firstName: 'Priya', lastName: 'Draftpreview' };
const FINAL_CLIENT = { firstName: 'Marcus', lastName: 'Finaldownload' };

/** Requests that carry PDF code or documents (the viewer, pdf.js, the fill worker, the template). */
const PDF_URL = /pdf|fill\.worker|viewer/i;

function intakeOf(client: { firstName: string; lastName: string }): GeneralCaseInformation {
  const base = fullValidIntake();
  return { ...base, caseId: null, personalInformation: { ...base.personalInformation, ...client } };
}

async function storeIntake(intake: GeneralCaseInformation, status: 'draft' | 'final'): Promise<string> {
  const token = await app.server.login(app.owner.email, app.owner.password);
  const { data, error } = await app.server.api.POST('/v1/intake', {
    body: { userId: app.owner.id, generalCaseInformation: { ...toApiIntake(intake), status } },
    headers: bearer(token),
  });
  if (error || !data) throw new Error(`POST /v1/intake (${status}) failed`);
  return data.data.caseId;
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  draftId = await storeIntake(intakeOf(DRAFT_CLIENT), 'draft');
  finalId = await storeIntake(intakeOf(FINAL_CLIENT), 'final');
  longId = await storeIntake({ ...longValuesIntake(), caseId: null }, 'final');
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

interface Watched {
  page: Page;
  /** Every URL the page and its workers asked for, in order. */
  urls: string[];
  /** The bodies the page sent (sign-in and API calls). */
  sentBodies: Buffer[];
  /** Console messages and `securitypolicyviolation` events that speak of the CSP. */
  cspViolations: string[];
}

declare global {
  interface Window {
    __cspViolations?: string[];
    __sawPdfLoading?: boolean;
  }
}

/** A signed-in page whose requests, workers and CSP reports are recorded; fails on page errors. */
async function inWatchedPage(work: (watched: Watched) => Promise<void>): Promise<void> {
  const { context, page, pageErrors } = await newPage(browser, app.baseUrl);
  page.setDefaultTimeout(20_000);
  const urls: string[] = [];
  const sentBodies: Buffer[] = [];
  const cspViolations: string[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
    const body = request.postDataBuffer();
    if (body) sentBodies.push(body);
  });
  page.on('worker', (worker) => {
    urls.push(worker.url());
    worker.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) cspViolations.push(`worker: ${message.text()}`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  try {
    await signIn(page, app.owner);
    await work({ page, urls, sentBodies, cspViolations });
    const reported = await page.evaluate(() => window.__cspViolations ?? []);
    expect([...cspViolations, ...reported]).toEqual([]);
    expect(pageErrors.map((error) => error.message)).toEqual([]);
  } finally {
    await context.close();
  }
}

/** Records whether 'Loading PDF...' ever shows in a dialog from now on (it may show briefly). */
async function watchForPdfLoading(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__sawPdfLoading = false;
    const check = () => {
      const dialog = document.querySelector('[role="dialog"]');
      if (dialog?.textContent?.includes('Loading PDF...')) window.__sawPdfLoading = true;
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * Waits for pdf.js to have painted page 1 into its canvas, and returns the share of its pixels
 * that are ink (dark) and that are paper (white): a blank or black canvas fails either way.
 */
async function paintedFirstPage(page: Page): Promise<{ ink: number; paper: number; width: number }> {
  const canvas = page.locator('[role="dialog"] canvas[data-testid="core__canvas-layer-0"]');
  await canvas.waitFor({ state: 'visible' });
  return canvas.evaluate((element) => {
    const canvasElement = element as HTMLCanvasElement;
    const context = canvasElement.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const { data } = context.getImageData(0, 0, canvasElement.width, canvasElement.height);
    let ink = 0;
    let paper = 0;
    for (let index = 0; index < data.length; index += 4) {
      const [red, green, blue] = [data[index], data[index + 1], data[index + 2]];
      if (red < 128 && green < 128 && blue < 128) ink += 1;
      else if (red > 245 && green > 245 && blue > 245) paper += 1;
    }
    const pixels = data.length / 4;
    return { ink: ink / pixels, paper: paper / pixels, width: canvasElement.width };
  });
}

async function openPreview(page: Page, caseRoute: string) {
  await page.goto(caseRoute);
  const previewButton = page.getByRole('button', { name: 'Preview PDF' });
  await previewButton.waitFor();
  await watchForPdfLoading(page);
  await previewButton.click();
  const dialog = page.getByRole('dialog', { name: 'Intake Form' });
  await dialog.waitFor();
  const painted = await paintedFirstPage(page);
  await dialog.getByText('Loading PDF...').waitFor({ state: 'detached' });
  expect(await page.evaluate(() => window.__sawPdfLoading)).toBe(true);
  return { dialog, painted, frame: dialog.getByRole('region', { name: 'Intake form PDF' }) };
}

describe('the preview (docs/product/pdf.md)', () => {
  it("shows a draft in a modal: 'Loading PDF...', then page 1 painted, under a transparent overlay on the top 10%", async () => {
    await inWatchedPage(async ({ page }) => {
      const { dialog, painted, frame } = await openPreview(page, `/intake-details/edit/${draftId}`);
      expect(painted.width).toBeGreaterThan(300);
      expect(painted.ink).toBeGreaterThan(0.002);
      expect(painted.paper).toBeGreaterThan(0.5);

      const overlay = frame.getByTestId('pdf-draft-overlay');
      const frameBox = await frame.boundingBox();
      const overlayBox = await overlay.boundingBox();
      if (!frameBox || !overlayBox) throw new Error('the frame or the overlay is not laid out');
      expect(frameBox.height).toBeGreaterThan(300);
      // Inside the frame's 1px border: its top, its full width, a tenth of its height.
      expect(Math.abs(overlayBox.y - frameBox.y)).toBeLessThanOrEqual(2);
      expect(Math.abs(overlayBox.width - frameBox.width)).toBeLessThanOrEqual(2);
      expect(Math.abs(overlayBox.height - (frameBox.height - 2) * 0.1)).toBeLessThanOrEqual(1);
      const onTop = await overlay.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { hit: hit === element, background: getComputedStyle(element).backgroundColor };
      });
      expect(onTop).toEqual({ hit: true, background: 'rgba(0, 0, 0, 0)' });

      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      // Opened again: the viewer's code and worker are already there and paint again.
      const again = await openPreview(page, `/intake-details/edit/${draftId}`);
      expect(again.painted.ink).toBeGreaterThan(0.002);
    });
  });

  it('shows a final intake with no overlay', async () => {
    await inWatchedPage(async ({ page }) => {
      const { painted, frame } = await openPreview(page, `/intake-details/view/${finalId}`);
      expect(painted.ink).toBeGreaterThan(0.002);
      expect(await frame.getByTestId('pdf-draft-overlay').count()).toBe(0);
    });
  });
});

describe("'Download PDF' (intake spec 'PDF preview, download and fill rules')", () => {
  it("saves a final intake as 'Intake Form.pdf', a PDF whose page 1 names the client", async () => {
    await inWatchedPage(async ({ page, sentBodies }) => {
      await page.goto(`/intake-details/view/${finalId}`);
      const downloadButton = page.getByRole('button', { name: 'Download PDF' });
      await downloadButton.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
      expect(download.suggestedFilename()).toBe('Intake Form.pdf');
      const file = await download.path();
      const bytes = new Uint8Array(readFileSync(file));
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

      const pageOne = (await extractText(bytes))
        .filter((text) => text.page === 0)
        .map((text) => text.str)
        .join(' ');
      expect(pageOne).toContain(FINAL_CLIENT.firstName);
      expect(pageOne).toContain(FINAL_CLIENT.lastName);
      // Filled in the browser and not sent anywhere (docs/product/pdf.md): no request carried the document.
      await downloadButton.waitFor();
      expect(sentBodies.filter((body) => body.includes('%PDF'))).toEqual([]);
    });
  });
});

describe("'Download PDF' of an intake whose every text is at its limit (docs/product/pdf.md#continued-pages)", () => {
  it('saves a PDF that pdftotext reads every value of whole, in its box or continued on a Continued page', async () => {
    await inWatchedPage(async ({ page }) => {
      await page.goto(`/intake-details/view/${longId}`);
      const downloadButton = page.getByRole('button', { name: 'Download PDF' });
      await downloadButton.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
      expect(download.suggestedFilename()).toBe('Intake Form.pdf');
      const pages = await pdftotextPages(new Uint8Array(readFileSync(await download.path())));
      expect(pages.length).toBeGreaterThan(PAGE_COUNT);
      const values = longValues();
      const unread = textFields.filter(([path]) => {
        const field = intakeLayout.find((entry) => `${entry.section}.${entry.field}` === path);
        return !field || readingOf(pages, field, printedValue(path, values[path])) === null;
      });
      expect(unread.map(([path]) => path)).toEqual([]);
      await downloadButton.waitFor();
      expect(new URL(page.url()).pathname).toBe(`/intake-details/view/${longId}`);
    });
  });
});

describe('which PDF buttons show (docs/product/pdf.md)', () => {
  it("shows no 'Download PDF' for a draft and no 'Preview PDF' on /new-intake before the first save", async () => {
    await inWatchedPage(async ({ page }) => {
      await page.goto(`/intake-details/edit/${draftId}`);
      await page.getByRole('button', { name: 'Preview PDF' }).waitFor();
      expect(await page.getByRole('button', { name: 'Download PDF' }).count()).toBe(0);

      await page.goto('/new-intake');
      await page.getByRole('tab', { name: 'Client Personal Information' }).waitFor();
      expect(await page.getByRole('button', { name: /PDF/ }).count()).toBe(0);
    });
  });
});

describe('PDF code loads only when asked for', () => {
  it('fetches nothing of it on the list; on a form, its workers and template while idle, the viewer with Preview PDF', async () => {
    await inWatchedPage(async ({ page, urls }) => {
      const paths = () => urls.map((url) => new URL(url).pathname);
      const viewerChunk = (pathname: string) => /\/assets\/PdfViewer-[\w-]+\.js$/.test(pathname);
      // Signed in: /login and /intake-list have loaded, and no screen there prints a PDF.
      await page.waitForLoadState('networkidle');
      expect(paths().filter((pathname) => PDF_URL.test(pathname))).toEqual([]);

      // The form of a final intake: once it sits idle, the first preview's fill worker (which
      // fetches the template) and pdf.js's worker are fetched ahead of it (docs/architecture.md 'PDF').
      await page.goto(`/intake-details/view/${finalId}`);
      await page.getByRole('button', { name: 'Preview PDF' }).waitFor();
      await expect.poll(() => paths().some((pathname) => /\/assets\/fill\.worker-[\w-]+\.js$/.test(pathname))).toBe(true);
      await expect.poll(() => paths().some((pathname) => /\/assets\/pdf\.worker\.min-[\w-]+\.js$/.test(pathname))).toBe(true);
      await expect.poll(() => paths().includes('/intake-template.pdf')).toBe(true);
      // The viewer's own code waits for the click.
      expect(paths().some(viewerChunk)).toBe(false);

      await page.getByRole('button', { name: 'Preview PDF' }).click();
      await paintedFirstPage(page);
      expect(paths().some(viewerChunk)).toBe(true);
    });
  });

  it('keeps pdf-lib, pdf.js and the viewer out of the entry and its preloads (dist/index.html)', () => {
    const dist = path.resolve('dist');
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((match) => match[1]);
    expect(initial.length).toBeGreaterThan(1);
    const markers = ['pdf-lib', 'pdfjs', 'GlobalWorkerOptions', 'rpv-core'];
    for (const file of initial) {
      const code = readFileSync(path.join(dist, file), 'utf8');
      for (const marker of markers) expect(code.includes(marker), `${file} contains ${marker}`).toBe(false);
    }
    // The markers are real: the lazy chunks do hold them.
    const assets = path.join(dist, 'assets');
    const lazy = (pattern: RegExp) => {
      const names = readdirSync(assets).filter((name) => pattern.test(name));
      expect(names, String(pattern)).toHaveLength(1);
      return readFileSync(path.join(assets, names[0]), 'utf8');
    };
    expect(lazy(/^PdfViewer-[\w-]+\.js$/)).toContain('GlobalWorkerOptions');
    expect(lazy(/^fill\.worker-[\w-]+\.js$/)).toContain('pdf-lib');
    expect(lazy(/^IntakeFormPage-[\w-]+\.js$/)).not.toMatch(/pdf-lib|pdfjs|GlobalWorkerOptions|rpv-core/);
  });
});
