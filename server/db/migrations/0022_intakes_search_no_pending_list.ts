// PostgreSQL: the intake search's GIN index takes each write into the index itself instead of its
// pending list (README, Performance). With the default `fastupdate`, new entries wait in an
// unsorted list of up to 4 MB until a vacuum merges them, and every search reads that whole list:
// at a million intakes, 341 pages of it made finding one client by name take 6-7 ms instead of
// 2. PostgreSQL's documentation advises turning it off when consistent response time matters more
// than update speed; staff search far more often than they save, and a save's words are few.
// The entries already pending are merged here, once. SQLite's FTS5 index has no such list.
import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../database';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) !== 'postgres') return;
  await sql`alter index intakes_search_index set (fastupdate = off)`.execute(db);
  await sql`select gin_clean_pending_list('intakes_search_index')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) !== 'postgres') return;
  await sql`alter index intakes_search_index reset (fastupdate)`.execute(db);
}
