// The conflict check over every party (docs/product/conflicts.md) on the real server: the three
// kinds of conflict, each with its reason; nothing for unrelated parties; a decision recorded by an
// owner or an administrator, and asked for again once a party change changes the result.
import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privileges, type Privilege } from '../../src/domain/enums';
import type { FieldPath, FieldValue, GeneralCaseInformation } from '../../src/domain/intake';
import { engagementAllowed } from '../../server/conflicts/clearance';
import { migrations } from '../../server/db/migrate';
import { newIntakeRow } from '../../server/intakes/repository';
import { toApiIntake } from '../../src/domain/intake';
import { fullValidIntake, withFields } from '../domain/intake/fixtures';
import { createdIntake, draftIntake, updateIntake, type Caller } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';

type Fields = Partial<{ [P in FieldPath]: FieldValue<P> }>;

describe.each(testDatabases())('conflict check on %s', (kind) => {
  let server: TestServer;
  let firmId: string;
  const callers = {} as Record<Privilege, Caller>;
  let otherFirm: Caller;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const firm = await server.createFirm({ firmName: 'Conflict Sample Firm' });
    firmId = firm.id;
    for (const privilege of privileges) {
      const user = await server.createUser({ firmId, privilege, firstName: 'Noor', lastName: `Checker${privilege}` });
      callers[privilege] = { user, token: await server.login(user.email, user.password) };
    }
    const other = await server.createFirm({ firmName: 'Other Conflict Firm' });
    const otherUser = await server.createUser({ firmId: other.id, privilege: 'owner' });
    otherFirm = { user: otherUser, token: await server.login(otherUser.email, otherUser.password) };
  });

  afterAll(() => server?.close());

  function intake(first: string, last: string, fields: Fields = {}): GeneralCaseInformation {
    return withFields(draftIntake({ firstName: first, lastName: last }), fields);
  }

  async function check(caseId: string, caller: Caller = callers.representative) {
    const { data, error, response } = await server.api.GET('/v1/intake/{caseId}/conflicts', {
      params: { path: { caseId } },
      headers: bearer(caller.token),
    });
    if (!data) throw new Error(`GET conflicts answered ${response.status}: ${JSON.stringify(error)}`);
    return data.data;
  }

  function decide(caseId: string, body: unknown, caller: Caller = callers.administrator) {
    return server.api.POST('/v1/intake/{caseId}/conflicts/decision', {
      params: { path: { caseId } },
      body: body as { decision: 'cleared'; note: string },
      headers: bearer(caller.token),
    });
  }

  it('finds a defendant driver who is a former client, whatever the case, accents and order of the name', async () => {
    const former = await createdIntake(server, callers.owner, {
      ...withFields(fullValidIntake(), {
        'personalInformation.firstName': 'Marisol',
        'personalInformation.middleName': '',
        'personalInformation.lastName': 'Quintanilla-Ortiz',
        'personalInformation.phoneNumber': '(555) 010-4411',
        'personalInformation.alternateContact': 'Jordan Quintanilla',
        'vehicleInformation.owner': 'Marisol Quintanilla-Ortiz',
        'defendantInformation.driversName': 'Hollis Vandermeer',
        'defendantInformation.owner': 'Hollis Vandermeer',
        'incidentDescription.crashReportNum': 'CR-2024-7001',
      }),
      status: 'final',
    });
    const now = await createdIntake(
      server,
      callers.representative,
      intake('Bastien', 'Okonkwo-Reyes', {
        'defendantInformation.driversName': 'ORTIZ, Marísol Quintanilla',
        'defendantInformation.phoneNumber': '+1 555 010 4411',
      }),
    );
    const result = await check(now.caseId);
    expect(result.status).toBe('pending');
    expect(result.decision).toBeNull();
    expect(Date.parse(result.checkedAt)).not.toBeNaN();
    expect(result.conflicts).toEqual([
      {
        kind: 'formerClient',
        party: { name: 'ORTIZ, Marísol Quintanilla', role: 'defendantDriver' },
        other: {
          caseId: former.caseId,
          leadId: null,
          clientName: 'Marisol Quintanilla-Ortiz',
          role: 'client',
          status: 'final',
          date: former.createdAt,
        },
        reason: "Same name and phone: this intake's defendant driver is the client of another intake.",
      },
    ]);
    // Seen from the former client's intake, its client is a defendant on the new one.
    expect((await check(former.caseId)).conflicts).toEqual([
      expect.objectContaining({
        kind: 'clientIsDefendant',
        party: { name: 'Marisol Quintanilla-Ortiz', role: 'client' },
        other: expect.objectContaining({ caseId: now.caseId, clientName: 'Bastien Okonkwo-Reyes', role: 'defendantDriver' }),
        reason: "Same name and phone: this intake's client is the defendant driver of another intake.",
      }),
    ]);
  });

  it("finds this intake's client named as a defendant vehicle owner on another intake", async () => {
    const suing = await createdIntake(
      server,
      callers.representative,
      intake('Ilse', 'Marchetti', { 'defendantInformation.owner': 'Téo Vasquez-Lind' }),
    );
    const now = await createdIntake(
      server,
      callers.representative,
      intake('teo', 'vasquez lind', { 'personalInformation.birthDate': '1979-10-02' }),
    );
    const result = await check(now.caseId);
    expect(result.conflicts).toEqual([
      expect.objectContaining({
        kind: 'clientIsDefendant',
        party: { name: 'teo vasquez lind', role: 'client' },
        other: expect.objectContaining({
          caseId: suing.caseId,
          clientName: 'Ilse Marchetti',
          role: 'defendantVehicleOwner',
          status: 'draft',
        }),
        reason: "Same name: this intake's client is the defendant vehicle owner of another intake.",
      }),
    ]);
  });

  it('finds two clients of one crash, by report number or by city and location, where one is the other’s defendant or driver', async () => {
    const crash: Fields = { 'incidentDescription.incidentDate': '2025-03-02', 'incidentDescription.crashReportNum': 'CR-7781' };
    const driver = await createdIntake(server, callers.representative, intake('Ignacio', 'Berrowfield', crash));
    const passenger = await createdIntake(
      server,
      callers.representative,
      intake('Paloma', 'Reyes-Abad', {
        ...crash,
        'incidentDescription.crashReportNum': 'cr 7781',
        'defendantInformation.driversName': 'Ignacio Berrowfield',
      }),
    );
    expect((await check(passenger.caseId)).conflicts).toEqual([
      expect.objectContaining({
        kind: 'sameCrash',
        party: { name: 'Ignacio Berrowfield', role: 'defendantDriver' },
        other: expect.objectContaining({ caseId: driver.caseId, role: 'client' }),
        reason:
          "Both clients of the firm in one crash (same incident date and crash report number): the client there is this intake's defendant driver. Same name.",
      }),
    ]);
    expect((await check(driver.caseId)).conflicts).toEqual([
      expect.objectContaining({
        kind: 'sameCrash',
        party: { name: 'Ignacio Berrowfield', role: 'client' },
        other: expect.objectContaining({ caseId: passenger.caseId, role: 'defendantDriver' }),
      }),
    ]);

    // Same date, city and location, no report: the client rode in the car the other client drove.
    const place: Fields = {
      'incidentDescription.incidentDate': '2025-04-19',
      'incidentDescription.city': 'Lakemont',
      'incidentDescription.crashLocation': 'Route 9 & Elm',
    };
    const owner = await createdIntake(server, callers.representative, intake('Wendeline', 'Astorga', place));
    const rider = await createdIntake(
      server,
      callers.representative,
      intake('Cyprian', 'Holloway', {
        ...place,
        'incidentDescription.city': 'LAKEMONT',
        'incidentDescription.crashLocation': 'route 9 and elm'.replace(' and ', ' & '),
        'vehicleInformation.owner': 'Astorga Wendeline',
      }),
    );
    expect((await check(rider.caseId)).conflicts).toEqual([
      expect.objectContaining({
        kind: 'sameCrash',
        party: { name: 'Astorga Wendeline', role: 'clientVehicleOwner' },
        other: expect.objectContaining({ caseId: owner.caseId }),
        reason: expect.stringContaining('same incident date, city and crash location'),
      }),
    ]);
    // Outside one crash, the car the client rode in is no conflict.
    const elsewhere = await createdIntake(
      server,
      callers.representative,
      intake('Ottilie', 'Brandvold', { 'vehicleInformation.owner': 'Wendeline Astorga' }),
    );
    expect((await check(elsewhere.caseId)).conflicts).toEqual([]);
  });

  it('finds nothing for unrelated parties: same surname, same name with another phone, another firm', async () => {
    await createdIntake(
      server,
      callers.representative,
      intake('Esperanza', 'Villanueva-Toft', { 'personalInformation.phoneNumber': '555-010-7001' }),
    );
    await createdIntake(server, otherFirm, intake('Anselm', 'Drummond-Hale'));
    const now = await createdIntake(
      server,
      callers.representative,
      intake('Rosalind', 'Achterberg', {
        'defendantInformation.driversName': 'Rafael Villanueva-Toft',
        'defendantInformation.owner': 'Anselm Drummond-Hale',
      }),
    );
    expect((await check(now.caseId)).conflicts).toEqual([]);
    const samePersonName = await createdIntake(
      server,
      callers.representative,
      intake('Lorcan', 'Peabody', {
        'defendantInformation.driversName': 'Esperanza Villanueva-Toft',
        'defendantInformation.phoneNumber': '555-010-9999',
      }),
    );
    expect((await check(samePersonName.caseId)).conflicts).toEqual([]);
  });

  it('records a decision, keeps it through changes that leave the result as it was, and asks again once a party changes it', async () => {
    await createdIntake(server, callers.owner, intake('Galadriel', 'Umberfield'));
    const created = await createdIntake(server, callers.representative, intake('Theodric', 'Nakamura-Bell'));
    expect((await check(created.caseId)).conflicts).toEqual([]);
    expect(await engagementAllowed(server.db, firmId, created.caseId)).toBe(false);

    const { data, response } = await decide(created.caseId, { decision: 'cleared', note: 'Searched the firm; nobody adverse.' });
    expect(response.status).toBe(200);
    expect(data?.data).toEqual(
      expect.objectContaining({
        status: 'cleared',
        conflicts: [],
        decision: expect.objectContaining({
          decision: 'cleared',
          note: 'Searched the firm; nobody adverse.',
          decidedBy: 'Noor Checkeradministrator',
          current: true,
        }),
      }),
    );
    expect((await check(created.caseId)).status).toBe('cleared');
    expect(await engagementAllowed(server.db, firmId, created.caseId)).toBe(true);
    const stored = await server.db.selectFrom('conflict_decisions').selectAll().where('case_id', '=', created.caseId).execute();
    expect(stored).toEqual([expect.objectContaining({ firm_id: firmId, decision: 'cleared', decided_by: callers.administrator.user.id })]);
    const trail = await server.db.selectFrom('activity').select(['action', 'user_id']).where('subject', '=', created.caseId).execute();
    expect(trail).toEqual(expect.arrayContaining([{ action: 'conflicts.cleared', user_id: callers.administrator.user.id }]));
    expect(trail.map((row) => row.action)).toContain('conflicts.viewed');

    // A change that leaves the result as it was keeps the decision.
    const saved = await updateIntake(
      server,
      callers.representative,
      created.caseId,
      withFields(intake('Theodric', 'Nakamura-Bell'), { 'vehicleInformation.vin': 'VIN-UNRELATED-1' }),
      created.updatedAt,
    );
    expect(saved.response.status).toBe(200);
    expect((await check(created.caseId)).status).toBe('cleared');

    // The defendant driver is now a client of the firm: the check changed, a new decision is needed.
    const changed = await updateIntake(
      server,
      callers.representative,
      created.caseId,
      intake('Theodric', 'Nakamura-Bell', {
        'vehicleInformation.vin': 'VIN-UNRELATED-1',
        'defendantInformation.driversName': 'Galadriel Umberfield',
      }),
      saved.data!.data.updatedAt,
    );
    expect(changed.response.status).toBe(200);
    const asked = await check(created.caseId);
    expect(asked.status).toBe('pending');
    expect(asked.conflicts).toHaveLength(1);
    expect(asked.decision).toEqual(expect.objectContaining({ decision: 'cleared', current: false }));
    expect(await engagementAllowed(server.db, firmId, created.caseId)).toBe(false);

    const waived = await decide(created.caseId, { decision: 'waived', note: 'Both clients consented in writing.' }, callers.owner);
    expect(waived.data?.data.status).toBe('waived');
    expect(await engagementAllowed(server.db, firmId, created.caseId)).toBe(true);
  });

  it('lets only an owner or an administrator decide, and only within the firm', async () => {
    const created = await createdIntake(server, callers.representative, intake('Evander', 'Quillfeather'));
    const refused = await decide(created.caseId, { decision: 'cleared', note: 'Fine.' }, callers.representative);
    expect(refused.response.status).toBe(403);
    expect(refused.error).toEqual(expect.objectContaining({ code: 'forbidden' }));
    const otherDecides = await decide(created.caseId, { decision: 'cleared', note: 'Fine.' }, otherFirm);
    expect(otherDecides.response.status).toBe(404);
    const otherLooks = await server.api.GET('/v1/intake/{caseId}/conflicts', {
      params: { path: { caseId: created.caseId } },
      headers: bearer(otherFirm.token),
    });
    expect(otherLooks.response.status).toBe(404);
    const anonymous = await server.api.GET('/v1/intake/{caseId}/conflicts', { params: { path: { caseId: created.caseId } } });
    expect(anonymous.response.status).toBe(401);
    expect(await server.db.selectFrom('conflict_decisions').select('id').where('case_id', '=', created.caseId).execute()).toEqual([]);
  });

  it('answers 400 for a bad decision body', async () => {
    const created = await createdIntake(server, callers.representative, intake('Rowena', 'Fairbrook'));
    const bodies: unknown[] = [
      { decision: 'maybe', note: 'x' },
      { decision: 'cleared' },
      { note: 'no decision' },
      { decision: 'cleared', note: '' },
      { decision: 'cleared', note: '   ' },
      { decision: 'waived', note: 'x'.repeat(1001) },
      { decision: 'cleared', note: 'x', extra: true },
    ];
    for (const body of bodies) {
      const { response, error } = await decide(created.caseId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(['validation_failed', 'bad_request']).toContain(error?.code);
    }
    expect(await server.db.selectFrom('conflict_decisions').select('id').where('case_id', '=', created.caseId).execute()).toEqual([]);
  });
});

