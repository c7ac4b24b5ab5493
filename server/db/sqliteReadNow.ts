// The reads every request makes, run on the SQLite connection at once (README, Performance).
// Kysely's SQLite driver sends each query through a connection lock and a chain of promises; for a
// read SQLite answers in a few microseconds (the session generation, the list's total and page,
// db/compiledOnce.ts) that machinery cost several times the read itself.
//
// The lock exists so that a transaction's statements run together on the one connection. While no
// transaction is open on it, a read run now cannot fall inside another's work, and better-sqlite3
// runs it synchronously, so nothing else can start meanwhile. While one is open, the read takes its
// turn through Kysely as before: it neither sees uncommitted rows nor an older snapshot.
//
// A read asked to be kept (the list's total and page) is answered from memory while nothing was
// written to the database since it ran: no statement that writes on this connection, whether it
// changes rows or the schema, and no commit by any other connection to the file (SQLite's
// `data_version`). Checking that costs two tiny statements, against a page read from its index.
import type SqliteDatabase from 'better-sqlite3';

export interface ReadableStatements {
  /** The statement for `text`, prepared once (sqliteUpkeep.ts), with SQLite's word on whether it writes. */
  prepared(text: string): { readonly: boolean; all(parameters: readonly unknown[]): unknown[] };
  /** How many statements that may have written ran on this connection so far. */
  writes(): number;
}

/** Kept answers per connection; past this the oldest is dropped. */
const READS_KEPT = 1_000;
/** Only answers this small are kept (a page of the list holds at most 100 rows). */
const KEPT_ROWS_MAX = 100;

interface Kept {
  state: string;
  rows: readonly unknown[];
}

interface Connection {
  sqlite: SqliteDatabase.Database;
  statements: ReadableStatements;
  /** Where the database stands: changes with every write on this connection and every commit of another. */
  state(): string;
  kept: Map<string, Kept>;
}

/** By the executor of the database Kysely was opened with: a transaction's executor is another. */
const connections = new WeakMap<object, Connection>();

export function registerReadNow(db: { getExecutor(): object }, sqlite: SqliteDatabase.Database, statements: ReadableStatements): void {
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const state = () => `${statements.writes()}:${String(dataVersion.get())}`;
  connections.set(db.getExecutor(), { sqlite, statements, state, kept: new Map() });
}

/**
 * The rows of the read `text` on `db`'s SQLite connection, run now, or kept from an earlier run
 * when `keep` asks for it and the database has not changed since; undefined where it must go
 * through Kysely instead: PostgreSQL, a transaction's database, a transaction open on the
 * connection, or a statement that writes. Kept rows are shared: they are frozen.
 */
export function sqliteReadNow(
  db: { getExecutor(): object },
  text: string,
  parameters: readonly unknown[],
  keep = false,
): readonly unknown[] | undefined {
  const connection = connections.get(db.getExecutor());
  if (!connection || connection.sqlite.inTransaction) return undefined;
  const statement = connection.statements.prepared(text);
  if (!statement.readonly) return undefined;
  if (!keep) return statement.all(parameters);
  // Read before the rows: a commit in between makes the rows newer than the state they are kept
  // under, never older, and only costs a read again.
  const state = connection.state();
  const key = `${text}\u0000${JSON.stringify(parameters)}`;
  const kept = connection.kept.get(key);
  if (kept?.state === state) return kept.rows;
  const rows = statement.all(parameters);
  connection.kept.delete(key);
  if (rows.length > KEPT_ROWS_MAX) return rows;
  const frozen = Object.freeze(rows.map((row) => Object.freeze(row)));
  if (connection.kept.size >= READS_KEPT) connection.kept.delete(connection.kept.keys().next().value as string);
  connection.kept.set(key, { state, rows: frozen });
  return frozen;
}
