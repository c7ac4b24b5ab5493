// All SQL of the dashboard (docs/product/dashboard.md). Every query names the firm (DESIGN.md, Tenancy)
// and reads through an index (migrations 0003, 0013 and 0018): ranges of recent leads and finals,
// the totals the triggers keep, and the incident-date and representative indexes.
import { sql, type Kysely } from 'kysely';
import type { IntakeStatus } from '../../src/domain/enums';
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

/** Leads registered since each instant: `[since week start, since the recent window]`. */
export async function countLeadsSince(db: Kysely<Database>, firmId: string, weekStart: string, recentStart: string) {
  const earliest = weekStart < recentStart ? weekStart : recentStart;
  const row = await db
    .selectFrom('leads')
    .select([
      sql<number>`sum(case when created_at >= ${weekStart} then 1 else 0 end)`.as('week'),
      sql<number>`sum(case when created_at >= ${recentStart} then 1 else 0 end)`.as('recent'),
    ])
    .where('firm_id', '=', firmId)
    .where('created_at', '>=', earliest)
    .executeTakeFirst();
  return { week: count(row?.week), recent: count(row?.recent) };
}

/** Intakes of the status saved since the instant (a final intake is never saved again: its submission). */
export async function countIntakesSavedSince(db: Kysely<Database>, firmId: string, status: IntakeStatus, since: string) {
  const row = await db
    .selectFrom('intakes')
    .select(db.fn.countAll().as('total'))
    .where('firm_id', '=', firmId)
    .where('status', '=', status)
    .where('updated_at', '>=', since)
    .executeTakeFirst();
  return count(row?.total);
}

/**
 * Leads registered since the instant, those with an intake, and those whose intake is final. Each
 * lead's intake is read by its key in a subquery, not joined: without column statistics
 * PostgreSQL's planner takes `firm_id = ?` for 0.5% of the intakes and, once VACUUM has told it the
 * table holds a million rows, hashes every intake of the firm instead (2 s instead of 60 ms at a
 * million intakes; README, Performance).
 */
export async function leadFunnel(db: Kysely<Database>, firmId: string, since: string) {
  const row = await db
    .selectFrom('leads')
    .select([
      db.fn.countAll().as('leads'),
      db.fn.count('leads.intake_id').as('with_intake'),
      sql<number>`sum(case when (select intakes.status from intakes
        where intakes.case_id = leads.intake_id and intakes.firm_id = leads.firm_id) = 'final' then 1 else 0 end)`.as('final'),
    ])
    .where('leads.firm_id', '=', firmId)
    .where('leads.created_at', '>=', since)
    .executeTakeFirst();
  return { leads: count(row?.leads), withIntake: count(row?.with_intake), final: count(row?.final) };
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
