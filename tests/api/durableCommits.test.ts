// SQLite's commits are flushed before any answer tells of them (server/db/sqliteDurableCommits.ts):
// a commit leaves a flush to wait for, a write still inside its transaction does not (it is not a
// commit yet), and once the flush is done nothing waits. PostgreSQL flushes inside its commit.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { whenDurable } from '../../server/db/sqliteDurableCommits';
import type { Kysely } from 'kysely';
import { startTestServer, testDatabases } from './support/testServer';

describe('SQLite commits', () => {
  let dataDir: string;
  let db: Kysely<Database>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'intake-durable-'));
    db = openDatabase({ dataDir });
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    await whenDurable(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a commit waits for its flush; once flushed nothing waits', async () => {
    expect(whenDurable(db)).toBeUndefined();
    await sql`insert into notes (text) values ('one')`.execute(db);
    const flushing = whenDurable(db);
    expect(flushing).toBeInstanceOf(Promise);
    await flushing;
    expect(whenDurable(db)).toBeUndefined();
  });

  it('a write inside an open transaction is no commit yet; its commit is', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('two')`.execute(trx);
      expect(whenDurable(db)).toBeUndefined();
    });
    await whenDurable(db);
    expect(whenDurable(db)).toBeUndefined();
  });

  it('reads leave nothing to flush', async () => {
    await sql`select count(*) from notes`.execute(db);
    expect(whenDurable(db)).toBeUndefined();
  });
});

describe.each(testDatabases().filter((kind) => kind === 'postgres'))('%s commits', (kind) => {
  it('leave nothing to wait for: the commit itself flushed', async () => {
    const server = await startTestServer(kind);
    try {
      await server.createFirm();
      expect(whenDurable(server.db)).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
