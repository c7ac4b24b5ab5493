// The conflict check at scale (docs/product/conflicts.md; README, Performance), on SQLite and, with
// TEST_DATABASE_URL, PostgreSQL: one firm of 1,000,000 made-up intakes (bench/intakeData.ts: skewed
// surnames, accents) whose defendants, vehicle owners and alternate contacts are drawn from the
// same skewed names, one in ten a client of the firm and one in fifty the other client of a crash
// an earlier intake was in; their parties stored as the server stores them (server/conflicts/parties.ts).
// Loaded without ANALYZE. Prints the p95 of GET /v1/intake/{caseId}/conflicts over intakes picked
// at random, and the median of the check of an intake whose defendant has the firm's most common
// client name (the skew's worst case: thousands of same-name clients).
// `npm run bench -- --only conflicts` (1,000,000 intakes unless `--intakes N` is given).
// Alone: `npx tsx bench/conflicts.bench.ts [--intakes N] [--database sqlite|postgres]`.
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { checkIntake } from '../server/conflicts/check';
import { intakePartyRows } from '../server/conflicts/parties';
import type { PartiesTable } from '../server/conflicts/tables';
import { bearer, testDatabases, type TestServer } from '../tests/api/support/testServer';
import { databaseOption } from './intakes.bench';
import { makeFirmIntakes, seededRandom, type BenchIntakeRow } from './intakeData';
import { percentile, round, startBenchServer, timeSequential, type GoalRow } from './support';

export const CONFLICT_BENCH_INTAKES = 1_000_000;
const WARM_UP_REQUESTS = 10;
const TIMED_REQUESTS = 100;
const COMMON_NAME_RUNS = 10;
const GOAL_MS = 50;
const CITIES = ['Springfield', 'Lakemont', 'Riverside', 'Fairview', 'Georgetown', 'Salem', 'Madison', 'Ashland', 'Clinton', 'Dover'];
const DEFENDANT_FIRST = ['Maria', 'José', 'Juan', 'Ana', 'Luis', 'Sofía', 'Inés', 'Zoë', 'Carlos', 'Jesús', 'Camila', 'Dana'];
const DEFENDANT_LAST = [
  'García',
  'Garcia',
  'Martínez',
  'López',
  'Núñez',
  "O'Brien",
  'Nguyen',
  'Smith',
  'Peña',
  'Müller',
  'Okafor',
  'Lindqvist',
];
/** Rows per insert: well under both databases' limits on bound parameters (12 columns a party). */
const PARTY_BATCH = 1_000;

interface Sections {
  personalInformation: Record<string, unknown>;
  vehicleInformation: Record<string, unknown>;
  defendantInformation: Record<string, unknown>;
  incidentDescription: Record<string, unknown>;
}

const SYLLABLES = [
  'ka',
  'lo',
  'ven',
  'dri',
  'sto',
  'bel',
  'tor',
  'qui',
  'han',
  'zel',
  'pru',
  'dem',
  'fal',
  'nor',
  'wes',
  'ti',
  'rou',
  'gel',
];

/** A name nobody in the firm is likely to share: two made-up words. */
function strangerName(random: () => number): string {
  const word = () => {
    let text = '';
    for (let part = 0; part < 3; part += 1) text += pickOf(random, SYLLABLES);
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  return `${word()} ${word()}`;
}

function pickOf<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T;
}

/**
 * The list's and the dashboard's triggers off for the load (they keep search words and totals
 * this bench never reads, and would make a million-row load take hours on a shared machine); put
 * back before anything is timed. The check reads intakes by caseId only.
 */
async function withoutIntakeTriggers(server: TestServer, load: () => Promise<void>): Promise<void> {
  if (server.kind === 'postgres') {
    await sql`alter table intakes disable trigger user`.execute(server.db);
    try {
      await load();
    } finally {
      await sql`alter table intakes enable trigger user`.execute(server.db);
    }
    return;
  }
  const triggers = await sql<{
    name: string;
    sql: string;
  }>`select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'intakes'`.execute(server.db);
  for (const trigger of triggers.rows) await sql`drop trigger ${sql.id(trigger.name)}`.execute(server.db);
  try {
    await load();
  } finally {
    for (const trigger of triggers.rows) await sql.raw(trigger.sql).execute(server.db);
  }
}

