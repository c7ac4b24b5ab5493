// A query compiled once (server/db/compiledOnce.ts) answers each call with that call's values, on
// both databases: the compiled text is shared, the values never are. PostgreSQL keeps it prepared
// on each connection (server/db/keptStatements.ts).
import { tmpdir } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCompiledOnce } from '../../server/db/compiledOnce';
import { openDatabase, type Database } from '../../server/db/database';
import { sqliteReadNow } from '../../server/db/sqliteReadNow';
import { startTestServer, testDatabases, type TestServer } from './support/testServer';

describe.each(testDatabases())('queries compiled once on %s', (kind) => {
  let server: TestServer;
  const names = ['Compiled Alpha Firm', 'Compiled Beta Firm', 'Compiled Gamma Firm'];
  let ids: string[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    ids = [];
    for (const firmName of names) ids.push((await server.createFirm({ firmName })).id);
  });

  afterAll(async () => {
    await server?.close();
  });

  /** The firm names of `ids`, newest text first or last by `order`, as one shape per direction. */
  function firmNames(values: Record<string, string | number>, order: 'asc' | 'desc') {
    return runCompiledOnce(server.db, `test:firms:${order}`, values, (stand) => {
      let query = server.db
        .selectFrom('firms')
        .select('firm_name')
        .where('id', 'in', [stand.first as string, stand.second as string])
        .orderBy('firm_name', order);
      if (stand.limit !== undefined) query = query.limit(stand.limit as number);
      return query;
    });
  }

  it("answers every call with its own values, in each shape's own text", async () => {
    const [alpha, beta, gamma] = ids as [string, string, string];
    expect(await firmNames({ first: alpha, second: beta }, 'asc')).toEqual([{ firm_name: names[0] }, { firm_name: names[1] }]);
    expect(await firmNames({ first: beta, second: gamma }, 'asc')).toEqual([{ firm_name: names[1] }, { firm_name: names[2] }]);
    expect(await firmNames({ first: beta, second: gamma }, 'desc')).toEqual([{ firm_name: names[2] }, { firm_name: names[1] }]);
    // A value more (the limit) is another query, not the one above with a value missing.
    expect(await firmNames({ first: alpha, second: gamma, limit: 1 }, 'asc')).toEqual([{ firm_name: names[0] }]);
    expect(await firmNames({ first: alpha, second: gamma }, 'asc')).toEqual([{ firm_name: names[0] }, { firm_name: names[2] }]);
  });

  it('keeps the fixed values written in the query and refuses a value that does not become a parameter', async () => {
    const named = (firmName: string) =>
      runCompiledOnce(server.db, 'test:fixed', { firmName }, (stand) =>
        server.db
          .selectFrom('firms')
          .select('id')
          .where('firm_name', '=', stand.firmName as string)
          .where('id', '<>', 'no such firm'),
      );
    expect(await named(names[1] as string)).toEqual([{ id: ids[1] }]);
    expect(await named('No Such Firm')).toEqual([]);

    // Written into the SQL text, the first call's value would answer every later call.
    await expect(
      runCompiledOnce(server.db, 'test:inlined', { firmName: names[0] as string }, (stand) =>
        server.db
          .selectFrom('firms')
          .select('id')
          .where(sql<boolean>`firm_name = ${sql.lit(stand.firmName as string)}`),
      ),
    ).rejects.toThrow('firmName did not become parameters of the query');
  });

  // On SQLite a compiled read runs on the connection at once (server/db/sqliteReadNow.ts), except
  // while a transaction is open on it: then it waits its turn, and sees only what was committed.
  it.runIf(kind === 'sqlite')('reads only committed rows while a transaction is open on the SQLite connection', async () => {
    const [alpha] = ids as [string];
    const nameOf = async () =>
      (
        await runCompiledOnce(server.db, 'test:firmName', { id: alpha }, (stand) =>
          server.db
            .selectFrom('firms')
            .select('firm_name')
            .where('id', '=', stand.id as string),
        )
      )[0]?.firm_name;
    expect(await nameOf()).toBe(names[0]);
    let readMeanwhile: Promise<string | undefined> | undefined;
    await expect(
      server.db.transaction().execute(async (trx) => {
        await trx.updateTable('firms').set({ firm_name: 'Uncommitted Name' }).where('id', '=', alpha).execute();
        readMeanwhile = nameOf();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readMeanwhile).toBe(names[0]);
    expect(await nameOf()).toBe(names[0]);
  });

  it.runIf(kind === 'sqlite')('runs at once only reads, and only on the database itself', async () => {
    expect(sqliteReadNow(server.db, 'select firm_name from firms where id = ?', [ids[0]])).toEqual([{ firm_name: names[0] }]);
    expect(sqliteReadNow(server.db, "update firms set firm_name = firm_name where id = 'none' returning id", [])).toBeUndefined();
    await server.db.transaction().execute(async (trx) => {
      expect(sqliteReadNow(trx, 'select 1 as one', [])).toBeUndefined();
    });
  });

  describe.runIf(kind === 'sqlite')('a read kept until the next write (the list on SQLite)', () => {
    const keptName = (db: Kysely<Database>, id: string) =>
      runCompiledOnce(
        db,
        'test:keptName',
        { id },
        (stand) =>
          db
            .selectFrom('firms')
            .select('firm_name')
            .where('id', '=', stand.id as string),
        {
          keepUntilWritten: true,
        },
      );

    it('answers again from memory, frozen, while nothing was written', async () => {
      const first = await keptName(server.db, ids[1] as string);
      expect(first).toEqual([{ firm_name: names[1] }]);
      expect(await keptName(server.db, ids[1] as string)).toBe(first);
      expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
      expect(await keptName(server.db, ids[2] as string)).toEqual([{ firm_name: names[2] }]);
    });

    it('reads again after a write on this connection, and after a commit on another', async () => {
      const id = (await server.createFirm({ firmName: 'Kept Before' })).id;
      expect(await keptName(server.db, id)).toEqual([{ firm_name: 'Kept Before' }]);
      await server.db.updateTable('firms').set({ firm_name: 'Kept After' }).where('id', '=', id).execute();
      expect(await keptName(server.db, id)).toEqual([{ firm_name: 'Kept After' }]);

      // Another instance on the same file: its commit moves SQLite's data_version.
      const other = openDatabase({ dataDir: server.databaseName });
      try {
        await other.updateTable('firms').set({ firm_name: 'Kept Elsewhere' }).where('id', '=', id).execute();
      } finally {
        await other.destroy();
      }
      expect(await keptName(server.db, id)).toEqual([{ firm_name: 'Kept Elsewhere' }]);
    });

    it('reads again after a change of the schema', async () => {
      const probe = () =>
        runCompiledOnce(
          server.db,
          'test:probeTable',
          { name: 'kept_probe' },
          (stand) =>
            server.db
              .selectFrom('sqlite_master' as never)
              .select(sql<string>`name`.as('name'))
              .where(sql.ref('name'), '=', stand.name as string),
          { keepUntilWritten: true },
        );
      expect(await probe()).toEqual([]);
      await sql`create table kept_probe (x integer)`.execute(server.db);
      expect(await probe()).toEqual([{ name: 'kept_probe' }]);
      await sql`drop table kept_probe`.execute(server.db);
      expect(await probe()).toEqual([]);
    });
  });

  // Planning the list's page took longer than running it (README, Performance): a kept statement
  // is parsed and planned once per connection, then only executed with each call's values.
  it.runIf(kind === 'postgres')("has PostgreSQL prepare it once per connection and run it with each call's values", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${server.databaseName}`;
    // Used one call at a time, its pool holds a single connection: the one pg_prepared_statements describes.
    const db = openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
    try {
      const nameOf = (id: string) =>
        runCompiledOnce(db, 'test:kept', { id }, (stand) =>
          db
            .selectFrom('firms')
            .select('firm_name')
            .where('id', '=', stand.id as string),
        );
      expect(await nameOf(ids[0] as string)).toEqual([{ firm_name: names[0] }]);
      expect(await nameOf(ids[2] as string)).toEqual([{ firm_name: names[2] }]);
      expect(await nameOf('no such firm')).toEqual([]);
      const { rows } = await sql<{ statement: string; runs: number }>`
        select statement, generic_plans + custom_plans as runs from pg_prepared_statements where not from_sql`.execute(db);
      expect(rows).toEqual([{ statement: 'select "firm_name" from "firms" where "id" = $1', runs: 3 }]);
    } finally {
      await db.destroy();
    }
  });
});
