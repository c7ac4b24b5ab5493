// Throughput of authenticated reads as a share of a Fastify hello-world measured in the same run,
// on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL: GET /v1/users/me and page 1 of
// GET /v1/intake in a firm of 1,000 intakes (bench/intakeData.ts), on a server that logs at the
// production level and does not check its answers, as `npm start` runs (bench/support.ts).
// The peer is a plain Fastify app answering {hello:'world'}, loaded by the same generator
// (autocannon) with the same connections, in the same rounds, so the machine's load meets both:
// compare the ratios, not the requests per second of separate runs. Each round is measured with
// the client on the server's thread (as the README's first figures were) and on its own thread
// (autocannon's worker), which shows what the server alone can do; there the server thread's busy
// time per request is printed too.
// Alone: `npx tsx bench/throughput.bench.ts [--database sqlite|postgres]`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { bearer, testDatabases, type TestServer } from '../tests/api/support/testServer';
import { databaseOption, insertAll } from './intakes.bench';
import { makeFirmIntakes } from './intakeData';
import { percentile, round, startBenchServer, type GoalRow } from './support';

const FIRM_INTAKES = 1_000;
const CONNECTIONS = 20;
const ROUNDS = 3;
const SECONDS = 3;
const WARM_UP_SECONDS = 1;
export const USERS_ME_GOAL = '>= 0.5 x';
export const INTAKE_PAGE_GOAL = '>= 0.3 x';

interface Measured {
  /** Requests per second. */
  rate: number;
  /** Microseconds this thread was busy per answered request (event loop utilisation). */
  busy: number;
}

/** CONNECTIONS keep-alive connections for `seconds`; any answer but a 2xx stops the bench. */
async function measure(url: string, onOwnThread: boolean, seconds: number, headers: Record<string, string> = {}): Promise<Measured> {
  const before = performance.eventLoopUtilization();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, ...(onOwnThread ? { workers: 1 } : {}) });
  const { active } = performance.eventLoopUtilization(before);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx, ${result.errors} errors`);
  return { rate: result.requests.average, busy: (active * 1000) / result.requests.total };
}

/** A Fastify hello-world: what this machine serves at best, measured beside the app. */
async function startHelloWorld(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('hello-world has no TCP address');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => app.close() };
}

/** A firm of FIRM_INTAKES made-up intakes and its owner's token. */
async function loadFirm(server: TestServer): Promise<string> {
  const firm = await server.createFirm({ firmName: 'Bench Throughput Firm' });
  const owner = await server.createUser({ firmId: firm.id, privilege: 'owner', firstName: 'Small', lastName: 'Owner' });
  await makeFirmIntakes(firm.id, { id: owner.id, name: 'Small Owner' }, FIRM_INTAKES, 43, [], (batch) => insertAll(server.db, batch));
  return server.login(owner.email, owner.password);
}

interface Series {
  hello: Measured[];
  me: Measured[];
  list: Measured[];
}

async function benchOn(kind: 'sqlite' | 'postgres'): Promise<GoalRow[]> {
  const server = await startBenchServer(kind);
  const hello = await startHelloWorld();
  try {
    const token = await loadFirm(server);
    const targets = {
      hello: { label: 'Fastify hello-world', url: hello.url, headers: {} },
      me: { label: 'GET /v1/users/me', url: `${server.baseUrl}/v1/users/me`, headers: bearer(token) },
      list: { label: `GET /v1/intake page 1 (firm of ${FIRM_INTAKES})`, url: `${server.baseUrl}/v1/intake`, headers: bearer(token) },
    };
    const names = Object.keys(targets) as (keyof Series)[];
    for (const name of names) await measure(targets[name].url, true, WARM_UP_SECONDS, targets[name].headers);
    const modes = [false, true].map((onOwnThread) => ({ onOwnThread, series: { hello: [], me: [], list: [] } as Series }));
    for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex += 1) {
      for (const { onOwnThread, series } of modes) {
        // Every other round the peer goes last, so a trend in the machine's load favours neither.
        for (const name of roundIndex % 2 === 0 ? names : [...names].reverse()) {
          series[name].push(await measure(targets[name].url, onOwnThread, SECONDS, targets[name].headers));
        }
      }
    }
    const rows: GoalRow[] = [];
    for (const { onOwnThread, series } of modes) {
      const client = `${CONNECTIONS} connections, client on ${onOwnThread ? 'its own thread' : "the server's thread"}`;
      // The ratio of each round (same minutes of the machine), then their median.
      const ratio = (values: readonly Measured[]) =>
        round(
          percentile(
            values.map((value, index) => value.rate / (series.hello[index]?.rate ?? Number.NaN)),
            50,
          ),
          3,
        );
      const rate = (values: readonly Measured[]) =>
        round(
          percentile(
            values.map((value) => value.rate),
            50,
          ),
          0,
        );
      const busy = (values: readonly Measured[]) =>
        round(
          percentile(
            values.map((value) => value.busy),
            50,
          ),
          0,
        );
      rows.push(
        { benchmark: `${kind}: Fastify hello-world, ${client}`, value: rate(series.hello), unit: 'req/s', goal: '' },
        { benchmark: `${kind}: GET /v1/users/me, ${client}`, value: rate(series.me), unit: 'req/s', goal: '' },
        { benchmark: `${kind}: GET /v1/users/me vs hello-world, ${client}`, value: ratio(series.me), unit: 'x', goal: USERS_ME_GOAL },
        {
          benchmark: `${kind}: GET /v1/intake page 1 (firm of ${FIRM_INTAKES}), ${client}`,
          value: rate(series.list),
          unit: 'req/s',
          goal: '',
        },
        {
          benchmark: `${kind}: GET /v1/intake page 1 (firm of ${FIRM_INTAKES}) vs hello-world, ${client}`,
          value: ratio(series.list),
          unit: 'x',
          goal: INTAKE_PAGE_GOAL,
        },
      );
      // With the client elsewhere the thread's busy time is the server's alone: on a machine shared
      // with other work it swings much less than the rate from round to round.
      if (onOwnThread) {
        for (const name of names) {
          rows.push({ benchmark: `${kind}: ${targets[name].label} server time`, value: busy(series[name]), unit: 'µs/request', goal: '' });
        }
      }
    }
    return rows;
  } finally {
    await hello.close();
    await server.close();
  }
}

/** Every figure on every test database (or only those named). */
export async function runThroughputBenchRows(only?: readonly string[]): Promise<GoalRow[]> {
  const rows: GoalRow[] = [];
  for (const kind of testDatabases()) if (!only || only.includes(kind)) rows.push(...(await benchOn(kind)));
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runThroughputBenchRows(databaseOption(process.argv))
    .then((rows) => console.table(rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