describe.each(testDatabases())('parties of data stored before the conflict check, on %s', (kind) => {
  let server: TestServer;

  afterAll(() => server?.close());

  it('are written by the migration, so a firm with data is checked from the first start', async () => {
    server = await startTestServer(kind);
    const firm = await server.createFirm({ firmName: 'Backfill Sample Firm' });
    const owner = await server.createUser({ firmId: firm.id, privilege: 'owner' });
    const caller: Caller = { user: owner, token: await server.login(owner.email, owner.password) };
    const migrator = new Migrator({ db: server.db, provider: { getMigrations: async () => migrations() }, allowUnorderedMigrations: true });
    // Back to the schema before the conflict check, whatever came after it.
    const down = await migrator.migrateTo('0025_second_factors');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '0026_parties_and_conflicts', direction: 'Down', status: 'Success' });

    // Stored as an older version stored them: rows only, no parties.
    const sections = (fields: Fields, first: string, last: string) =>
      toApiIntake(withFields(draftIntake({ firstName: first, lastName: last }), fields));
    const older = newIntakeRow({
      firmId: firm.id,
      status: 'final',
      representativeId: owner.id,
      representativeName: 'Old Owner',
      sections: sections({}, 'Leocadia', 'Brennan-Oyelaran'),
    });
    const newer = newIntakeRow({
      firmId: firm.id,
      status: 'draft',
      representativeId: owner.id,
      representativeName: 'Old Owner',
      sections: sections(
        { 'defendantInformation.driversName': 'Leocadia Brennan Oyelaran', 'defendantInformation.owner': 'Osric Pemberton-Vale' },
        'Ulric',
        'Tamsworth',
      ),
    });
    await server.db.insertInto('intakes').values([older, newer]).execute();
    const leadId = randomUUID();
    await server.db
      .insertInto('leads')
      .values({
        id: leadId,
        firm_id: firm.id,
        created_by: owner.id,
        first_name: 'Osric',
        middle_name: null,
        last_name: 'Pemberton-Vale',
        birth_date: '1970-05-05',
        address: '1 Sample Street',
        city: 'Testville',
        county: 'Example County',
        state: 'ZZ',
        country: 'USA',
        zip_code: '00000',
        email: null,
        gender: 'Male',
        phone: '555-010-3030',
        minor: 'No',
        name_key: 'osric pemberton-vale',
        phone_digits: '5550103030',
        email_norm: '',
        intake_id: null,
        identity_key: null,
        created_at: new Date().toISOString(),
      })
      .execute();

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const stored = await server.db
      .selectFrom('parties')
      .select(['case_id', 'lead_id', 'role', 'name_key'])
      .where('firm_id', '=', firm.id)
      .execute();
    expect(stored).toEqual(
      expect.arrayContaining([
        { case_id: older.case_id, lead_id: null, role: 'client', name_key: 'brennan leocadia oyelaran' },
        { case_id: newer.case_id, lead_id: null, role: 'defendantDriver', name_key: 'brennan leocadia oyelaran' },
        { case_id: null, lead_id: leadId, role: 'client', name_key: 'osric pemberton vale' },
      ]),
    );

    const { data } = await server.api.GET('/v1/intake/{caseId}/conflicts', {
      params: { path: { caseId: newer.case_id } },
      headers: bearer(caller.token),
    });
    expect(
      data?.data.conflicts.map((conflict) => [
        conflict.kind,
        conflict.party.role,
        conflict.other.caseId ?? conflict.other.leadId,
        conflict.other.status,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['formerClient', 'defendantDriver', older.case_id, 'final'],
        ['formerClient', 'defendantVehicleOwner', leadId, 'lead'],
      ]),
    );
    expect(data?.data.conflicts).toHaveLength(2);
  });
});
