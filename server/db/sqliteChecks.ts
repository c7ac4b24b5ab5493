// What the server checks on its SQLite file before serving (README, Operations): a damaged,
// read-only or emptied file stops the start with a message naming the file, instead of a server
// that signs people in and then answers 500 to everything else, or one that quietly starts over
// with a new demo firm.
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** Written by the server while it runs (start.ts); restore refuses while its process lives. */
export const SERVER_PID_FILE = 'server.pid';

/**
 * Written by start.ts once the database is closed after SIGTERM/SIGINT: the file as that clean stop
 * left it. A start that finds it matching skips the full quick_check (README, Start checks).
 */
export const CLEAN_STOP_FILE = 'clean-stop';

/**
 * What only a database leaves beside its file: SQLite's WAL, shared memory and rollback journal,
 * the running server's pid file and the clean-stop marker. None of them is there before the
 * first start.
 */
function databaseCompanions(file: string): string[] {
  const directory = path.dirname(file);
  return [`${file}-wal`, `${file}-shm`, `${file}-journal`, path.join(directory, SERVER_PID_FILE), path.join(directory, CLEAN_STOP_FILE)];
}

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined;
  }
}

function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Before opening. Only a DATA_DIR without any database file starts a new, empty database (and a
 * new demo firm). A database file that is missing or empty (0 bytes) while its WAL, journal or the
 * server's pid file is beside it was lost or truncated: the WAL may hold the latest writes, which
 * opening would throw away. A zero-length file in a DATA_DIR that holds anything else (the
 * secrets) is likewise a lost database, not a new one.
 */
export function checkBeforeOpen(file: string): void {
  const size = sizeOf(file);
  if (size !== undefined && size > 0) return;
  const companions = databaseCompanions(file)
    .map((name) => ({ name, size: sizeOf(name) }))
    .filter((companion): companion is { name: string; size: number } => companion.size !== undefined);
  const restore = 'Restore a backup (npm run restore -- FILE)';
  if (companions.length > 0) {
    const beside = companions.map((companion) => `${companion.name} (${describeSize(companion.size)})`).join(', ');
    throw new DatabaseFileError(
      file,
      `${size === undefined ? 'the database file is missing' : 'the database file is empty (0 bytes)'} while ${beside} beside it ` +
        `belong to a database that was there: its data was lost or truncated, and opening it would start a new, empty firm. ` +
        `${restore}, or move ${[file, ...companions.map((companion) => companion.name)].join(' and ')} aside to start a new, empty database.`,
    );
  }
  if (size === undefined) return; // No database file at all: a new database.
  const directory = path.dirname(file);
  const others = readdirSync(directory).filter((name) => name !== path.basename(file));
  if (others.length === 0) return;
  throw new DatabaseFileError(
    file,
    `the database file is empty (0 bytes) while ${directory} holds other files (${others.join(', ')}): its data was lost or ` +
      `truncated. ${restore}, or delete the file to start a new, empty database.`,
  );
}

/** The database file as a clean stop leaves it: same inode, size and time, and no WAL. */
function fileState(file: string): string {
  const stats = statSync(file);
  return JSON.stringify({ ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs });
}

/** start.ts, after the database closed on SIGTERM/SIGINT. */
export function markCleanStop(file: string): void {
  writeFileSync(path.join(path.dirname(file), CLEAN_STOP_FILE), `${fileState(file)}\n`, { mode: 0o600 });
}

/**
 * Whether the last stop was clean and nothing touched the file since: the marker is there and
 * matches the file, and no WAL is left. The marker is removed either way, so that a crash of this
 * run makes the next start check in full.
 */
export function takeCleanStop(file: string): boolean {
  const marker = path.join(path.dirname(file), CLEAN_STOP_FILE);
  let recorded: string;
  try {
    recorded = readFileSync(marker, 'utf8').trim();
  } catch {
    return false;
  }
  rmSync(marker, { force: true });
  const wal = sizeOf(`${file}-wal`);
  return (wal === undefined || wal === 0) && sizeOf(file) !== undefined && recorded === fileState(file);
}

/** 'full': quick_check reads every page; 'quick': the header and schema are read (after a clean stop). */
export type StartCheck = 'full' | 'quick';

/**
 * After opening: the file reads as a database (in full with quick_check, whose cost grows with the
 * file, or only its header and schema after a clean stop) and takes writes.
 */
export function checkAfterOpen(sqlite: SqliteDatabase.Database, file: string, check: StartCheck = 'full'): void {
  let problems: string[];
  try {
    if (check === 'full') {
      problems = (sqlite.pragma('quick_check') as { quick_check: string }[]).map((row) => row.quick_check);
    } else {
      sqlite.prepare('select count(*) from sqlite_master').get();
      problems = ['ok'];
    }
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
