// The intake list at scale, on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL: one firm
// of `--intakes N` made-up intakes shaped like a real firm's (bench/intakeData.ts), a second firm
// of 1,000, loaded without ANALYZE or VACUUM (a real database gets neither on demand), on a server
// that logs at the production level and does not check its answers, as `npm start` does. Printed
// beside the goals of the performance work: GET /v1/intake p95 for page 1, the last page, a common
// surname, a common prefix, one client by name and by phone, in interleaved rounds (the median of
// the rounds' p95). The throughput of authenticated reads against a hello-world is measured by
// bench/throughput.bench.ts.
// Alone: `npx tsx bench/intakes.bench.ts --intakes 100000 [--database sqlite|postgres]`.
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/database';
import { bearer, testDatabases, type TestServer } from '../tests/api/support/testServer';
import { makeFirmIntakes, seededRandom, type BenchIntakeRow, type BenchScenario } from './intakeData';
import { percentile, round, startBenchServer, timeSequential, type GoalRow } from './support';

export const DEFAULT_INTAKES = 100_000;
const SMALL_FIRM_INTAKES = 1_000;
const ROUNDS = 3;
const WARM_UP_REQUESTS = 10;
const TIMED_REQUESTS_PER_ROUND = 60;
/** Share of the big firm's drafts saved again after the load, in random order. */
const RESAVED_SHARE = 0.01;
const COMMON_SURNAME = 'garcia';
const COMMON_PREFIX = 'mar';

function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export async function insertAll(db: Kysely<Database>, batch: BenchIntakeRow[]): Promise<void> {
  await db.insertInto('intakes').values(batch).execute();
}

/**
 * Saves a sample of drafts again, in random order and each in its own statement, as staff do:
 * on PostgreSQL the rows move on the heap, and the list's order no longer follows the insert order.
 */
async function resave(db: Kysely<Database>, drafts: readonly string[], seed: number): Promise<void> {
  const random = seededRandom(seed);
  const now = Date.parse('2025-01-02T00:00:00.000Z');
  const order = [...drafts].sort(() => random() - 0.5);
  await db.transaction().execute(async (trx) => {
    for (const [index, caseId] of order.entries()) {
      await trx
        .updateTable('intakes')
        .set({ updated_at: new Date(now + index * 997).toISOString() })
        .where('case_id', '=', caseId)
        .execute();
    }
  });
}

/**
 * The large firm's made-up intakes, inserted and a sample of drafts saved again out of order: the
 * same rows for this bench and for a kept database (bench/loadIntakes.ts). `onBatch` sees each
 * batch once it is stored.
 */
export async function insertBigFirmIntakes(
  db: Kysely<Database>,
  firmId: string,
  owner: { id: string; name: string },
  intakes: number,
  onBatch: (stored: number) => void = () => {},
) {
  const random = seededRandom(7);
  const drafts: string[] = [];
  let stored = 0;
  const data = await makeFirmIntakes(firmId, owner, intakes, 42, [COMMON_SURNAME, COMMON_PREFIX], async (batch) => {
    for (const row of batch) if (row.status === 'draft' && random() < RESAVED_SHARE) drafts.push(row.case_id);
    await insertAll(db, batch);
    stored += batch.length;
    onBatch(stored);
  });
  await resave(db, drafts, 11);
  return data;
}

interface LoadedFirm {
  token: string;
  scenarios: BenchScenario[];
}

async function loadBigFirm(server: TestServer, intakes: number): Promise<LoadedFirm> {
  const firm = await server.createFirm({ firmName: 'Bench Large Firm' });
  const owner = await server.createUser({ firmId: firm.id, privilege: 'owner', firstName: 'Bench', lastName: 'Owner' });
  const data = await insertBigFirmIntakes(server.db, firm.id, { id: owner.id, name: 'Bench Owner' }, intakes);
  const lastOffset = Math.floor((intakes - 1) / 10) * 10;
  const lastRows = intakes - lastOffset;
  const percentOf = (count: number) => `${round((100 * count) / intakes)}%`;
  const surname = data.expected.get(COMMON_SURNAME) ?? 0;
  const prefix = data.expected.get(COMMON_PREFIX) ?? 0;
  return {
    token: await server.login(owner.email, owner.password),
    scenarios: [
      { name: 'page 1', query: '', expectRows: 10, expectTotal: intakes, goalMs: 10 },
      { name: 'last page', query: `offSetValue=${lastOffset}`, expectRows: lastRows, expectTotal: intakes, goalMs: 25 },
      {
        name: `search '${COMMON_SURNAME}' (${percentOf(surname)})`,
        query: `searchFilter=${COMMON_SURNAME}`,
        expectRows: Math.min(10, surname),
        expectTotal: surname,
        goalMs: 10,
      },
      {
        name: `search '${COMMON_PREFIX}' (${percentOf(prefix)})`,
        query: `searchFilter=${COMMON_PREFIX}`,
        expectRows: Math.min(10, prefix),
        expectTotal: prefix,
        goalMs: 10,
      },
      {
        name: `one client by name, '${data.oneClient.name}'`,
        query: `searchFilter=${encodeURIComponent(data.oneClient.name)}`,
        expectRows: 1,
        expectTotal: 1,
        goalMs: 10,
      },
      {
        name: 'one client by phone',
        query: `searchFilter=${encodeURIComponent(data.oneClient.phone)}`,
        expectRows: 1,
        expectTotal: 1,
        goalMs: 10,
      },
      { name: 'status final, page 1', query: 'status=final', expectRows: 10, expectTotal: data.finals, goalMs: 10 },
    ],
  };
}

