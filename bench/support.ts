// Shared pieces of the benchmarks: percentiles, a report row and the list-endpoint harness. Benchmarks
// print figures; they assert nothing (speed is measured here, never in tests).
import { createWriteStream } from 'node:fs';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from '../tests/api/support/testServer';

export interface BenchRow {
  benchmark: string;
  value: number;
  unit: string;
}

/** A figure beside its goal ('<= 10 ms', '>= 0.5 x'; empty for figures without one). */
export interface GoalRow extends BenchRow {
  goal?: string;
}

/** The p-th percentile (0..100) of the samples, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * The app as `npm start` runs it: logging at the production level (the lines go nowhere), answers not checked
 * against the contract (that is the API tests' check in testServer.ts, which `npm start` never runs
 * and which cost a sixth of a list request's CPU), no rate limit in the way of the load.
 */
export async function startBenchServer(kind: 'sqlite' | 'postgres'): Promise<TestServer> {
  const logStream = createWriteStream('/dev/null');
  const server = await startTestServer(kind, { rateLimitPerMinute: false, logLevel: 'info', logStream, checkAnswers: false });
  return {
    ...server,
    async close() {
      await server.close();
      logStream.end();
    },
  };
}

/** Milliseconds taken by each of `count` sequential runs of `work`. */
export async function timeSequential(count: number, work: (index: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = performance.now();
    await work(index);
    samples.push(performance.now() - start);
  }
  return samples;
}

/** One timed list request and what its answer must hold, so a broken query cannot pass as a fast one. */
export interface ListScenario {
  name: string;
  query: string;
  expectRows: number;
  expectTotal: number;
}

/** A list endpoint timed over a firm filled in bulk (users, intakes). */
export interface ListBench {
  /** The list route, e.g. '/v1/users'. */
  path: string;
  /** The fill figure's name, e.g. 'insert 9999 users'. */
  fillName: string;
  /** Fills the owner's firm in bulk before any request is timed. */
  fill: (server: TestServer, firmId: string, owner: TestUser) => Promise<void>;
  /** The page's row count and total, read from an answer body. */
  pageOf: (body: unknown) => { rows: number; total: number };
  scenarios: readonly ListScenario[];
  warmUpRequests: number;
  timedRequests: number;
}

async function measureList(server: TestServer, token: string, bench: ListBench, scenario: ListScenario): Promise<number[]> {
  const url = `${server.baseUrl}${bench.path}${scenario.query ? `?${scenario.query}` : ''}`;
  const call = async () => {
    const response = await fetch(url, { headers: bearer(token) });
    if (!response.ok) throw new Error(`${scenario.name}: GET ${bench.path} answered ${response.status}`);
    const { rows, total } = bench.pageOf(await response.json());
    if (rows !== scenario.expectRows || total !== scenario.expectTotal) {
      throw new Error(`${scenario.name}: ${rows} rows of ${total}, expected ${scenario.expectRows} of ${scenario.expectTotal}`);
    }
  };
  await timeSequential(bench.warmUpRequests, call);
  return timeSequential(bench.timedRequests, call);
}

async function benchListOn(kind: 'sqlite' | 'postgres', bench: ListBench): Promise<Record<string, number>> {
  const server = await startBenchServer(kind);
  try {
    const firm = await server.createFirm();
    const owner = await server.createUser({ firmId: firm.id, privilege: 'owner', firstName: 'Bench', lastName: 'Owner' });
    const filling = performance.now();
    await bench.fill(server, firm.id, owner);
    const figures: Record<string, number> = {
      [`${kind}: ${bench.fillName} (ms)`]: round(performance.now() - filling, 0),
    };
    const token = await server.login(owner.email, owner.password);
    for (const scenario of bench.scenarios) {
      const samples = await measureList(server, token, bench, scenario);
      figures[`${kind}: GET ${bench.path} ${scenario.name} p50 (ms)`] = round(percentile(samples, 50), 2);
      figures[`${kind}: GET ${bench.path} ${scenario.name} p95 (ms)`] = round(percentile(samples, 95), 2);
    }
    return figures;
  } finally {
    await server.close();
  }
}

/** Every figure on every test database, keyed '<database>: <what> (<unit>)'; also printed as a table. */
export async function runListBench(bench: ListBench): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const kind of testDatabases()) Object.assign(figures, await benchListOn(kind, bench));
  console.table(figures);
  return figures;
}

/** Figures keyed '<what> (<unit>)' as rows for bench/run.ts's table. */
export function figureRows(figures: Record<string, number>): BenchRow[] {
  return Object.entries(figures).map(([key, value]) => {
    const match = /^(.*) \((.+)\)$/.exec(key);
    return { benchmark: match?.[1] ?? key, value, unit: match?.[2] ?? '' };
  });
}
