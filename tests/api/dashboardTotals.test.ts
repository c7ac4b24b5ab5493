// The dashboard's windowed counts come from totals kept per firm and day (migration 0019; README,
// Performance). Seen from outside: the kept totals always equal a count of the rows, through every
// way a lead and its intake are written (registered from a lead, submitted final, linked, moved,
// deleted, many at once), and the windows' counts are exact at their edges, where the first day is
// counted from the rows.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { toApiIntake } from '../../src/domain/intake';
import type { IntakeStatus } from '../../src/domain/enums';
import { migrateToLatest, migrations } from '../../server/db/migrate';
import { insertIntake, newIntakeRow } from '../../server/intakes/repository';
import { insertLead, newLeadRow } from '../../server/leads/repository';
import { draftIntake, getIntake, updateIntake, type Caller } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';
import { fullValidIntake } from '../domain/intake/fixtures';

type LeadInput = components['schemas']['LeadInput'];

const MINUTE = 60_000;
const DAY = 86_400_000;

function sampleLead(index: number): LeadInput {
  return {
    firstName: `Lúa${index}`,
    middleName: null,
    lastName: 'Contada',
    birthDate: '1984-03-02T00:00:00.000Z',
    address: '2 Sample Lane',
    city: 'Sampleton',
    county: 'Example County',
    state: 'ZZ',
    country: 'USA',
    zipCode: '00002',
    email: null,
    gender: 'Female',
    phone: `555-020-${String(1000 + index)}`,
    minor: 'No',
  };
}

