// Requests that race each other (README, Operations). Identical lead registrations sent at once
// (a double click, two staff) store one lead and one draft intake and answer 409 to the rest;
// stale edits of one intake sent at once have exactly one winner. On SQLite and PostgreSQL.
// `npm run soak` runs many more rounds (ROBUST_RACE_ROUNDS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleLead } from '../support/sampleLead';
import { createdIntake, draftIntake, updateIntake, type Caller } from './support/intakes';
import { recordFigure, size } from './support/figures';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';

const rounds = size('ROBUST_RACE_ROUNDS', 10);
const AT_ONCE = 8;

describe.each(testDatabases())('races on %s', (kind) => {
  let server: TestServer;
  let caller: Caller;

  beforeAll(async () => {
    // One user sends thousands of requests a minute here (npm run soak): the flood caps would answer
    // 429, which is not what these tests are about.
    server = await startTestServer(kind, { rateLimitPerMinute: false });
    const firm = await server.createFirm();
    const user = await server.createUser({ firmId: firm.id, privilege: 'owner' });
    caller = { user, token: await server.login(user.email, user.password) };
  });
  afterAll(() => server?.close());

  it(`${AT_ONCE} identical lead registrations at once store one lead with one intake, ${rounds} rounds`, async () => {
    let duplicates = 0;
    for (let round = 0; round < rounds; round += 1) {
      const lead = {
        ...sampleLead,
        lastName: `Racer${round}`,
        phone: `555-02${String(round % 100).padStart(2, '0')}-${String(round).padStart(4, '0')}`,
        email: `racer${round}@example.test`,
      };
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          const response = await fetch(`${server.baseUrl}/cases/v2/FromLead`, {
            method: 'POST',
            headers: { ...bearer(caller.token), 'content-type': 'application/json' },
            body: JSON.stringify({ neosCasesInformation: lead }),
          });
          return { status: response.status, body: (await response.json()) as { code?: string } };
        }),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${round}`).toEqual([201, ...Array<number>(AT_ONCE - 1).fill(409)]);
      expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 'duplicate_lead')).toBe(true);
      const stored = await server.db.selectFrom('leads').select(['id', 'intake_id']).where('last_name', '=', lead.lastName).execute();
      duplicates += stored.length - 1;
      expect(stored).toHaveLength(1);
    }
    // No draft intake was left behind by a registration that lost the race.
    const leads = await server.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const intakes = await server.db
      .selectFrom('intakes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(intakes.n)).toBe(Number(leads.n));
    recordFigure(`${kind}: identical-lead rounds`, rounds);
    recordFigure(`${kind}: duplicate leads stored`, duplicates);
  });

  it(`${AT_ONCE} stale edits of one intake at once have exactly one winner, ${rounds} rounds`, async () => {
    let lostUpdates = 0;
    const intake = await createdIntake(server, caller, draftIntake({ lastName: 'Contested' }));
    let version = intake.updatedAt;
    for (let round = 0; round < rounds; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, index) =>
          updateIntake(
            server,
            caller,
            intake.caseId,
            draftIntake({ lastName: 'Contested', firstName: `Editor${round}x${index}` }),
            version,
          ),
        ),
      );
      const winners = answers.filter((answer) => answer.response.status === 200);
      const stale = answers.filter((answer) => answer.response.status === 409);
      expect(winners, `round ${round}`).toHaveLength(1);
      expect(stale).toHaveLength(AT_ONCE - 1);
      const winner = winners[0]!.data!.data;
      // The stored intake is the winner's: no stale edit overwrote it afterwards.
      const stored = await server.db
        .selectFrom('intakes')
        .select(['client_first_name', 'updated_at'])
        .where('case_id', '=', intake.caseId)
        .executeTakeFirstOrThrow();
      if (stored.client_first_name !== winner.personalInformation.firstName) lostUpdates += 1;
      expect(stored.client_first_name).toBe(winner.personalInformation.firstName);
      version = winner.updatedAt;
    }
    recordFigure(`${kind}: stale-edit rounds`, rounds);
    recordFigure(`${kind}: lost updates`, lostUpdates);
  });
});
