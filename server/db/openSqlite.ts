// The SQLite file under DATA_DIR: checked before and after opening (sqliteChecks.ts), WAL whose
// commits are flushed before any answer tells of them (sqliteDurableCommits.ts), foreign keys on, the list's search function, statements kept prepared and planner
// statistics kept fresh (sqliteUpkeep.ts).
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { ensurePrivateDirectory, ensurePrivateFile, restrictSqliteFiles, SQLITE_FILE_NAME } from './dataDir';
import type { Database } from './schema';
import { SqliteBooleanPlugin } from './sqliteBooleanPlugin';
import { DatabaseFileError, checkAfterOpen, checkBeforeOpen, takeCleanStop, type StartCheck } from './sqliteChecks';
import { durableCommits, registerDurableCommits } from './sqliteDurableCommits';
import { registerReadNow } from './sqliteReadNow';
import { keepStatisticsFresh, withStatementCache } from './sqliteUpkeep';
import { matchesSearch, type SearchQuery } from '../intakes/search';

const BUSY_TIMEOUT_MS = 5000;

export interface SqliteOptions {
  dataDir: string;
  /**
   * 'auto' (the default) reads the whole file with quick_check unless the last stop was clean
   * (sqliteChecks.ts, takeCleanStop); 'full' always does (SQLITE_FULL_CHECK=on).
   */
  startCheck?: 'auto' | 'full';
  /** Told which check the start ran, for start.ts to say so. */
  onStartCheck?: (check: StartCheck) => void;
}

export function openSqlite(options: SqliteOptions): Kysely<Database> {
  ensurePrivateDirectory(options.dataDir);
  const file = path.join(options.dataDir, SQLITE_FILE_NAME);
  checkBeforeOpen(file);
  const check: StartCheck = options.startCheck !== 'full' && takeCleanStop(file) ? 'quick' : 'full';
  ensurePrivateFile(file);
  let sqlite: SqliteDatabase.Database;
  try {
    sqlite = new SqliteDatabase(file, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    throw new DatabaseFileError(file, `the file cannot be opened (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    checkAfterOpen(sqlite, file, check);
    options.onStartCheck?.(check);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  sqlite.pragma('journal_mode = WAL');
  // Deleted and overwritten content is zeroed rather than left in free pages (README, Encryption at rest).
  sqlite.pragma('secure_delete = ON');
  restrictSqliteFiles(file);
  // NORMAL: a commit writes the -wal file without flushing it; the answers wait for its flush, run
  // beside the server and shared by concurrent commits, so a committed intake survives a power cut
  // as it did with FULL, without an fsync per commit on the event loop (sqliteDurableCommits.ts).
  sqlite.pragma('synchronous = NORMAL');
  const commits = durableCommits(sqlite, file);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // The list's search checked row by row (server/intakes/repository.ts): the query arrives as the
  // JSON of its phrases.
  sqlite.function('intake_matches', { deterministic: true }, (terms, query) =>
    typeof terms === 'string' && typeof query === 'string' && matchesSearch(terms, JSON.parse(query) as SearchQuery) ? 1 : 0,
  );
  keepStatisticsFresh(sqlite);
  const statements = withStatementCache(sqlite, commits.afterStatement);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }), plugins: [new SqliteBooleanPlugin()] });
  registerDurableCommits(db, commits);
  registerReadNow(db, sqlite, statements);
  return db;
}
