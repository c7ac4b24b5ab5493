// `npm run backup -- FILE` and `npm run restore -- FILE` (README, Backups). SQLite only: a
// PostgreSQL database is backed up with pg_dump and restored with pg_restore (README).
//
// backup: SQLite's online backup API copies the database page by page while the app keeps
// serving, and the copy is consistent (one snapshot). It is written beside FILE, checked, then
// renamed into place, so FILE is never a half copy.
// restore: only with the app stopped. The current file is kept beside it, never deleted.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { SQLITE_FILE_NAME } from './database';

/** Written by the server while it runs (start.ts); restore refuses while its process lives. */
export const SERVER_PID_FILE = 'server.pid';

export class BackupError extends Error {
  override name = 'BackupError';
}

function fsyncFile(file: string): void {
  const descriptor = openSync(file, 'r+');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** A readable SQLite database of this app: quick_check passes and the migrations table is there. */
function checkCopy(file: string): void {
  const copy = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const result = copy.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`${file} fails the integrity check (${String(result)})`);
    const migrations = copy.prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!migrations) throw new BackupError(`${file} is a SQLite file but not a database of this app`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a readable SQLite database (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    copy.close();
  }
}

export async function backupSqlite(dataDir: string, target: string): Promise<{ pages: number }> {
  const source = path.join(dataDir, SQLITE_FILE_NAME);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist: nothing to back up`);
  if (existsSync(target)) throw new BackupError(`${target} already exists; choose a new file name`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const database = new SqliteDatabase(source, { fileMustExist: true, timeout: 5000 });
  try {
    const { totalPages } = await database.backup(partial);
    fsyncFile(partial);
    checkCopy(partial);
    renameSync(partial, target);
    return { pages: totalPages };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    database.close();
  }
}

function runningServerPid(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, SERVER_PID_FILE);
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined; // A stale file left by a killed server.
  }
}

export async function restoreSqlite(dataDir: string, backup: string, now: Date = new Date()): Promise<{ keptAs?: string }> {
  const pid = runningServerPid(dataDir);
  if (pid !== undefined) throw new BackupError(`The server (process ${pid}) is running on ${dataDir}: stop it before restoring`);
  if (!existsSync(backup)) throw new BackupError(`${backup} does not exist`);
  checkCopy(backup);

  const target = path.join(dataDir, SQLITE_FILE_NAME);
  const incoming = `${target}.restoring`;
  await copyFile(backup, incoming);
  fsyncFile(incoming);

  let keptAs: string | undefined;
  if (existsSync(target)) {
    keptAs = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAs);
  }
  // The old file's WAL belongs to it, not to the restored one.
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(`${target}${suffix}`)) {
      if (keptAs) renameSync(`${target}${suffix}`, `${keptAs}${suffix}`);
      else rmSync(`${target}${suffix}`);
    }
  }
  renameSync(incoming, target);
  return { keptAs };
}
