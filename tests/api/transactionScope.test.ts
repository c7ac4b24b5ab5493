// The scoped database every service is given (server/db/transactionScope.ts; docs/architecture.md,
// API and server: Request transaction) reads and writes like the database itself outside a
// request's transaction, joins that transaction while one is open, and offers everything Kysely's
// database does, `db.fn`'s helpers included (the dashboard's counts use them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inRequestTransaction, scopedDatabase } from '../../server/db/transactionScope';
import { startTestServer, testDatabases, type TestServer } from './support/testServer';

describe.each(testDatabases())('the scoped database on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(async () => {
    await server?.close();
  });

  function countFirmsNamed(db: ReturnType<typeof scopedDatabase>, firmName: string) {
    return db
      .selectFrom('firms')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('firm_name', '=', firmName)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count));
  }

  it('counts with db.fn outside a transaction, as the database itself does', async () => {
    const scoped = scopedDatabase(server.db);
    await server.createFirm({ firmName: 'Scoped Counting Firm' });
    expect(await countFirmsNamed(scoped, 'Scoped Counting Firm')).toBe(1);
    const row = await scoped
      .selectFrom('firms')
      .select(scoped.fn.countAll<number>().as('count'))
      .where('firm_name', '=', 'Scoped Counting Firm')
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(1);
  });

  it("joins the request's transaction: its writes are seen inside and are gone after a rollback", async () => {
    const scoped = scopedDatabase(server.db);
    const firm = await server.createFirm({ firmName: 'Scoped Rollback Firm' });
    const failure = new Error('the request failed');
    await expect(
      inRequestTransaction(server.db, async () => {
        await scoped
          .transaction()
          .execute((trx) => trx.updateTable('firms').set({ firm_name: 'Scoped Renamed Firm' }).where('id', '=', firm.id).execute());
        expect(await countFirmsNamed(scoped, 'Scoped Renamed Firm')).toBe(1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await countFirmsNamed(scoped, 'Scoped Renamed Firm')).toBe(0);
    expect(await countFirmsNamed(scoped, 'Scoped Rollback Firm')).toBe(1);
  });
});
