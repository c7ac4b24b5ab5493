// The connection and the typed tables. Default: a SQLite file under DATA_DIR (WAL, every commit flushed
// before an answer tells of it);
// DATABASE_URL=postgres://... switches to PostgreSQL, which several server instances can share
// (docs/architecture.md, API and server). The rest of the server opens a database and names its
// tables through this file alone: the tables are typed in schema.ts, each database is opened by
// openSqlite.ts or openPostgres.ts.
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './schema';
import { openPostgres, type PostgresTimeouts } from './openPostgres';
import { openSqlite, type SqliteOptions } from './openSqlite';

export type DatabaseKind = 'sqlite' | 'postgres';

export type { Database };

export interface DatabaseOptions extends SqliteOptions {
  /** postgres://... selects PostgreSQL; without it the SQLite file DATA_DIR/intake.sqlite is used. */
  databaseUrl?: string;
  postgresTimeouts?: Partial<PostgresTimeouts>;
}

export function openDatabase(options: DatabaseOptions): Kysely<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.postgresTimeouts) : openSqlite(options);
}

/** Which database is behind `db`, for the few queries that differ (locks, case-insensitive search). */
export function databaseKind<T>(db: Kysely<T>): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
