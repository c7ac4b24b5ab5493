// Two server instances on one database (docs/architecture.md, API and server), each with its own
// connection and its own memory of the sessions it checked (server/auth/sessionCache.ts): a Sign
// Out, a password change, a deactivation, a changed privilege or name made through one is seen by
// the other on its very next request (docs/product/sign-in-and-session.md).
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { profileBody } from './support/userBodies';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';

describe.each(testDatabases())('two instances on %s', (kind) => {
  let first: TestServer;
  let secondDb: Kysely<Database>;
  let second: FastifyInstance;
  let secondUrl: string;
  let firmId: string;

  beforeAll(async () => {
    first = await startTestServer(kind, { rateLimitPerMinute: false });
    // Its own connection to the same database, as another process would have.
    if (kind === 'postgres') {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${first.databaseName}`;
      secondDb = openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
    } else {
      secondDb = openDatabase({ dataDir: first.databaseName });
    }
    second = await buildApp({
      db: secondDb,
      jwtSecret: first.jwtSecret,
      staticDir: false,
      rateLimitPerMinute: false,
      piiCipher: first.pii,
    });
    secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
    firmId = (await first.createFirm()).id;
  });

  afterAll(async () => {
    await second?.close();
    await secondDb?.destroy();
    await first?.close();
  });

  async function me(baseUrl: string, token: string) {
    const response = await fetch(`${baseUrl}/v1/users/me`, { headers: bearer(token) });
    return { status: response.status, body: (await response.json()) as { data?: { firstName?: string }; code?: string } };
  }

  /** Signed in twice, each session already checked (and kept) by both instances. */
  async function signedInTwice(privilege: 'administrator' | 'representative' = 'representative') {
    const user = await first.createUser({ firmId, privilege });
    const tokens = [await first.login(user.email, user.password), await first.login(user.email, user.password)];
    for (const token of tokens) {
      expect((await me(first.baseUrl, token)).status).toBe(200);
      expect((await me(secondUrl, token)).status).toBe(200);
    }
    return { user, tokens };
  }

  async function updateProfile(user: TestUser, token: string, changes: Parameters<typeof profileBody>[0]) {
    const response = await fetch(`${first.baseUrl}/v1/user/${user.id}`, {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify(profileBody({ email: user.email, firstName: user.firstName, lastName: user.lastName, ...changes })),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { token?: string } }).data;
  }

  it('Sign Out on one instance is refused by the other on its next request', async () => {
    const { tokens } = await signedInTwice();
    expect((await fetch(`${first.baseUrl}/v1/users/logout`, { method: 'POST', headers: bearer(tokens[0]!) })).status).toBe(204);
    expect(await me(secondUrl, tokens[0]!)).toEqual({
      status: 401,
      body: { message: 'This session was signed out', code: 'session_signed_out' },
    });
    expect((await me(secondUrl, tokens[1]!)).status).toBe(200);
  });

  it('a password change on one instance ends the other sessions on the other', async () => {
    const { user, tokens } = await signedInTwice();
    await updateProfile(user, tokens[0]!, { password: 'Changed#Pass2' });
    expect((await me(secondUrl, tokens[1]!)).status).toBe(401);
  });

  it('a deactivation on one instance is refused by the other on its next request', async () => {
    const owner = await first.createUser({ firmId, privilege: 'owner' });
    const ownerToken = await first.login(owner.email, owner.password);
    const { user, tokens } = await signedInTwice();
    const response = await fetch(`${first.baseUrl}/v1/user/${user.id}/deactivate`, { method: 'POST', headers: bearer(ownerToken) });
    expect(response.status).toBe(200);
    for (const token of tokens) expect((await me(secondUrl, token)).status).toBe(401);
  });

  it('a privilege changed in the database takes effect on both instances at once', async () => {
    const { user, tokens } = await signedInTwice('administrator');
    const list = (baseUrl: string) => fetch(`${baseUrl}/v1/users`, { headers: bearer(tokens[0]!) });
    expect((await list(secondUrl)).status).toBe(200);
    await first.db.updateTable('users').set({ privilege: 'representative' }).where('id', '=', user.id).execute();
    expect((await list(secondUrl)).status).toBe(403);
    expect((await list(first.baseUrl)).status).toBe(403);
  });

  it('a changed name shows on the other instance on its next request', async () => {
    const { user, tokens } = await signedInTwice();
    await updateProfile(user, tokens[0]!, { firstName: 'Renamed' });
    expect((await me(secondUrl, tokens[1]!)).body.data?.firstName).toBe('Renamed');
  });
});
