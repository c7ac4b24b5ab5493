// What keeps a long-lived SQLite connection quick: statements prepared once, planner statistics
// refreshed (README, Performance).
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDialectConfig, SqliteStatement } from 'kysely';
import type { ReadableStatements } from './sqliteReadNow';

/** Statements kept prepared; past this the oldest is dropped (a list's IN (...) of varying length makes new texts). */
const STATEMENTS_KEPT = 500;

/**
 * The SQLite connection as Kysely uses it, each statement prepared once per SQL text: Kysely
 * prepares every query again, which was a tenth of an authenticated request's CPU (README,
 * Performance). Kysely runs one query at a time on its single SQLite connection and reads each
 * answer whole, so a statement is never in use twice at once; SQLite re-prepares a kept statement
 * by itself after a schema change. `afterStatement` hears of each statement once it ran, and
 * whether it may have written (sqliteDurableCommits.ts counts the commits from it).
 */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  afterStatement: (wrote: boolean) => void = () => {},
): SqliteDialectConfig['database'] & ReadableStatements {
  const statements = new Map<string, KeptStatement>();
  let writes = 0;
  const afterEach = (wrote: boolean) => {
    if (wrote) writes += 1;
    afterStatement(wrote);
  };
  function prepared(text: string): KeptStatement {
    let statement = statements.get(text);
    if (!statement) {
      statement = keptStatement(sqlite.prepare(text), afterEach);
      if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
      statements.set(text, statement);
    }
    return statement;
  }
  return { close: () => sqlite.close(), prepare: prepared, prepared, writes: () => writes };
}

type KeptStatement = SqliteStatement & { readonly: boolean; all(parameters: readonly unknown[]): unknown[] };

/** The statement as Kysely's SQLite driver uses it (reader, all, run, iterate), reporting each run. */
function keptStatement(statement: SqliteDatabase.Statement, afterStatement: (wrote: boolean) => void): KeptStatement {
  // An INSERT ... RETURNING is a reader that writes: `readonly` is SQLite's own answer.
  const wrote = !statement.readonly;
  return {
    readonly: statement.readonly,
    reader: statement.reader,
    all(parameters: readonly unknown[]) {
      try {
        return statement.all(parameters);
      } finally {
        afterStatement(wrote);
      }
    },
    run(parameters: readonly unknown[]) {
      try {
        return statement.run(parameters);
      } finally {
        afterStatement(wrote);
      }
    },
    iterate(parameters: readonly unknown[]) {
      return statement.iterate(parameters);
    },
  };
}

/** How often a long-running server refreshes SQLite's planner statistics. */
export const SQLITE_OPTIMIZE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * SQLite's planner statistics, which nothing else would ever gather (README, Performance):
 * `PRAGMA optimize` at open (0x10000: look at every table, as SQLite advises for a connection
 * that lives long) and then every hour, each run bounded by analysis_limit so that it costs
 * milliseconds even at a million intakes. The timer is unref'd, so it never keeps the process
 * alive, and stops once the connection is closed.
 */
export function keepStatisticsFresh(sqlite: SqliteDatabase.Database): void {
  sqlite.pragma('analysis_limit = 400');
  sqlite.pragma('optimize = 0x10002');
  const timer = setInterval(() => {
    if (!sqlite.open) {
      clearInterval(timer);
      return;
    }
    try {
      sqlite.pragma('optimize');
    } catch (error) {
      // Busy with a long write: the next hour will do.
      console.warn(`PRAGMA optimize skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }, SQLITE_OPTIMIZE_INTERVAL_MS);
  timer.unref();
}