describe.each(testDatabases())('dashboard day totals on %s', (kind) => {
  let server: TestServer;

  async function ownerOfNewFirm(): Promise<Caller> {
    const firm = await server.createFirm({ firmName: 'Day Totals Sample Firm' });
    const user = await server.createUser({ firmId: firm.id, privilege: 'owner', firstName: 'Dia', lastName: 'Totals' });
    return { user, token: await server.login(user.email, user.password) };
  }

  /** The kept totals and the same figures counted from the rows, per day, zero rows left out. */
  async function keptAndCounted(firmId: string) {
    const kept = await server.db
      .selectFrom('firm_day_totals')
      .select(['day', 'finals', 'leads', 'leads_with_intake', 'leads_with_final'])
      .where('firm_id', '=', firmId)
      .execute();
    const finals = await server.db
      .selectFrom('intakes')
      .select([sql<string>`substr(updated_at, 1, 10)`.as('day'), sql<number>`count(*)`.as('finals')])
      .where('firm_id', '=', firmId)
      .where('status', '=', 'final')
      .groupBy(sql`substr(updated_at, 1, 10)`)
      .execute();
    const leads = await server.db
      .selectFrom('leads')
      .leftJoin('intakes', (join) => join.onRef('intakes.case_id', '=', 'leads.intake_id').onRef('intakes.firm_id', '=', 'leads.firm_id'))
      .select([
        sql<string>`substr(leads.created_at, 1, 10)`.as('day'),
        sql<number>`count(*)`.as('leads'),
        sql<number>`count(leads.intake_id)`.as('leads_with_intake'),
        sql<number>`sum(case when intakes.status = 'final' then 1 else 0 end)`.as('leads_with_final'),
      ])
      .where('leads.firm_id', '=', firmId)
      .groupBy(sql`substr(leads.created_at, 1, 10)`)
      .execute();
    const counted = new Map<string, Record<string, number>>();
    const add = (day: string, figures: Record<string, number | string>) => {
      const row = counted.get(day) ?? { finals: 0, leads: 0, leads_with_intake: 0, leads_with_final: 0 };
      for (const [name, value] of Object.entries(figures)) row[name] = (row[name] ?? 0) + Number(value);
      counted.set(day, row);
    };
    for (const { day, ...figures } of finals) add(day, figures);
    for (const { day, ...figures } of leads) add(day, figures);
    const asObject = (rows: [string, Record<string, number | string>][]) =>
      Object.fromEntries(
        rows
          .map(
            ([day, figures]) => [day, Object.fromEntries(Object.entries(figures).map(([name, value]) => [name, Number(value)]))] as const,
          )
          .filter(([, figures]) => Object.values(figures).some((value) => value !== 0))
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    return {
      kept: asObject(kept.map(({ day, ...figures }) => [day, figures])),
      counted: asObject([...counted.entries()]),
    };
  }

  function fromLead(caller: Caller, lead: LeadInput) {
    return server.api.POST('/cases/v2/FromLead', { body: { neosCasesInformation: lead }, headers: bearer(caller.token) });
  }

  async function submitFinal(caller: Caller, caseId: string) {
    const { data } = await getIntake(server, caller, caseId);
    return updateIntake(server, caller, caseId, { ...fullValidIntake(), status: 'final' }, data!.data.updatedAt);
  }

  function dashboard(caller: Caller) {
    return server.api.GET('/v1/dashboard', { headers: bearer(caller.token) });
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(() => server?.close());

  it('equal a count of the rows through registration, submission, linking, moves and deletes', async () => {
    const caller = await ownerOfNewFirm();
    const firmId = caller.user.firmId;
    // Registered from a lead: the lead and its draft intake in one transaction.
    const registered = await fromLead(caller, sampleLead(1));
    expect(registered.response.status).toBe(201);
    const caseId = registered.data!.data.intake.caseId;
    expect(await keptAndCounted(firmId)).toMatchObject({ kept: { [registered.data!.data.lead.createdAt.slice(0, 10)]: { leads: 1 } } });

    // Submitted final: a final today, and the lead's intake is final.
    expect((await submitFinal(caller, caseId)).response.status).toBe(200);
    let totals = await keptAndCounted(firmId);
    expect(totals.kept).toEqual(totals.counted);
    expect(Object.values(totals.kept)).toEqual([{ finals: 1, leads: 1, leads_with_intake: 1, leads_with_final: 1 }]);

    // A lead of 40 days ago without an intake, then linked to a final intake of 35 days ago.
    const oldFinal = await insertIntake(
      server.db,
      {
        firmId,
        status: 'final',
        representativeId: caller.user.id,
        representativeName: 'Dia Totals',
        sections: toApiIntake(draftIntake({}, 'final')),
      },
      new Date(Date.now() - 35 * DAY),
    );
    const oldLead = await insertLead(
      server.db,
      {
        firmId,
        createdBy: caller.user.id,
        intakeId: null,
        values: { ...fromLeadValues(sampleLead(2)), email: null },
      },
      new Date(Date.now() - 40 * DAY),
    );
    await server.db.updateTable('leads').set({ intake_id: oldFinal.case_id }).where('id', '=', oldLead.id).execute();
    totals = await keptAndCounted(firmId);
    expect(totals.kept).toEqual(totals.counted);
    expect(totals.kept[oldLead.created_at.slice(0, 10)]).toEqual({ finals: 0, leads: 1, leads_with_intake: 1, leads_with_final: 1 });

    // The old intake back to draft (a correction by hand), the lead moved a day, then each deleted.
    await server.db
      .updateTable('intakes')
      .set({ status: 'draft' as IntakeStatus })
      .where('case_id', '=', oldFinal.case_id)
      .execute();
    await server.db
      .updateTable('leads')
      .set({ created_at: new Date(Date.now() - 41 * DAY).toISOString() })
      .where('id', '=', oldLead.id)
      .execute();
    totals = await keptAndCounted(firmId);
    expect(totals.kept).toEqual(totals.counted);
    await server.db.deleteFrom('leads').where('id', '=', oldLead.id).execute();
    await server.db.deleteFrom('intakes').where('case_id', '=', oldFinal.case_id).execute();
    totals = await keptAndCounted(firmId);
    expect(totals.kept).toEqual(totals.counted);
    expect(Object.values(totals.kept)).toEqual([{ finals: 1, leads: 1, leads_with_intake: 1, leads_with_final: 1 }]);
  });

  it('stay exact when many register and submit at once', async () => {
    const caller = await ownerOfNewFirm();
    const registered = await Promise.all(Array.from({ length: 12 }, (_, index) => fromLead(caller, sampleLead(100 + index))));
    expect(registered.map(({ response }) => response.status)).toEqual(registered.map(() => 201));
    const submitted = await Promise.all(
      registered.filter((_, index) => index % 2 === 0).map(({ data }) => submitFinal(caller, data!.data.intake.caseId)),
    );
    expect(submitted.map(({ response }) => response.status)).toEqual(submitted.map(() => 200));
    const totals = await keptAndCounted(caller.user.firmId);
    expect(totals.kept).toEqual(totals.counted);
    const { data } = await dashboard(caller);
    expect(data?.data.funnel).toMatchObject({ leads: 12, leadsWithIntake: 12, finalIntakes: 6 });
    expect(data?.data.counts).toMatchObject({ leadsThisWeek: 12, leadsLast30Days: 12, finalLast30Days: 6 });
  });

  it('are filled from the rows a database already holds when the migration runs', async () => {
    const caller = await ownerOfNewFirm();
    const firmId = caller.user.firmId;
    const migrator = new Migrator({ db: server.db, provider: { getMigrations: async () => migrations() } });
    expect((await migrator.migrateTo('0018_dashboard')).error).toBeUndefined();
    try {
      const sections = toApiIntake(draftIntake({}, 'final'));
      // Rows as the version of migration 0018 stored them: no conflict check's parties yet.
      for (const [index, days] of [3, 3, 50].entries()) {
        const at = new Date(Date.now() - days * DAY);
        const status: IntakeStatus = index === 1 ? 'draft' : 'final';
        const intake = newIntakeRow({ firmId, status, representativeId: caller.user.id, representativeName: 'Dia Totals', sections }, at);
        await server.db.insertInto('intakes').values(intake).execute();
        const values = fromLeadValues(sampleLead(200 + index));
        const lead = newLeadRow({ firmId, createdBy: caller.user.id, intakeId: index === 2 ? null : intake.case_id, values }, at);
        await server.db.insertInto('leads').values(lead).execute();
      }
    } finally {
      await migrateToLatest(server.db);
    }
    const totals = await keptAndCounted(firmId);
    expect(totals.kept).toEqual(totals.counted);
    expect(Object.values(totals.kept)).toEqual([
      { finals: 1, leads: 1, leads_with_intake: 0, leads_with_final: 0 },
      { finals: 1, leads: 2, leads_with_intake: 2, leads_with_final: 1 },
    ]);
  });

  it("counts each window's first day from its start instant, not from midnight", async () => {
    const caller = await ownerOfNewFirm();
    const firmId = caller.user.firmId;
    const sections = toApiIntake(draftIntake({}, 'final'));
    // Just inside and just outside the 30- and 90-day windows; the day totals hold both of a pair
    // when they fall on the same day, so only the rows can tell them apart.
    for (const [days, offset] of [
      [30, -MINUTE],
      [30, MINUTE],
      [90, -MINUTE],
      [90, MINUTE],
    ] as const) {
      const at = new Date(Date.now() - days * DAY + offset);
      const intake = await insertIntake(
        server.db,
        { firmId, status: 'final', representativeId: caller.user.id, representativeName: 'Dia Totals', sections },
        at,
      );
      await insertLead(
        server.db,
        { firmId, createdBy: caller.user.id, intakeId: intake.case_id, values: fromLeadValues(sampleLead(days + offset / MINUTE)) },
        at,
      );
    }
    const { data } = await dashboard(caller);
    // 30 days - 1 minute is inside both windows; 90 days - 1 minute and 30 days + 1 minute only in the funnel's.
    expect(data?.data.counts).toMatchObject({ leadsLast30Days: 1, finalLast30Days: 1 });
    expect(data?.data.funnel).toMatchObject({ leads: 3, leadsWithIntake: 3, finalIntakes: 3 });
  });
});

/** A lead's API input as its stored columns. */
function fromLeadValues(lead: LeadInput) {
  return {
    first_name: lead.firstName,
    middle_name: lead.middleName,
    last_name: lead.lastName,
    birth_date: lead.birthDate.slice(0, 10),
    address: lead.address,
    city: lead.city,
    county: lead.county,
    state: lead.state,
    country: lead.country,
    zip_code: lead.zipCode,
    email: lead.email,
    gender: lead.gender,
    phone: lead.phone,
    minor: lead.minor,
  };
}
