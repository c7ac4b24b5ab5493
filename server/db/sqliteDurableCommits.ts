// A committed write survives a power cut before anyone is told of it (README, Decisions: SQLite with
// a full sync), without stopping the server while the disk flushes. With `synchronous = FULL`
// every commit called fsync on the event loop: under 50 staff the whole server waited on the disk
// tens of times a second, one commit after the other, while PostgreSQL flushes beside the server
// and lets concurrent commits share a flush. Here SQLite commits with `synchronous = NORMAL` (WAL:
// the commit's frames are written to the -wal file, not yet flushed) and the answers wait for an
// fsync of that file run on libuv's thread pool: the same guarantee as FULL (what FULL flushes at
// each commit is exactly the -wal file), and every commit made while one flush runs is covered by
// the next, so concurrent requests share it (a group commit, as PostgreSQL's).
//
// Every answer, not only a writer's, waits until every commit made before it was sent is flushed:
// a read cannot show what a power cut could still take back. app.ts holds the answers
// (`whenDurable` in an onSend hook). One process per SQLite file (docs/architecture.md): another
// process's commits are its own to flush before it answers.
import { open } from 'node:fs/promises';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';

export interface DurableCommits {
  /** Called after each statement: counts a commit once a write has left its transaction. */
  afterStatement(wrote: boolean): void;
  /** Resolves once every commit so far is on disk; undefined when nothing is waiting to be flushed. */
  whenDurable(): Promise<void> | undefined;
}

async function fsyncPath(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function durableCommits(sqlite: SqliteDatabase.Database, databaseFile: string): DurableCommits {
  const walFile = `${databaseFile}-wal`;
  /** A write ran since the last commit was counted (in a transaction still open, or just committed). */
  let pendingWrite = false;
  let committed = 0;
  let flushed = 0;
  let flushing: Promise<void> | undefined;
  let directoryFlushed = false;
  /** A failed fsync may have dropped pages: nothing after it can be called durable (as PostgreSQL decides). */
  let failure: Error | undefined;

  async function flush(): Promise<void> {
    const upTo = committed;
    try {
      await fsyncPath(walFile);
      // The -wal file's own name in its directory, once, so that the file itself survives too.
      if (!directoryFlushed) {
        await fsyncPath(path.dirname(walFile));
        directoryFlushed = true;
      }
      flushed = Math.max(flushed, upTo);
    } catch (error) {
      failure = new Error(`Flushing the SQLite write-ahead log failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function flushUpTo(target: number): Promise<void> {
    while (flushed < target) {
      if (failure) throw failure;
      // A flush already running may have started before this commit: wait for it, then flush again.
      flushing ??= flush().finally(() => {
        flushing = undefined;
      });
      await flushing;
    }
  }

  return {
    afterStatement(wrote) {
      if (wrote) pendingWrite = true;
      if (pendingWrite && !sqlite.inTransaction) {
        pendingWrite = false;
        committed += 1;
      }
    },
    whenDurable() {
      if (failure) return Promise.reject(failure);
      return flushed >= committed ? undefined : flushUpTo(committed);
    },
  };
}

const registered = new WeakMap<object, DurableCommits>();

/** Ties the commits to the Kysely instance the app is given (server/db/openSqlite.ts). */
export function registerDurableCommits(db: object, commits: DurableCommits): void {
  registered.set(db, commits);
}

/**
 * What an answer waits for before it is sent: the flush of every SQLite commit made so far;
 * undefined on PostgreSQL (its commit returns once flushed) and when nothing waits to be flushed.
 */
export function whenDurable(db: object): Promise<void> | undefined {
  return registered.get(db)?.whenDurable();
}
