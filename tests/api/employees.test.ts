// The firm's employees (docs/product/people.md Employees and Employee Registration, docs/product/people.md):
// GET /v1/users and POST /v1/firmUser on the real server, over HTTP, on every test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Privilege } from '../../src/domain/enums';
import { insertUser } from '../../server/users/repository';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';
import { childBirthDate, employeeBody, futureBirthDate, userInformation, type EmployeeCreateRequest } from './support/userBodies';

const forbiddenBody = { message: 'You are not authorized to perform this action', code: 'forbidden' };
const unauthenticatedBody = { message: 'Authentication required', code: 'unauthenticated' };
const emailTakenBody = {
  message: 'This email is already in use',
  code: 'email_taken',
  fields: { email: 'This email is already in use' },
};
const userKeys = ['createdAt', 'email', 'firstName', 'id', 'lastName', 'middleName', 'privilege', 'status', 'userInformation'];
/** The list leaves out SSN and ITIN: no screen shows a colleague's numbers. */
const listedInformationKeys = ['birthDate', 'civilStatus', 'gender', 'phoneNumber', 'ssnStatus', 'usage'];

/** A request the typed client would not let us write (unknown fields, wrong types). */
async function send(server: TestServer, method: string, path: string, token: string | undefined, body?: unknown) {
  const headers: Record<string, string> = token ? bearer(token) : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(testDatabases())('employees on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(() => server?.close());

  describe('GET /v1/users', () => {
    let alphaOwner: TestUser;
    let alphaAdmin: TestUser;
    let alphaRep: TestUser;
    let rosa: TestUser;
    let lena: TestUser;
    let betaOwner: TestUser;
    let betaRosa: TestUser;
    const tokens: Record<'owner' | 'administrator' | 'representative' | 'betaOwner', string> = {
      owner: '',
      administrator: '',
      representative: '',
      betaOwner: '',
    };

    async function list(token: string, query: Record<string, string | number> = {}) {
      const { data, error, response } = await server.api.GET('/v1/users', {
        params: { query: query as never },
        headers: bearer(token),
      });
      return { status: response.status, data, error };
    }

    async function emailsFound(token: string, query: Record<string, string | number>) {
      const { data } = await list(token, { pageSize: 100, ...query });
      return (data?.data ?? []).map((user) => user.email).sort();
    }

    beforeAll(async () => {
      const alpha = (await server.createFirm({ firmName: 'Alpha Sample Firm' })).id;
      const beta = (await server.createFirm({ firmName: 'Beta Sample Firm' })).id;
      alphaOwner = await server.createUser({
        firmId: alpha,
        privilege: 'owner',
        firstName: 'Olga',
        lastName: 'Owner',
        email: 'olga@alpha.test',
      });
      alphaAdmin = await server.createUser({
        firmId: alpha,
        privilege: 'administrator',
        firstName: 'Adam',
        lastName: 'Admin',
        email: 'adam@alpha.test',
      });
      alphaRep = await server.createUser({
        firmId: alpha,
        privilege: 'representative',
        firstName: 'Rita',
        lastName: 'Rep',
        email: 'rita@alpha.test',
      });
      rosa = await server.createUser({
        firmId: alpha,
        privilege: 'representative',
        firstName: 'Rosa',
        middleName: 'Maria',
        lastName: 'Example',
        email: 'r.ex@alpha.test',
        userInformation: { ssnStatus: 'hasSsn', ssn: '123-45-6789', itin: '912-70-1234', birthDate: '1980-04-02' },
      });
      lena = await server.createUser({
        firmId: alpha,
        privilege: 'administrator',
        firstName: 'Lena',
        lastName: 'Quintero',
        email: 'lq_office@alpha.test',
      });
      betaOwner = await server.createUser({ firmId: beta, privilege: 'owner', firstName: 'Bob', lastName: 'Boss', email: 'bob@beta.test' });
      betaRosa = await server.createUser({ firmId: beta, firstName: 'Rosa', lastName: 'Outsider', email: 'rosa.outsider@beta.test' });
      tokens.owner = await server.login(alphaOwner.email, alphaOwner.password);
      tokens.administrator = await server.login(alphaAdmin.email, alphaAdmin.password);
      tokens.representative = await server.login(alphaRep.email, alphaRep.password);
      tokens.betaOwner = await server.login(betaOwner.email, betaOwner.password);
    });

    it.each(['owner', 'administrator'] as const)('answers an %s with the users of their firm only', async (role) => {
      const { status, data } = await list(tokens[role]);
      expect(status).toBe(200);
      expect(data?.totalRecords).toBe(5);
      expect(data?.data.map((user) => user.id).sort()).toEqual(
        [alphaOwner, alphaAdmin, alphaRep, rosa, lena].map((user) => user.id).sort(),
      );
    });

    it('answers a representative with 403 and no token with 401', async () => {
      const asRepresentative = await send(server, 'GET', '/v1/users', tokens.representative);
      expect(asRepresentative).toEqual({ status: 403, body: forbiddenBody });
      const anonymous = await send(server, 'GET', '/v1/users', undefined);
      expect(anonymous).toEqual({ status: 401, body: unauthenticatedBody });
    });

    it('shows another firm only its own users', async () => {
      const { data } = await list(tokens.betaOwner);
      expect(data?.totalRecords).toBe(2);
      expect(data?.data.map((user) => user.id).sort()).toEqual([betaOwner.id, betaRosa.id].sort());
    });

    it('answers the User shape without a password hash, SSN or ITIN', async () => {
      const response = await fetch(`${server.baseUrl}/v1/users?search=rosa`, { headers: bearer(tokens.owner) });
      const text = await response.text();
      expect(text).not.toMatch(/argon2|password|123-?45-?6789|912-?70-?1234/i);
      const { data } = JSON.parse(text) as { data: Array<Record<string, unknown>> };
      expect(data).toHaveLength(1);
      const [user] = data;
      expect(Object.keys(user ?? {}).sort()).toEqual(userKeys);
      expect(Object.keys((user?.userInformation as object | undefined) ?? {}).sort()).toEqual(listedInformationKeys);
      expect(user).toMatchObject({
        id: rosa.id,
        firstName: 'Rosa',
        middleName: 'Maria',
        lastName: 'Example',
        email: 'r.ex@alpha.test',
        privilege: 'representative',
        status: 'Active',
        createdAt: rosa.createdAt,
        userInformation: { ssnStatus: 'hasSsn', birthDate: '1980-04-02' },
      });
    });

    it.each([
      ['a first name', 'rosa', ['r.ex@alpha.test']],
      ['a middle name, ignoring case', 'MARIA', ['r.ex@alpha.test']],
      ['part of a last name', 'quin', ['lq_office@alpha.test']],
      ['part of an email', 'ITA@ALPHA', ['rita@alpha.test']],
      ['first and last name together', 'Rosa Example', ['r.ex@alpha.test']],
      [
        'a shared email domain',
        'alpha.test',
        ['adam@alpha.test', 'lq_office@alpha.test', 'olga@alpha.test', 'r.ex@alpha.test', 'rita@alpha.test'],
      ],
      ['an underscore as a plain character', '_', ['lq_office@alpha.test']],
      ['a percent sign as a plain character', '%', []],
      ['a name of the other firm', 'outsider', []],
      ['surrounding spaces', '  adam  ', ['adam@alpha.test']],
    ])('searches by %s', async (_what, search, expected) => {
      expect(await emailsFound(tokens.owner, { search })).toEqual(expected);
    });

    it('counts only the matches in totalRecords', async () => {
      const { data } = await list(tokens.owner, { search: 'rosa' });
      expect(data?.totalRecords).toBe(1);
    });

    it('finds the other firm user only for that firm', async () => {
      expect(await emailsFound(tokens.betaOwner, { search: 'Rosa' })).toEqual(['rosa.outsider@beta.test']);
    });

    it.each([
      ['owner', ['olga@alpha.test']],
      ['administrator', ['adam@alpha.test', 'lq_office@alpha.test']],
      ['representative', ['r.ex@alpha.test', 'rita@alpha.test']],
    ] as const)('filters by privilege %s', async (privilege, expected) => {
      expect(await emailsFound(tokens.administrator, { privilege })).toEqual(expected);
      const { data } = await list(tokens.administrator, { privilege });
      expect(data?.totalRecords).toBe(expected.length);
    });

    it('combines the privilege filter with the search', async () => {
      expect(await emailsFound(tokens.owner, { privilege: 'administrator', search: 'q' })).toEqual(['lq_office@alpha.test']);
    });

    it.each([
      ['a page size of 0', 'pageSize=0', 'pageSize'],
      ['a page size over 100', 'pageSize=101', 'pageSize'],
      ['a negative offset', 'offSetValue=-1', 'offSetValue'],
      ['an unknown privilege', 'privilege=superuser', 'privilege'],
      ['an unknown parameter', 'firmId=other', 'firmId'],
    ])('refuses %s with 400', async (_what, query, field) => {
      const { status, body } = await send(server, 'GET', `/v1/users?${query}`, tokens.owner);
      expect(status).toBe(400);
      expect(body.code).toBe('validation_failed');
      expect(Object.keys(body.fields as object)).toContain(field);
    });
  });

  describe('GET /v1/users paging', () => {
    const total = 25;
    let token: string;
    /** Every user of the firm, in the order the list must give them: newest first, then by id. */
    let expectedOrder: string[];

    beforeAll(async () => {
      const firmId = (await server.createFirm()).id;
      const owner = await server.createUser({ firmId, privilege: 'owner', firstName: 'Pia', lastName: 'Pager' });
      token = await server.login(owner.email, owner.password);
      const start = Date.parse('2024-01-01T09:00:00.000Z');
      const privileges: Privilege[] = ['administrator', 'representative'];
      for (let i = 0; i < total - 1; i += 1) {
        // Users 0 to 4 share one instant: the id has to keep their order stable.
        const createdAt = new Date(i < 5 ? start : start + i * 60_000);
        await insertUser(
          server.db,
          {
            firm_id: firmId,
            first_name: `Page${i}`,
            middle_name: null,
            last_name: 'Sample',
            email: `page${i}@paging.test`,
            password_hash: 'not-a-real-hash',
            privilege: privileges[i % 2] as Privilege,
            phone_number: null,
            usage: null,
            civil_status: null,
            gender: null,
            birth_date: null,
            ssn: null,
            ssn_status: null,
            itin: null,
          },
          createdAt,
        );
      }
      const rows = await server.db.selectFrom('users').select(['id', 'created_at']).where('firm_id', '=', firmId).execute();
      expectedOrder = rows
        .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
        .map((row) => row.id);
    });

    async function page(query: { pageSize?: number; offSetValue?: number; privilege?: Privilege }) {
      const { data, response } = await server.api.GET('/v1/users', { params: { query }, headers: bearer(token) });
      expect(response.status).toBe(200);
      return { ids: data?.data.map((user) => user.id) ?? [], totalRecords: data?.totalRecords };
    }

    it('gives 10 users from offset 0 by default (docs/product/people.md)', async () => {
      const first = await page({});
      expect(first).toEqual({ ids: expectedOrder.slice(0, 10), totalRecords: total });
    });

    it('slices the 25 users into pages of 10, 10 and 5, newest first, each user once', async () => {
      const pages = [
        await page({ pageSize: 10, offSetValue: 0 }),
        await page({ pageSize: 10, offSetValue: 10 }),
        await page({ pageSize: 10, offSetValue: 20 }),
      ];
      expect(pages.map((p) => p.ids.length)).toEqual([10, 10, 5]);
      expect(pages.every((p) => p.totalRecords === total)).toBe(true);
      expect(pages.flatMap((p) => p.ids)).toEqual(expectedOrder);
    });

    it('answers the same order every time, ties included', async () => {
      const again = [];
      for (let i = 0; i < 3; i += 1) again.push((await page({ pageSize: 7, offSetValue: 14 })).ids);
      expect(again).toEqual([expectedOrder.slice(14, 21), expectedOrder.slice(14, 21), expectedOrder.slice(14, 21)]);
    });

    it('answers an empty page past the end with the total still counted', async () => {
      expect(await page({ offSetValue: 30 })).toEqual({ ids: [], totalRecords: total });
    });

    it('pages through a privilege filter', async () => {
      const administrators = await page({ privilege: 'administrator', pageSize: 5, offSetValue: 10 });
      expect(administrators.totalRecords).toBe(12);
      expect(administrators.ids).toHaveLength(2);
    });
  });

  describe('POST /v1/firmUser', () => {
    let firmId: string;
    let otherFirmUser: TestUser;
    const tokens: Record<Privilege, string> = { owner: '', administrator: '', representative: '' };
    let otherFirmToken: string;

    async function create(token: string | undefined, body: EmployeeCreateRequest) {
      const { data, error, response } = await server.api.POST('/v1/firmUser', {
        body,
        headers: token ? bearer(token) : {},
      });
      return { status: response.status, data, error };
    }

    async function storedRow(email: string) {
      return server.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    }

    beforeAll(async () => {
      firmId = (await server.createFirm()).id;
      for (const privilege of ['owner', 'administrator', 'representative'] as const) {
        const user = await server.createUser({ firmId, privilege, firstName: privilege });
        tokens[privilege] = await server.login(user.email, user.password);
      }
      const otherFirmId = (await server.createFirm()).id;
      otherFirmUser = await server.createUser({ firmId: otherFirmId, privilege: 'owner', email: 'taken@other-firm.test' });
      otherFirmToken = await server.login(otherFirmUser.email, otherFirmUser.password);
    });

    it('creates a representative in the owner firm, with the email lower-cased, and answers 201', async () => {
      const body = employeeBody({
        firstName: '  Nora ',
        middleName: 'Jean',
        email: 'Nora.New@Example.TEST',
        userInformation: userInformation({ usage: 'text', civilStatus: 'married', gender: 'female', itin: '912-70-1234' }),
      });
      const { status, data } = await create(tokens.owner, body);

      expect(status).toBe(201);
      expect(data?.data).toEqual({
        id: expect.any(String),
        firstName: 'Nora',
        middleName: 'Jean',
        lastName: 'Sample',
        email: 'nora.new@example.test',
        privilege: 'representative',
        status: 'Active',
        createdAt: expect.any(String),
        userInformation: {
          phoneNumber: '555-010-0100',
          usage: 'text',
          civilStatus: 'married',
          gender: 'female',
          birthDate: '1985-06-15',
          ssn: null,
          ssnStatus: 'noSsn',
          itin: '***-**-1234',
        },
      });
      const row = await storedRow('nora.new@example.test');
      expect(row).toMatchObject({ id: data?.data.id, firm_id: firmId, privilege: 'representative' });
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      expect(row?.password_hash).not.toContain(body.password);
    });

    it('lets the new employee sign in with the password given', async () => {
      const body = employeeBody();
      expect((await create(tokens.administrator, body)).status).toBe(201);
      const { response } = await server.api.POST('/v1/users/login', { body: { email: body.email, password: body.password } });
      expect(response.status).toBe(200);
    });

    it('lists the new employee in the creator firm and not in another firm', async () => {
      const body = employeeBody({ firstName: 'Listed', lastName: 'Newcomer' });
      const created = await create(tokens.owner, body);
      const search = { params: { query: { search: 'newcomer' } } };
      const own = await server.api.GET('/v1/users', { ...search, headers: bearer(tokens.owner) });
      const other = await server.api.GET('/v1/users', { ...search, headers: bearer(otherFirmToken) });
      expect(own.data?.data.map((user) => user.id)).toEqual([created.data?.data.id]);
      expect(other.data).toEqual({ data: [], totalRecords: 0 });
    });

    it.each([
      ['owner', 'administrator', 201],
      ['owner', 'owner', 201],
      ['owner', 'representative', 201],
      ['administrator', 'administrator', 201],
      ['administrator', 'representative', 201],
      ['administrator', 'owner', 403],
    ] as const)('lets an %s create an %s: %i', async (caller, privilege, expected) => {
      const body = employeeBody({ privilege });
      const { status, data, error } = await create(tokens[caller], body);
      expect(status).toBe(expected);
      if (expected === 201) {
        expect(data?.data.privilege).toBe(privilege);
        expect((await storedRow(body.email))?.privilege).toBe(privilege);
      } else {
        expect(error).toEqual(forbiddenBody);
        expect(await storedRow(body.email)).toBeUndefined();
      }
    });

    it('refuses a representative with 403 and no token with 401, creating nothing', async () => {
      const body = employeeBody();
      expect(await create(tokens.representative, body)).toMatchObject({ status: 403, error: forbiddenBody });
      expect(await create(undefined, body)).toMatchObject({ status: 401, error: unauthenticatedBody });
      expect(await storedRow(body.email)).toBeUndefined();
    });

    it.each([
      ['the same email', 'dup.one@example.test', 'dup.one@example.test'],
      ['an email differing only in case', 'dup.two@example.test', 'DUP.Two@Example.Test'],
    ])('answers 409 email_taken for %s', async (_what, first, second) => {
      expect((await create(tokens.owner, employeeBody({ email: first }))).status).toBe(201);
      const { status, error } = await create(tokens.owner, employeeBody({ email: second }));
      expect(status).toBe(409);
      expect(error).toEqual(emailTakenBody);
    });

    it('answers 409 for an email used in another firm: emails are the login identity', async () => {
      const { status, error } = await create(tokens.owner, employeeBody({ email: otherFirmUser.email }));
      expect(status).toBe(409);
      expect(error).toEqual(emailTakenBody);
    });

    it('answers one 201 and one 409 when the same email is sent twice at once', async () => {
      const email = 'race@example.test';
      const results = await Promise.all([
        create(tokens.owner, employeeBody({ email })),
        create(tokens.administrator, employeeBody({ email })),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
      expect(results.find((result) => result.status === 409)?.error).toEqual(emailTakenBody);
    });

    it('clears an SSN sent with a status other than hasSsn (docs/product/people.md)', async () => {
      const body = employeeBody({ userInformation: userInformation({ ssnStatus: 'pending', ssn: '123-45-6789' }) });
      const { status, data } = await create(tokens.owner, body);
      expect(status).toBe(201);
      expect(data?.data.userInformation).toMatchObject({ ssnStatus: 'pending', ssn: null });
      expect((await storedRow(body.email))?.ssn).toBeNull();
    });

    it('clears, rather than refuses, a malformed SSN the hidden field still held', async () => {
      const body = employeeBody({ userInformation: userInformation({ ssnStatus: 'noSsn', ssn: '123' }) });
      const { status, data } = await create(tokens.owner, body);
      expect(status).toBe(201);
      expect(data?.data.userInformation).toMatchObject({ ssnStatus: 'noSsn', ssn: null });
    });

    it('keeps the SSN when the status is hasSsn, and answers it masked', async () => {
      const body = employeeBody({ userInformation: userInformation({ ssnStatus: 'hasSsn', ssn: '123-45-6789' }) });
      const { data } = await create(tokens.owner, body);
      expect(data?.data.userInformation).toMatchObject({ ssnStatus: 'hasSsn', ssn: '***-**-6789' });
      const revealed = await server.api.POST('/v1/user/{id}/reveal', {
        params: { path: { id: data!.data.id } },
        headers: bearer(tokens.owner),
      });
      expect(revealed.data?.data).toEqual({ ssn: '123-45-6789', itin: null });
    });

    type BodyChange = (body: Record<string, unknown> & { userInformation: Record<string, unknown> }) => void;
    const passwordFormat = 'invalid_password_format';
    const invalid = 'validation_failed';

    it.each<[string, BodyChange, Record<string, string>, string]>([
      [
        'an empty first name',
        (b) => {
          b.firstName = '';
        },
        { firstName: 'First name is required' },
        invalid,
      ],
      [
        'a first name of spaces',
        (b) => {
          b.firstName = '   ';
        },
        { firstName: 'First name is required' },
        invalid,
      ],
      [
        'no first name',
        (b) => {
          delete b.firstName;
        },
        { firstName: 'First name is required' },
        invalid,
      ],
      [
        'an empty last name',
        (b) => {
          b.lastName = '';
        },
        { lastName: 'Last name is required' },
        invalid,
      ],
      [
        'an empty email',
        (b) => {
          b.email = '';
        },
        { email: 'Email is required' },
        invalid,
      ],
      [
        'an email that is not one',
        (b) => {
          b.email = 'not-an-email';
        },
        { email: 'Please enter a valid email' },
        invalid,
      ],
      [
        'no birth date',
        (b) => {
          b.userInformation.birthDate = null;
        },
        { 'userInformation.birthDate': 'Birth date is required' },
        invalid,
      ],
      [
        'a birth date under 18 years ago',
        (b) => {
          b.userInformation.birthDate = childBirthDate;
        },
        { 'userInformation.birthDate': 'You must be at least 18 years old' },
        invalid,
      ],
      [
        'a birth date in the future',
        (b) => {
          b.userInformation.birthDate = futureBirthDate;
        },
        { 'userInformation.birthDate': 'Birth date cannot be in the future' },
        invalid,
      ],
      [
        'no password',
        (b) => {
          delete b.password;
        },
        { password: 'Password is required' },
        invalid,
      ],
      [
        'an empty password',
        (b) => {
          b.password = '';
        },
        { password: 'Password is required' },
        invalid,
      ],
      [
        'a password of 7 characters',
        (b) => {
          b.password = 'Abc#12x';
        },
        { password: 'Password must be at least 8 characters long' },
        passwordFormat,
      ],
      [
        'a password without a digit',
        (b) => {
          b.password = 'Abcdefg#';
        },
        { password: 'Password must contain letters, numbers, and special characters' },
        passwordFormat,
      ],
      [
        'a password without a special character',
        (b) => {
          b.password = 'Abcdefg1';
        },
        { password: 'Password must contain letters, numbers, and special characters' },
        passwordFormat,
      ],
      [
        'a password without a letter',
        (b) => {
          b.password = '1234567#';
        },
        { password: 'Password must contain letters, numbers, and special characters' },
        passwordFormat,
      ],
      [
        'hasSsn without an SSN',
        (b) => {
          b.userInformation.ssnStatus = 'hasSsn';
          b.userInformation.ssn = null;
        },
        { 'userInformation.ssn': 'SSN is required when status is "Has SSN"' },
        invalid,
      ],
      [
        'an SSN without dashes',
        (b) => {
          b.userInformation.ssnStatus = 'hasSsn';
          b.userInformation.ssn = '123456789';
        },
        { 'userInformation.ssn': 'SSN must be in the format "123-45-6789"' },
        invalid,
      ],
      [
        'an ITIN in the wrong groups',
        (b) => {
          b.userInformation.itin = '12-345-6789';
        },
        { 'userInformation.itin': 'ITIN must be in the format "123-45-6789"' },
        invalid,
      ],
      [
        'an unknown field',
        (b) => {
          b.nickname = 'Nono';
        },
        { nickname: 'is not allowed' },
        invalid,
      ],
      [
        'an unknown userInformation field',
        (b) => {
          b.userInformation.shoeSize = 42;
        },
        { 'userInformation.shoeSize': 'is not allowed' },
        invalid,
      ],
      [
        'a firm id',
        (b) => {
          b.firmId = 'another-firm';
        },
        { firmId: 'is not allowed' },
        invalid,
      ],
      [
        'a first name that is a number',
        (b) => {
          b.firstName = 42;
        },
        { firstName: 'must be string' },
        invalid,
      ],
      [
        'an unknown privilege',
        (b) => {
          b.privilege = 'superuser';
        },
        { privilege: 'must be one of: owner, administrator, representative' },
        invalid,
      ],
      [
        'several mistakes at once',
        (b) => {
          b.lastName = '';
          b.nickname = 'x';
          b.userInformation.itin = '1';
        },
        {
          lastName: 'Last name is required',
          nickname: 'is not allowed',
          'userInformation.itin': 'ITIN must be in the format "123-45-6789"',
        },
        invalid,
      ],
    ])('answers %s with 400 and the spec message in fields', async (_what, change, fields, code) => {
      const body = employeeBody() as unknown as Parameters<BodyChange>[0];
      change(body);
      const { status, body: answer } = await send(server, 'POST', '/v1/firmUser', tokens.owner, body);
      expect(status).toBe(400);
      expect(answer).toEqual({ message: expect.any(String), code, fields });
      if (code === passwordFormat) expect(answer.message).toBe(fields.password);
      const email = typeof body.email === 'string' ? body.email : '';
      if (email) expect(await storedRow(email)).toBeUndefined();
    });
  });
});
