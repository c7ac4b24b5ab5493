// PostgreSQL's statistics and visibility map for the intake list (README, Performance). Nothing in
// the server runs ANALYZE or VACUUM; autovacuum does, and by default only after a fifth of a table
// changed, which at a million intakes is 200,000 writes. These per-table settings have it look
// sooner, so the planner's picture and the index-only scans of the list stay current as firms grow:
// - intakes: analyze after 2% of rows changed, vacuum after 5%.
// - intake_totals: a few rows, each updated on every create and every change of status; vacuumed
//   after every 1,000 dead versions, with room on each page for updates in place (HOT).
// SQLite keeps its statistics with PRAGMA optimize (server/db/sqliteUpkeep.ts).
import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../database';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) !== 'postgres') return;
  await sql`alter table intakes set (autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_scale_factor = 0.05)`.execute(db);
  await sql`alter table intake_totals set (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) !== 'postgres') return;
  await sql`alter table intakes reset (autovacuum_analyze_scale_factor, autovacuum_vacuum_scale_factor)`.execute(db);
  await sql`alter table intake_totals reset (fillfactor, autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold)`.execute(db);
}
