// A user's own profile (docs/product/people.md Edit Profile, docs/product/people.md): PUT /v1/user/{id} on the
// real server, over HTTP, on every test database.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Privilege } from '../../src/domain/enums';
import { verifyPassword } from '../../server/auth/password';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';
import { childBirthDate, futureBirthDate, profileBody, userInformation, type UserUpdateRequest } from './support/userBodies';

const forbiddenBody = { message: 'You are not authorized to perform this action', code: 'forbidden' };
const unauthenticatedBody = { message: 'Authentication required', code: 'unauthenticated' };
const emailTakenBody = {
  message: 'This email is already in use',
  code: 'email_taken',
  fields: { email: 'This email is already in use' },
};

describe.each(testDatabases())('PUT /v1/user/{id} on %s', (kind) => {
  let server: TestServer;
  let firmId: string;
  let otherFirmUser: TestUser;

  /** A fresh user of the firm and their token, so each test starts from a known record. */
  async function signedInUser(privilege: Privilege = 'representative', extra: Partial<Parameters<TestServer['createUser']>[0]> = {}) {
    const user = await server.createUser({ firmId, privilege, ...extra });
    return { user, token: await server.login(user.email, user.password) };
  }

  async function update(token: string | undefined, id: string, body: UserUpdateRequest) {
    const { data, error, response } = await server.api.PUT('/v1/user/{id}', {
      params: { path: { id } },
      body,
      headers: token ? bearer(token) : {},
    });
    return { status: response.status, data, error };
  }

  /** A body the typed client would not let us write (unknown fields, wrong types). */
  async function sendRaw(token: string, id: string, body: unknown) {
    const response = await fetch(`${server.baseUrl}/v1/user/${encodeURIComponent(id)}`, {
      method: 'PUT',
      headers: { ...bearer(token), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function row(id: string) {
    return server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async function loginStatus(email: string, password: string): Promise<number> {
    const { response } = await server.api.POST('/v1/users/login', { body: { email, password } });
    return response.status;
  }

  beforeAll(async () => {
    // The login throttle would slow the wrong-password checks below; they test the password, not it.
    server = await startTestServer(kind, { loginThrottle: { delayAfter: 100, lockAfter: 1000 } });
    firmId = (await server.createFirm()).id;
    const otherFirmId = (await server.createFirm()).id;
    otherFirmUser = await server.createUser({ firmId: otherFirmId, privilege: 'owner', email: 'someone@other-firm.test' });
  });

  afterAll(() => server?.close());

  it.each(['owner', 'administrator', 'representative'] as const)('lets an %s update their own record', async (privilege) => {
    const { user, token } = await signedInUser(privilege);
    const body = profileBody({
      firstName: 'Renamed',
      middleName: 'Middle',
      lastName: 'Person',
      email: `Renamed.${privilege}@Example.test`,
    });
    const { status, data } = await update(token, user.id, body);

    expect(status).toBe(200);
    expect(data?.data).toEqual({
      id: user.id,
      firstName: 'Renamed',
      middleName: 'Middle',
      lastName: 'Person',
      email: `renamed.${privilege}@example.test`,
      privilege,
      status: 'Active',
      createdAt: user.createdAt,
      userInformation: {
        phoneNumber: '555-010-0100',
        usage: 'call',
        civilStatus: 'single',
        gender: 'male',
        birthDate: '1985-06-15',
        ssn: null,
        ssnStatus: 'noSsn',
        itin: null,
      },
    });
    expect(await row(user.id)).toMatchObject({
      first_name: 'Renamed',
      last_name: 'Person',
      email: `renamed.${privilege}@example.test`,
      privilege,
      firm_id: firmId,
    });
  });

  it('answers 401 without a token and changes nothing', async () => {
    const { user } = await signedInUser();
    const { status, error } = await update(undefined, user.id, profileBody({ firstName: 'Intruder' }));
    expect(status).toBe(401);
    expect(error).toEqual(unauthenticatedBody);
    expect((await row(user.id)).first_name).toBe(user.firstName);
  });

  it('refuses another user of the same firm with 403, even for an owner', async () => {
    const { token } = await signedInUser('owner');
    const { user: colleague } = await signedInUser('representative');
    const { status, error } = await update(token, colleague.id, profileBody({ firstName: 'Hijacked' }));
    expect(status).toBe(403);
    expect(error).toEqual(forbiddenBody);
    expect((await row(colleague.id)).first_name).toBe(colleague.firstName);
  });

  it('answers a user of another firm and an id that does not exist with the same 403', async () => {
    const { token } = await signedInUser('owner');
    const otherFirm = await update(token, otherFirmUser.id, profileBody({ firstName: 'Hijacked' }));
    const nobody = await update(token, '00000000-0000-4000-8000-000000000000', profileBody());
    expect(otherFirm).toMatchObject({ status: 403, error: forbiddenBody });
    expect(nobody).toMatchObject({ status: 403, error: forbiddenBody });
    expect((await row(otherFirmUser.id)).first_name).toBe(otherFirmUser.firstName);
  });

  it('refuses another user before looking at the body', async () => {
    const { token } = await signedInUser();
    const { user: colleague } = await signedInUser();
    expect(await sendRaw(token, colleague.id, { firstName: '' })).toEqual({ status: 403, body: forbiddenBody });
  });

  it('answers a fresh token that carries the new names at once', async () => {
    const { user, token } = await signedInUser('administrator');
    const body = profileBody({ firstName: 'Fresh', middleName: 'Token', lastName: 'Holder' });
    const { data } = await update(token, user.id, body);

    expect(data?.session.expiresIn).toBe('8h');
    const fresh = data?.session.token ?? '';
    expect(fresh).not.toBe(token);
    expect(decodeJwt(fresh)).toMatchObject({
      sub: user.id,
      id: user.id,
      firmId,
      firstName: 'Fresh',
      middleName: 'Token',
      lastName: 'Holder',
      email: body.email,
      privilege: 'administrator',
    });
    const me = await server.api.GET('/v1/users/me', { headers: bearer(fresh) });
    expect(me.data?.data).toMatchObject({ id: user.id, firstName: 'Fresh', lastName: 'Holder' });
  });

  describe('password', () => {
    let user: TestUser;
    let token: string;

    beforeEach(async () => {
      ({ user, token } = await signedInUser());
    });

    it('keeps the password when none is sent', async () => {
      const before = (await row(user.id)).password_hash;
      expect((await update(token, user.id, profileBody({ email: user.email }))).status).toBe(200);
      expect((await row(user.id)).password_hash).toBe(before);
      expect(await loginStatus(user.email, user.password)).toBe(200);
    });

    it('keeps the password when an empty one is sent (docs/product/people.md)', async () => {
      const before = (await row(user.id)).password_hash;
      expect((await update(token, user.id, profileBody({ email: user.email, password: '' }))).status).toBe(200);
      expect((await row(user.id)).password_hash).toBe(before);
    });

    it('stores a new argon2id hash; the new password signs in and the old one no longer does', async () => {
      const before = (await row(user.id)).password_hash;
      const newPassword = 'Changed#Pass42';
      expect((await update(token, user.id, profileBody({ email: user.email, password: newPassword }))).status).toBe(200);

      const after = (await row(user.id)).password_hash;
      expect(after).toMatch(/^\$argon2id\$/);
      expect(after).not.toBe(before);
      expect(await verifyPassword(after, newPassword)).toBe(true);
      expect(await loginStatus(user.email, user.password)).toBe(401);
      expect(await loginStatus(user.email, newPassword)).toBe(200);
    });

    it.each([
      ['too short', 'Ab#1xyz', 'Password must be at least 8 characters long'],
      ['without a special character', 'Abcdefg12', 'Password must contain letters, numbers, and special characters'],
    ])('answers a password %s with invalid_password_format (docs/product/people.md)', async (_what, password, message) => {
      const before = (await row(user.id)).password_hash;
      const { status, error } = await update(token, user.id, profileBody({ email: user.email, password }));
      expect(status).toBe(400);
      expect(error).toEqual({ message, code: 'invalid_password_format', fields: { password: message } });
      expect((await row(user.id)).password_hash).toBe(before);
    });
  });

  describe('email', () => {
    it('answers 409 email_taken for an email of another user, in any case and any firm', async () => {
      const { user, token } = await signedInUser();
      const { user: colleague } = await signedInUser();
      for (const email of [colleague.email, colleague.email.toUpperCase(), otherFirmUser.email]) {
        const { status, error } = await update(token, user.id, profileBody({ email }));
        expect(status).toBe(409);
        expect(error).toEqual(emailTakenBody);
      }
      expect((await row(user.id)).email).toBe(user.email);
    });

    it('keeps the own email, written in another case', async () => {
      const { user, token } = await signedInUser();
      const { status, data } = await update(token, user.id, profileBody({ email: user.email.toUpperCase() }));
      expect(status).toBe(200);
      expect(data?.data.email).toBe(user.email);
    });
  });

  it('clears the SSN when the status leaves hasSsn (docs/product/people.md)', async () => {
    const { user, token } = await signedInUser('representative', {
      userInformation: { ssnStatus: 'hasSsn', ssn: '123-45-6789', birthDate: '1985-06-15' },
    });
    const body = profileBody({ email: user.email, userInformation: userInformation({ ssnStatus: 'needToGet', ssn: '123-45-6789' }) });
    const { status, data } = await update(token, user.id, body);
    expect(status).toBe(200);
    expect(data?.data.userInformation).toMatchObject({ ssnStatus: 'needToGet', ssn: null });
    expect(await row(user.id)).toMatchObject({ ssn_status: 'needToGet', ssn: null });
  });

  it('stores an SSN with the status hasSsn, sealed, and answers it masked', async () => {
    const { user, token } = await signedInUser();
    const body = profileBody({ email: user.email, userInformation: userInformation({ ssnStatus: 'hasSsn', ssn: '987-65-4321' }) });
    expect((await update(token, user.id, body)).data?.data.userInformation.ssn).toBe('***-**-4321');
    const stored = (await row(user.id)).ssn!;
    expect(stored).not.toContain('4321');
    expect(server.pii.open(stored, 'users.ssn')).toBe('987-65-4321');
  });

  // The masked view of a caller's row is made once per row read (server/users/views.ts): a change
  // reads a new row, so GET /v1/users/me never answers the numbers of before.
  it('answers GET /v1/users/me with the SSN of the latest change, however often it was asked before', async () => {
    const { user, token } = await signedInUser('representative', {
      userInformation: { ssnStatus: 'hasSsn', ssn: '123-45-6789', birthDate: '1985-06-15' },
    });
    const ssnOfMe = async () => (await server.api.GET('/v1/users/me', { headers: bearer(token) })).data?.data.userInformation.ssn;
    expect(await ssnOfMe()).toBe('***-**-6789');
    expect(await ssnOfMe()).toBe('***-**-6789');
    const body = profileBody({ email: user.email, userInformation: userInformation({ ssnStatus: 'hasSsn', ssn: '987-65-4321' }) });
    expect((await update(token, user.id, body)).status).toBe(200);
    expect(await ssnOfMe()).toBe('***-**-4321');
    await update(token, user.id, profileBody({ email: user.email, userInformation: userInformation({ ssnStatus: 'needToGet', ssn: '' }) }));
    expect(await ssnOfMe()).toBeNull();
  });

  it.each([
    ['privilege', 'owner'],
    ['firmId', 'another-firm'],
    ['id', 'someone-else'],
    ['createdAt', '2000-01-01T00:00:00.000Z'],
    ['status', 'Deactivated'],
  ])('refuses a body that tries to change %s', async (field, value) => {
    const { user, token } = await signedInUser('representative');
    const { status, body } = await sendRaw(token, user.id, { ...profileBody({ email: user.email }), [field]: value });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed', fields: { [field]: 'is not allowed' } });
    expect(await row(user.id)).toMatchObject({ privilege: 'representative', firm_id: firmId, first_name: user.firstName });
  });

  type BodyChange = (body: Record<string, unknown> & { userInformation: Record<string, unknown> }) => void;

  it.each<[string, BodyChange, Record<string, string>]>([
    [
      'an empty first name',
      (b) => {
        b.firstName = '';
      },
      { firstName: 'First name is required' },
    ],
    [
      'a last name of spaces',
      (b) => {
        b.lastName = '  ';
      },
      { lastName: 'Last name is required' },
    ],
    [
      'an empty email',
      (b) => {
        b.email = '';
      },
      { email: 'Email is required' },
    ],
    [
      'a birth date under 18 years ago',
      (b) => {
        b.userInformation.birthDate = childBirthDate;
      },
      { 'userInformation.birthDate': 'You must be at least 18 years old' },
    ],
    [
      'a birth date in the future',
      (b) => {
        b.userInformation.birthDate = futureBirthDate;
      },
      { 'userInformation.birthDate': 'Birth date cannot be in the future' },
    ],
    [
      'hasSsn without an SSN',
      (b) => {
        b.userInformation.ssnStatus = 'hasSsn';
        b.userInformation.ssn = '';
      },
      { 'userInformation.ssn': 'SSN is required when status is "Has SSN"' },
    ],
    [
      'an SSN in the wrong groups',
      (b) => {
        b.userInformation.ssnStatus = 'hasSsn';
        b.userInformation.ssn = '1234-5-6789';
      },
      { 'userInformation.ssn': 'SSN must be in the format "123-45-6789"' },
    ],
    [
      'an ITIN without dashes',
      (b) => {
        b.userInformation.itin = '912701234';
      },
      { 'userInformation.itin': 'ITIN must be in the format "123-45-6789"' },
    ],
    [
      'an unknown field',
      (b) => {
        b.confirmPassword = 'Sample#Pass1';
      },
      { confirmPassword: 'is not allowed' },
    ],
  ])('answers %s with 400 validation_failed and the spec message in fields', async (_what, change, fields) => {
    const { user, token } = await signedInUser();
    const body = profileBody({ email: user.email }) as unknown as Parameters<BodyChange>[0];
    change(body);
    const answer = await sendRaw(token, user.id, body);
    expect(answer).toEqual({ status: 400, body: { message: expect.any(String), code: 'validation_failed', fields } });
    expect((await row(user.id)).updated_at).toBe((await row(user.id)).created_at);
  });
});
