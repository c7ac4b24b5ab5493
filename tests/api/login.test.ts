// POST /v1/users/login (docs/product/sign-in-and-session.md; docs/architecture.md, Auth): the token and what it carries,
// one answer for every failure, the throttle per email and per address, and the 400 error body.
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';

const invalidCredentialsBody = { message: 'Email or password is incorrect', code: 'invalid_credentials' };
const tooManyAttemptsBody = { message: 'Too many failed sign-in attempts. Try again later.', code: 'too_many_attempts' };

function postLogin(server: TestServer, body: string, contentType = 'application/json') {
  return fetch(`${server.baseUrl}/v1/users/login`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
}

function loginWith(server: TestServer, email: string, password: string) {
  return postLogin(server, JSON.stringify({ email, password }));
}

/** The decoded header and payload of a token, as one text, to search for digits. */
function decodedText(token: string): string {
  const [header, payload] = token.split('.');
  return [header, payload].map((part) => Buffer.from(part ?? '', 'base64url').toString('utf8')).join('\n');
}

describe.each(testDatabases())('POST /v1/users/login on %s', (kind) => {
  let server: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const firm = await server.createFirm();
    owner = await server.createUser({
      firmId: firm.id,
      privilege: 'owner',
      email: 'Rosa.Example@Example.test',
      firstName: 'Rosa',
      middleName: 'Maria',
      lastName: 'Example',
      userInformation: {
        phoneNumber: '555-010-0199',
        usage: 'text',
        civilStatus: 'married',
        gender: 'female',
        birthDate: '1980-04-02',
        ssn: '123-45-6789',
        ssnStatus: 'hasSsn',
        itin: '912-70-1234',
      },
    });
  });

  afterAll(() => server?.close());

  it('answers 200 with a token and expiresIn "8h"', async () => {
    const { data, response } = await server.api.POST('/v1/users/login', {
      body: { email: 'rosa.example@example.test', password: owner.password },
    });
    expect(response.status).toBe(200);
    const grant = data?.data;
    expect(grant && 'token' in grant ? grant.expiresIn : grant).toBe('8h');
    expect(grant && 'token' in grant ? grant.token.split('.') : grant).toHaveLength(3);
  });

  it('puts the session user in the token and no SSN or ITIN digits', async () => {
    const before = Math.floor(Date.now() / 1000);
    const token = await server.login(owner.email, owner.password);
    const payload = decodeJwt(token);

    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    expect(payload).toMatchObject({
      sub: owner.id,
      id: owner.id,
      firmId: owner.firmId,
      firstName: 'Rosa',
      middleName: 'Maria',
      lastName: 'Example',
      email: 'rosa.example@example.test',
      privilege: 'owner',
    });
    expect(payload.userInformation).toEqual({
      phoneNumber: '555-010-0199',
      usage: 'text',
      civilStatus: 'married',
      gender: 'female',
      birthDate: '1980-04-02',
      ssnStatus: 'hasSsn',
    });
    const text = decodedText(token);
    for (const secret of ['123-45-6789', '123456789', '912-70-1234', '912701234', 'ssn"', 'itin']) {
      expect(text).not.toContain(secret);
    }
    expect(token).not.toMatch(/123-?45-?6789|912-?70-?1234/);

    const eightHours = 8 * 60 * 60;
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(eightHours);
    expect(payload.exp).toBeGreaterThanOrEqual(before + eightHours);
    expect(payload.exp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + eightHours);
  });

  it('finds the account whatever the case and surrounding spaces of the email', async () => {
    const response = await loginWith(server, '  ROSA.EXAMPLE@example.TEST ', owner.password);
    expect(response.status).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401 body', async () => {
    const wrongPassword = await loginWith(server, owner.email, 'Not#theRight1');
    const unknownEmail = await loginWith(server, 'nobody@example.test', owner.password);

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const [first, second] = [await wrongPassword.text(), await unknownEmail.text()];
    expect(JSON.parse(first)).toEqual(invalidCredentialsBody);
    expect(second).toBe(first);
    expect(unknownEmail.headers.get('content-type')).toBe(wrongPassword.headers.get('content-type'));
  });

  describe('refuses a request that breaks the contract with 400', () => {
    it('malformed JSON', async () => {
      const response = await postLogin(server, '{"email": "a@example.test", "password": ');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: expect.any(String), code: 'malformed_body' });
    });

    it('an empty body', async () => {
      const response = await postLogin(server, '');
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('malformed_body');
    });

    it('a body that is not JSON', async () => {
      const response = await postLogin(server, 'email=a@example.test&password=x', 'text/plain');
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('malformed_body');
    });

    it('a missing field', async () => {
      const response = await postLogin(server, JSON.stringify({ email: owner.email }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: 'Invalid request: password is required',
        code: 'validation_failed',
        fields: { password: 'is required' },
      });
    });

    it('an unknown field, refused rather than dropped', async () => {
      const response = await postLogin(server, JSON.stringify({ email: owner.email, password: owner.password, role: 'owner' }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', fields: { role: 'is not allowed' } });
    });

    it('a field of the wrong type', async () => {
      const response = await postLogin(server, JSON.stringify({ email: owner.email, password: 12345678 }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', fields: { password: 'must be string' } });
    });

    it('a 1 MB string, with the field it is in', async () => {
      const response = await postLogin(server, JSON.stringify({ email: owner.email, password: 'x'.repeat(1024 * 1024) }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'validation_failed',
        fields: { password: 'must NOT have more than 128 characters' },
      });
    });

    it('a body over the size limit', async () => {
      const response = await postLogin(server, JSON.stringify({ email: owner.email, password: 'x'.repeat(5 * 1024 * 1024) }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Request body is too large', code: 'body_too_large' });
    });
  });
});

describe.each(testDatabases())('sign-in throttle on %s', (kind) => {
  // Lowered thresholds: the 3rd failure of a key is held back, the 4th locks it for 10 minutes.
  const settings = { delayAfter: 2, delayStepMs: 100, maxDelayMs: 150, lockAfter: 4, lockMs: 10 * 60_000, windowMs: 15 * 60_000 };
  let server: TestServer;
  let firmId: string;
  let clock: number;
  /** What happened, in order: the server holding back an answer, and the client receiving one. */
  let events: string[];

  async function attempt(email: string, password: string): Promise<Response> {
    const response = await loginWith(server, email, password);
    events.push(`answer ${response.status}`);
    return response;
  }

  async function failureRow(key: string) {
    return server.db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
  }

  async function resetThrottle(): Promise<void> {
    await server.db.deleteFrom('login_failures').execute();
    events = [];
  }

  beforeAll(async () => {
    clock = Date.parse('2030-01-15T10:00:00.000Z');
    server = await startTestServer(kind, {
      loginThrottle: {
        ...settings,
        now: () => new Date(clock),
        wait: async (ms) => {
          events.push(`wait ${ms}`);
        },
      },
    });
    firmId = (await server.createFirm()).id;
  });

  afterAll(() => server?.close());

  it('holds back failed answers from the third failure, then locks even the right password', async () => {
    await resetThrottle();
    const user = await server.createUser({ firmId, email: 'locked@example.test' });

    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt(user.email, 'Wrong#pass1')).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    // Held back before the answer went out, longer each time, capped at maxDelayMs.
    expect(events).toEqual(['answer 401', 'answer 401', 'wait 100', 'answer 401', 'wait 150', 'answer 401']);

    const row = await failureRow('email:locked@example.test');
    expect(row).toMatchObject({ failures: 4, locked_until: new Date(clock + settings.lockMs).toISOString() });

    const refused = await attempt(user.email, user.password);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(tooManyAttemptsBody);
    expect(refused.headers.get('retry-after')).toBe(String(settings.lockMs / 1000));
    // A locked attempt is refused unchecked: it is not counted and not held back.
    expect(events.at(-1)).toBe('answer 429');
    expect(events.at(-2)).toBe('answer 401');
    expect((await failureRow('email:locked@example.test'))?.failures).toBe(4);
  });

  it('lets the right password in again once the lock has ended', async () => {
    await resetThrottle();
    const user = await server.createUser({ firmId, email: 'patient@example.test' });
    for (let i = 0; i < 4; i += 1) await attempt(user.email, 'Wrong#pass1');
    expect((await attempt(user.email, user.password)).status).toBe(429);

    clock += settings.lockMs - 1000;
    const stillLocked = await attempt(user.email, user.password);
    expect(stillLocked.status).toBe(429);
    expect(stillLocked.headers.get('retry-after')).toBe('1');

    clock += 1000;
    expect((await attempt(user.email, user.password)).status).toBe(200);
  });

  it('counts failures per client address across emails', async () => {
    await resetThrottle();
    const user = await server.createUser({ firmId, email: 'bystander@example.test' });
    for (let i = 0; i < 4; i += 1) {
      expect((await attempt(`guess-${i}@example.test`, 'Wrong#pass1')).status).toBe(401);
    }
    const addressRows = await server.db.selectFrom('login_failures').selectAll().where('key', 'like', 'ip:%').execute();
    expect(addressRows).toHaveLength(1);
    expect(addressRows[0]?.failures).toBe(4);

    // This client's address is locked, so even another account's right password waits.
    expect((await attempt(user.email, user.password)).status).toBe(429);
  });

  it('does not count a success as a failure, nor forget the failures before it', async () => {
    await resetThrottle();
    const user = await server.createUser({ firmId, email: 'forgetful@example.test' });
    await attempt(user.email, 'Wrong#pass1');
    await attempt(user.email, 'Wrong#pass2');
    expect((await failureRow('email:forgetful@example.test'))?.failures).toBe(2);

    // Without the device cookie the browser is unknown: the account's and address's counts stand.
    expect((await attempt(user.email, user.password)).status).toBe(200);
    expect((await failureRow('email:forgetful@example.test'))?.failures).toBe(2);
    const addressRows = await server.db.selectFrom('login_failures').selectAll().where('key', 'like', 'ip:%').execute();
    expect(addressRows.map((row) => row.failures)).toEqual([2]);
  });

  it('starts counting afresh once the window has passed', async () => {
    await resetThrottle();
    const user = await server.createUser({ firmId, email: 'occasional@example.test' });
    for (let i = 0; i < 3; i += 1) await attempt(user.email, 'Wrong#pass1');
    clock += settings.windowMs + 1;
    await attempt(user.email, 'Wrong#pass1');
    expect(await failureRow('email:occasional@example.test')).toMatchObject({
      failures: 1,
      first_failed_at: new Date(clock).toISOString(),
      locked_until: null,
    });
  });
});
