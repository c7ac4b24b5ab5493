// An office at work (README, Operations): staff, each signed in, listing, opening, creating and
// saving intakes and checking leads at once, as fast as the server answers, a number of rounds each. No answer
// may be an error, and every save that was answered 200 is what the database holds. The flood caps
// are off: at machine speed 50 people send more than any office does (floodCaps.test.ts covers an
// office behind one address). `npm run soak` runs 50 staff of 40 rounds (STAFF_COUNT, STAFF_ROUNDS):
// a count, not a time, so that a busy machine makes the run longer, never smaller or cut short.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleLead } from '../support/sampleLead';
import { createdIntake, draftIntake, getIntake, intakePage, updateIntake, type Caller } from './support/intakes';
import { recordFigure, size } from './support/figures';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';

const staffCount = size('STAFF_COUNT', 5);
const rounds = size('STAFF_ROUNDS', 3);

describe.each(testDatabases())('staff at work on %s', (kind) => {
  let server: TestServer;
  let staff: Caller[];

  beforeAll(async () => {
    server = await startTestServer(kind, { rateLimitPerMinute: false });
    const firm = await server.createFirm();
    const users = await Promise.all(
      Array.from({ length: staffCount }, (_, index) => server.createUser({ firmId: firm.id, firstName: `Staff${index}` })),
    );
    // One after the other: many sign-ins at once from one address meet the sign-in throttle.
    staff = [];
    for (const user of users) staff.push({ user, token: await server.login(user.email, user.password) });
  }, 300_000);
  afterAll(() => server?.close());

  it(
    `${staffCount} staff of ${rounds} rounds: no error answer, every answered save stored`,
    { timeout: 120_000 + staffCount * rounds * 2000 },
    async () => {
      const statuses = new Map<number, number>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const lastSaved = new Map<string, string>();
      let serial = 0;

      await Promise.all(
        staff.map(async (caller, person) => {
          for (let round = 0; round < rounds; round += 1) {
            serial += 1;
            const own = await createdIntake(server, caller, draftIntake({ lastName: `Worker${person}`, firstName: `Draft${serial}` }));
            count(201);
            const page = await intakePage(server, caller, { userId: caller.user.id, pageSize: 10, offSetValue: 0 });
            count(200);
            expect(page.record.length).toBeGreaterThan(0);
            const opened = await getIntake(server, caller, own.caseId);
            count(opened.response.status);
            const firstName = `Saved${serial}`;
            const saved = await updateIntake(
              server,
              caller,
              own.caseId,
              draftIntake({ lastName: `Worker${person}`, firstName }),
              own.updatedAt,
            );
            count(saved.response.status);
            if (saved.response.status === 200) lastSaved.set(own.caseId, firstName);
            const lead = await fetch(`${server.baseUrl}/cases/v2/checkDuplicate`, {
              method: 'POST',
              headers: { ...bearer(caller.token), 'content-type': 'application/json' },
              body: JSON.stringify({
                neosCasesInformation: {
                  ...sampleLead,
                  lastName: `Checked${serial}`,
                  phone: `555-05${String(serial % 100).padStart(2, '0')}-0000`,
                  email: `c${serial}@example.test`,
                },
              }),
            });
            await lead.arrayBuffer();
            count(lead.status);
          }
        }),
      );

      let lostUpdates = 0;
      for (const [caseId, firstName] of lastSaved) {
        const row = await server.db.selectFrom('intakes').select('client_first_name').where('case_id', '=', caseId).executeTakeFirst();
        if (row?.client_first_name !== firstName) lostUpdates += 1;
      }
      const total = [...statuses.values()].reduce((sum, value) => sum + value, 0);
      const failures = [...statuses.entries()].filter(([status]) => status >= 500 || status === 429);
      recordFigure(`${kind}: staff requests`, total);
      recordFigure(
        `${kind}: staff 5xx or 429`,
        failures.reduce((sum, [, value]) => sum + value, 0),
      );
      recordFigure(`${kind}: staff lost updates`, lostUpdates);
      expect(failures).toEqual([]);
      expect([...statuses.keys()].sort()).toEqual([200, 201]);
      expect(lostUpdates).toBe(0);
    },
  );
});
