// Lighthouse's mobile performance (its default: a phone's screen, simulated slow 4G and a 4x slower
// CPU) of every direct link: the staff sign-in page /login, the client's own page
// /client-intake/{token} (docs/product/client-intake.md) and each signed-in page opened from the
// address bar with a stored session (signed in once in the same browser profile; Lighthouse keeps
// localStorage and clears the cache before each load). From a production build served by the real
// server: score, LCP, FCP, TBT and bytes sent, the median of a few runs each, beside the goals
// (client page score at least 90, every LCP at most 2.5 s, every TBT at most 300 ms). Simulated throttling computes the figures from what one
// load fetched and ran, so they move far less with a busy machine than measured ones; the load
// average is printed anyway, to read them by. Alone: `npx tsx bench/lighthouse.bench.ts` (after
// `npm run build`).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { toApiIntake } from '../src/domain/intake';
import { bearer } from '../tests/api/support/testServer';
import { draftIntake } from '../tests/api/support/intakes';
import { signIn, startE2eApp, type E2eApp } from '../tests/e2e/support/app';
import { CHROMIUM_PATH, chromiumFlags } from '../tests/e2e/support/browser';
import { round, type GoalRow } from './support';

const RUNS = 3;
const LCP_GOAL = '<= 2.5 s';
const TBT_GOAL = '<= 300 ms';
/** Intakes in the firm, so that the list and the dashboard draw rows and numbers. */
const INTAKES = 30;

/** Every signed-in page a person opens from a bookmark or a link (docs/product/app-shell.md). */
const signedInPages = ['/new-intake', '/intake-list', '/dashboard', '/leads-list', '/profile', '/firm', '/employees', '/activity'];

interface Chromium {
  port: number;
  close(): Promise<void>;
}

/** Chromium with a DevTools port for Lighthouse, in a throwaway profile. */
async function startChromium(): Promise<Chromium> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const flags = ['--headless', ...chromiumFlags, '--remote-debugging-port=0', `--user-data-dir=${profile}`];
  const child: ChildProcess = spawn(CHROMIUM_PATH, [...flags, 'about:blank'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill();
    await exited;
    await rm(profile, { recursive: true, force: true });
  };
  // Chromium writes the port it took into the profile once DevTools listens.
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const written = await readFile(path.join(profile, 'DevToolsActivePort'), 'utf8').catch(() => '');
    const port = Number(written.split('\n')[0]);
    if (port > 0) return { port, close };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await close();
  throw new Error(`${CHROMIUM_PATH} did not open a DevTools port`);
}

interface Figures {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  bytes: number;
}

/** Lighthouse sometimes loses a load's trace on a busy machine (NO_NAVSTART): that load is run again. */
const ATTEMPTS = 3;

async function audit(url: string, port: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError && attempt < ATTEMPTS) return audit(url, port, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => {
    const figure = lhr.audits[id]?.numericValue;
    if (figure === undefined) throw new Error(`Lighthouse on ${url} has no ${id}`);
    return figure;
  };
  return {
    score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    bytes: value('total-byte-weight'),
  };
}

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function pageRows(name: string, url: string, port: number, goals: { score?: string }): Promise<GoalRow[]> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(url, port));
  const of = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
  const label = `Lighthouse mobile ${name}`;
  return [
    { benchmark: `${label} performance score (median of ${RUNS})`, value: round(of('score'), 0), unit: '/100', goal: goals.score ?? '' },
    { benchmark: `${label} LCP`, value: round(of('lcp') / 1000, 2), unit: 's', goal: LCP_GOAL },
    { benchmark: `${label} FCP`, value: round(of('fcp') / 1000, 2), unit: 's', goal: '' },
    { benchmark: `${label} TBT`, value: round(of('tbt'), 0), unit: 'ms', goal: TBT_GOAL },
    { benchmark: `${label} total transfer size`, value: round(of('bytes') / 1000, 1), unit: 'KB', goal: '' },
  ];
}

/** A draft with a live client link, made as staff make it; the link's address. */
async function clientLink(app: E2eApp): Promise<string> {
  const token = await app.server.login(app.owner.email, app.owner.password);
  const intake = draftIntake({ firstName: 'Marisol', lastName: 'Ejemplo', languages: ['english', 'spanish'] });
  const created = await app.server.api.POST('/v1/intake', {
    body: { userId: app.owner.id, generalCaseInformation: toApiIntake(intake) },
    headers: bearer(token),
  });
  const caseId = created.data?.data.caseId;
  if (!caseId) throw new Error(`POST /v1/intake answered ${created.response.status}`);
  const link = await app.server.api.POST('/v1/intake/{caseId}/client-link', { params: { path: { caseId } }, headers: bearer(token) });
  if (!link.data) throw new Error(`POST /v1/intake/{caseId}/client-link answered ${link.response.status}`);
  return link.data.data.url;
}

/** Intakes for the list and the dashboard to show, made as staff make them. */
async function fillFirm(app: E2eApp): Promise<void> {
  const token = await app.server.login(app.owner.email, app.owner.password);
  for (let index = 0; index < INTAKES; index += 1) {
    const intake = draftIntake({ firstName: `Client${index}`, lastName: 'Ejemplo' });
    const created = await app.server.api.POST('/v1/intake', {
      body: { userId: app.owner.id, generalCaseInformation: toApiIntake(intake) },
      headers: bearer(token),
    });
    if (!created.data) throw new Error(`POST /v1/intake answered ${created.response.status}`);
  }
}

/**
 * Signs the owner in on the login screen of the browser Lighthouse drives, so that its profile
 * holds the stored session a direct link starts from.
 */
async function signInForLighthouse(app: E2eApp, port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await signIn(page, { email: app.owner.email, password: app.owner.password }, app.baseUrl);
    await page.close();
  } finally {
    await browser.close();
  }
}

export async function runLighthouseBenchRows(): Promise<GoalRow[]> {
  const app = await startE2eApp();
  const chromium = await startChromium().catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  try {
    const loadBefore = os.loadavg()[0];
    const rows = [
      ...(await pageRows('/login', `${app.baseUrl}/login`, chromium.port, {})),
      ...(await pageRows('client page', await clientLink(app), chromium.port, { score: '>= 90' })),
    ];
    await fillFirm(app);
    await signInForLighthouse(app, chromium.port);
    for (const page of signedInPages) rows.push(...(await pageRows(page, `${app.baseUrl}${page}`, chromium.port, {})));
    const loadAfter = os.loadavg()[0];
    return [
      ...rows,
      {
        benchmark: `Lighthouse: load average (1 min) before/after: ${round(loadBefore, 2)} / ${round(loadAfter, 2)} on ${os.cpus().length} cores`,
        value: round(Math.max(loadBefore, loadAfter), 2),
        unit: 'load',
        goal: '',
      },
    ];
  } finally {
    await chromium.close();
    await app.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLighthouseBenchRows()
    .then((rows) => console.table(rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
