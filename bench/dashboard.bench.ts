// GET /v1/dashboard at scale (docs/product/dashboard.md; README, Performance), on SQLite and, with
// TEST_DATABASE_URL, PostgreSQL: one firm of `--intakes N` made-up intakes (bench/intakeData.ts)
// spread over 20 representatives and the six years up to today, nine in ten with an incident date,
// and one lead per ten intakes, loaded without ANALYZE (a real database gets none on demand).
// Prints the p95 of the owner's call (the firm's lists) and of a representative's (their own), and
// the same for a small firm in the same database, measured in the same run, to compare with; and
// the 90-day funnel from the kept day totals beside its peer, the same counted from the rows.
// Alone: `npx tsx bench/dashboard.bench.ts --intakes 1000000 [--database sqlite|postgres]`.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { addDays } from '../src/domain/limitation';
import { daysBefore, FUNNEL_DAYS, utcDate } from '../src/domain/dashboard';
import { countsSince, leadFunnelBetween } from '../server/dashboard/repository';
import type { Database } from '../server/db/database';
import { bearer, testDatabases, type TestServer, type TestUser } from '../tests/api/support/testServer';
import { databaseOption, intakesOption } from './intakes.bench';
import { makeFirmIntakes, seededRandom, type BenchIntakeRow } from './intakeData';
import { percentile, round, startBenchServer, timeSequential, type GoalRow } from './support';

const REPRESENTATIVES = 20;
const LEADS_PER_INTAKE = 0.1;
const WARM_UP_REQUESTS = 5;
const TIMED_REQUESTS = 40;
const GOAL_MS = 50;
/** The small firm measured beside the large one: what a firm that is not large sees. */
const SMALL_FIRM_INTAKES = 1_000;
/** makeFirmIntakes spreads its rows over six years from 2019; moved here to end today. */
const GENERATED_START = Date.parse('2019-01-01T00:00:00.000Z');
const SPAN_MS = 6 * 365 * 86_400_000;

async function loadFirm(server: TestServer, intakes: number, firmName: string) {
  const firm = await server.createFirm({ firmName });
  const owner = await server.createUser({ firmId: firm.id, privilege: 'owner', firstName: 'Bench', lastName: 'Owner' });
  const representatives: TestUser[] = [];
  for (let index = 0; index < REPRESENTATIVES; index += 1) {
    representatives.push(
      await server.createUser({ firmId: firm.id, privilege: 'representative', firstName: 'Rep', lastName: `Number${index}` }),
    );
  }
  const random = seededRandom(99);
  const shift = Date.now() - (GENERATED_START + SPAN_MS);
  const today = utcDate(new Date());
  const moved = (iso: string) => new Date(Math.min(Date.now(), Date.parse(iso) + shift)).toISOString();
  await makeFirmIntakes(firm.id, { id: owner.id, name: 'Bench Owner' }, intakes, 42, [], async (batch: BenchIntakeRow[]) => {
    for (const row of batch) {
      // Skewed like a real firm: a few representatives take most intakes.
      const rep = representatives[Math.floor(random() ** 2 * REPRESENTATIVES)] as TestUser;
      row.representative_id = rep.id;
      row.representative_name = `${rep.firstName} ${rep.lastName}`;
      row.created_at = moved(row.created_at);
      row.updated_at = moved(row.updated_at);
      row.incident_date = random() < 0.1 ? null : addDays(today, -Math.floor(random() * 6 * 365));
    }
    await server.db.insertInto('intakes').values(batch).execute();
    await insertLeads(server.db, firm.id, owner.id, batch, random);
  });
  return { owner, representative: representatives[0] as TestUser };
}

async function insertLeads(db: Kysely<Database>, firmId: string, createdBy: string, batch: BenchIntakeRow[], random: () => number) {
  const leads = batch
    .filter(() => random() < LEADS_PER_INTAKE)
    .map((row) => ({
      id: randomUUID(),
      firm_id: firmId,
      created_by: createdBy,
      first_name: row.client_first_name,
      middle_name: null,
      last_name: row.client_last_name,
      birth_date: '1980-01-01',
      address: '1 Sample Street',
      city: 'Testville',
      county: 'Example County',
      state: 'ZZ',
      country: 'USA',
      zip_code: '00000',
      email: row.client_email,
      gender: 'Female' as const,
      phone: row.client_phone,
      minor: 'No' as const,
      name_key: row.client_name.toLowerCase(),
      phone_digits: row.client_phone.replace(/\D/g, ''),
      email_norm: row.client_email,
      intake_id: random() < 0.85 ? row.case_id : null,
      identity_key: null,
      created_at: row.created_at,
    }));
  if (leads.length > 0) await db.insertInto('leads').values(leads).execute();
}

