// What the server checks on its SQLite file before serving (README, Operations): a damaged,
// read-only or emptied file stops the start with a message naming the file, instead of a server
// that signs people in and then answers 500 to everything else, or one that quietly starts over
// with a new demo firm.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';

export class DatabaseFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'DatabaseFileError';
  }
}

/** The database file and its WAL companions: what a new DATA_DIR may hold before the first start. */
function isDatabaseFile(name: string, fileName: string): boolean {
  return name === fileName || name === `${fileName}-wal` || name === `${fileName}-shm` || name === `${fileName}-journal`;
}

/**
 * Before opening: an existing zero-length file in a DATA_DIR that holds anything else (the secrets,
 * a WAL) is a lost database, not a new one. Opening it would create an empty database and a new
 * demo firm, and every earlier record would silently be gone.
 */
export function checkBeforeOpen(file: string): void {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return; // No file yet: a new database.
  }
  if (size > 0) return;
  const directory = path.dirname(file);
  const others = readdirSync(directory).filter((name) => !isDatabaseFile(name, path.basename(file)));
  if (others.length === 0) return;
  throw new DatabaseFileError(
    file,
    `the database file is empty (0 bytes) while ${directory} holds other files (${others.join(', ')}): its data was lost or ` +
      'truncated. Restore a backup (npm run restore -- FILE), or delete the file to start a new, empty database.',
  );
}

/** After opening: the file reads as a whole (quick_check) and takes writes. */
export function checkAfterOpen(sqlite: SqliteDatabase.Database, file: string): void {
  let problems: string[];
  try {
    problems = (sqlite.pragma('quick_check') as { quick_check: string }[]).map((row) => row.quick_check);
  } catch (error) {
    throw new DatabaseFileError(
      file,
      `the file cannot be read as a SQLite database (${codeOf(error)}). Restore a backup (npm run restore -- FILE).`,
    );
  }
  if (problems.length !== 1 || problems[0] !== 'ok') {
    const first = problems[0]?.split('\n').find((line) => line && !line.startsWith('***')) ?? 'unknown';
    throw new DatabaseFileError(file, `the integrity check failed (${first}). Restore a backup (npm run restore -- FILE).`);
  }
  // A write that is rolled back: a read-only file, directory or mount fails here, not at the first save.
  try {
    sqlite.exec('BEGIN IMMEDIATE');
    sqlite.exec('CREATE TABLE start_write_check (x INTEGER)');
  } catch (error) {
    throw new DatabaseFileError(
      file,
      `the database is not writable (${codeOf(error)}). Check the permissions of the file and of its directory.`,
    );
  } finally {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
  }
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}
