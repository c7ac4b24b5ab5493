// Bad input is a 400 with the error body, never a 500 or a 502 (docs/architecture.md, API and server): wrong
// types in text fields, keys that shadow Object.prototype's, numbers past what a database takes,
// and a Neos API key that cannot travel in an HTTP header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';
import { employeeBody, userInformation } from './support/userBodies';

const prototypeKeys = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];
const hugeOffsets = ['9223372036854775807', '1e19', '1000000001', '-1', '1.5', 'NaN'];

describe.each(testDatabases())('malformed input on %s', (kind) => {
  let server: TestServer;
  let owner: TestUser;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { neosApiUrl: 'http://127.0.0.1:9' });
    const firm = await server.createFirm();
    owner = await server.createUser({ firmId: firm.id, privilege: 'owner' });
    token = await server.login(owner.email, owner.password);
  });
  afterAll(() => server?.close());

  async function send(
    method: string,
    path: string,
    body?: unknown,
    rawBody?: string,
  ): Promise<{ status: number; body: { code?: string } }> {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { ...bearer(token), ...(body !== undefined || rawBody !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    return { status: response.status, body: (await response.json()) as { code?: string } };
  }

  const userBodyCalls = [
    ['POST', () => '/v1/firmUser', () => employeeBody()],
    ['PUT', () => `/v1/user/${owner.id}`, () => ({ ...employeeBody({ email: owner.email }), password: undefined })],
  ] as const;

  describe.each(userBodyCalls)('%s user body', (method, path, body) => {
    it.each(['firstName', 'lastName', 'middleName', 'email'])('a list in %s is 400', async (field) => {
      const answer = await send(method, path(), { ...body(), [field]: [] });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
    });

    it.each(['phoneNumber', 'ssn', 'birthDate'])('an object in userInformation.%s is 400', async (field) => {
      const answer = await send(method, path(), { ...body(), userInformation: { ...userInformation(), [field]: { a: 1 } } });
      expect(answer.status).toBe(400);
    });

    it.each(prototypeKeys)('a key named %s, at the top or in userInformation, is 400', async (key) => {
      const top = JSON.stringify(body()).replace(/^\{/, `{"${key}":"x",`);
      expect((await send(method, path(), undefined, top)).status).toBe(400);
      const nested = JSON.stringify(body()).replace('"userInformation":{', `"userInformation":{"${key}":1,`);
      expect((await send(method, path(), undefined, nested)).status).toBe(400);
    });
  });

  it.each(['/v1/users', '/v1/leads', '/v1/intake'])('%s refuses an offset past the bound with 400', async (list) => {
    for (const offset of hugeOffsets) {
      const answer = await send('GET', `${list}?offSetValue=${offset}`);
      expect(answer.status, `${list} offSetValue=${offset}`).toBe(400);
    }
    expect((await send('GET', `${list}?offSetValue=1000000000`)).status).toBe(200);
  });

  it.each(['/v1/users/me', '/v1/firm', '/v1/intake/00000000-0000-0000-0000-000000000000'])(
    '%s answers 400 for an unknown query parameter',
    async (path) => {
      const answer = await send('GET', `${path}?surprise=1`);
      expect(answer.status).toBe(400);
    },
  );

  it.each([
    ['/v1/users/login', () => ({ email: 'a\u0000@example.test', password: 'Wrong#Pass1' })],
    [
      '/cases/v2/checkDuplicate',
      () => ({
        neosCasesInformation: {
          firstName: 'Nul\u0000',
          lastName: 'Sample',
          birthDate: '1990-01-01',
          address: 'a',
          city: 'b',
          county: 'c',
          state: 'TX',
          country: 'USA',
          zipCode: '75001',
          gender: 'Male',
          phone: '555-010-0199',
          minor: 'No',
        },
      }),
    ],
  ])('a NUL character in a text of %s is never a 500 (PostgreSQL cannot store it: 400)', async (path, body) => {
    const answer = await send('POST', path, body());
    expect(answer.status).toBeLessThan(500);
    expect([200, 400, 401]).toContain(answer.status);
  });

  it.each([
    ['a non-Latin-1 character', 'key-\u4e2d\u6587'],
    ['a control character', 'key\u0001x'],
    ['a line break', 'key\r\nX-Injected: 1'],
    ['a Latin-1 accent', 'cl\u00e9'],
  ])('a Neos API key with %s is 400, not 502', async (_what, apiKey) => {
    const body = { companyId: 'sample-company', apiKey, integrationId: 'sample-integration' };
    const validate = await send('POST', '/neos/validateCredentials', body);
    expect(validate.status).toBe(400);
    expect(validate.body.code).toBe('validation_failed');
    const firm = await send('PUT', '/v1/firm', { neosCredentials: body });
    expect(firm.status).toBe(400);
  });
});
