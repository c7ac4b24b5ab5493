// SQLite: the intake list's indexes carry the columns a list row shows, so a page is read from the
// index alone (README, Performance). An intake's row holds its whole form (3-4 KB of JSON, more
// than a page), and SQLite stores the columns after it (created_at, updated_at) on overflow pages:
// reading a list row by its key followed that chain, which made 10 rows cost 5 times the index
// walk that found them. The new indexes replace the ones they extend (0006), so every query that
// used those still finds its columns first.
// PostgreSQL keeps a large form out of line (TOAST), so its rows stay small and it is not changed.
import type { Kysely } from 'kysely';
import { databaseKind } from '../database';

/** What a list row shows beside its order (server/intakes/repository.ts, listColumns). */
const shown = ['client_name', 'representative_name', 'created_at'];

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) !== 'sqlite') return;
  await db.schema
    .createIndex('intakes_firm_list_index')
    .on('intakes')
    .columns(['firm_id', 'updated_at', 'case_id', 'status', ...shown])
    .execute();
  await db.schema
    .createIndex('intakes_firm_status_list_index')
    .on('intakes')
    .columns(['firm_id', 'status', 'updated_at', 'case_id', ...shown])
    .execute();
  await db.schema.dropIndex('intakes_firm_updated_index').execute();
  await db.schema.dropIndex('intakes_firm_status_updated_index').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) !== 'sqlite') return;
  await db.schema.createIndex('intakes_firm_updated_index').on('intakes').columns(['firm_id', 'updated_at', 'case_id']).execute();
  await db.schema
    .createIndex('intakes_firm_status_updated_index')
    .on('intakes')
    .columns(['firm_id', 'status', 'updated_at', 'case_id'])
    .execute();
  await db.schema.dropIndex('intakes_firm_list_index').execute();
  await db.schema.dropIndex('intakes_firm_status_list_index').execute();
}
