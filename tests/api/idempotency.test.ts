// Idempotency-Key on the three calls that create (README, Decisions): a retry with the same key
// answers the first answer and creates nothing, even when the tries run at the same moment; the
// key is the sender's own; a key reused for another body is refused. On SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApiIntake } from '../../src/domain/intake';
import { sampleLead } from '../support/sampleLead';
import { draftIntake } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';
import { employeeBody } from './support/userBodies';

interface Answer {
  status: number;
  replayed: string | null;
  body: { data?: unknown; code?: string };
}

describe.each(testDatabases())('Idempotency-Key on %s', (kind) => {
  let server: TestServer;
  let owner: TestUser;
  let ownerToken: string;
  let colleague: TestUser;
  let colleagueToken: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const firm = await server.createFirm();
    owner = await server.createUser({ firmId: firm.id, privilege: 'owner' });
    colleague = await server.createUser({ firmId: firm.id, privilege: 'owner' });
    ownerToken = await server.login(owner.email, owner.password);
    colleagueToken = await server.login(colleague.email, colleague.password);
  });
  afterAll(() => server?.close());

  async function post(path: string, body: unknown, key: string | undefined, token = ownerToken): Promise<Answer> {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      replayed: response.headers.get('idempotent-replayed'),
      body: (await response.json()) as Answer['body'],
    };
  }

  async function count(table: 'intakes' | 'leads' | 'users'): Promise<number> {
    const row = await server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  let serial = 0;
  const calls = [
    {
      name: 'POST /v1/intake',
      path: '/v1/intake',
      table: 'intakes' as const,
      body: (userId = owner.id) => ({ userId, generalCaseInformation: toApiIntake(draftIntake({ lastName: `Retry${(serial += 1)}` })) }),
      creates: 1,
    },
    {
      name: 'POST /cases/v2/FromLead',
      path: '/cases/v2/FromLead',
      table: 'leads' as const,
      body: (_userId?: string) => {
        serial += 1;
        return {
          neosCasesInformation: {
            ...sampleLead,
            lastName: `Retry${serial}`,
            phone: `555-03${String(serial % 100).padStart(2, '0')}-0000`,
            email: `retry${serial}@example.test`,
          },
        };
      },
      creates: 1,
    },
    { name: 'POST /v1/firmUser', path: '/v1/firmUser', table: 'users' as const, body: (_userId?: string) => employeeBody(), creates: 1 },
  ];

  describe.each(calls)('$name', ({ path, table, body }) => {
    it('a retry with the same key answers the first answer and creates nothing', async () => {
      const request = body();
      const key = randomUUID();
      const before = await count(table);
      const first = await post(path, request, key);
      expect(first.status).toBe(201);
      expect(first.replayed).toBeNull();
      const retry = await post(path, request, key);
      expect(retry.status).toBe(201);
      expect(retry.replayed).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect(await count(table)).toBe(before + 1);
    });

    it('eight tries with one key at the same moment store one record and all answer it', async () => {
      const request = body();
      const key = randomUUID();
      const before = await count(table);
      const answers = await Promise.all(Array.from({ length: 8 }, () => post(path, request, key)));
      expect(answers.map((answer) => answer.status)).toEqual(Array<number>(8).fill(201));
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
      expect(await count(table)).toBe(before + 1);
    });

    it('the same key with another body is refused with 409 idempotency_key_reused', async () => {
      const key = randomUUID();
      expect((await post(path, body(), key)).status).toBe(201);
      const other = await post(path, body(), key);
      expect(other.status).toBe(409);
      expect(other.body.code).toBe('idempotency_key_reused');
    });

    it("a key is the sender's own: a colleague's same key creates the colleague's record", async () => {
      const key = randomUUID();
      const before = await count(table);
      expect((await post(path, body(), key)).status).toBe(201);
      const theirs = await post(path, body(colleague.id), key, colleagueToken);
      expect(theirs.status).toBe(201);
      expect(theirs.replayed).toBeNull();
      expect(await count(table)).toBe(before + 2);
    });
  });

  it('without a key every call creates, and a malformed key is 400', async () => {
    const before = await count('intakes');
    const request = calls[0]!.body();
    expect((await post('/v1/intake', request, undefined)).status).toBe(201);
    expect((await post('/v1/intake', request, undefined)).status).toBe(201);
    expect(await count('intakes')).toBe(before + 2);
    expect((await post('/v1/intake', request, 'x'.repeat(201))).status).toBe(400);
    expect((await post('/v1/intake', request, 'two words')).status).toBe(400);
  });

  it('a refused create stores no answer: its retry is judged again', async () => {
    const lead = calls[1]!.body();
    expect((await post('/cases/v2/FromLead', lead, randomUUID())).status).toBe(201);
    const key = randomUUID();
    const refused = await post('/cases/v2/FromLead', lead, key);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('duplicate_lead');
    const again = await post('/cases/v2/FromLead', lead, key);
    expect(again.status).toBe(409);
    expect(again.replayed).toBeNull();
    const stored = await server.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
    expect(stored).toEqual([]);
  });
});
