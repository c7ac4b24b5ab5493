// The sign-in lockout (docs/product/sign-in-and-session.md, Lockout): device cookies keep a browser
// that signed in as a user signing in while wrong passwords for that email arrive from elsewhere;
// unknown browsers are limited per account, per address and per day; client addresses come from
// X-Forwarded-For only when the proxy is trusted; and attempts are counted before the password is
// checked, so a parallel burst gets no more checks than the limit.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginThrottleSettings } from '../../server/auth/loginThrottle';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';

const invalidCredentialsBody = { message: 'Email or password is incorrect', code: 'invalid_credentials' };

interface From {
  /** X-Forwarded-For: the client address behind a trusted proxy. */
  address?: string;
  /** The Cookie header the browser sends. */
  cookie?: string;
  proto?: string;
}

function signIn(server: TestServer, email: string, password: string, from: From = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (from.address) headers['X-Forwarded-For'] = from.address;
  if (from.cookie) headers.Cookie = from.cookie;
  if (from.proto) headers['X-Forwarded-Proto'] = from.proto;
  return fetch(`${server.baseUrl}/v1/users/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
}

/** The `name=value` a browser sends back for the answer's device cookie. */
function deviceCookieOf(response: Response): string {
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('device_'));
  if (!setCookie) throw new Error(`No device cookie in ${response.status} answer`);
  return setCookie.split(';')[0] as string;
}

async function statuses(responses: Promise<Response>[]): Promise<number[]> {
  return (await Promise.all(responses)).map((response) => response.status);
}

describe.each(testDatabases())('sign-in lockout on %s', (kind) => {
  // Lowered limits: 3 failures per 15 minutes per device, account or address; 7 a day per account.
  const settings: Partial<LoginThrottleSettings> = {
    lockAfter: 3,
    windowMs: 15 * 60_000,
    lockMs: 15 * 60_000,
    dayLimit: 7,
    dayWindowMs: 24 * 60 * 60_000,
    wait: async () => {},
  };
  let server: TestServer;
  let firmId: string;
  let clock: number;
  let attacker = 0;

  /** A different address for every wrong password an attacker sends. */
  function elsewhere(): From {
    attacker += 1;
    return { address: `203.0.113.${attacker % 250}` };
  }

  beforeAll(async () => {
    clock = Date.parse('2030-03-01T09:00:00.000Z');
    server = await startTestServer(kind, { trustProxy: true, loginThrottle: { ...settings, now: () => new Date(clock) } });
    firmId = (await server.createFirm()).id;
  });

  afterAll(() => server?.close());

  it('sets a device cookie on success: HttpOnly, SameSite=Strict, for the sign-in path, Secure over https', async () => {
    const user = await server.createUser({ firmId });
    const plain = await signIn(server, user.email, user.password, { address: '198.51.100.1' });
    const cookie = plain.headers.getSetCookie().find((text) => text.startsWith('device_')) ?? '';
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/v1\/users\/login/);
    expect(cookie).toMatch(/; Max-Age=\d+/);
    expect(cookie).not.toMatch(/; Secure/);
    expect(cookie).not.toContain(user.email);

    const https = await signIn(server, user.email, user.password, { address: '198.51.100.1', proto: 'https' });
    expect(https.headers.getSetCookie().find((text) => text.startsWith('device_'))).toMatch(/; Secure/);

    const failed = await signIn(server, user.email, 'Wrong#pass1', { address: '198.51.100.1' });
    expect(failed.headers.getSetCookie()).toEqual([]);
  });

  it('the known browser signs in during an attack from other addresses; an unknown one is refused', async () => {
    const user = await server.createUser({ firmId });
    const office: From = { address: '198.51.100.7' };
    const known = { ...office, cookie: deviceCookieOf(await signIn(server, user.email, user.password, office)) };

    const attack: number[] = [];
    for (let i = 0; i < 6; i += 1) attack.push((await signIn(server, user.email, 'Guess#0000', elsewhere())).status);
    expect(attack).toEqual([401, 401, 401, 429, 429, 429]);

    const unknown = await signIn(server, user.email, user.password, { address: '198.51.100.8' });
    expect(unknown.status).toBe(429);
    expect(unknown.headers.get('retry-after')).toBe(String(15 * 60));
    // The same office address without the cookie is an unknown browser too.
    expect((await signIn(server, user.email, user.password, office)).status).toBe(429);

    expect((await signIn(server, user.email, user.password, known)).status).toBe(200);
  });

  it('a device cookie counts only for its own email, and a forged one for nothing', async () => {
    const user = await server.createUser({ firmId });
    const colleague = await server.createUser({ firmId });
    const colleagueCookie = deviceCookieOf(await signIn(server, colleague.email, colleague.password, { address: '198.51.100.9' }));
    const ownCookie = deviceCookieOf(await signIn(server, user.email, user.password, { address: '198.51.100.9' }));
    for (let i = 0; i < 3; i += 1) await signIn(server, user.email, 'Guess#0000', elsewhere());

    expect((await signIn(server, user.email, user.password, { address: '198.51.100.9', cookie: colleagueCookie })).status).toBe(429);
    const [name, value] = ownCookie.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await signIn(server, user.email, user.password, { address: '198.51.100.9', cookie: forged })).status).toBe(429);
    expect((await signIn(server, user.email, user.password, { address: '198.51.100.9', cookie: ownCookie })).status).toBe(200);
  });

  it("a known browser's own failures are limited per device, and its success clears them", async () => {
    const user = await server.createUser({ firmId });
    const from: From = { address: '198.51.100.20' };
    const known = { ...from, cookie: deviceCookieOf(await signIn(server, user.email, user.password, from)) };

    expect((await signIn(server, user.email, 'Typo#0001', known)).status).toBe(401);
    expect((await signIn(server, user.email, 'Typo#0002', known)).status).toBe(401);
    expect((await signIn(server, user.email, user.password, known)).status).toBe(200);
    const typos: number[] = [];
    for (let i = 0; i < 4; i += 1) typos.push((await signIn(server, user.email, `Typo#000${i}`, known)).status);
    expect(typos).toEqual([401, 401, 401, 429]);
    expect((await signIn(server, user.email, user.password, known)).status).toBe(429);
    // The account itself is not locked for other known browsers.
    const other = await signIn(server, user.email, user.password, { address: '198.51.100.21' });
    expect(other.status).toBe(200);
  });

  it('failures with random emails from one address lock unknown browsers there, not known ones', async () => {
    const user = await server.createUser({ firmId });
    const office: From = { address: '198.51.100.30' };
    const known = { ...office, cookie: deviceCookieOf(await signIn(server, user.email, user.password, office)) };
    for (let i = 0; i < 3; i += 1) {
      const response = await signIn(server, `nobody-${i}@example.test`, 'Guess#0000', office);
      expect(await response.json()).toEqual(invalidCredentialsBody);
    }
    const colleague = await server.createUser({ firmId });
    expect((await signIn(server, colleague.email, colleague.password, office)).status).toBe(429);
    expect((await signIn(server, user.email, user.password, known)).status).toBe(200);
  });

  it('caps an account at the day limit from unknown browsers, across windows and addresses', async () => {
    const user = await server.createUser({ firmId });
    const known = {
      address: '198.51.100.40',
      cookie: deviceCookieOf(await signIn(server, user.email, user.password, { address: '198.51.100.40' })),
    };
    const start = clock;
    const seen: number[] = [];
    for (const guesses of [4, 4, 2]) {
      for (let i = 0; i < guesses; i += 1) seen.push((await signIn(server, user.email, 'Guess#0000', elsewhere())).status);
      clock += 15 * 60_000;
    }
    // 3 + 3 + 1 guesses were checked: the seventh reached the day's limit.
    expect(seen).toEqual([401, 401, 401, 429, 401, 401, 401, 429, 401, 429]);

    const refused = await signIn(server, user.email, user.password, { address: '198.51.100.41' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBe((start + 24 * 60 * 60_000 - clock) / 1000);
    expect((await signIn(server, user.email, user.password, known)).status).toBe(200);

    clock = start + 24 * 60 * 60_000 + 1000;
    expect((await signIn(server, user.email, user.password, { address: '198.51.100.41' })).status).toBe(200);
  });

  it('a password reset lifts the lockout: the person signs in with the new password at once', async () => {
    const owner = await server.createUser({ firmId, privilege: 'owner' });
    const ownerToken = await server.login(owner.email, owner.password);
    const user = await server.createUser({ firmId });
    const office: From = { address: '198.51.100.60' };
    const typos: number[] = [];
    for (let i = 0; i < 4; i += 1) typos.push((await signIn(server, user.email, `Typo#000${i}`, office)).status);
    expect(typos).toEqual([401, 401, 401, 429]);

    const { data } = await server.api.POST('/v1/users/{id}/password-reset', {
      params: { path: { id: user.id } },
      headers: bearer(ownerToken),
    });
    const token = data?.data.url.split('/').pop() ?? '';
    const newPassword = 'Fresh#Start9';
    const reset = await fetch(`${server.baseUrl}/public/v1/password-reset/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': office.address ?? '' },
      body: JSON.stringify({ password: newPassword }),
    });
    expect(reset.status).toBe(204);

    // Another browser elsewhere: the account's counters started afresh.
    expect((await signIn(server, user.email, newPassword, { address: '198.51.100.61' })).status).toBe(200);
    // The browser that reset, at the office whose address is still locked.
    expect((await signIn(server, user.email, newPassword, { ...office, cookie: deviceCookieOf(reset) })).status).toBe(200);
    // The office address keeps its lock for browsers that did not reset: its failures could have been at anyone.
    const colleague = await server.createUser({ firmId });
    expect((await signIn(server, colleague.email, colleague.password, office)).status).toBe(429);
  });

  it('records checked failures in the activity trail, an unknown email only as a keyed hash; refused attempts add no row', async () => {
    const user = await server.createUser({ firmId });
    await signIn(server, user.email, 'Guess#0000', { address: '192.0.2.50' });
    const email = `ghost-${user.id.slice(0, 8)}@example.test`;
    await signIn(server, email, 'Guess#0000', { address: '192.0.2.51' });

    const known = await server.db.selectFrom('activity').selectAll().where('user_id', '=', user.id).execute();
    expect(known).toMatchObject([{ action: 'signIn.failed', firm_id: firmId, client_address: '192.0.2.50', email_hash: null }]);
    const unknown = await server.db.selectFrom('activity').selectAll().where('client_address', '=', '192.0.2.51').execute();
    expect(unknown).toMatchObject([
      { action: 'signIn.failed', firm_id: null, user_id: null, email_hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect(JSON.stringify(unknown)).not.toContain('ghost');
    // Keyed: not the plain SHA-256 of the address, which anyone could compute for a guessed email.
    expect(unknown[0]?.email_hash).not.toBe(createHash('sha256').update(email).digest('hex'));

    for (let i = 0; i < 3; i += 1) await signIn(server, user.email, 'Guess#0000', elsewhere());
    const before = (await server.db.selectFrom('activity').select('id').execute()).length;
    expect((await signIn(server, user.email, 'Guess#0000', elsewhere())).status).toBe(429);
    expect((await server.db.selectFrom('activity').select('id').execute()).length).toBe(before);
  });

  it('takes the client address from X-Forwarded-For when TRUST_PROXY trusts the proxy', async () => {
    await server.db.deleteFrom('login_failures').execute();
    await signIn(server, 'nobody@example.test', 'Guess#0000', { address: '192.0.2.10' });
    const keys = await server.db.selectFrom('login_failures').select('key').where('key', 'like', 'ip:%').execute();
    expect(keys.map((row) => row.key)).toEqual(['ip:192.0.2.10']);
  });
});

describe.each(testDatabases())('sign-in without a trusted proxy, at full limits, on %s', (kind) => {
  let server: TestServer;
  let firmId: string;

  beforeAll(async () => {
    // Failed answers are not held back here: the burst would otherwise wait for nothing.
    server = await startTestServer(kind, { loginThrottle: { wait: async () => {} } });
    firmId = (await server.createFirm()).id;
  });

  afterAll(() => server?.close());

  it('ignores X-Forwarded-For: the address is the connection', async () => {
    for (const address of ['192.0.2.1', '192.0.2.2']) await signIn(server, 'nobody@example.test', 'Guess#0000', { address });
    const rows = await server.db.selectFrom('login_failures').selectAll().where('key', 'like', 'ip:%').execute();
    expect(rows.map((row) => [row.key, row.failures])).toEqual([['ip:127.0.0.1', 2]]);
    await server.db.deleteFrom('login_failures').execute();
  });

  it('40 parallel wrong passwords get 10 checks; the right password after them is refused', async () => {
    const user = await server.createUser({ firmId });
    const burst = await statuses(Array.from({ length: 40 }, (_, i) => signIn(server, user.email, `Guess#${String(i).padStart(4, '0')}`)));
    expect(burst.filter((status) => status === 401)).toHaveLength(10);
    expect(burst.filter((status) => status === 429)).toHaveLength(30);

    const row = await server.db.selectFrom('login_failures').selectAll().where('key', '=', `email:${user.email}`).executeTakeFirstOrThrow();
    expect(row.failures).toBe(10);
    expect(row.locked_until).not.toBeNull();
    expect((await signIn(server, user.email, user.password)).status).toBe(429);
  });
});
