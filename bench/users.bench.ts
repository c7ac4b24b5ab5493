// GET /v1/users latency (p50/p95 over sequential requests) with 10,000 users in one
// firm, for the first page, a deep page, a substring search and a privilege filter, on SQLite and,
// when TEST_DATABASE_URL is set, on PostgreSQL. Run alone with `npx tsx bench/users.bench.ts`.
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { Privilege } from '../src/domain/enums';
import type { NewUserRow } from '../server/users/tables';
import type { TestServer } from '../tests/api/support/testServer';
import { figureRows, runListBench, type BenchRow, type ListBench, type ListScenario } from './support';

const USERS_IN_FIRM = 10_000;
const INSERT_BATCH = 500;
const WARM_UP_REQUESTS = 20;
const TIMED_REQUESTS = 200;
// Not an argon2 hash: nobody signs in as these users, and hashing 10,000 passwords would take minutes.
const DUMMY_HASH = 'bench-user-without-password';

const firstNames = ['Ana', 'Ben', 'Carla', 'Dev', 'Elif', 'Farid', 'Gita', 'Hugo', 'Ines', 'Jon'];
// One user in ten has 'Sample' in the last name: the search scenario matches 1,000 of 10,000.
const lastNames = ['Archer', 'Baker', 'Sampleton', 'Dalton', 'Ellis', 'Fisher', 'Grant', 'Hayes', 'Irwin', 'Jordan'];

const scenarios: ListScenario[] = [
  { name: 'page 1', query: '', expectRows: 10, expectTotal: USERS_IN_FIRM },
  { name: 'deep page (offset 9,000)', query: 'offSetValue=9000', expectRows: 10, expectTotal: USERS_IN_FIRM },
  { name: "search 'sample'", query: 'search=sample', expectRows: 10, expectTotal: USERS_IN_FIRM / 10 },
  { name: 'privilege administrator', query: 'privilege=administrator', expectRows: 10, expectTotal: USERS_IN_FIRM / 20 },
];

function benchUser(firmId: string, index: number, start: number): NewUserRow {
  const timestamp = new Date(start + index * 1000).toISOString();
  // The owner signs in below; one user in twenty is an administrator, the rest representatives.
  const privilege: Privilege = index % 20 === 1 ? 'administrator' : 'representative';
  const lastName = lastNames[index % lastNames.length] as string;
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    firm_id: firmId,
    first_name: firstNames[Math.floor(index / 10) % firstNames.length] as string,
    middle_name: null,
    last_name: lastName,
    email: `user${index}.${lastName.toLowerCase()}@bench.test`.replace('sampleton', 'stn'),
    password_hash: DUMMY_HASH,
    privilege,
    phone_number: '555-010-0100',
    usage: 'call',
    civil_status: 'single',
    gender: index % 2 === 0 ? 'female' : 'male',
    birth_date: '1985-06-15',
    ssn: null,
    ssn_status: 'noSsn',
    itin: null,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

/** 9,999 employees in the owner's firm, in batches inside one transaction (one commit, not 10,000). */
async function fillFirm(server: TestServer, firmId: string): Promise<void> {
  const start = Date.parse('2020-01-01T00:00:00.000Z');
  await server.db.transaction().execute(async (trx) => {
    for (let first = 1; first < USERS_IN_FIRM; first += INSERT_BATCH) {
      const batch: NewUserRow[] = [];
      for (let index = first; index < Math.min(first + INSERT_BATCH, USERS_IN_FIRM); index += 1) {
        batch.push(benchUser(firmId, index, start));
      }
      await trx.insertInto('users').values(batch).execute();
    }
  });
  // What autovacuum (PostgreSQL) and a long-lived SQLite file have soon after a bulk load: planner
  // statistics and, on PostgreSQL, a visibility map that lets the list walk its index alone.
  await sql.raw(server.kind === 'postgres' ? 'vacuum analyze users' : 'analyze users').execute(server.db);
}

const usersBench: ListBench = {
  path: '/v1/users',
  fillName: `insert ${USERS_IN_FIRM - 1} users`,
  fill: fillFirm,
  pageOf: (body) => {
    const page = body as { data: unknown[]; totalRecords: number };
    return { rows: page.data.length, total: page.totalRecords };
  },
  scenarios,
  warmUpRequests: WARM_UP_REQUESTS,
  timedRequests: TIMED_REQUESTS,
};

/** Every figure, keyed '<database>: <what> (<unit>)'; also printed as a table. */
export function runUsersBench(): Promise<Record<string, number>> {
  return runListBench(usersBench);
}

/** The same figures as rows for bench/run.ts's table. */
export async function runUsersBenchRows(): Promise<BenchRow[]> {
  return figureRows(await runUsersBench());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runUsersBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
