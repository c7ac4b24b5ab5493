// Lead registration and the leads list on the real server (docs/product/leads.md Lead, docs/product/leads.md "Lead
// registration", docs/product/leads.md; docs/architecture.md, Leads and Tenancy): the duplicate check finds resembling leads of
// the caller's firm only, an identical lead is refused on both calls, FromLead stores the lead
// with a linked draft intake in one go, and the list pages, searches and stays within the firm.
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { privileges, type Privilege } from '../../src/domain/enums';
import { leadMatchKeys } from '../../src/domain/leadMatching';
import { insertLead, similarLeadsQuery } from '../../server/leads/repository';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';

type LeadInput = components['schemas']['LeadInput'];

const duplicateLeadBody = { code: 'duplicate_lead', message: 'Cannot register duplicate lead' };

/** A made-up adult lead; every test varies what it is about. */
function sampleLead(overrides: Partial<LeadInput> = {}): LeadInput {
  return {
    firstName: 'Tomasa',
    middleName: null,
    lastName: 'Example',
    birthDate: '1980-01-01T00:00:00.000Z',
    address: '1 Sample Way',
    city: 'Sampleton',
    county: 'Sample',
    state: 'ZZ',
    country: 'USA',
    zipCode: '00001',
    email: null,
    gender: 'Female',
    phone: '555-000-0000',
    minor: 'No',
    ...overrides,
  };
}

const jose = sampleLead({
  firstName: 'José',
  middleName: 'Ángel',
  lastName: 'Núñez',
  birthDate: '1985-02-14T00:00:00.000Z',
  address: '12 Oak Street',
  city: 'Springfield',
  county: 'Greene',
  state: 'IL',
  country: 'USA',
  zipCode: '62701',
  email: 'Jose.Nunez@Example.test',
  gender: 'Male',
  phone: '(555) 010-0199',
  minor: 'No',
});

