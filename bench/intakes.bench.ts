// Issue 5 figures: GET /v1/intake latency (p50/p95 over sequential requests) with 100,000 intakes in
// one firm, for the first page, a deep page, a name-prefix search and a narrow search, on SQLite
// and, when TEST_DATABASE_URL is set, on PostgreSQL. Run alone with `npx tsx bench/intakes.bench.ts`.
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { emptyIntake, toApiIntake } from '../src/domain/intake';
import { newIntakeRow } from '../server/intakes/repository';
import type { TestServer, TestUser } from '../tests/api/support/testServer';
import { figureRows, runListBench, type BenchRow, type ListBench, type ListScenario } from './support';

const INTAKES_IN_FIRM = 100_000;
const INSERT_BATCH = 1_000;
const WARM_UP_REQUESTS = 10;
const TIMED_REQUESTS = 200;

// Made-up names. Two first names in forty begin with 'Mar' (Maria, Marco), and nothing else does:
// the prefix search matches 5,000 of 100,000. Intake i is first name i % 40 and last name
// floor(i / 40) % 40, so every pair occurs 62 or 63 times.
const firstNames = [
  'Maria', 'Marco', 'Aiden', 'Bella', 'Caleb', 'Dalia', 'Elias', 'Fiona', 'Gavin', 'Hazel',
  'Isaac', 'Jada', 'Kiran', 'Lena', 'Milo', 'Nadia', 'Owen', 'Priya', 'Quinn', 'Rosa',
  'Silas', 'Tessa', 'Umar', 'Vera', 'Wade', 'Xena', 'Yusuf', 'Zara', 'Bruno', 'Clara',
  'Diego', 'Elena', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jonah', 'Kemal', 'Luca', 'Nora',
];
const lastNames = [
  'Abbott', 'Barlow', 'Castillo', 'Dunmore', 'Ellison', 'Fairbanks', 'Greaves', 'Holloway', 'Ingram', 'Jessup',
  'Kowalski', 'Lindqvist', 'Okafor', 'Nakamura', 'Oyelaran', 'Pennington', 'Quarles', 'Rasmussen', 'Sorensen', 'Thornbury',
  'Underhill', 'Vasquez', 'Whitfield', 'Xiong', 'Yardley', 'Zielinski', 'Achebe', 'Bergstrom', 'Caruso', 'Delacroix',
  'Eastwood', 'Fitzgerald', 'Galloway', 'Halvorsen', 'Iwasaki', 'Jovanovic', 'Kaczmarek', 'Lachance', 'Okonkwo', 'Novak',
];

const scenarios: ListScenario[] = [
  { name: 'page 1', query: '', expectRows: 10, expectTotal: INTAKES_IN_FIRM },
  { name: 'deep page (offset 90,000)', query: 'offSetValue=90000', expectRows: 10, expectTotal: INTAKES_IN_FIRM },
  { name: "search 'mar' (5,000 matches)", query: 'searchFilter=mar', expectRows: 10, expectTotal: INTAKES_IN_FIRM / 20 },
  // Maria is first name 0 and Whitfield last name 22 (see fillFirm for the pairing).
  { name: "search 'maria whitf' (narrow)", query: 'searchFilter=maria%20whitf', expectRows: 10, expectTotal: expectedPairCount(0, 22) },
  { name: 'status final', query: 'status=final', expectRows: 10, expectTotal: INTAKES_IN_FIRM / 10 },
];

function expectedPairCount(first: number, last: number): number {
  let count = 0;
  for (let index = 0; index < INTAKES_IN_FIRM; index += 1) {
    if (index % firstNames.length === first && Math.floor(index / firstNames.length) % lastNames.length === last) count += 1;
  }
  return count;
}

/** A made-up phone: '(555) 0xx-xxxx', distinct per intake. */
function phoneOf(index: number): string {
  const digits = String(index).padStart(6, '0');
  return `(555) 0${digits.slice(0, 2)}-${digits.slice(2)}`;
}

/** 100,000 intakes in batches inside one transaction (one commit, not 100,000). */
async function fillFirm(server: TestServer, firmId: string, representative: TestUser): Promise<void> {
  const blank = toApiIntake(emptyIntake());
  const start = Date.parse('2020-01-01T00:00:00.000Z');
  const representativeName = `${representative.firstName} ${representative.lastName}`;
  await server.db.transaction().execute(async (trx) => {
    for (let first = 0; first < INTAKES_IN_FIRM; first += INSERT_BATCH) {
      const batch = [];
      for (let index = first; index < Math.min(first + INSERT_BATCH, INTAKES_IN_FIRM); index += 1) {
        const firstName = firstNames[index % firstNames.length] as string;
        const lastName = lastNames[Math.floor(index / firstNames.length) % lastNames.length] as string;
        const sections = {
          ...blank,
          personalInformation: {
            ...blank.personalInformation,
            firstName,
            lastName,
            phoneNumber: phoneOf(index),
            email: `${firstName}.${lastName}${index}@bench.test`.toLowerCase(),
            address: `${index} Bench Street, Sampleton`,
          },
        };
        batch.push(
          newIntakeRow(
            { firmId, status: index % 10 === 0 ? 'final' : 'draft', representativeId: representative.id, representativeName, sections },
            new Date(start + index * 1000),
          ),
        );
      }
      await trx.insertInto('intakes').values(batch).execute();
    }
  });
  // What autovacuum (PostgreSQL) and a long-lived SQLite file have soon after a bulk load: planner
  // statistics and, on PostgreSQL, a visibility map that lets the list walk its index alone.
  await sql.raw(server.kind === 'postgres' ? 'vacuum analyze intakes' : 'analyze').execute(server.db);
}

const intakesBench: ListBench = {
  path: '/v1/intake',
  fillName: `insert ${INTAKES_IN_FIRM} intakes`,
  fill: fillFirm,
  pageOf: (body) => {
    const page = body as { data: { record: unknown[]; totalRecords: number } };
    return { rows: page.data.record.length, total: page.data.totalRecords };
  },
  scenarios,
  warmUpRequests: WARM_UP_REQUESTS,
  timedRequests: TIMED_REQUESTS,
};

/** Every figure, keyed '<database>: <what> (<unit>)'; also printed as a table. */
export function runIntakesBench(): Promise<Record<string, number>> {
  return runListBench(intakesBench);
}

/** The same figures as rows for bench/run.ts's table. */
export async function runIntakesBenchRows(): Promise<BenchRow[]> {
  return figureRows(await runIntakesBench());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runIntakesBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