/** A second firm beside the big one: the list's queries must narrow to one firm among several. */
async function loadSmallFirm(server: TestServer): Promise<void> {
  const firm = await server.createFirm({ firmName: 'Bench Small Firm' });
  const owner = await server.createUser({ firmId: firm.id, privilege: 'owner', firstName: 'Small', lastName: 'Owner' });
  await makeFirmIntakes(firm.id, { id: owner.id, name: 'Small Owner' }, SMALL_FIRM_INTAKES, 43, [], (batch) => insertAll(server.db, batch));
}

async function timeScenario(server: TestServer, token: string, scenario: BenchScenario, requests: number): Promise<number[]> {
  const url = `${server.baseUrl}/v1/intake${scenario.query ? `?${scenario.query}` : ''}`;
  return timeSequential(requests, async () => {
    const response = await fetch(url, { headers: bearer(token) });
    if (!response.ok) throw new Error(`${scenario.name}: GET /v1/intake answered ${response.status}`);
    const body = (await response.json()) as { data: { record: unknown[]; totalRecords: number } };
    // A broken query must not pass as a fast one.
    if (body.data.record.length !== scenario.expectRows || body.data.totalRecords !== scenario.expectTotal) {
      throw new Error(
        `${scenario.name}: ${body.data.record.length} rows of ${body.data.totalRecords}, expected ${scenario.expectRows} of ${scenario.expectTotal}`,
      );
    }
  });
}

async function benchOn(kind: 'sqlite' | 'postgres', intakes: number): Promise<GoalRow[]> {
  const server = await startBenchServer(kind);
  try {
    const loading = performance.now();
    const big = await loadBigFirm(server, intakes);
    await loadSmallFirm(server);
    const rows: GoalRow[] = [
      {
        benchmark: `${kind}: load ${intakes} + ${SMALL_FIRM_INTAKES} intakes`,
        value: round((performance.now() - loading) / 1000, 1),
        unit: 's',
        goal: '',
      },
    ];

    const p95s = new Map<string, number[]>();
    for (const scenario of big.scenarios) await timeScenario(server, big.token, scenario, WARM_UP_REQUESTS);
    for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex += 1) {
      for (const scenario of big.scenarios) {
        const samples = await timeScenario(server, big.token, scenario, TIMED_REQUESTS_PER_ROUND);
        p95s.set(scenario.name, [...(p95s.get(scenario.name) ?? []), percentile(samples, 95)]);
      }
    }
    for (const scenario of big.scenarios) {
      rows.push({
        benchmark: `${kind}: GET /v1/intake ${scenario.name}, firm of ${intakes}, p95`,
        value: round(median(p95s.get(scenario.name) ?? []), 2),
        unit: 'ms',
        goal: `<= ${scenario.goalMs} ms`,
      });
    }
    return rows;
  } finally {
    await server.close();
  }
}

/** Every figure on every test database (or only those named). */
export async function runIntakesBenchRows(intakes: number = DEFAULT_INTAKES, only?: readonly string[]): Promise<GoalRow[]> {
  const rows: GoalRow[] = [];
  for (const kind of testDatabases()) if (!only || only.includes(kind)) rows.push(...(await benchOn(kind, intakes)));
  return rows;
}

/** `--database sqlite` or `--database postgres` from the command line: one database only. */
export function databaseOption(argv: readonly string[]): string[] | undefined {
  const index = argv.indexOf('--database');
  return index >= 0 && argv[index + 1] ? [argv[index + 1] as string] : undefined;
}

/** `--intakes N` from the command line, or the default. */
export function intakesOption(argv: readonly string[]): number {
  const index = argv.indexOf('--intakes');
  const given = index >= 0 ? Number(argv[index + 1]) : DEFAULT_INTAKES;
  if (!Number.isInteger(given) || given < 100) throw new Error('--intakes needs a whole number of at least 100');
  return given;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runIntakesBenchRows(intakesOption(process.argv), databaseOption(process.argv))
    .then((rows) => console.table(rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
