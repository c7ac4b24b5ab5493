// `npm run backup -- FILE` and `npm run restore -- FILE` (README, Backups). SQLite only: a
// PostgreSQL database is backed up with pg_dump and restored with pg_restore (README).
//
// backup: SQLite's online backup API copies the database page by page while the app keeps
// serving, and the copy is consistent (one snapshot). It is written beside FILE, checked, then
// renamed into place, so FILE is never a half copy.
// restore: only with the app stopped. The current file is kept beside it, never deleted.
import { chmodSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createPiiCipher, type PiiCipher } from '../crypto/piiCipher';
import { keysThatDoNotOpen, MissingPiiKeysError, sealedValuePerKey, type KeyUse } from '../crypto/piiKeyUse';
import { resolvePiiKeySource } from '../crypto/piiKeys';
import { type Database } from './database';
import { ensurePrivateDirectory, SQLITE_FILE_NAME } from './dataDir';
import { CLEAN_STOP_FILE, SERVER_PID_FILE } from './sqliteChecks';

export { SERVER_PID_FILE };

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

/** Recorded in every backup (backupSqlite): the key ids its sealed values need, one value each. */
const BACKUP_KEYS_TABLE = 'backup_pii_keys';

function kyselyOver(sqlite: SqliteDatabase.Database): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** SQLite leaves these beside a file opened in WAL mode; none may stay beside a backup. */
function removeCompanions(file: string): void {
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * The copy as a file of its own: rollback journal (no -wal or -shm beside it when it is read),
 * with the key ids its sealed values need recorded in it.
 */
async function sealCopy(file: string): Promise<KeyUse[]> {
  const copy = new SqliteDatabase(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const uses = await sealedValuePerKey(kyselyOver(copy));
    copy.exec(`create table ${BACKUP_KEYS_TABLE} (key_id text primary key, column_name text not null, sealed text not null)`);
    const insert = copy.prepare(`insert into ${BACKUP_KEYS_TABLE} (key_id, column_name, sealed) values (?, ?, ?)`);
    for (const use of uses) insert.run(use.keyId, use.column, use.sealed);
    return uses;
  } finally {
    copy.close();
    removeCompanions(file);
  }
}

export async function backupSqlite(dataDir: string, target: string): Promise<{ pages: number; keyIds: string[] }> {
  const source = path.join(dataDir, SQLITE_FILE_NAME);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist: nothing to back up`);
  if (existsSync(target)) throw new BackupError(`${target} already exists; choose a new file name`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  removeCompanions(partial);
  // Made 0600 before SQLite writes into it: a backup holds what the database holds (README, Backups).
  closeSync(openSync(partial, 'wx', 0o600));
  const database = new SqliteDatabase(source, { fileMustExist: true, timeout: 5000 });
  try {
    const { totalPages } = await database.backup(partial);
    const uses = await sealCopy(partial);
    fsyncFile(partial);
    checkCopy(partial);
    chmodSync(partial, 0o600);
    renameSync(partial, target);
    return { pages: totalPages, keyIds: uses.map((use) => use.keyId) };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    database.close();
    removeCompanions(partial);
  }
}

/** The PII keys the restoring configuration has: PII_KEYS / PII_KEY, else DATA_DIR/pii-keys when it exists (never made here). */
function targetCipher(piiKeys: { PII_KEYS?: string; PII_KEY?: string }, dataDir: string): PiiCipher | undefined {
  const source = resolvePiiKeySource(piiKeys, dataDir);
  if (source.kind === 'file' && !existsSync(source.file)) return undefined;
  return createPiiCipher(source);
}

/**
 * Checks the incoming copy and makes it a database of its own again: the key ids it needs (recorded
 * by the backup, or found in it for a backup made before that was recorded) must open with the
 * restoring configuration's keys (MissingPiiKeysError otherwise), and the record is dropped.
 */
async function prepareIncoming(file: string, cipher: PiiCipher | undefined): Promise<void> {
  const copy = new SqliteDatabase(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const recorded = copy.prepare("select name from sqlite_master where type = 'table' and name = ?").get(BACKUP_KEYS_TABLE);
    const uses = recorded
      ? (copy.prepare(`select key_id as keyId, column_name as "column", sealed from ${BACKUP_KEYS_TABLE}`).all() as KeyUse[])
      : await sealedValuePerKey(kyselyOver(copy));
    const missing = keysThatDoNotOpen(uses, cipher);
    if (missing.length > 0) throw new MissingPiiKeysError(missing);
    if (recorded) copy.exec(`drop table ${BACKUP_KEYS_TABLE}`);
  } finally {
    copy.close();
    removeCompanions(file);
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

export interface RestoreOptions {
  /** The restoring configuration's PII_KEYS / PII_KEY (config.ts); without them DATA_DIR/pii-keys. */
  piiKeys?: { PII_KEYS?: string; PII_KEY?: string };
  now?: Date;
}

export async function restoreSqlite(dataDir: string, backup: string, options: RestoreOptions = {}): Promise<{ keptAs?: string }> {
  const pid = runningServerPid(dataDir);
  if (pid !== undefined) throw new BackupError(`The server (process ${pid}) is running on ${dataDir}: stop it before restoring`);
  if (!existsSync(backup)) throw new BackupError(`${backup} does not exist`);

  ensurePrivateDirectory(dataDir);
  const target = path.join(dataDir, SQLITE_FILE_NAME);
  const incoming = `${target}.restoring`;
  // The copy is checked rather than the backup, so that nothing is left beside the backup either.
  rmSync(incoming, { force: true });
  closeSync(openSync(incoming, 'wx', 0o600));
  try {
    await copyFile(backup, incoming);
    chmodSync(incoming, 0o600);
    checkCopy(incoming);
    removeCompanions(incoming);
    await prepareIncoming(incoming, targetCipher(options.piiKeys ?? {}, dataDir));
    fsyncFile(incoming);
  } catch (error) {
    rmSync(incoming, { force: true });
    removeCompanions(incoming);
    throw error;
  }
  const now = options.now ?? new Date();

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
  // The restored file is not the one a clean stop left: the next start checks it in full.
  rmSync(path.join(dataDir, CLEAN_STOP_FILE), { force: true });
  return { keptAs };
}
