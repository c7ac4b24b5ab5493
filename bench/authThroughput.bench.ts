// Authenticated throughput: GET /v1/users/me as fast as 20 keep-alive connections can ask, on
// SQLite and, when TEST_DATABASE_URL is set, PostgreSQL. Every authenticated request reads its
// session and user from the database (server/auth/sessions.ts); this figure shows what that costs.
//
// AUTH_BENCH_BASELINE=<a checkout of an earlier commit, with node_modules> measures that code in the
// same run, alternating rounds with this one so both meet the same machine load, and reports the
// change. The load comes from a worker thread, so the client does not share the server's event loop.
// Beside requests per second it reports how long the server's thread was busy per request (event
// loop utilisation): on a machine shared with other work the rate swings from round to round, the
// busy time much less. On SQLite that is all of the server's work; on PostgreSQL the database's own
// work happens in its process and is not in it.
// Run alone with `npx tsx bench/authThroughput.bench.ts`.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { DatabaseKind } from '../server/db/database';
import type * as TestServerModule from '../tests/api/support/testServer';
import { figureRows, round, type BenchRow } from './support';

const CONNECTIONS = 20;
const WARM_UP_MS = 1000;
const MEASURE_MS = 2000;
const ROUNDS = 6;

/** Plain JavaScript for the worker: `connections` loops of sequential requests over keep-alive sockets. */
const loadScript = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, connections, durationMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const stopAt = Date.now() + durationMs;
let ok = 0;
let failed = 0;
function once() {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers: { Authorization: 'Bearer ' + token } }, (response) => {
      response.resume();
      response.on('end', () => { if (response.statusCode === 200) ok += 1; else failed += 1; resolve(); });
    });
    request.on('error', () => { failed += 1; resolve(); });
  });
}
async function loop() { while (Date.now() < stopAt) await once(); }
Promise.all(Array.from({ length: connections }, loop)).then(() => { agent.destroy(); parentPort.postMessage({ ok, failed }); });
`;

function load(url: string, token: string, durationMs: number): Promise<{ ok: number; failed: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(loadScript, { eval: true, workerData: { url, token, connections: CONNECTIONS, durationMs } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

interface Target {
  label: string;
  module: typeof TestServerModule;
}

interface Running {
  target: Target;
  url: string;
  token: string;
  close: () => Promise<void>;
  rates: number[];
  /** Microseconds the server's thread was busy per answered request. */
  busy: number[];
}

async function start(target: Target, kind: DatabaseKind): Promise<Running> {
  // As `npm start` runs: without the API tests' check of every answer against the contract.
  const server = await target.module.startTestServer(kind, { rateLimitPerMinute: false, checkAnswers: false });
  const firm = await server.createFirm();
  // No SSN or ITIN: the figure is the cost of authentication, not of opening sealed numbers.
  const user = await server.createUser({ firmId: firm.id, privilege: 'owner' });
  const token = await server.login(user.email, user.password);
  return { target, url: `${server.baseUrl}/v1/users/me`, token, close: () => server.close(), rates: [], busy: [] };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function benchOn(kind: DatabaseKind, targets: readonly Target[]): Promise<Record<string, number>> {
  const running: Running[] = [];
  try {
    for (const target of targets) running.push(await start(target, kind));
    for (const server of running) await load(server.url, server.token, WARM_UP_MS);
    for (let round = 0; round < ROUNDS; round += 1) {
      // Every other round the other one goes first, so a trend in the machine's load favours neither.
      for (const server of round % 2 === 0 ? running : [...running].reverse()) {
        const before = performance.eventLoopUtilization();
        const { ok, failed } = await load(server.url, server.token, MEASURE_MS);
        const { active } = performance.eventLoopUtilization(before);
        if (failed > 0) throw new Error(`${server.target.label}: ${failed} requests did not answer 200`);
        server.rates.push(ok / (MEASURE_MS / 1000));
        server.busy.push((active * 1000) / ok);
      }
    }
  } finally {
    for (const server of running) await server.close();
  }
  const figures: Record<string, number> = {};
  for (const server of running) {
    figures[`${kind}: GET /v1/users/me, ${CONNECTIONS} connections, ${server.target.label} (req/s)`] = round(median(server.rates), 0);
    figures[`${kind}: GET /v1/users/me server time, ${server.target.label} (µs/request)`] = round(median(server.busy), 0);
  }
  const [before, after] = [
    running.find((server) => server.target.label === 'before'),
    running.find((server) => server.target.label === 'after'),
  ];
  if (before && after) {
    figures[`${kind}: authenticated throughput change (%)`] = round((median(after.rates) / median(before.rates) - 1) * 100, 1);
    figures[`${kind}: server time per request change (%)`] = round((median(after.busy) / median(before.busy) - 1) * 100, 1);
  }
  return figures;
}

export async function runAuthThroughputBench(): Promise<Record<string, number>> {
  const here = await import('../tests/api/support/testServer');
  const targets: Target[] = [];
  const baseline = process.env.AUTH_BENCH_BASELINE;
  if (baseline) {
    const file = pathToFileURL(path.resolve(baseline, 'tests/api/support/testServer.ts')).href;
    targets.push({ label: 'before', module: (await import(file)) as typeof TestServerModule });
  }
  targets.push({ label: baseline ? 'after' : 'this code', module: here });
  const figures: Record<string, number> = {};
  for (const kind of here.testDatabases()) Object.assign(figures, await benchOn(kind, targets));
  console.table(figures);
  return figures;
}

export async function runAuthThroughputBenchRows(): Promise<BenchRow[]> {
  return figureRows(await runAuthThroughputBench());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAuthThroughputBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