async function timeDashboard(server: TestServer, token: string, requests: number, intakes: number): Promise<number[]> {
  return timeSequential(requests, async () => {
    const response = await fetch(`${server.baseUrl}/v1/dashboard`, { headers: bearer(token) });
    if (!response.ok) throw new Error(`GET /v1/dashboard answered ${response.status}`);
    const { data } = (await response.json()) as { data: { counts: { draftIntakes: number; finalIntakes: number } } };
    // A broken query must not pass as a fast one.
    if (data.counts.draftIntakes + data.counts.finalIntakes !== intakes) throw new Error('GET /v1/dashboard counted the wrong intakes');
  });
}

/**
 * The peer of the kept day totals (migration 0019), measured on the same rows in the same run: the
 * funnel of the last 90 days counted from the rows at every call, as the dashboard did before.
 */
const funnelFromRows = (db: Kysely<Database>, firmId: string, since: string) => leadFunnelBetween(db, firmId, since, '9999-12-31');

async function funnelRows(server: TestServer, firmId: string, size: number): Promise<GoalRow[]> {
  const since = daysBefore(new Date(), FUNNEL_DAYS);
  const kept = await countsSince(server.db, firmId, since);
  const counted = await funnelFromRows(server.db, firmId, since);
  // Both ways must agree, or neither figure means anything.
  if (kept.leads !== counted.leads || kept.leadsWithFinal !== counted.final) throw new Error('the funnels disagree');
  const rows: GoalRow[] = [];
  for (const [way, run] of [
    ['kept day totals', () => countsSince(server.db, firmId, since)],
    ['counted from rows (peer)', () => funnelFromRows(server.db, firmId, since)],
  ] as const) {
    await timeSequential(WARM_UP_REQUESTS, run);
    const samples = await timeSequential(TIMED_REQUESTS, run);
    rows.push({
      benchmark: `${server.kind}: 90-day funnel, firm of ${size}, ${way}, median`,
      value: round(percentile(samples, 50), 2),
      unit: 'ms',
    });
  }
  return rows;
}

async function benchOn(kind: 'sqlite' | 'postgres', intakes: number): Promise<GoalRow[]> {
  const server = await startBenchServer(kind);
  try {
    const loading = performance.now();
    const large = await loadFirm(server, intakes, 'Bench Dashboard Firm');
    const rows: GoalRow[] = [
      { benchmark: `${kind}: load ${intakes} intakes for the dashboard`, value: round((performance.now() - loading) / 1000, 1), unit: 's' },
    ];
    const small = await loadFirm(server, SMALL_FIRM_INTAKES, 'Bench Small Dashboard Firm');
    rows.push(...(await funnelRows(server, large.owner.firmId, intakes)));
    for (const [firm, size] of [
      [large, intakes],
      [small, SMALL_FIRM_INTAKES],
    ] as const) {
      for (const [who, user] of [
        ['owner', firm.owner],
        ['representative', firm.representative],
      ] as const) {
        const token = await server.login(user.email, user.password);
        await timeDashboard(server, token, WARM_UP_REQUESTS, size);
        const samples = await timeDashboard(server, token, TIMED_REQUESTS, size);
        rows.push({
          benchmark: `${kind}: GET /v1/dashboard as ${who}, firm of ${size}, p95`,
          value: round(percentile(samples, 95), 1),
          unit: 'ms',
          goal: `<= ${GOAL_MS} ms`,
        });
      }
    }
    return rows;
  } finally {
    await server.close();
  }
}

export async function runDashboardBenchRows(intakes: number, only?: readonly string[]): Promise<GoalRow[]> {
  const rows: GoalRow[] = [];
  for (const kind of testDatabases()) if (!only || only.includes(kind)) rows.push(...(await benchOn(kind, intakes)));
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runDashboardBenchRows(intakesOption(process.argv), databaseOption(process.argv))
    .then((rows) => console.table(rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
