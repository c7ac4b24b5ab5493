// All SQL of the dashboard (docs/product/dashboard.md). Every query names the firm (docs/architecture.md, Tenancy)
// and reads through an index or a kept total (migrations 0003, 0013, 0018 and 0019): the day totals
// and one day's range of leads and finals, the totals per status and representative, and the
// incident-date and representative indexes.
import { sql, type Kysely } from 'kysely';
import type { IntakeStatus } from '../../src/domain/enums';
import { addDays } from '../../src/domain/limitation';
import type { Database } from '../db/database';

/** The lists' rows: one representative's own intakes when `representativeId` is given. */
export interface ListScope {
  firmId: string;
  representativeId?: string;
  limit: number;
}

export interface IntakeListRow {
  case_id: string;
  client_name: string;
  representative_name: string | null;
  status: IntakeStatus;
  updated_at: string;
  incident_date: string | null;
}

const count = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

function scopedIntakes(db: Kysely<Database>, { firmId, representativeId, limit }: ListScope) {
  let query = db
    .selectFrom('intakes')
    .select(['case_id', 'client_name', 'representative_name', 'status', 'updated_at', 'incident_date'])
    .where('firm_id', '=', firmId)
    .limit(limit);
  if (representativeId !== undefined) query = query.where('representative_id', '=', representativeId);
  return query;
}

export interface WindowCounts {
  /** Intakes submitted final. */
  finals: number;
  /** Leads registered, those with an intake, and those whose intake is final. */
  leads: number;
  leadsWithIntake: number;
  leadsWithFinal: number;
  /** Of those, the leads whose client also signed the engagement (docs/product/engagement.md). */
  leadsSigned: number;
}

/**
 * The firm's counts from the instant `since` on: the whole days after its own day from the day
 * totals the triggers keep (migration 0019), at most one row a day, and the rest of its own day
 * from the rows, an index range of a single day. So a window costs the same at any size of firm.
 */
export async function countsSince(db: Kysely<Database>, firmId: string, since: string): Promise<WindowCounts> {
  const firstWholeDay = addDays(since.slice(0, 10), 1);
  const dayStart = `${firstWholeDay}T00:00:00.000Z`;
  const [days, finals, leads, signed] = await Promise.all([
    db
      .selectFrom('firm_day_totals')
      .select(({ fn }) => [
        fn.sum<number>('finals').as('finals'),
        fn.sum<number>('leads').as('leads'),
        fn.sum<number>('leads_with_intake').as('leads_with_intake'),
        fn.sum<number>('leads_with_final').as('leads_with_final'),
      ])
      .where('firm_id', '=', firmId)
      .where('day', '>=', firstWholeDay)
      .executeTakeFirst(),
    countFinalsBetween(db, firmId, since, dayStart),
    leadFunnelBetween(db, firmId, since, dayStart),
    countSignedLeadsSince(db, firmId, since),
  ]);
  return {
    finals: count(days?.finals) + finals,
    leads: count(days?.leads) + leads.leads,
    leadsWithIntake: count(days?.leads_with_intake) + leads.withIntake,
    leadsWithFinal: count(days?.leads_with_final) + leads.final,
    leadsSigned: signed,
  };
}

/** Intakes submitted final in [from, to) (a final intake is never saved again: its submission). */
async function countFinalsBetween(db: Kysely<Database>, firmId: string, from: string, to: string) {
  const row = await db
    .selectFrom('intakes')
    .select(db.fn.countAll().as('total'))
    .where('firm_id', '=', firmId)
    .where('status', '=', 'final')
    .where('updated_at', '>=', from)
    .where('updated_at', '<', to)
    .executeTakeFirst();
  return count(row?.total);
}

/**
 * Leads registered in [from, to), those with an intake, and those whose intake is final. Each
 * lead's intake is read by its key in a subquery, not joined: without column statistics
 * PostgreSQL's planner takes `firm_id = ?` for 0.5% of the intakes and, once VACUUM has told it the
 * table holds a million rows, hashes every intake of the firm instead (README, Performance).
 */
