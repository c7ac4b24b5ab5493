// Reading the activity trail (docs/product/activity.md). Every query names the firm (docs/architecture.md,
// Tenancy). Rows come newest first, the time-ordered id breaking ties, which is the order of the
// indexes of migration 0007.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database';
import type { ActivityTable } from './tables';
import type { ActivityAction } from './actions';

export interface ActivityFilter {
  firmId: string;
  userId?: string;
  action?: ActivityAction;
  /** Rows about this intake (their subject). */
  caseId?: string;
  /** ISO instants: at or after `from`, before `to`. */
  from?: string;
  to?: string;
}

export type ActivityRowWithName = ActivityTable & {
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  /** The client's name and status of the firm's intake the row is about; null for other subjects. */
  client_name: string | null;
  intake_status: string | null;
};

function filtered(db: Kysely<Database>, filter: ActivityFilter) {
  let query = db.selectFrom('activity').where('activity.firm_id', '=', filter.firmId);
  if (filter.userId !== undefined) query = query.where('activity.user_id', '=', filter.userId);
  if (filter.action !== undefined) query = query.where('activity.action', '=', filter.action);
  if (filter.caseId !== undefined) query = query.where('activity.subject', '=', filter.caseId);
  if (filter.from !== undefined) query = query.where('activity.at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('activity.at', '<', filter.to);
  return query;
}

function withNames<O>(query: SelectQueryBuilder<Database, 'activity', O>) {
  return (
    query
      .leftJoin('users', 'users.id', 'activity.user_id')
      // Only the firm's own intake: a subject is a caseId or a user id, never another firm's row.
      .leftJoin('intakes', (join) =>
        join.onRef('intakes.case_id', '=', 'activity.subject').onRef('intakes.firm_id', '=', 'activity.firm_id'),
      )
      .selectAll('activity')
      .select(['users.first_name', 'users.middle_name', 'users.last_name', 'intakes.client_name', 'intakes.status as intake_status'])
      .orderBy('activity.at', 'desc')
      .orderBy('activity.id', 'desc')
  );
}

export async function listActivity(
  db: Kysely<Database>,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ActivityRowWithName[]; total: number }> {
  const [rows, count] = await Promise.all([
    withNames(filtered(db, filter)).limit(page.limit).offset(page.offset).execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every row about one subject (an intake's caseId), newest first. */
export async function activityOfSubject(db: Kysely<Database>, firmId: string, subject: string): Promise<ActivityRowWithName[]> {
  return withNames(filtered(db, { firmId, caseId: subject })).execute();
}
