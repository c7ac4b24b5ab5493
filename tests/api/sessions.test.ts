// Revocable sessions (docs/product/sign-in-and-session.md): Sign Out, a password or email change and
// a deactivation end sessions at once, and every request takes the caller's privilege and firm from
// the database, so a change made there takes effect on the next request.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileBody } from './support/userBodies';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';

const unauthenticatedBody = { message: 'Authentication required', code: 'unauthenticated' };
const signedOutBody = { message: 'This session was signed out', code: 'session_signed_out' };

describe.each(testDatabases())('sessions on %s', (kind) => {
  let server: TestServer;
  let firmId: string;
  let owner: TestUser;
  let ownerToken: string;

  async function meStatus(token: string): Promise<number> {
    return (await fetch(`${server.baseUrl}/v1/users/me`, { headers: bearer(token) })).status;
  }

  async function logout(token: string): Promise<Response> {
    return fetch(`${server.baseUrl}/v1/users/logout`, { method: 'POST', headers: bearer(token) });
  }

  async function updateProfile(user: TestUser, token: string, changes: Parameters<typeof profileBody>[0]) {
    const { data, error, response } = await server.api.PUT('/v1/user/{id}', {
      params: { path: { id: user.id } },
      body: profileBody({ email: user.email, firstName: user.firstName, lastName: user.lastName, ...changes }),
      headers: bearer(token),
    });
    if (!data) throw new Error(`PUT /v1/user answered ${response.status}: ${JSON.stringify(error)}`);
    return data;
  }

  /** A user signed in twice: two tabs or two browsers. */
  async function twoSessions(privilege: 'administrator' | 'representative' = 'representative') {
    const user = await server.createUser({ firmId, privilege });
    return { user, first: await server.login(user.email, user.password), second: await server.login(user.email, user.password) };
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    firmId = (await server.createFirm()).id;
    owner = await server.createUser({ firmId, privilege: 'owner' });
    ownerToken = await server.login(owner.email, owner.password);
  });

  afterAll(() => server?.close());

  it('Sign Out answers 204 and that token gets 401 afterwards; the other session goes on', async () => {
    const { first, second } = await twoSessions();
    expect(await meStatus(first)).toBe(200);

    const response = await logout(first);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');

    const after = await fetch(`${server.baseUrl}/v1/users/me`, { headers: bearer(first) });
    expect(after.status).toBe(401);
    // The token's holder learns why (docs/product/sign-in-and-session.md).
    expect(await after.json()).toEqual(signedOutBody);
    expect((await logout(first)).status).toBe(401);
    expect(await meStatus(second)).toBe(200);
  });

  it('records when and why a session ended', async () => {
    const { user, first } = await twoSessions();
    await logout(first);
    const rows = await server.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute();
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.ended_at !== null).map((row) => row.end_reason)).toEqual(['signOut']);
  });

  it('records the sign-in and the sign-out in the activity trail', async () => {
    const { user, first } = await twoSessions();
    await logout(first);
    const rows = await server.db
      .selectFrom('activity')
      .select(['action', 'firm_id', 'user_id', 'client_address'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'signIn.succeeded', firm_id: firmId, user_id: user.id, client_address: '127.0.0.1' },
      { action: 'signIn.succeeded', firm_id: firmId, user_id: user.id, client_address: '127.0.0.1' },
      { action: 'signOut', firm_id: firmId, user_id: user.id, client_address: '127.0.0.1' },
    ]);
  });

  it('Sign Out without a token answers 401', async () => {
    const response = await fetch(`${server.baseUrl}/v1/users/logout`, { method: 'POST' });
    expect(response.status).toBe(401);
  });

  it('a password change ends every other session; the fresh token keeps this tab signed in', async () => {
    const { user, first, second } = await twoSessions();
    const answer = await updateProfile(user, first, { password: 'Changed#Pass2' });

    expect(await meStatus(second)).toBe(401);
    // This tab's old token names the old session, ended too: only the fresh token opens.
    expect(await meStatus(first)).toBe(401);
    expect(await meStatus(answer.session.token)).toBe(200);
    expect(await server.login(user.email, 'Changed#Pass2')).toEqual(expect.any(String));
  });

  it('an email change ends every other session; the fresh token keeps this tab signed in', async () => {
    const { user, first, second } = await twoSessions();
    const email = `moved-${user.id.slice(0, 8)}@example.test`;
    const answer = await updateProfile(user, first, { email });

    expect(answer.data.email).toBe(email);
    expect(await meStatus(second)).toBe(401);
    expect(await meStatus(first)).toBe(401);
    expect(await meStatus(answer.session.token)).toBe(200);
  });

  it('a change of name alone ends no session', async () => {
    const { user, first, second } = await twoSessions();
    const answer = await updateProfile(user, first, { firstName: 'Renamed' });

    expect(answer.data.firstName).toBe('Renamed');
    expect(await meStatus(second)).toBe(200);
    expect(await meStatus(answer.session.token)).toBe(200);
  });

  it('deactivation ends every session of the user at once', async () => {
    const { user, first, second } = await twoSessions();
    const response = await server.api.POST('/v1/user/{id}/deactivate', { params: { path: { id: user.id } }, headers: bearer(ownerToken) });
    expect(response.response.status).toBe(200);

    expect(await meStatus(first)).toBe(401);
    expect(await meStatus(second)).toBe(401);
    const live = await server.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).where('ended_at', 'is', null).execute();
    expect(live).toEqual([]);

    // Reactivation lets them sign in again, but the ended sessions stay ended.
    await server.api.POST('/v1/user/{id}/reactivate', { params: { path: { id: user.id } }, headers: bearer(ownerToken) });
    expect(await meStatus(first)).toBe(401);
    expect(await meStatus(await server.login(user.email, user.password))).toBe(200);
  });

  it('a user deactivated directly in the database is refused on the next request', async () => {
    const { user, first } = await twoSessions();
    await server.db.updateTable('users').set({ status: 'Deactivated' }).where('id', '=', user.id).execute();
    expect(await meStatus(first)).toBe(401);
  });

  it('a privilege changed in the database takes effect on the next request', async () => {
    const { user, first } = await twoSessions('administrator');
    const list = () => fetch(`${server.baseUrl}/v1/users`, { headers: bearer(first) });
    expect((await list()).status).toBe(200);

    await server.db.updateTable('users').set({ privilege: 'representative' }).where('id', '=', user.id).execute();
    const demoted = await list();
    expect(demoted.status).toBe(403);
    expect((await demoted.json()).code).toBe('forbidden');

    await server.db.updateTable('users').set({ privilege: 'administrator' }).where('id', '=', user.id).execute();
    expect((await list()).status).toBe(200);
  });

  it('a user removed from the database is refused on the next request', async () => {
    const { user, first } = await twoSessions();
    await server.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await meStatus(first)).toBe(401);
  });

  it('the firm comes from the database, not from the token', async () => {
    const { user, first } = await twoSessions('administrator');
    const otherFirm = await server.createFirm();
    await server.db.updateTable('users').set({ firm_id: otherFirm.id }).where('id', '=', user.id).execute();
    const { data } = await server.api.GET('/v1/users', { params: { query: {} }, headers: bearer(first) });
    expect(data?.data.map((listed) => listed.id)).toEqual([user.id]);
  });

  it('refuses a validly signed token that names no session, or a session of someone else', async () => {
    const { user, first } = await twoSessions();
    const claims = JSON.parse(Buffer.from(first.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(payload.id))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(server.jwtSecret));

    const { sid: _sid, ...withoutSession } = claims;
    expect(await meStatus(await sign(withoutSession))).toBe(401);
    // The owner's id with this user's session: the session belongs to someone else.
    expect(await meStatus(await sign({ ...claims, id: owner.id }))).toBe(401);
    expect(claims.id).toBe(user.id);
    expect(await meStatus(await sign(claims))).toBe(200);
  });
  describe('a refused session says why in its 401 code', () => {
    async function meRefusal(token: string): Promise<{ status: number; code: unknown }> {
      const response = await fetch(`${server.baseUrl}/v1/users/me`, { headers: bearer(token) });
      return { status: response.status, code: ((await response.json()) as { code?: unknown }).code };
    }

    it('signed out elsewhere: session_signed_out', async () => {
      const { first, second } = await twoSessions();
      await logout(second);
      expect(await meRefusal(second)).toEqual({ status: 401, code: 'session_signed_out' });
      expect(await meStatus(first)).toBe(200);
    });

    it('password changed: session_password_changed; email changed: session_email_changed', async () => {
      const changed = await twoSessions();
      await updateProfile(changed.user, changed.first, { password: 'Changed#Pass2' });
      expect(await meRefusal(changed.second)).toEqual({ status: 401, code: 'session_password_changed' });

      const moved = await twoSessions();
      await updateProfile(moved.user, moved.first, { email: `moved-again-${moved.user.id.slice(0, 8)}@example.test` });
      expect(await meRefusal(moved.second)).toEqual({ status: 401, code: 'session_email_changed' });
    });

    it('deactivated: account_deactivated, also for a session that had expired or ended before', async () => {
      const { user, first, second } = await twoSessions();
      await logout(second);
      await server.api.POST('/v1/user/{id}/deactivate', { params: { path: { id: user.id } }, headers: bearer(ownerToken) });
      expect(await meRefusal(first)).toEqual({ status: 401, code: 'account_deactivated' });
      expect(await meRefusal(second)).toEqual({ status: 401, code: 'account_deactivated' });
    });

    it('expired on the server: session_expired', async () => {
      const { user, first } = await twoSessions();
      await server.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      expect(await meRefusal(first)).toEqual({ status: 401, code: 'session_expired' });
    });

    it('a token past its own expiry: session_expired; a forged or foreign one stays unauthenticated', async () => {
      const { first } = await twoSessions();
      const claims = JSON.parse(Buffer.from(first.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
      const signWith = (secret: string) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(claims.id))
          .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
          .sign(new TextEncoder().encode(secret));
      expect(await meRefusal(await signWith(server.jwtSecret))).toEqual({ status: 401, code: 'session_expired' });
      expect(await meRefusal(await signWith('another-secret-another-secret-another-secret'))).toEqual({
        status: 401,
        code: 'unauthenticated',
      });
    });
  });

  describe('POST /v1/users/me/session/renew', () => {
    async function renew(token?: string): Promise<Response> {
      return fetch(`${server.baseUrl}/v1/users/me/session/renew`, { method: 'POST', headers: token ? bearer(token) : {} });
    }

    it('answers a fresh token for the same session, whose expiry moves a full lifetime from now, and records it', async () => {
      const { user, first, second } = await twoSessions();
      const sid = (token: string) =>
        (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string }).sid;
      const shortened = new Date(Date.now() + 4 * 60_000).toISOString();
      await server.db.updateTable('sessions').set({ expires_at: shortened }).where('id', '=', sid(first)).execute();
      const before = Date.now();

      const response = await renew(first);

      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { token: string; expiresIn: string } };
      expect(data.expiresIn).toBe('8h');
      expect(sid(data.token)).toBe(sid(first));
      expect(await meStatus(data.token)).toBe(200);
      // The old token still opens until its own expiry: it names the same, live session.
      expect(await meStatus(first)).toBe(200);
      const row = await server.db.selectFrom('sessions').select('expires_at').where('id', '=', sid(first)).executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at)).toBeGreaterThanOrEqual(before + 8 * 3_600_000 - 1000);
      expect(row.expires_at > shortened).toBe(true);
      // The other session is untouched.
      const other = await server.db.selectFrom('sessions').select('expires_at').where('id', '=', sid(second)).executeTakeFirstOrThrow();
      expect(Date.parse(other.expires_at)).toBeLessThanOrEqual(before + 8 * 3_600_000);

      const activity = await server.db
        .selectFrom('activity')
        .select(['action', 'firm_id', 'user_id', 'subject'])
        .where('user_id', '=', user.id)
        .where('action', '=', 'session.renewed')
        .execute();
      expect(activity).toEqual([{ action: 'session.renewed', firm_id: firmId, user_id: user.id, subject: null }]);
    });

    it('a revoked session cannot renew: 401 with the reason, and its row stays ended', async () => {
      const { user, second } = await twoSessions();
      await logout(second);

      const response = await renew(second);

      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(signedOutBody);
      expect(await meStatus(second)).toBe(401);
      const renewed = await server.db
        .selectFrom('activity')
        .select('id')
        .where('user_id', '=', user.id)
        .where('action', '=', 'session.renewed')
        .execute();
      expect(renewed).toEqual([]);
    });

    it('an expired session cannot renew, and without a token: unauthenticated', async () => {
      const { user, first } = await twoSessions();
      await server.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      const expired = await renew(first);
      expect(expired.status).toBe(401);
      expect(((await expired.json()) as { code: string }).code).toBe('session_expired');

      const anonymous = await renew();
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual(unauthenticatedBody);
    });
  });
});