async function loadFirm(server: TestServer, intakes: number) {
  const firm = await server.createFirm({ firmName: 'Bench Conflicts Firm' });
  const owner = await server.createUser({ firmId: firm.id, privilege: 'owner', firstName: 'Bench', lastName: 'Owner' });
  const sample: string[] = [];
  await withoutIntakeTriggers(server, () => loadIntakes(server, firm.id, owner.id, intakes, sample));
  return { firmId: firm.id, owner, sample };
}

async function loadIntakes(server: TestServer, firmId: string, ownerId: string, intakes: number, sample: string[]): Promise<void> {
  const random = seededRandom(2026);
  const recent: { name: string; phone: string; date: string; report: string }[] = [];
  await makeFirmIntakes(firmId, { id: ownerId, name: 'Bench Owner' }, intakes, 42, [], async (batch: BenchIntakeRow[]) => {
    const parties: PartiesTable[] = [];
    for (const row of batch) {
      const sections = JSON.parse(row.sections) as Sections;
      const person = sections.personalInformation;
      const clientName = `${String(person.firstName)} ${String(person.lastName)}`;
      const date = new Date(Date.parse('2019-01-01') + Math.floor(random() * 6 * 365) * 86_400_000).toISOString().slice(0, 10);
      let incident = { date, report: `CR-${Math.floor(random() * 10_000_000)}` };
      const roll = random();
      // Most defendants are strangers to the firm, one in five with a common name; most have a phone.
      let driver = random() < 0.2 ? `${pickOf(random, DEFENDANT_FIRST)} ${pickOf(random, DEFENDANT_LAST)}` : strangerName(random);
      let driverPhone = random() < 0.8 ? `(556) ${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}` : '';
      if (roll < 0.02 && recent.length > 0) {
        // The other client of an earlier intake's crash, named as this one's defendant driver.
        const earlier = pickOf(random, recent);
        incident = { date: earlier.date, report: earlier.report };
        driver = earlier.name;
        driverPhone = '';
      } else if (roll < 0.12 && recent.length > 0) {
        // A client of the firm, with their phone half the time.
        const former = pickOf(random, recent);
        driver = former.name;
        driverPhone = random() < 0.5 ? former.phone : '';
      }
      sections.defendantInformation = {
        ...sections.defendantInformation,
        driversName: driver,
        phoneNumber: driverPhone,
        owner: random() < 0.6 ? driver : strangerName(random),
      };
      if (random() < 0.5) sections.vehicleInformation = { ...sections.vehicleInformation, owner: clientName };
      if (random() < 0.3)
        sections.personalInformation = { ...person, alternateContact: `${pickOf(random, DEFENDANT_FIRST)} ${String(person.lastName)}` };
      sections.incidentDescription = {
        ...sections.incidentDescription,
        incidentDate: `${incident.date}T00:00:00.000Z`,
        crashReportNum: incident.report,
        city: pickOf(random, CITIES),
        crashLocation: `Route ${Math.floor(random() * 200)}`,
      };
      // The sections that name parties and the crash: what the check reads of an intake.
      const { personalInformation, vehicleInformation, defendantInformation, incidentDescription } = sections;
      row.sections = JSON.stringify({ personalInformation, vehicleInformation, defendantInformation, incidentDescription });
      row.incident_date = incident.date;
      parties.push(...intakePartyRows(firmId, row.case_id, sections));
      const kept = { name: clientName, phone: String(person.phoneNumber), ...incident };
      if (recent.length < 5_000) recent.push(kept);
      else recent[Math.floor(random() * recent.length)] = kept;
      if (random() < 0.001) sample.push(row.case_id);
    }
    // One commit per batch: the intakes and their parties together.
    await server.db.transaction().execute(async (trx) => {
      await trx.insertInto('intakes').values(batch).execute();
      for (let start = 0; start < parties.length; start += PARTY_BATCH) {
        await trx
          .insertInto('parties')
          .values(parties.slice(start, start + PARTY_BATCH))
          .execute();
      }
    });
  });
}

