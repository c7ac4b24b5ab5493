// An office at full speed, on SQLite and then, when TEST_DATABASE_URL is set, on PostgreSQL, one after
// the other in the same run: STAFF people signed in, each creating, listing, opening and saving an
// intake and checking a lead, again and again without think time for SECONDS (the rounds of
// tests/api/staffLoad.test.ts, which proves the answers right; here only their speed is measured).
// The server runs as `npm start` runs it (bench/support.ts); the staff run on a worker thread, so
// they do not share the server's event loop. Printed: requests per second and p95 of every
// request on each database, and SQLite's rate as a share of PostgreSQL's (goal: at least as fast).
// Alone: `npx tsx bench/staffLoad.bench.ts [--database sqlite|postgres] [--seconds N]`.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { draftIntake } from '../tests/api/support/intakes';
import { testDatabases, type TestServer } from '../tests/api/support/testServer';
import { sampleLead } from '../tests/support/sampleLead';
import { toApiIntake } from '../src/domain/intake';
import { databaseOption } from './intakes.bench';
import { round, startBenchServer, type GoalRow } from './support';

const STAFF = 50;
const SECONDS = 60;
const WARM_UP_SECONDS = 3;
export const STAFF_LOAD_GOAL = '>= 1 x';

/**
 * Plain JavaScript for the worker: one loop per person, each round the five requests of
 * tests/api/staffLoad.test.ts in order. Every answer's time is kept; any answer but 200/201 counts
 * as failed (the bench stops on one: a broken server must not pass as a fast one).
 */
const staffScript = `
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, staff, durationMs, intakeTemplate, lead } = workerData;
const stopAt = Date.now() + durationMs;
const times = [];
let failed = 0;
let serial = 0;
async function timed(method, path, token, body) {
  const started = performance.now();
  const response = await fetch(baseUrl + path, {
    method,
    headers: { authorization: 'Bearer ' + token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  times.push(performance.now() - started);
  if (response.status !== 200 && response.status !== 201) failed += 1;
  return answer;
}
function intake(person, firstName) {
  const body = JSON.parse(intakeTemplate);
  body.personalInformation.firstName = firstName;
  body.personalInformation.lastName = 'Worker' + person;
  return body;
}
async function work({ userId, token }, person) {
  while (Date.now() < stopAt && failed === 0) {
    serial += 1;
    const created = await timed('POST', '/v1/intake', token, { userId, generalCaseInformation: intake(person, 'Draft' + serial) });
    const caseId = created.data.caseId;
    await timed('GET', '/v1/intake?userId=' + userId + '&pageSize=10&offSetValue=0', token);
    await timed('GET', '/v1/intake/' + caseId, token);
    await timed('PATCH', '/v1/intake/' + caseId, token, {
      userId,
      generalCaseInformation: { ...intake(person, 'Saved' + serial), caseId, updatedAt: created.data.updatedAt },
    });
    await timed('POST', '/cases/v2/checkDuplicate', token, {
      neosCasesInformation: { ...lead, lastName: 'Checked' + serial, email: 'c' + serial + '@example.test' },
    });
  }
}
Promise.all(staff.map(work)).then(
  () => parentPort.postMessage({ times, failed }),
  (error) => parentPort.postMessage({ times, failed: failed + 1, error: String(error) }),
);
`;

interface StaffRun {
  times: number[];
  failed: number;
  error?: string;
}

function runStaff(server: TestServer, staff: { userId: string; token: string }[], seconds: number): Promise<StaffRun> {
  const workerData = {
    baseUrl: server.baseUrl,
    staff,
    durationMs: seconds * 1000,
    intakeTemplate: JSON.stringify(toApiIntake(draftIntake())),
    lead: sampleLead,
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(staffScript, { eval: true, workerData });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

interface Figures {
  rate: number;
  p95: number;
}

async function loadOn(kind: 'sqlite' | 'postgres', seconds: number): Promise<Figures> {
  const server = await startBenchServer(kind);
  try {
    const firm = await server.createFirm({ firmName: 'Bench Staff Firm' });
    const staff: { userId: string; token: string }[] = [];
    // One after the other: the figure is the office at work, not fifty sign-ins at once.
    for (let person = 0; person < STAFF; person += 1) {
      const user = await server.createUser({ firmId: firm.id, firstName: `Staff${person}` });
      staff.push({ userId: user.id, token: await server.login(user.email, user.password) });
    }
    await runStaff(server, staff, WARM_UP_SECONDS);
    const run = await runStaff(server, staff, seconds);
    if (run.failed > 0) throw new Error(`${kind}: ${run.failed} staff requests failed ${run.error ?? ''}`);
    return { rate: run.times.length / seconds, p95: p95(run.times) };
  } finally {
    await server.close();
  }
}

function secondsOption(argv: readonly string[]): number {
  const index = argv.indexOf('--seconds');
  return index >= 0 ? Number(argv[index + 1]) : SECONDS;
}

/** Each database's rate and p95, one after the other, and SQLite's rate as a share of PostgreSQL's. */
export async function runStaffLoadBenchRows(only?: readonly string[], seconds: number = SECONDS): Promise<GoalRow[]> {
  const rows: GoalRow[] = [];
  const rates = new Map<string, number>();
  for (const kind of testDatabases()) {
    if (only && !only.includes(kind)) continue;
    const figures = await loadOn(kind, seconds);
    rates.set(kind, figures.rate);
    const load = `${STAFF} staff without think time, ${seconds} s`;
    rows.push(
      { benchmark: `${kind}: ${load}`, value: round(figures.rate, 0), unit: 'req/s', goal: '' },
      { benchmark: `${kind}: ${load}, p95`, value: round(figures.p95, 1), unit: 'ms', goal: '' },
    );
  }
  const [sqlite, postgres] = [rates.get('sqlite'), rates.get('postgres')];
  if (sqlite !== undefined && postgres !== undefined) {
    rows.push({
      benchmark: `staff load, SQLite vs PostgreSQL (req/s)`,
      value: round(sqlite / postgres, 2),
      unit: 'x',
      goal: STAFF_LOAD_GOAL,
    });
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStaffLoadBenchRows(databaseOption(process.argv), secondsOption(process.argv))
    .then((rows) => console.table(rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