export async function leadFunnelBetween(db: Kysely<Database>, firmId: string, from: string, to: string) {
  const row = await db
    .selectFrom('leads')
    .select([
      db.fn.countAll().as('leads'),
      db.fn.count('leads.intake_id').as('with_intake'),
      sql<number>`sum(case when (select intakes.status from intakes
        where intakes.case_id = leads.intake_id and intakes.firm_id = leads.firm_id) = 'final' then 1 else 0 end)`.as('final'),
    ])
    .where('leads.firm_id', '=', firmId)
    .where('leads.created_at', '>=', from)
    .where('leads.created_at', '<', to)
    .executeTakeFirst();
  return { leads: count(row?.leads), withIntake: count(row?.with_intake), final: count(row?.final) };
}

/**
 * Leads registered from `since` on whose intake is final and whose client signed the engagement:
 * counted from the firm's signed engagements (at most one per intake, migration 0027), each checked
 * against its lead and intake by their keys.
 */
export async function countSignedLeadsSince(db: Kysely<Database>, firmId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('engagements')
    .select((eb) => eb.fn.countAll().as('signed'))
    .where('engagements.firm_id', '=', firmId)
    .where('engagements.signed_at', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('leads')
          .select('leads.id')
          .whereRef('leads.intake_id', '=', 'engagements.case_id')
          .whereRef('leads.firm_id', '=', 'engagements.firm_id')
          .where('leads.created_at', '>=', since),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('intakes')
          .select('intakes.case_id')
          .whereRef('intakes.case_id', '=', 'engagements.case_id')
          .whereRef('intakes.firm_id', '=', 'engagements.firm_id')
          .where('intakes.status', '=', 'final'),
      ),
    )
    .executeTakeFirst();
  return count(row?.signed);
}

export interface RepresentativeCount {
  representativeId: string | null;
  name: string | null;
  status: IntakeStatus;
  total: number;
}

/**
 * Intakes per representative and status, with the representative's current name: read from the
 * totals the triggers keep (migration 0018), not counted.
 */
export async function countIntakesByRepresentative(db: Kysely<Database>, firmId: string): Promise<RepresentativeCount[]> {
  const counts = await db
    .selectFrom('intake_representative_totals as totals')
    .leftJoin('users', (join) => join.onRef('users.id', '=', 'totals.representative_id').onRef('users.firm_id', '=', 'totals.firm_id'))
    .select(['totals.representative_id', 'totals.status', 'totals.total', 'users.first_name', 'users.last_name'])
    .where('totals.firm_id', '=', firmId)
    .where('totals.total', '>', 0)
    .execute();
  return counts.map((row) => ({
    representativeId: row.representative_id === '' ? null : row.representative_id,
    name: row.first_name === null || row.last_name === null ? null : `${row.first_name} ${row.last_name}`,
    status: row.status,
    total: count(row.total),
  }));
}

// Each list is ordered exactly as its index is (migrations 0003 and 0018), so the first rows are read
// off the index and nothing is sorted; updated_at is a per-intake version (never two equal within
// one intake) and ties between intakes are left to the index.

/** Drafts last saved at or before the instant, oldest first. */
export async function staleDrafts(db: Kysely<Database>, scope: ListScope, savedBy: string): Promise<IntakeListRow[]> {
  return scopedIntakes(db, scope).where('status', '=', 'draft').where('updated_at', '<=', savedBy).orderBy('updated_at', 'asc').execute();
}

/** Intakes whose incident date lies in [from, to] ('YYYY-MM-DD'), earliest first. */
export async function intakesWithIncidentBetween(
  db: Kysely<Database>,
  scope: ListScope,
  from: string,
  to: string,
): Promise<IntakeListRow[]> {
  return scopedIntakes(db, scope)
    .where('incident_date', '>=', from)
    .where('incident_date', '<=', to)
    .orderBy('incident_date', 'asc')
    .orderBy('updated_at', 'asc')
    .execute();
}

/** Intakes without an incident date, most recently saved first. */
export async function intakesWithoutIncidentDate(db: Kysely<Database>, scope: ListScope): Promise<IntakeListRow[]> {
  return scopedIntakes(db, scope).where('incident_date', 'is', null).orderBy('updated_at', 'desc').execute();
}