describe.each(testDatabases())('leads on %s', (kind) => {
  let server: TestServer;
  const users = {} as Record<Privilege, TestUser>;
  const tokens = {} as Record<Privilege, string>;
  let otherFirmToken: string;
  let firmId: string;
  let joseCaseId: string;
  let joseLeadId: string;

  function checkDuplicate(lead: LeadInput, token = tokens.representative) {
    return server.api.POST('/cases/v2/checkDuplicate', { body: { neosCasesInformation: lead }, headers: bearer(token) });
  }

  function fromLead(lead: LeadInput, token = tokens.representative) {
    return server.api.POST('/cases/v2/FromLead', { body: { neosCasesInformation: lead }, headers: bearer(token) });
  }

  function listLeads(query: { pageSize?: number; offSetValue?: number; searchFilter?: string }, token = tokens.owner) {
    return server.api.GET('/v1/leads', { params: { query }, headers: bearer(token) });
  }

  async function leadCount(): Promise<number> {
    const row = await server.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    const firm = await server.createFirm({ firmName: 'Alpha Sample Firm' });
    firmId = firm.id;
    for (const privilege of privileges) {
      users[privilege] = await server.createUser({
        firmId: firm.id,
        privilege,
        firstName: 'Rita',
        middleName: privilege === 'representative' ? 'Q' : null,
        lastName: `Sample${privilege}`,
      });
      tokens[privilege] = await server.login(users[privilege].email, users[privilege].password);
    }
    const otherFirm = await server.createFirm({ firmName: 'Beta Sample Firm' });
    const otherOwner = await server.createUser({ firmId: otherFirm.id, privilege: 'owner' });
    otherFirmToken = await server.login(otherOwner.email, otherOwner.password);
  });

  afterAll(() => server?.close());

  describe('POST /cases/v2/FromLead', () => {
    it('stores the lead and a linked draft intake whose personal information comes from the lead', async () => {
      const before = await checkDuplicate(jose);
      expect(before.data?.data).toEqual({ isDuplicate: false, hasIntakeId: false, duplicateLeads: [] });

      const { data, response } = await fromLead(jose);
      expect(response.status).toBe(201);
      const created = data?.data;
      if (!created) throw new Error('no body');
      joseCaseId = created.intake.caseId;
      joseLeadId = created.lead.id;
      expect(created.intake).toEqual({ caseId: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'draft' });
      expect(created.lead).toEqual({
        ...jose,
        id: expect.any(String),
        intakeId: joseCaseId,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });

      const intake = await server.db.selectFrom('intakes').selectAll().where('case_id', '=', joseCaseId).executeTakeFirstOrThrow();
      expect(intake).toMatchObject({
        firm_id: firmId,
        status: 'draft',
        representative_id: users.representative.id,
        representative_name: 'Rita Q Samplerepresentative',
        client_first_name: 'José',
        client_last_name: 'Núñez',
        client_name: 'José Ángel Núñez',
        client_phone: '(555) 010-0199',
        client_email: 'Jose.Nunez@Example.test',
      });
      const sections = JSON.parse(intake.sections) as Record<string, Record<string, unknown>>;
      expect(Object.keys(sections)).toEqual([
        'personalInformation',
        'vehicleInformation',
        'defendantInformation',
        'pointsOfInjury',
        'injuryInformation',
        'incidentDescription',
        'checklist',
      ]);
      expect(sections.personalInformation).toMatchObject({
        firstName: 'José',
        middleName: 'Ángel',
        lastName: 'Núñez',
        address: '12 Oak Street, Springfield, Greene, IL 62701',
        phoneNumber: '(555) 010-0199',
        email: 'Jose.Nunez@Example.test',
        gender: 'male',
        birthDate: '1985-02-14T00:00:00.000Z',
        passengerCount: 0,
        civilStatus: null,
        languages: [],
      });
      expect(sections.injuryInformation?.hospitalDate).toBeNull();

      const lead = await server.db.selectFrom('leads').selectAll().where('id', '=', joseLeadId).executeTakeFirstOrThrow();
      expect(lead).toMatchObject({
        firm_id: firmId,
        created_by: users.representative.id,
        intake_id: joseCaseId,
        birth_date: '1985-02-14',
        name_key: 'jose nunez',
        phone_digits: '5550100199',
        email_norm: 'jose.nunez@example.test',
      });
    });

    it('fits a long address into the intake address limit of 100, leaving out the county first', async () => {
      const street = 'Apartment 1234, Building Seventeen, 9876 Extremely Long Boulevard Name';
      const { data, response } = await fromLead(
        sampleLead({
          firstName: 'Longa',
          address: street,
          city: 'Sampleton',
          county: 'Very Long Sample County',
          state: 'ZZ',
          zipCode: '00001',
          phone: '555-000-7777',
        }),
      );
      expect(response.status).toBe(201);
      const intake = await server.db
        .selectFrom('intakes')
        .select('sections')
        .where('case_id', '=', data?.data.intake.caseId ?? '')
        .executeTakeFirstOrThrow();
      const address = (JSON.parse(intake.sections) as { personalInformation: { address: string } }).personalInformation.address;
      expect(address).toBe(`${street}, Sampleton, ZZ 00001`);
      expect(address.length).toBeLessThanOrEqual(100);
    });

    it.each(privileges)('is open to the %s', async (privilege) => {
      const { response } = await fromLead(
        sampleLead({ firstName: `Priv${privilege}`, phone: `555-100-${privileges.indexOf(privilege)}000` }),
        tokens[privilege],
      );
      expect(response.status).toBe(201);
    });

    it('refuses an identical lead with 409, even written with other case, accents and punctuation', async () => {
      const count = await leadCount();
      const copy = {
        ...jose,
        firstName: 'JOSE',
        middleName: 'angel',
        lastName: 'nunez',
        phone: '555.010.0199',
        email: 'JOSE.NUNEZ@example.test',
        birthDate: '1985-02-14',
      };
      const created = await fromLead(copy, tokens.owner);
      expect(created.response.status).toBe(409);
      expect(created.error).toEqual(duplicateLeadBody);
      expect(await leadCount()).toBe(count);
    });

    it('answers 400 with field messages for a lead the form would refuse', async () => {
      const count = await leadCount();
      const { response, error } = await fromLead(sampleLead({ county: '   ', birthDate: '2015-06-01', minor: 'No' }));
      expect(response.status).toBe(400);
      expect(error).toMatchObject({
        code: 'validation_failed',
        fields: {
          'neosCasesInformation.birthDate': 'Must be at least 18 years old',
          'neosCasesInformation.county': 'County is required',
        },
      });
      expect(await leadCount()).toBe(count);
    });

    it('answers 400 for a field the contract does not know', async () => {
      const response = await fetch(`${server.baseUrl}/cases/v2/FromLead`, {
        method: 'POST',
        headers: { ...bearer(tokens.owner), 'Content-Type': 'application/json' },
        body: JSON.stringify({ neosCasesInformation: { ...sampleLead(), firmId: 'someone-else' } }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'validation_failed',
        fields: { 'neosCasesInformation.firmId': 'is not allowed' },
      });
    });

    it('answers 401 without a token', async () => {
      const response = await fetch(`${server.baseUrl}/cases/v2/FromLead`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ neosCasesInformation: sampleLead() }),
      });
      expect(response.status).toBe(401);
    });
  });

  describe('POST /cases/v2/checkDuplicate', () => {
    const joseDuplicate = () => ({
      firstName: 'José',
      middleName: 'Ángel',
      lastName: 'Núñez',
      birthDate: '1985-02-14T00:00:00.000Z',
      address: '12 Oak Street',
      city: 'Springfield',
      state: 'IL',
      intakeId: joseCaseId,
    });

    it('finds a lead with the same name written without accents and in other case, and the same birth date', async () => {
      const { data, response } = await checkDuplicate(
        sampleLead({ firstName: 'jose', lastName: 'NUNEZ', birthDate: '1985-02-14', phone: '555-999-0001', email: 'other@example.test' }),
      );
      expect(response.status).toBe(200);
      expect(data?.data).toEqual({ isDuplicate: true, hasIntakeId: true, duplicateLeads: [joseDuplicate()] });
    });

    it('does not match the same name with another birth date', async () => {
      const { data } = await checkDuplicate(
        sampleLead({ firstName: 'José', lastName: 'Núñez', birthDate: '1985-02-15', phone: '555-999-0002', email: 'other2@example.test' }),
      );
      expect(data?.data).toEqual({ isDuplicate: false, hasIntakeId: false, duplicateLeads: [] });
    });

    it.each(['555-010-0199', '5550100199', '+1 (555) 010 0199'])('finds the same phone written as %s', async (phone) => {
      const { data } = await checkDuplicate(sampleLead({ firstName: 'Other', lastName: 'Person', phone }));
      expect(data?.data).toEqual({ isDuplicate: true, hasIntakeId: true, duplicateLeads: [joseDuplicate()] });
    });

    it('finds the same email in other case', async () => {
      const { data } = await checkDuplicate(
        sampleLead({ firstName: 'Other', lastName: 'Person', phone: '555-999-0003', email: 'JOSE.NUNEZ@EXAMPLE.TEST' }),
      );
      expect(data?.data).toEqual({ isDuplicate: true, hasIntakeId: true, duplicateLeads: [joseDuplicate()] });
    });

    it("does not match another firm's identical lead, which that firm may register", async () => {
      const { data, response } = await checkDuplicate(jose, otherFirmToken);
      expect(response.status).toBe(200);
      expect(data?.data).toEqual({ isDuplicate: false, hasIntakeId: false, duplicateLeads: [] });
      const created = await fromLead(jose, otherFirmToken);
      expect(created.response.status).toBe(201);
      // Now the other firm has one; this firm's check still lists only its own.
      const own = await checkDuplicate(sampleLead({ firstName: 'Other', lastName: 'Person', phone: '5550100199' }));
      expect(own.data?.data.duplicateLeads).toEqual([joseDuplicate()]);
    });

    it('refuses an identical lead with 409', async () => {
      const { response, error } = await checkDuplicate({ ...jose, firstName: 'jose', lastName: 'NÚÑEZ', phone: '555 010 0199' });
      expect(response.status).toBe(409);
      expect(error).toEqual(duplicateLeadBody);
    });

    it('reports hasIntakeId false when a resembling lead has no intake', async () => {
      await insertLead(server.db, {
        firmId,
        createdBy: users.owner.id,
        intakeId: null,
        values: {
          first_name: 'Nadia',
          middle_name: null,
          last_name: 'Nointake',
          birth_date: '1970-07-07',
          address: '7 Sample Court',
          city: 'Sampleton',
          county: 'Sample',
          state: 'ZZ',
          country: 'USA',
          zip_code: '00007',
          email: null,
          gender: 'Female',
          phone: '555-777-0007',
          minor: 'No',
        },
      });
      const { data } = await checkDuplicate(
        sampleLead({ firstName: 'Nadia', lastName: 'Nointake', birthDate: '1970-07-07', phone: '555-777-0008' }),
      );
      expect(data?.data).toMatchObject({ isDuplicate: true, hasIntakeId: false, duplicateLeads: [{ firstName: 'Nadia', intakeId: null }] });
    });

    it('answers 400 with field messages', async () => {
      const { response, error } = await checkDuplicate(sampleLead({ firstName: ' ', birthDate: '2999-01-01' }));
      expect(response.status).toBe(400);
      expect(error).toMatchObject({
        code: 'validation_failed',
        fields: {
          'neosCasesInformation.firstName': 'First Name is required',
          'neosCasesInformation.birthDate': 'Birth date cannot be in the future',
        },
      });
    });

    it.each(privileges)('is open to the %s', async (privilege) => {
      const { response } = await checkDuplicate(sampleLead({ firstName: 'Open', phone: '555-321-0000' }), tokens[privilege]);
      expect(response.status).toBe(200);
    });

    it.runIf(kind === 'sqlite')('reads the match indexes, not every lead of the firm', async () => {
      const keys = leadMatchKeys({
        firstName: 'José',
        lastName: 'Núñez',
        birthDate: '1985-02-14',
        phone: '5550100199',
        email: 'jose.nunez@example.test',
      });
      const query = similarLeadsQuery(server.db, firmId, keys, 20).compile();
      const plan = await server.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
      );
      const details = plan.rows.map((row) => row.detail).join('\n');
      expect(details).toMatch(/leads_firm_name_birth_index/);
      expect(details).toMatch(/leads_firm_phone_index/);
      expect(details).toMatch(/leads_firm_email_index/);
      expect(details).not.toMatch(/SCAN leads/);
    });
  });

  describe('GET /v1/leads', () => {
    let listFirmTokens: { owner: string; representative: string };
    const names = ['Ana', 'Bea', 'Cleo', 'Dora', 'Eva'];

    beforeAll(async () => {
      const firm = await server.createFirm({ firmName: 'Gamma Sample Firm' });
      const owner = await server.createUser({ firmId: firm.id, privilege: 'owner' });
      const representative = await server.createUser({ firmId: firm.id, privilege: 'representative' });
      listFirmTokens = {
        owner: await server.login(owner.email, owner.password),
        representative: await server.login(representative.email, representative.password),
      };
      for (const [index, name] of names.entries()) {
        const created = await fromLead(
          sampleLead({
            firstName: name,
            lastName: 'Listed',
            phone: `(555) 200-000${index}`,
            email: `${name.toLowerCase()}@list.example.test`,
          }),
          listFirmTokens.representative,
        );
        expect(created.response.status).toBe(201);
      }
    });

    it("pages through the firm's leads, newest first, each with its intake", async () => {
      const first = await listLeads({ pageSize: 2, offSetValue: 0 }, listFirmTokens.owner);
      const second = await listLeads({ pageSize: 2, offSetValue: 2 }, listFirmTokens.owner);
      const last = await listLeads({ pageSize: 2, offSetValue: 4 }, listFirmTokens.owner);
      expect(first.response.status).toBe(200);
      expect(first.data?.data.totalRecords).toBe(5);
      expect(first.data?.data.record).toHaveLength(2);
      expect(second.data?.data.record).toHaveLength(2);
      expect(last.data?.data.record).toHaveLength(1);
      const rows = [first, second, last].flatMap((page) => page.data?.data.record ?? []);
      expect(rows.map((row) => row.firstName).sort()).toEqual([...names].sort());
      const created = rows.map((row) => row.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      for (const row of rows) {
        expect(row).toMatchObject({
          lastName: 'Listed',
          intakeId: expect.any(String),
          intakeStatus: 'draft',
          birthDate: '1980-01-01T00:00:00.000Z',
        });
      }
      const ana = rows.find((row) => row.firstName === 'Ana');
      expect(ana).toEqual({
        id: expect.any(String),
        firstName: 'Ana',
        middleName: null,
        lastName: 'Listed',
        phone: '(555) 200-0000',
        email: 'ana@list.example.test',
        birthDate: '1980-01-01T00:00:00.000Z',
        createdAt: expect.any(String),
        intakeId: expect.any(String),
        intakeStatus: 'draft',
      });
    });

    it('shows the status of the linked intake as it is now', async () => {
      const { data } = await listLeads({ searchFilter: 'jose nunez' });
      expect(data?.data.record).toEqual([expect.objectContaining({ id: joseLeadId, intakeId: joseCaseId, intakeStatus: 'draft' })]);
      await server.db.updateTable('intakes').set({ status: 'final' }).where('case_id', '=', joseCaseId).execute();
      const after = await listLeads({ searchFilter: 'jose nunez' });
      expect(after.data?.data.record[0]?.intakeStatus).toBe('final');
    });

    it.each([
      ['a name without accents', 'NUNEZ', ['José']],
      ['phone digits written another way', '555.010', ['José']],
      ['part of an email', 'JOSE.NUNEZ@', ['José']],
    ])('searches by %s', async (_what, searchFilter, firstNames) => {
      const { data } = await listLeads({ searchFilter });
      expect(data?.data.record.map((row) => row.firstName)).toEqual(firstNames);
      expect(data?.data.totalRecords).toBe(firstNames.length);
    });

    it('treats LIKE wildcards in the search as plain text', async () => {
      const { data } = await listLeads({ searchFilter: '%' });
      expect(data?.data).toEqual({ record: [], totalRecords: 0 });
    });

    it("never lists another firm's leads", async () => {
      const { data } = await listLeads({ searchFilter: 'listed', pageSize: 100 });
      expect(data?.data.totalRecords).toBe(0);
      const own = await listLeads({ pageSize: 100 }, listFirmTokens.representative);
      expect(own.data?.data.totalRecords).toBe(5);
      expect(own.data?.data.record.every((row) => row.lastName === 'Listed')).toBe(true);
    });
  });
});
