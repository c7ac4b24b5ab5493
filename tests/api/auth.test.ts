// Tokens and roles on the server (docs/architecture.md, Auth; docs/product/sign-in-and-session.md): only a valid HS256 token of
// this server opens a protected route, a privilege the route does not list gets 403, and
// GET /v1/users/me answers with the caller's own full record from the caller's own firm.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privileges, type Privilege } from '../../src/domain/enums';
import { callerOf } from '../../server/auth/plugin';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';

const unauthenticatedBody = { message: 'Authentication required', code: 'unauthenticated' };
const forbiddenBody = { message: 'You are not authorized to perform this action', code: 'forbidden' };

/** A route only for managers, added the way a resource's routes are: with config.access. */
const managersOnlyPath = '/test-only/managers';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe.each(testDatabases())('authentication and roles on %s', (kind) => {
  let server: TestServer;
  const users = {} as Record<Privilege, TestUser>;
  const tokens = {} as Record<Privilege, string>;
  let otherFirmUser: TestUser;

  async function me(headers: Record<string, string> = {}) {
    return fetch(`${server.baseUrl}/v1/users/me`, { headers });
  }

  async function sign(payload: Record<string, unknown>, secret: string, expiresAt: number | string = '1h') {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(payload.id))
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(secret));
  }

  beforeAll(async () => {
    server = await startTestServer(kind, {
      beforeListen: (app) => {
        app.get(managersOnlyPath, { config: { access: ['owner', 'administrator'] } }, async (request) => ({
          data: { privilege: callerOf(request).privilege },
        }));
      },
    });
    const firm = await server.createFirm({ firmName: 'Alpha Sample Firm' });
    for (const privilege of privileges) {
      users[privilege] = await server.createUser({
        firmId: firm.id,
        privilege,
        email: `${privilege}@alpha.example.test`,
        firstName: `First${privilege}`,
        lastName: 'Alpha',
        userInformation: { ssn: '111-22-3333', ssnStatus: 'hasSsn', itin: '900-11-2222', usage: 'call' },
      });
      tokens[privilege] = await server.login(users[privilege].email, users[privilege].password);
    }
    const otherFirm = await server.createFirm({ firmName: 'Beta Sample Firm' });
    otherFirmUser = await server.createUser({ firmId: otherFirm.id, privilege: 'owner', email: 'owner@beta.example.test' });
  });

  afterAll(() => server?.close());

  describe('GET /v1/users/me', () => {
    it.each(privileges)('returns the record of the calling %s, SSN and ITIN masked', async (privilege) => {
      const { data, response } = await server.api.GET('/v1/users/me', { headers: bearer(tokens[privilege]) });
      expect(response.status).toBe(200);
      const user = users[privilege];
      expect(data?.data).toEqual({
        id: user.id,
        firstName: `First${privilege}`,
        middleName: null,
        lastName: 'Alpha',
        email: `${privilege}@alpha.example.test`,
        privilege,
        status: 'Active',
        createdAt: user.createdAt,
        userInformation: {
          phoneNumber: null,
          usage: 'call',
          civilStatus: null,
          gender: null,
          birthDate: null,
          ssn: '***-**-3333',
          ssnStatus: 'hasSsn',
          itin: '***-**-2222',
        },
      });
      expect(JSON.stringify(data)).not.toMatch(/password|hash|argon/i);
    });

    it("does not answer with a user of another firm, even for a token naming that user's id", async () => {
      // Signed with the server's own secret: only the firm scoping can refuse it.
      const forged = await sign({ ...payloadOf(tokens.owner), id: otherFirmUser.id }, server.jwtSecret);
      const response = await me(bearer(forged));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(unauthenticatedBody);

      const own = await server.login(otherFirmUser.email, otherFirmUser.password);
      const { data } = await server.api.GET('/v1/users/me', { headers: bearer(own) });
      expect(data?.data.id).toBe(otherFirmUser.id);
      expect(data?.data.email).toBe('owner@beta.example.test');
    });
  });

  describe('refuses with 401 (and, but for an expired token of ours, the same body)', () => {
    it('no token', async () => {
      const response = await me();
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(unauthenticatedBody);
    });

    it.each([
      ['a malformed token', 'Bearer not-a-jwt'],
      ['another scheme', 'Basic b3duZXI6cGFzcw=='],
      ['an empty bearer', 'Bearer '],
    ])('%s', async (_name, authorization) => {
      const response = await me({ Authorization: authorization });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(unauthenticatedBody);
    });

    it('a token whose payload was changed', async () => {
      const [header, , signature] = tokens.representative.split('.');
      const payload = { ...payloadOf(tokens.representative), privilege: 'owner' };
      const response = await me(bearer(`${header}.${base64url(payload)}.${signature}`));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(unauthenticatedBody);
    });

    it('an expired token', async () => {
      const expired = await sign(payloadOf(tokens.owner), server.jwtSecret, Math.floor(Date.now() / 1000) - 60);
      const response = await me(bearer(expired));
      expect(response.status).toBe(401);
      // Signed here, so the holder is told why (docs/product/sign-in-and-session.md).
      expect(await response.json()).toEqual({ message: 'This session has expired', code: 'session_expired' });
    });

    it('an unsigned token (alg none)', async () => {
      const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payloadOf(tokens.owner))}.`;
      const response = await me(bearer(unsigned));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(unauthenticatedBody);
    });

    it('a token signed with another secret', async () => {
      const foreign = await sign(payloadOf(tokens.owner), 'another-secret-another-secret-another-secret');
      const response = await me(bearer(foreign));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(unauthenticatedBody);
    });

    it('a token of a user that no longer exists', async () => {
      const ghost = await sign({ ...payloadOf(tokens.owner), id: '00000000-0000-4000-8000-000000000000' }, server.jwtSecret);
      const response = await me(bearer(ghost));
      expect(response.status).toBe(401);
    });
  });

  describe('a route open to owners and administrators', () => {
    it.each(['owner', 'administrator'] as const)('lets the %s in', async (privilege) => {
      const response = await fetch(`${server.baseUrl}${managersOnlyPath}`, { headers: bearer(tokens[privilege]) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { privilege } });
    });

    it('answers 403 to a representative', async () => {
      const response = await fetch(`${server.baseUrl}${managersOnlyPath}`, { headers: bearer(tokens.representative) });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(forbiddenBody);
    });

    it('answers 401 without a token', async () => {
      const response = await fetch(`${server.baseUrl}${managersOnlyPath}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(unauthenticatedBody);
    });
  });

  it('stores an argon2id hash, never the password', async () => {
    const row = await server.db.selectFrom('users').selectAll().where('id', '=', users.owner.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row.password_hash).not.toContain(users.owner.password);
    expect(JSON.stringify(row)).not.toContain(users.owner.password);
  });
});
