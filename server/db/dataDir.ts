// DATA_DIR and the SQLite file's modes: the directory 0700, the database and its companions 0600
// (README, Encryption at rest).
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { DatabaseFileError } from './sqliteChecks';

export const SQLITE_FILE_NAME = 'intake.sqlite';

/**
 * DATA_DIR 0700 and the database file 0600 before SQLite opens it: SQLite gives the -wal and -shm
 * files it makes the main file's mode (README, Encryption at rest). A new file is made empty here
 * with that mode; SQLite treats an empty file as a new database.
 */
export function ensurePrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'wx', 0o600));
  restrictMode(file);
}

/**
 * 0600 where this process may change it; a file it may not touch (another owner, immutable) is
 * left for the open and write checks (sqliteChecks.ts) to report by name.
 */
function restrictMode(file: string): void {
  try {
    chmodSync(file, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EACCES' && code !== 'EROFS') throw error;
  }
}

/** What is wrong with DATA_DIR as a directory to keep data in, or undefined (a missing one is made). */
export function dataDirProblem(dataDir: string): string | undefined {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dataDir).isDirectory();
  } catch {
    return undefined;
  }
  return isDirectory ? undefined : 'is a file, not a directory: point DATA_DIR at a directory (a missing one is made)';
}

/** DATA_DIR 0700, also when an older version made it 0755. */
export function ensurePrivateDirectory(dataDir: string): void {
  const problem = dataDirProblem(dataDir);
  if (problem) throw new DatabaseFileError(dataDir, `DATA_DIR ${problem}`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

/** The database and its -wal and -shm files 0600, whatever made them (an older version, a copy). */
export function restrictSqliteFiles(file: string): void {
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(name)) restrictMode(name);
  }
}