async function benchOn(kind: 'sqlite' | 'postgres', intakes: number): Promise<GoalRow[]> {
  const server = await startBenchServer(kind);
  try {
    const loading = performance.now();
    const { firmId, owner, sample } = await loadFirm(server, intakes);
    const rows: GoalRow[] = [
      { benchmark: `${kind}: load ${intakes} intakes and their parties`, value: round((performance.now() - loading) / 1000, 1), unit: 's' },
    ];
    const parties = await server.db
      .selectFrom('parties')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    rows.push({ benchmark: `${kind}: parties stored`, value: Number(parties.n), unit: 'rows' });

    const token = await server.login(owner.email, owner.password);
    let found = 0;
    const call = async (index: number) => {
      const caseId = sample[index % sample.length] as string;
      const response = await fetch(`${server.baseUrl}/v1/intake/${caseId}/conflicts`, { headers: bearer(token) });
      if (!response.ok) throw new Error(`GET conflicts answered ${response.status}`);
      const { data } = (await response.json()) as { data: { conflicts: unknown[] } };
      found += data.conflicts.length;
    };
    await timeSequential(WARM_UP_REQUESTS, call);
    const samples = await timeSequential(TIMED_REQUESTS, (index) => call(index + WARM_UP_REQUESTS));
    // A check that finds nothing anywhere would be a broken one, however fast.
    if (found === 0) throw new Error('the sampled checks found no conflict at all');
    rows.push({
      benchmark: `${kind}: GET /v1/intake/{caseId}/conflicts, firm of ${intakes}, p95`,
      value: round(percentile(samples, 95), 1),
      unit: 'ms',
      goal: `<= ${GOAL_MS} ms`,
    });
    rows.push({
      benchmark: `${kind}: conflicts found per sampled check, mean`,
      value: round(found / TIMED_REQUESTS, 2),
      unit: 'conflicts',
    });

    // The check alone, without the HTTP round trip, the session check and the activity row.
    const sections = new Map<string, string>();
    for (const row of await server.db.selectFrom('intakes').select(['case_id', 'sections']).where('case_id', 'in', sample).execute()) {
      sections.set(row.case_id, row.sections);
    }
    const direct = await timeSequential(TIMED_REQUESTS, async (index) => {
      const caseId = sample[index % sample.length] as string;
      await checkIntake(server.db, firmId, caseId, sections.get(caseId) as string);
    });
    rows.push({
      benchmark: `${kind}: conflict check alone (server/conflicts/check.ts), firm of ${intakes}, p95`,
      value: round(percentile(direct, 95), 1),
      unit: 'ms',
    });

    // The worst skew: a defendant with the firm's most common client name, written another way.
    const common = JSON.stringify({
      personalInformation: { firstName: 'Bench', lastName: 'Commonname' },
      vehicleInformation: {},
      defendantInformation: { driversName: 'GARCIA, María', owner: 'José Martinez' },
      incidentDescription: {},
    });
    let matched = 0;
    const commonSamples = await timeSequential(COMMON_NAME_RUNS, async () => {
      matched = (await checkIntake(server.db, firmId, 'bench-none', common)).conflicts.length;
    });
    rows.push({
      benchmark: `${kind}: check of a defendant with the most common client names (${matched} conflicts), median`,
      value: round(percentile(commonSamples, 50), 1),
      unit: 'ms',
    });
    return rows;
  } finally {
    await server.close();
  }
}

export async function runConflictsBenchRows(intakes: number = CONFLICT_BENCH_INTAKES, only?: readonly string[]): Promise<GoalRow[]> {
  const rows: GoalRow[] = [];
  for (const kind of testDatabases()) if (!only || only.includes(kind)) rows.push(...(await benchOn(kind, intakes)));
  return rows;
}

/** `--intakes N` when given; the conflict bench's own million otherwise. */
export function conflictIntakesOption(argv: readonly string[]): number {
  const index = argv.indexOf('--intakes');
  if (index < 0) return CONFLICT_BENCH_INTAKES;
  const given = Number(argv[index + 1]);
  if (!Number.isInteger(given) || given < 100) throw new Error('--intakes needs a whole number of at least 100');
  return given;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runConflictsBenchRows(conflictIntakesOption(process.argv), databaseOption(process.argv))
    .then((rows) => console.table(rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
