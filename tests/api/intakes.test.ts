// Creating, opening and saving intakes on the real server (docs/product/intake-form.md; docs/architecture.md, Intakes
// and Tenancy): the form's own rules on the server, the caller's firm from the token, final
// intakes read-only and saves that must start from the stored version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privileges, type Privilege } from '../../src/domain/enums';
import { intakeFields, intakeMessages, toApiIntake } from '../../src/domain/intake';
import { utcDate } from '../../src/domain/dashboard';
import { addDays } from '../../src/domain/limitation';
import { insertIntake } from '../../server/intakes/repository';
import { fullValidIntake, withField, withFields } from '../domain/intake/fixtures';
import { createIntake, createdIntake, draftIntake, getIntake, intakePage, updateIntake, type Caller } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';

const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(testDatabases())('intakes on %s', (kind) => {
  let server: TestServer;
  const callers = {} as Record<Privilege, Caller>;
  let otherFirm: Caller;
  let firmId: string;

  async function storedRow(caseId: string) {
    return server.db.selectFrom('intakes').selectAll().where('case_id', '=', caseId).executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    const firm = await server.createFirm({ firmName: 'Intake Sample Firm' });
    firmId = firm.id;
    for (const privilege of privileges) {
      const user = await server.createUser({
        firmId: firm.id,
        privilege,
        firstName: 'Robin',
        middleName: privilege === 'representative' ? 'Q' : null,
        lastName: `Example${privilege}`,
      });
      callers[privilege] = { user, token: await server.login(user.email, user.password) };
    }
    const other = await server.createFirm({ firmName: 'Other Sample Firm' });
    const otherUser = await server.createUser({ firmId: other.id, privilege: 'owner' });
    otherFirm = { user: otherUser, token: await server.login(otherUser.email, otherUser.password) };
  });

  afterAll(() => server?.close());

  describe('POST /v1/intake', () => {
    it('stores a draft with the caller as representative and answers the stored intake', async () => {
      const intake = withFields(draftIntake({ firstName: 'Avery', lastName: 'Sample' }), {
        'personalInformation.phoneNumber': '(555) 010-0111',
        'personalInformation.email': 'avery.sample@example.test',
        'personalInformation.birthDate': '1991-07-04',
        'vehicleInformation.vin': 'VIN-DRAFT-1',
      });
      const sent = toApiIntake(intake);
      const { data, response } = await server.api.POST('/v1/intake', {
        body: {
          userId: callers.representative.user.id,
          generalCaseInformation: {
            ...sent,
            // The representative is the server's to set (openapi.yaml, createIntake), and a middle
            // name 'n/a' means none (docs/product/intake-form.md) whoever sends it.
            representativeName: 'Someone Else',
            personalInformation: { ...sent.personalInformation, middleName: 'N/A' },
          },
        },
        headers: bearer(callers.representative.token),
      });
      expect(response.status).toBe(201);
      const stored = data?.data;
      if (!stored) throw new Error('no body');

      expect(stored).toEqual({
        ...sent,
        caseId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'draft',
        createdAt: expect.stringMatching(isoMillis),
        updatedAt: stored.createdAt,
        representativeName: 'Robin Q Examplerepresentative',
        personalInformation: { ...sent.personalInformation, middleName: '', birthDate: '1991-07-04T00:00:00.000Z' },
      });

      const row = await storedRow(stored.caseId);
      expect(row).toMatchObject({
        firm_id: firmId,
        status: 'draft',
        representative_id: callers.representative.user.id,
        representative_name: 'Robin Q Examplerepresentative',
        client_first_name: 'Avery',
        client_last_name: 'Sample',
        client_name: 'Avery Sample',
        client_phone: '(555) 010-0111',
        client_email: 'avery.sample@example.test',
        created_at: stored.createdAt,
        updated_at: stored.updatedAt,
      });
      expect(JSON.parse(row.sections).vehicleInformation.vin).toBe('VIN-DRAFT-1');
    });

    it('refuses a draft without first and last name with the form messages, storing nothing', async () => {
      const before = await intakePage(server, callers.owner);
      const { error, response } = await createIntake(server, callers.owner, draftIntake({ firstName: '  ', lastName: '' }));
      expect(response.status).toBe(400);
      expect(error).toEqual({
        code: 'validation_failed',
        message: 'Invalid request: Please enter your First Name',
        fields: {
          'personalInformation.firstName': 'Please enter your First Name',
          'personalInformation.lastName': 'Please enter your Last Name',
        },
      });
      expect((await intakePage(server, callers.owner)).totalRecords).toBe(before.totalRecords);
    });

    it('refuses a final intake that breaks a tab rule, naming each failing field', async () => {
      const intake = withFields(fullValidIntake(), {
        'vehicleInformation.vin': '',
        'personalInformation.email': 'not-an-email',
      });
      const { error, response } = await createIntake(server, callers.administrator, { ...intake, status: 'final' });
      expect(response.status).toBe(400);
      expect(error?.code).toBe('validation_failed');
      // The first failing tab, as the form's toast names it (docs/product/intake-form.md).
      expect(error?.message).toBe('Please fill required fields in the "Client Personal Information" tab.');
      expect(error?.fields).toEqual({
        'personalInformation.email': intakeMessages.email,
        'vehicleInformation.vin': 'Please provide the VIN',
      });
    });

    it('stores a valid final intake as final', async () => {
      const stored = await createdIntake(server, callers.administrator, { ...fullValidIntake(), status: 'final' });
      expect(stored.status).toBe('final');
      expect(stored.representativeName).toBe('Robin Exampleadministrator');
      expect((await storedRow(stored.caseId)).status).toBe('final');
    });

    it('takes a choice or a date sent as an empty text as unanswered on a draft, and a count above 100', async () => {
      const api = toApiIntake(draftIntake({ firstName: 'Emmy', lastName: 'Blankchoice' }));
      const { data, error, response } = await server.api.POST('/v1/intake', {
        body: {
          userId: callers.owner.user.id,
          generalCaseInformation: {
            ...api,
            personalInformation: {
              ...api.personalInformation,
              gender: '',
              civilStatus: '',
              status: '',
              birthDate: '',
              passengers: true,
              passengerCount: 150,
            },
            injuryInformation: { ...api.injuryInformation, hospitalDate: '' },
          },
        },
        headers: bearer(callers.owner.token),
      });
      expect(error).toBeUndefined();
      expect(response.status).toBe(201);
      const stored = await getIntake(server, callers.owner, data?.data.caseId ?? '');
      expect(stored.data?.data.personalInformation).toMatchObject({
        gender: null,
        civilStatus: null,
        status: null,
        birthDate: null,
        passengerCount: 150,
      });
      expect(stored.data?.data.injuryInformation.hospitalDate).toBeNull();
    });

    it('refuses a calendar date that does not exist', async () => {
      const intake = draftIntake({ firstName: 'Noel', lastName: 'Sample' });
      const { error, response } = await server.api.POST('/v1/intake', {
        body: {
          userId: callers.owner.user.id,
          generalCaseInformation: {
            ...toApiIntake(intake),
            personalInformation: { ...toApiIntake(intake).personalInformation, birthDate: '2023-02-30T00:00:00.000Z' },
          },
        },
        headers: bearer(callers.owner.token),
      });
      expect(response.status).toBe(400);
      expect(error?.fields).toEqual({ 'personalInformation.birthDate': intakeMessages.invalidDate });
    });

    it('refuses the id fields the form strips (docs/product/intake-form.md)', async () => {
      const response = await fetch(`${server.baseUrl}/v1/intake`, {
        method: 'POST',
        headers: { ...bearer(callers.owner.token), 'content-type': 'application/json' },
        body: JSON.stringify({ userId: callers.owner.user.id, generalCaseInformation: { ...toApiIntake(draftIntake()), id: 7 } }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', fields: { 'generalCaseInformation.id': 'is not allowed' } });
    });

    it("refuses a userId that is not the caller's", async () => {
      const { error, response } = await server.api.POST('/v1/intake', {
        body: { userId: callers.owner.user.id, generalCaseInformation: toApiIntake(draftIntake()) },
        headers: bearer(callers.representative.token),
      });
      expect(response.status).toBe(403);
      expect(error?.code).toBe('forbidden');
    });

    it.each(privileges)('is open to the %s', async (privilege) => {
      const { response } = await createIntake(server, callers[privilege], draftIntake({ firstName: `Open${privilege}` }));
      expect(response.status).toBe(201);
    });

    it('needs a token', async () => {
      const { response } = await server.api.POST('/v1/intake', {
        body: { userId: callers.owner.user.id, generalCaseInformation: toApiIntake(draftIntake()) },
      });
      expect(response.status).toBe(401);
    });
  });

  describe('GET /v1/intake/{caseId}', () => {
    it('answers the stored intake in the API shape', async () => {
      const created = await createdIntake(server, callers.owner, fullValidIntake());
      const { data, response } = await getIntake(server, callers.representative, created.caseId);
      expect(response.status).toBe(200);
      expect(data?.data).toEqual(created);
      expect(data?.data.injuryInformation.hospitalDate).toBe('2024-05-02T00:00:00.000Z');
    });

    it("answers 404 for another firm's intake and for an unknown one", async () => {
      const created = await createdIntake(server, callers.owner, draftIntake({ firstName: 'Hidden' }));
      for (const { caller, caseId } of [
        { caller: otherFirm, caseId: created.caseId },
        { caller: callers.owner, caseId: '00000000-0000-4000-8000-000000000000' },
      ]) {
        const { error, response } = await getIntake(server, caller, caseId);
        expect(response.status).toBe(404);
        expect(error?.code).toBe('not_found');
      }
    });
  });

  describe('PATCH /v1/intake/{caseId}', () => {
    it('saves a draft again with a new updatedAt and the same createdAt', async () => {
      const created = await createdIntake(server, callers.representative, draftIntake({ firstName: 'Casey', lastName: 'Sample' }));
      const edited = withFields(draftIntake({ firstName: 'Casey', lastName: 'Samples' }), { 'incidentDescription.city': 'Springfield' });
      // An administrator of the same firm edits it; the representative stays the creator.
      const { data, response } = await updateIntake(server, callers.administrator, created.caseId, edited, created.updatedAt);
      expect(response.status).toBe(200);
      const saved = data?.data;
      if (!saved) throw new Error('no body');
      expect(saved).toEqual({
        ...toApiIntake(edited),
        caseId: created.caseId,
        status: 'draft',
        createdAt: created.createdAt,
        updatedAt: expect.stringMatching(isoMillis),
        representativeName: 'Robin Q Examplerepresentative',
      });
      expect(saved.updatedAt > created.updatedAt).toBe(true);
      const row = await storedRow(created.caseId);
      expect(row).toMatchObject({ client_last_name: 'Samples', client_name: 'Casey Samples', updated_at: saved.updatedAt });

      // The most recently updated intake heads the list.
      const page = await intakePage(server, callers.owner, { pageSize: 1 });
      expect(page.record[0]).toEqual({
        caseId: created.caseId,
        clientName: 'Casey Samples',
        representativeName: 'Robin Q Examplerepresentative',
        createdAt: created.createdAt,
        updatedAt: saved.updatedAt,
        status: 'draft',
      });
    });

    it('refuses a save that started from an older version (409 intake_stale) and keeps the row', async () => {
      const created = await createdIntake(server, callers.owner, draftIntake({ firstName: 'Stale', lastName: 'Sample' }));
      const first = await updateIntake(
        server,
        callers.owner,
        created.caseId,
        draftIntake({ firstName: 'Fresh', lastName: 'Sample' }),
        created.updatedAt,
      );
      expect(first.response.status).toBe(200);
      const before = await storedRow(created.caseId);

      const { error, response } = await updateIntake(
        server,
        callers.representative,
        created.caseId,
        draftIntake({ firstName: 'Late', lastName: 'Sample' }),
        created.updatedAt,
      );
      expect(response.status).toBe(409);
      expect(error).toEqual({ code: 'intake_stale', message: 'Someone else changed this intake since you opened it.' });
      expect(await storedRow(created.caseId)).toEqual(before);
    });

    it('takes the version in any ISO form of the same instant', async () => {
      const created = await createdIntake(server, callers.owner, draftIntake({ firstName: 'Zoned', lastName: 'Sample' }));
      const sameInstant = created.updatedAt.replace('Z', '+00:00');
      const { response } = await updateIntake(
        server,
        callers.owner,
        created.caseId,
        draftIntake({ firstName: 'Zoned', lastName: 'Again' }),
        sameInstant,
      );
      expect(response.status).toBe(200);
    });

    it('lets only one of two saves from the same version through', async () => {
      const created = await createdIntake(server, callers.owner, draftIntake({ firstName: 'Race', lastName: 'Sample' }));
      const results = await Promise.all(
        ['One', 'Two', 'Three'].map((lastName) =>
          updateIntake(server, callers.owner, created.caseId, draftIntake({ firstName: 'Race', lastName }), created.updatedAt),
        ),
      );
      const statuses = results.map(({ response }) => response.status).sort();
      expect(statuses).toEqual([200, 409, 409]);
      const winner = results.find(({ response }) => response.status === 200)?.data?.data;
      expect((await storedRow(created.caseId)).client_last_name).toBe(winner?.personalInformation.lastName);
    });

    it('submits a draft as final, after which the intake is read-only (409 intake_final)', async () => {
      const created = await createdIntake(server, callers.representative, draftIntake({ firstName: 'Alex', lastName: 'Sample' }));
      const { data, response } = await updateIntake(
        server,
        callers.representative,
        created.caseId,
        { ...fullValidIntake(), status: 'final' },
        created.updatedAt,
      );
      expect(response.status).toBe(200);
      const final = data?.data;
      if (!final) throw new Error('no body');
      expect(final.status).toBe('final');
      const before = await storedRow(created.caseId);

      for (const status of ['draft', 'final'] as const) {
        const again = await updateIntake(server, callers.owner, created.caseId, { ...fullValidIntake(), status }, final.updatedAt);
        expect(again.response.status).toBe(409);
        expect(again.error?.code).toBe('intake_final');
      }
      expect(await storedRow(created.caseId)).toEqual(before);
    });

    it('refuses an invalid final submission with field errors and keeps the draft', async () => {
      const created = await createdIntake(server, callers.owner, draftIntake({ firstName: 'Vin', lastName: 'Sample' }));
      const before = await storedRow(created.caseId);
      const intake = { ...withField(fullValidIntake(), 'vehicleInformation.vin', ''), status: 'final' as const };
      const { error, response } = await updateIntake(server, callers.owner, created.caseId, intake, created.updatedAt);
      expect(response.status).toBe(400);
      expect(error?.message).toBe('Please fill required fields in the "Client Vehicle Information" tab.');
      expect(error?.fields).toEqual({ 'vehicleInformation.vin': 'Please provide the VIN' });
      expect(await storedRow(created.caseId)).toEqual(before);
    });

    it('refuses a draft save without names', async () => {
      const created = await createdIntake(server, callers.owner, draftIntake({ firstName: 'Named', lastName: 'Sample' }));
      const { error, response } = await updateIntake(
        server,
        callers.owner,
        created.caseId,
        draftIntake({ firstName: '', lastName: 'Sample' }),
        created.updatedAt,
      );
      expect(response.status).toBe(400);
      expect(error?.fields).toEqual({ 'personalInformation.firstName': 'Please enter your First Name' });
    });

    it("answers 404 for another firm's intake and leaves it unchanged", async () => {
      const created = await createdIntake(server, callers.owner, draftIntake({ firstName: 'Private', lastName: 'Sample' }));
      const before = await storedRow(created.caseId);
      const { error, response } = await updateIntake(
        server,
        otherFirm,
        created.caseId,
        draftIntake({ firstName: 'Taken', lastName: 'Over' }),
        created.updatedAt,
      );
      expect(response.status).toBe(404);
      expect(error?.code).toBe('not_found');
      expect(await storedRow(created.caseId)).toEqual(before);
    });

    it("refuses a userId that is not the caller's", async () => {
      const created = await createdIntake(server, callers.owner, draftIntake());
      const { response } = await server.api.PATCH('/v1/intake/{caseId}', {
        params: { path: { caseId: created.caseId } },
        body: { userId: callers.owner.user.id, generalCaseInformation: { ...toApiIntake(draftIntake()), updatedAt: created.updatedAt } },
        headers: bearer(callers.representative.token),
      });
      expect(response.status).toBe(403);
    });

    it('requires the version the edit started from', async () => {
      const created = await createdIntake(server, callers.owner, draftIntake());
      const response = await fetch(`${server.baseUrl}/v1/intake/${created.caseId}`, {
        method: 'PATCH',
        headers: { ...bearer(callers.owner.token), 'content-type': 'application/json' },
        body: JSON.stringify({
          userId: callers.owner.user.id,
          generalCaseInformation: { ...toApiIntake(draftIntake()), updatedAt: undefined },
        }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ fields: { 'generalCaseInformation.updatedAt': 'is required' } });
    });
  });

  describe('intakes opened from a lead', () => {
    it("lists a lead's draft intake, opens it and saves it", async () => {
      const { data } = await server.api.POST('/cases/v2/FromLead', {
        body: {
          neosCasesInformation: {
            firstName: 'Leda',
            middleName: null,
            lastName: 'Fromlead',
            birthDate: '1984-09-09T00:00:00.000Z',
            address: '9 Sample Lane',
            city: 'Sampleton',
            county: 'Sample',
            state: 'ZZ',
            country: 'USA',
            zipCode: '00009',
            email: 'leda.fromlead@example.test',
            gender: 'Female',
            phone: '(555) 010-0909',
            minor: 'No',
          },
        },
        headers: bearer(callers.representative.token),
      });
      const caseId = data?.data.intake.caseId;
      if (!caseId) throw new Error('FromLead failed');

      const page = await intakePage(server, callers.owner, { searchFilter: 'fromlead' });
      expect(page.totalRecords).toBe(1);
      expect(page.record[0]).toMatchObject({
        caseId,
        clientName: 'Leda Fromlead',
        representativeName: 'Robin Q Examplerepresentative',
        status: 'draft',
      });
      expect((await intakePage(server, callers.owner, { searchFilter: '555 0100909' })).record.map((row) => row.caseId)).toEqual([caseId]);

      const opened = (await getIntake(server, callers.owner, caseId)).data?.data;
      if (!opened) throw new Error('GET failed');
      expect(opened.personalInformation).toMatchObject({
        firstName: 'Leda',
        lastName: 'Fromlead',
        gender: 'female',
        birthDate: '1984-09-09T00:00:00.000Z',
      });

      const edited = withField(fullValidIntake(), 'personalInformation.firstName', 'Leda');
      const { data: saved, response } = await updateIntake(server, callers.owner, caseId, { ...edited, status: 'final' }, opened.updatedAt);
      expect(response.status).toBe(200);
      expect(saved?.data).toMatchObject({ caseId, status: 'final', createdAt: opened.createdAt });
    });
  });

  describe('incident date (docs/product/intake-form.md#incident-date)', () => {
    const message = intakeFields['incidentDescription.incidentDate'].futureMessage;
    /** Today's date where a client in `timeZone` sits, 'YYYY-MM-DD'. */
    const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    /** After today everywhere: UTC+14, the zone furthest ahead, is at most one day past UTC. */
    const afterTodayEverywhere = () => addDays(utcDate(new Date()), 2);
    const finalWith = (incidentDate: string) => ({
      ...withField(fullValidIntake(), 'incidentDescription.incidentDate', incidentDate),
      status: 'final' as const,
    });

    it('refuses a final submit with an incident date after today, naming the field, and stores nothing', async () => {
      const before = await intakePage(server, callers.owner);
      const { error, response } = await createIntake(server, callers.owner, finalWith(afterTodayEverywhere()));
      expect(response.status).toBe(400);
      expect(error).toEqual({
        code: 'validation_failed',
        message: 'Please fill required fields in the "Incident Description" tab.',
        fields: { 'incidentDescription.incidentDate': message },
      });
      expect((await intakePage(server, callers.owner)).totalRecords).toBe(before.totalRecords);
    });

    it('refuses submitting a draft final with an incident date after today, and the draft stays as it was', async () => {
      const created = await createdIntake(server, callers.owner, draftIntake({ firstName: 'Futura', lastName: 'Sample' }));
      const before = await storedRow(created.caseId);
      const { error, response } = await updateIntake(
        server,
        callers.owner,
        created.caseId,
        finalWith(afterTodayEverywhere()),
        created.updatedAt,
      );
      expect(response.status).toBe(400);
      expect(error?.fields).toEqual({ 'incidentDescription.incidentDate': message });
      expect(await storedRow(created.caseId)).toEqual(before);
    });

    // The server takes the latest date anywhere (UTC+14) as today, as for the birth date, so a
    // client's own today is never refused whichever zone the client or the server is in.
    it.each(['Pacific/Kiritimati', 'UTC', 'Pacific/Pago_Pago'])("accepts today's date in %s on a final submit", async (timeZone) => {
      const today = todayIn(timeZone);
      const stored = await createdIntake(server, callers.owner, finalWith(today));
      expect(stored.status).toBe('final');
      expect(stored.incidentDescription.incidentDate).toBe(`${today}T00:00:00.000Z`);
    });

    it('keeps an incident date after today on a draft save, as a draft keeps what was typed', async () => {
      const future = afterTodayEverywhere();
      const draft = withField(draftIntake({ firstName: 'Later', lastName: 'Sample' }), 'incidentDescription.incidentDate', future);
      const stored = await createdIntake(server, callers.owner, draft);
      expect(stored.incidentDescription.incidentDate).toBe(`${future}T00:00:00.000Z`);
    });
  });

  describe('rows without a representative', () => {
    it('answer null for the representative', async () => {
      const row = await insertIntake(server.db, {
        firmId,
        status: 'draft',
        representativeId: null,
        representativeName: null,
        sections: toApiIntake(draftIntake({ firstName: 'Orphan', lastName: 'Sample' })),
      });
      const page = await intakePage(server, callers.owner, { searchFilter: 'orphan' });
      expect(page.record).toEqual([
        {
          caseId: row.case_id,
          clientName: 'Orphan Sample',
          representativeName: null,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
          status: 'draft',
        },
      ]);
      expect((await getIntake(server, callers.owner, row.case_id)).data?.data.representativeName).toBeNull();
    });
  });
});
