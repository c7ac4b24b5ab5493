// A query compiled once (server/db/compiledOnce.ts) answers each call with that call's values, on
// both databases: the compiled text is shared, the values never are. PostgreSQL keeps it prepared
// on each connection (server/db/keptStatements.ts).
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCompiledOnce } from '../../server/db/compiledOnce';
import { openDatabase } from '../../server/db/database';
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
