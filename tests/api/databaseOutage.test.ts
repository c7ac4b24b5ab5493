// The server outlives its database (README, Timeouts): a PostgreSQL connection ended under it, a
// database that refuses or stops answering, each answers 503 with Retry-After while it lasts and
// never ends the process; when the database is back, requests succeed again without a restart.
// GET /health and GET /ready tell a load balancer which of the two it is.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { sampleLead } from '../support/sampleLead';
import { bearer, startTestServer, testDatabases, withAdmin, type TestServer } from './support/testServer';
import { startTcpProxy, type TcpProxy } from './support/tcpProxy';

const adminUrl = process.env.TEST_DATABASE_URL;
const postgres = adminUrl ? describe : describe.skip;

async function signedIn(server: TestServer): Promise<string> {
  const firm = await server.createFirm();
  const user = await server.createUser({ firmId: firm.id, privilege: 'owner' });
  return server.login(user.email, user.password);
}

async function listLeads(server: TestServer, token: string): Promise<Response> {
  return fetch(`${server.baseUrl}/v1/leads?pageSize=10&offSetValue=0`, { headers: bearer(token) });
}

describe.each(testDatabases())('health checks on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it('GET /health and GET /ready answer 200 while the database answers, without a token', async () => {
    const health = await fetch(`${server.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.baseUrl}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

/** Ends every session of the test database from an administrator's connection, and waits until those are gone. */
async function terminateBackends(database: string): Promise<number> {
  return withAdmin(adminUrl as string, async (admin) => {
    const { rows: sessions } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    const pids = sessions.map((row) => row.pid);
    // Only those sessions, by pid: the filter is applied before any session is ended.
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
    for (;;) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where pid = any($1::int[])', [
        pids,
      ]);
      if (rows[0]?.n === 0) return pids.length;
    }
  });
}

postgres('PostgreSQL connections ended by the server', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('postgres');
    token = await signedIn(server);
  });
  afterAll(() => server?.close());

  it('a connection ended between two queries of a checked-out client does not end the process', async () => {
    await server.db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      expect(await terminateBackends(server.databaseName)).toBeGreaterThan(0);
      // Before the fix the client's unhandled 'error' event ended the process here.
      await expect(sql`select 1`.execute(connection)).rejects.toThrow();
    });
    const response = await listLeads(server, token);
    expect(response.status).toBe(200);
  });

  it('sessions ended under load give 2xx or 503, never 500, and the next requests succeed', async () => {
    const statuses: number[] = [];
    const load = Array.from({ length: 40 }, async (_, index) => {
      const response =
        index % 2 === 0
          ? await listLeads(server, token)
          : await fetch(`${server.baseUrl}/cases/v2/FromLead`, {
              method: 'POST',
              headers: { ...bearer(token), 'content-type': 'application/json' },
              body: JSON.stringify({
                neosCasesInformation: {
                  ...sampleLead,
                  phone: `555-01${String(index).padStart(2, '0')}-0000`,
                  email: `l${index}@example.test`,
                  lastName: `Load${index}`,
                },
              }),
            });
      statuses.push(response.status);
    });
    const killer = terminateBackends(server.databaseName);
    await Promise.all([...load, killer]);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(statuses.every((status) => status === 200 || status === 201 || status === 503)).toBe(true);
    expect((await listLeads(server, token)).status).toBe(200);
  });
});

postgres('PostgreSQL away: refused, partitioned, slow', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    const target = new URL(adminUrl as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startTestServer('postgres', {
      // Short, so the test is quick, yet far above what a query takes on a busy machine.
      postgresTimeouts: { connectMs: 2000, statementMs: 2000, idleInTransactionMs: 1500 },
      databaseUrl: (url) => {
        url.hostname = '127.0.0.1';
        url.port = String(proxy.port);
        return url;
      },
    });
    token = await signedIn(server);
  });
  afterEach(() => proxy.setMode('forward'));
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  it('answers 503 with Retry-After while the database refuses, /ready says so, and recovers by itself', async () => {
    proxy.setMode('refuse');
    const during = await listLeads(server, token);
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    expect(await during.json()).toMatchObject({ code: 'database_unavailable' });
    expect((await fetch(`${server.baseUrl}/ready`)).status).toBe(503);
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);

    proxy.setMode('forward');
    expect((await listLeads(server, token)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/ready`)).status).toBe(200);
  });

  it('a partition (nothing answers, nothing refuses) ends in 503 instead of holding the request', async () => {
    // Warm connections exist in the pool: the partition catches them mid-query.
    expect((await listLeads(server, token)).status).toBe(200);
    proxy.setMode('hang');
    const during = await listLeads(server, token);
    expect(during.status).toBe(503);
    proxy.setMode('forward');
    expect((await listLeads(server, token)).status).toBe(200);
  });

  it('a statement running past statement_timeout is cancelled by PostgreSQL', async () => {
    await expect(sql`select pg_sleep(6)`.execute(server.db)).rejects.toMatchObject({ code: '57014' });
  });

  it('every session carries the statement and idle-in-transaction limits', async () => {
    const { rows } = await sql<{ statement: string; idle: string }>`
      select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`.execute(
      server.db,
    );
    expect(rows[0]).toEqual({ statement: '2s', idle: '1500ms' });
  });

  it('starting against a database that never answers fails after the connect timeout instead of hanging', async () => {
    proxy.setMode('hang');
    const url = new URL(adminUrl as string);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const db = openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent', postgresTimeouts: { connectMs: 300 } });
    try {
      await expect(migrateToLatest(db)).rejects.toThrow(/timeout/i);
    } finally {
      await db.destroy();
    }
  });
});
