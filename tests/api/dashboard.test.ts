// GET /v1/dashboard on the real server (docs/product/dashboard.md): every figure for a known data set,
// relative to now; the deadlines follow the firm's period; a representative gets the firm's counts
// and their own lists; nothing of another firm counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDate, weekStart } from '../../src/domain/dashboard';
import type { IntakeStatus } from '../../src/domain/enums';
import { toApiIntake } from '../../src/domain/intake';
import { addDays, incidentDateFor } from '../../src/domain/limitation';
import { insertIntake } from '../../server/intakes/repository';
import { insertLead } from '../../server/leads/repository';
import { createdIntake, draftIntake, getIntake } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';

const MINUTE = 60_000;
const DAY = 86_400_000;

describe.each(testDatabases())('dashboard on %s', (kind) => {
  let server: TestServer;
  const now = new Date();
  const today = utcDate(now);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  /** An incident date whose deadline under `years` is `days` from today. */
  const incidentFor = (days: number, years = 2) => incidentDateFor(addDays(today, days), years);
  let owner: TestUser;
  let ana: TestUser;
  let ben: TestUser;
  const tokens: Record<string, string> = {};
  const caseIds: Record<string, string> = {};
  let leadCount = 0;

  async function intake(
    name: string,
    firmId: string,
    by: TestUser,
    status: IntakeStatus,
    savedAgo: number,
    incidentDate: string | null,
  ): Promise<string> {
    const sections = toApiIntake(draftIntake({ firstName: name, lastName: 'Fictiva' }, status));
    const row = await insertIntake(
      server.db,
      { firmId, status, representativeId: by.id, representativeName: `${by.firstName} ${by.lastName}`, sections },
      ago(savedAgo),
    );
    await server.db.updateTable('intakes').set({ incident_date: incidentDate }).where('case_id', '=', row.case_id).execute();
    caseIds[name] = row.case_id;
    return row.case_id;
  }

  async function lead(firmId: string, by: TestUser, createdAgo: number, intakeId: string | null) {
    leadCount += 1;
    await insertLead(
      server.db,
      {
        firmId,
        createdBy: by.id,
        intakeId,
        values: {
          first_name: `Lead${leadCount}`,
          middle_name: null,
          last_name: 'Fictiva',
          birth_date: '1980-01-01',
          address: '1 Nowhere Road',
          city: 'Sampleton',
          county: 'Example County',
          state: 'TX',
          country: 'USA',
          zip_code: '75001',
          email: null,
          gender: 'Female',
          phone: `555-010-${String(1000 + leadCount)}`,
          minor: 'No',
        },
      },
      ago(createdAgo),
    );
  }

  function dashboard(token: string) {
    return server.api.GET('/v1/dashboard', { headers: bearer(token) });
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    const firm = await server.createFirm({ firmName: 'Dashboard Sample Firm' });
    owner = await server.createUser({ firmId: firm.id, privilege: 'owner', firstName: 'Olga', lastName: 'Owner' });
    ana = await server.createUser({ firmId: firm.id, privilege: 'representative', firstName: 'Ana', lastName: 'Rep' });
    ben = await server.createUser({ firmId: firm.id, privilege: 'representative', firstName: 'Ben', lastName: 'Rep' });
    for (const user of [owner, ana, ben]) tokens[user.id] = await server.login(user.email, user.password);

    const a = await intake('Aurélie', firm.id, ana, 'final', MINUTE, incidentFor(10));
    const b = await intake('Bao', firm.id, ben, 'draft', 3 * DAY, null);
    const d = await intake('Dörte', firm.id, ana, 'final', 60 * DAY, incidentFor(200));
    const e = await intake('Émile', firm.id, ana, 'draft', 100 * DAY, incidentFor(-5));
    await intake('Farida', firm.id, ben, 'draft', 8 * DAY, incidentFor(90));
    await intake('Gítà', firm.id, owner, 'draft', 7 * DAY + MINUTE, incidentFor(0));
    await intake('Hana', firm.id, ana, 'draft', 6 * DAY, incidentFor(91));
    await intake('Ines', firm.id, ben, 'final', 40 * DAY, null);
    await intake('Kai', firm.id, ana, 'draft', DAY, incidentFor(30, 3));
    await lead(firm.id, ana, MINUTE, a);
    await lead(firm.id, ben, 3 * DAY, b);
    await lead(firm.id, ben, 20 * DAY, null);
    await lead(firm.id, ana, 60 * DAY, d);
    await lead(firm.id, ana, 100 * DAY, e);

    // Another firm, busy in every figure: none of it may show.
    const other = await server.createFirm({ firmName: 'Other Sample Firm' });
    const stranger = await server.createUser({ firmId: other.id, privilege: 'representative', firstName: 'Sven', lastName: 'Else' });
    tokens[stranger.id] = await server.login(stranger.email, stranger.password);
    caseIds.stranger = stranger.id;
    for (const [index, status] of (['draft', 'final', 'draft'] as const).entries()) {
      const id = await intake(`Stranger${index}`, other.id, stranger, status, 10 * DAY, index === 2 ? null : incidentFor(5));
      await lead(other.id, stranger, MINUTE, id);
    }
  });

  afterAll(async () => {
    await server?.close();
  });

  it("answers the owner with the firm's figures", async () => {
    const { data, response } = await dashboard(tokens[owner.id] as string);
    expect(response.status).toBe(200);
    const threeDaysAgoThisWeek = ago(3 * DAY).toISOString() >= `${weekStart(today)}T00:00:00.000Z`;
    expect(data?.data).toEqual({
      today,
      limitationYears: 2,
      counts: {
        leadsThisWeek: threeDaysAgoThisWeek ? 2 : 1,
        leadsLast30Days: 3,
        draftIntakes: 6,
        finalIntakes: 3,
        finalLast30Days: 1,
      },
      funnel: {
        days: 90,
        leads: 4,
        leadsWithIntake: 3,
        finalIntakes: 2,
        signedEngagements: 0,
        intakeRate: 75,
        finalRate: 67,
        signedRate: 0,
      },
      representatives: [
        { representativeId: ana.id, name: 'Ana Rep', draft: 3, final: 2 },
        { representativeId: ben.id, name: 'Ben Rep', draft: 2, final: 1 },
        { representativeId: owner.id, name: 'Olga Owner', draft: 1, final: 0 },
      ],
      staleDrafts: ['Émile', 'Farida', 'Gítà'].map((name) => expect.objectContaining({ caseId: caseIds[name], status: 'draft' })),
      deadlines: [
        { name: 'Gítà', days: 0, status: 'draft', rep: 'Olga Owner' },
        { name: 'Aurélie', days: 10, status: 'final', rep: 'Ana Rep' },
        { name: 'Farida', days: 90, status: 'draft', rep: 'Ben Rep' },
      ].map(({ name, days, status, rep }) => ({
        caseId: caseIds[name],
        clientName: `${name} Fictiva`,
        representativeName: rep,
        status,
        incidentDate: incidentFor(days),
        deadline: addDays(today, days),
        daysLeft: days,
      })),
      missingIncidentDate: ['Bao', 'Ines'].map((name) => expect.objectContaining({ caseId: caseIds[name], clientName: `${name} Fictiva` })),
    });
    expect(data?.data.staleDrafts[0]).toEqual({
      caseId: caseIds['Émile'],
      clientName: 'Émile Fictiva',
      representativeName: 'Ana Rep',
      status: 'draft',
      updatedAt: ago(100 * DAY).toISOString(),
    });
  });

  it("answers a representative with the firm's counts and their own lists", async () => {
    const [firmView, own] = await Promise.all([dashboard(tokens[owner.id] as string), dashboard(tokens[ben.id] as string)]);
    const { staleDrafts, deadlines, missingIncidentDate, ...totals } = own.data!.data;
    const { staleDrafts: _s, deadlines: _d, missingIncidentDate: _m, ...firmTotals } = firmView.data!.data;
    expect(totals).toEqual(firmTotals);
    expect(staleDrafts.map((row) => row.caseId)).toEqual([caseIds.Farida]);
    expect(deadlines.map((row) => row.caseId)).toEqual([caseIds.Farida]);
    expect(missingIncidentDate.map((row) => row.caseId)).toEqual([caseIds.Bao, caseIds.Ines]);
  });

  it("follows the firm's limitation period", async () => {
    await server.db.updateTable('firms').set({ limitation_years: 3 }).where('id', '=', owner.firmId).execute();
    try {
      const { data } = await dashboard(tokens[ana.id] as string);
      expect(data?.data.limitationYears).toBe(3);
      expect(data?.data.deadlines).toEqual([expect.objectContaining({ caseId: caseIds.Kai, deadline: addDays(today, 30), daysLeft: 30 })]);
    } finally {
      await server.db.updateTable('firms').set({ limitation_years: 2 }).where('id', '=', owner.firmId).execute();
    }
  });

  it('shows the other firm only its own figures', async () => {
    const { data } = await dashboard(tokens[caseIds.stranger as string] as string);
    expect(data?.data.counts).toEqual({ leadsThisWeek: 3, leadsLast30Days: 3, draftIntakes: 2, finalIntakes: 1, finalLast30Days: 1 });
    expect(data?.data.funnel).toMatchObject({ leads: 3, leadsWithIntake: 3, finalIntakes: 1 });
    expect(data?.data.representatives).toEqual([{ representativeId: caseIds.stranger, name: 'Sven Else', draft: 2, final: 1 }]);
    expect(data?.data.deadlines.map((row) => row.clientName)).toEqual(['Stranger0 Fictiva', 'Stranger1 Fictiva']);
    expect(data?.data.missingIncidentDate.map((row) => row.clientName)).toEqual(['Stranger2 Fictiva']);
  });

  it('moves an intake from draft to final in the per-representative bars when it is submitted', async () => {
    await server.db.updateTable('intakes').set({ status: 'final' }).where('case_id', '=', caseIds.Bao!).execute();
    const { data } = await dashboard(tokens[owner.id] as string);
    expect(data?.data.representatives).toContainEqual({ representativeId: ben.id, name: 'Ben Rep', draft: 1, final: 2 });
    expect(data?.data.counts).toMatchObject({ draftIntakes: 5, finalIntakes: 4 });
  });

  // docs/product/intake-form.md#incident-date
  it('stores the incident date sent like the other dates and lists its deadline', async () => {
    const caller = { user: ana, token: tokens[ana.id] as string };
    const intake = draftIntake({ firstName: 'Iris', lastName: 'Fictiva' });
    intake.incidentDescription.incidentDate = incidentFor(45);
    const created = await createdIntake(server, caller, intake);
    expect(created.incidentDescription.incidentDate).toBe(`${incidentFor(45)}T00:00:00.000Z`);
    const read = await getIntake(server, caller, created.caseId);
    expect(read.data?.data.incidentDescription.incidentDate).toBe(`${incidentFor(45)}T00:00:00.000Z`);
    const row = await server.db.selectFrom('intakes').select('incident_date').where('case_id', '=', created.caseId).executeTakeFirst();
    expect(row?.incident_date).toBe(incidentFor(45));
    const { data } = await dashboard(caller.token);
    expect(data?.data.deadlines).toContainEqual(expect.objectContaining({ caseId: created.caseId, daysLeft: 45 }));
  });

  it('answers 401 without a token', async () => {
    expect((await fetch(`${server.baseUrl}/v1/dashboard`)).status).toBe(401);
  });
});
