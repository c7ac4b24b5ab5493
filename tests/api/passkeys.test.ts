// Passkeys (docs/product/sign-in-and-session.md, Passkeys) on the real server, on every test
// database, with a software authenticator the test implements (tests/api/support/softAuthenticator.ts):
// adding, listing, renaming and removing on the profile; signing in without the password; serving
// as the second factor after a password; challenges single use and expiring; counters that go
// back, foreign and forged credentials, another user's passkey and a deactivated user refused and
// counted toward the lockout; the firm's requirement met by a passkey.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_LIFETIME_MS } from '../../src/domain/secondFactor';
import { passkeyTexts, secondFactorTexts } from '../../src/domain/texts';
import type { Privilege } from '../../src/domain/enums';
import {
  assertPasskey,
  createPasskey,
  strangerKey,
  type AssertionJson,
  type CreationOptions,
  type SoftCredential,
} from './support/softAuthenticator';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';

const PUBLIC_URL = 'https://intake.example.test';
const refusedBody = { message: passkeyTexts.refused, code: 'passkey_refused' };
const expiredBody = { message: secondFactorTexts.challengeExpired, code: 'challenge_expired' };

function testClock() {
  let at = Date.now();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

describe.each(testDatabases())('passkeys on %s', (kind) => {
  let server: TestServer;
  let firmId: string;
  const clock = testClock();

  async function person(privilege: Privilege = 'representative', inFirm = firmId) {
    const user = await server.createUser({ firmId: inFirm, privilege, firstName: 'Marisol', lastName: 'Quintanilla-Ortiz' });
    return { user, token: await server.login(user.email, user.password) };
  }

  async function registrationOptions(token: string): Promise<CreationOptions> {
    const { data, response } = await server.api.POST('/v1/users/me/passkeys/options', { headers: bearer(token) });
    expect(response.status).toBe(200);
    return data!.data;
  }

  async function add(token: string, name: string, json: unknown) {
    const { data, error, response } = await server.api.POST('/v1/users/me/passkeys', {
      headers: bearer(token),
      body: { name, response: json as never },
    });
    return { status: response.status, data: data?.data, error };
  }

  /** Creates a passkey with the software authenticator and adds it; answers the credential. */
  async function addPasskey(token: string, name = 'Office laptop'): Promise<SoftCredential> {
    const { credential, json } = createPasskey(await registrationOptions(token), PUBLIC_URL);
    expect((await add(token, name, json)).status).toBe(201);
    return credential;
  }

  async function list(token: string) {
    const { data, response } = await server.api.GET('/v1/users/me/passkeys', { headers: bearer(token) });
    expect(response.status).toBe(200);
    return data!.data;
  }

  async function signInChallenge(loginChallenge?: string): Promise<string> {
    const { data, response } = await server.api.POST('/v1/users/login/passkey/options', {
      body: loginChallenge ? { challenge: loginChallenge } : {},
    });
    expect(response.status).toBe(200);
    return data!.data.challenge;
  }

  async function passkeySignIn(assertion: AssertionJson) {
    const { data, error, response } = await server.api.POST('/v1/users/login/passkey', { body: { response: assertion as never } });
    return { status: response.status, data: data?.data, error };
  }

  async function passwordStep(user: TestUser) {
    const { data, response } = await server.api.POST('/v1/users/login', { body: { email: user.email, password: user.password } });
    expect(response.status).toBe(200);
    return data!.data as { challenge?: string; methods?: string[]; token?: string };
  }

  async function secondFactorStep(challenge: string, assertion: AssertionJson) {
    const { data, error, response } = await server.api.POST('/v1/users/login/second-factor', {
      body: { challenge, passkey: assertion as never },
    });
    return { status: response.status, data: data?.data, error };
  }

  async function actions(userId: string): Promise<string[]> {
    const rows = await server.db
      .selectFrom('activity')
      .select('action')
      .where('user_id', '=', userId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.action);
  }

  beforeAll(async () => {
    server = await startTestServer(kind, {
      publicUrl: PUBLIC_URL,
      loginThrottle: { now: clock.now, wait: async () => undefined, delayAfter: 1000, lockAfter: 1000 },
    });
    firmId = (await server.createFirm()).id;
  });

  afterAll(() => server?.close());

  it('adds a named passkey from a verified attestation; lists it; the challenge is spent by its use', async () => {
    const { user, token } = await person();
    const options = await registrationOptions(token);
    expect(options.rp.id).toBe('intake.example.test');
    expect(options.user.name).toBe(user.email);

    const { credential, json } = createPasskey(options, PUBLIC_URL);
    const added = await add(token, '  Office laptop ', json);
    expect(added.status).toBe(201);
    expect(added.data).toEqual({ id: expect.any(String), name: 'Office laptop', createdAt: clock.now().toISOString(), lastUsedAt: null });
    expect(await list(token)).toEqual([added.data]);
    const row = await server.db.selectFrom('passkeys').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.credential_id).toBe(credential.id);
    expect(Number(row.counter)).toBe(0);
    expect(await actions(user.id)).toContain('passkey.added');

    // The same answer again: its challenge is spent.
    const again = await add(token, 'Twice', json);
    expect(again.status).toBe(400);
    expect(again.error).toEqual({ message: passkeyTexts.addFailed, code: 'passkey_refused' });
  });

  it('refuses an attestation for an expired challenge, another origin, or another user', async () => {
    const { token } = await person();
    const other = await person();

    const late = createPasskey(await registrationOptions(token), PUBLIC_URL);
    clock.advance(CHALLENGE_LIFETIME_MS + 1000);
    expect((await add(token, 'Late', late.json)).status).toBe(400);

    const phished = createPasskey(await registrationOptions(token), 'https://intake.example.test.evil.example');
    expect((await add(token, 'Phished', phished.json)).status).toBe(400);

    // Created for one user's challenge, sent by another.
    const foreign = createPasskey(await registrationOptions(token), PUBLIC_URL);
    expect((await add(other.token, 'Foreign', foreign.json)).status).toBe(400);
    expect(await list(token)).toEqual([]);
    expect(await list(other.token)).toEqual([]);
  });

  it('signs in without the password: the token carries the role from the database; recorded; last used set', async () => {
    const { user, token } = await person('administrator');
    const credential = await addPasskey(token);

    const assertion = assertPasskey(credential, await signInChallenge(), { origin: PUBLIC_URL });
    const signedIn = await passkeySignIn(assertion);
    expect(signedIn.status).toBe(200);
    const me = await server.api.GET('/v1/users/me', { headers: bearer(signedIn.data!.token) });
    expect(me.data?.data).toMatchObject({ id: user.id, email: user.email, privilege: 'administrator' });
    expect((await list(token))[0]!.lastUsedAt).toBe(clock.now().toISOString());
    expect(await actions(user.id)).toEqual(expect.arrayContaining(['passkey.used', 'signIn.succeeded']));

    // The same assertion again: the challenge was spent.
    const replay = await passkeySignIn(assertion);
    expect(replay.status).toBe(401);
    expect(replay.error).toEqual(expiredBody);
  });

  it('refuses a counter gone back, a forged signature, a foreign credential, another origin and an expired challenge', async () => {
    const { user, token } = await person();
    const credential = await addPasskey(token);
    expect((await passkeySignIn(assertPasskey(credential, await signInChallenge(), { origin: PUBLIC_URL, counter: 5 }))).status).toBe(200);

    const cloned = await passkeySignIn(assertPasskey(credential, await signInChallenge(), { origin: PUBLIC_URL, counter: 3 }));
    expect(cloned.status).toBe(401);
    expect(cloned.error).toEqual(refusedBody);

    const forged = await passkeySignIn(
      assertPasskey(credential, await signInChallenge(), { origin: PUBLIC_URL, signingKey: strangerKey() }),
    );
    expect(forged.status).toBe(401);

    const strangerCredential = createPasskey(await registrationOptions(token), PUBLIC_URL).credential;
    const foreign = await passkeySignIn(assertPasskey(strangerCredential, await signInChallenge(), { origin: PUBLIC_URL }));
    expect(foreign.status).toBe(401);
    expect(foreign.error).toEqual(refusedBody);

    const phished = await passkeySignIn(assertPasskey(credential, await signInChallenge(), { origin: 'https://evil.example' }));
    expect(phished.status).toBe(401);

    const challenge = await signInChallenge();
    clock.advance(CHALLENGE_LIFETIME_MS + 1000);
    const late = await passkeySignIn(assertPasskey(credential, challenge, { origin: PUBLIC_URL }));
    expect(late.status).toBe(401);
    expect(late.error).toEqual(expiredBody);

    // Each refusal of this user's credential is a failed sign-in in the trail.
    expect((await actions(user.id)).filter((action) => action === 'signIn.failed')).toHaveLength(3);
    // The right counter still signs in.
    expect((await passkeySignIn(assertPasskey(credential, await signInChallenge(), { origin: PUBLIC_URL }))).status).toBe(200);
  });

  it('serves as the second factor after a password; another user’s passkey is refused on that challenge', async () => {
    const { user, token } = await person();
    const credential = await addPasskey(token);
    const other = await person();
    const otherCredential = await addPasskey(other.token);

    const step = await passwordStep(user);
    expect(step).toEqual({ challenge: expect.any(String), methods: ['passkey'] });
    const challenge = step.challenge!;

    const foreign = await secondFactorStep(
      challenge,
      assertPasskey(otherCredential, await signInChallenge(challenge), { origin: PUBLIC_URL }),
    );
    expect(foreign.status).toBe(401);
    expect(foreign.error).toEqual(refusedBody);
    // A sign-in challenge without a password is not a second factor's.
    const wrongPurpose = await secondFactorStep(challenge, assertPasskey(credential, await signInChallenge(), { origin: PUBLIC_URL }));
    expect(wrongPurpose.status).toBe(401);

    const passed = await secondFactorStep(challenge, assertPasskey(credential, await signInChallenge(challenge), { origin: PUBLIC_URL }));
    expect(passed.status).toBe(200);
    expect(passed.data).toEqual({ token: expect.any(String), expiresIn: '8h' });
    expect((await server.api.GET('/v1/users/me', { headers: bearer(passed.data!.token) })).response.status).toBe(200);
    // The sign-in challenge is spent with it.
    expect((await server.api.POST('/v1/users/login/passkey/options', { body: { challenge } })).response.status).toBe(401);

    const both = await server.api.POST('/v1/users/login/second-factor', {
      body: {
        challenge: (await passwordStep(user)).challenge!,
        code: '123456',
        passkey: assertPasskey(credential, 'x', { origin: PUBLIC_URL }) as never,
      },
    });
    expect(both.response.status).toBe(400);
  });

  it("meets the firm's requirement; the last second factor cannot be removed there", async () => {
    const requiring = await server.createFirm();
    await server.db.updateTable('firms').set({ require_second_factor: true }).where('id', '=', requiring.id).execute();
    const user = await server.createUser({ firmId: requiring.id });
    // Without a second factor the sign-in sets up an authenticator first...
    expect((await passwordStep(user)).methods).toEqual(['totpEnrolment']);
    // ...a passkey added elsewhere (a session of before the requirement) meets it.
    const token = (await passkeySignInAfterAdding(user)).token;
    expect((await passwordStep(user)).methods).toEqual(['passkey']);

    const [only] = await list(token);
    const refused = await server.api.DELETE('/v1/users/me/passkeys/{passkeyId}', {
      params: { path: { passkeyId: only!.id } },
      headers: bearer(token),
    });
    expect(refused.response.status).toBe(409);
    expect(refused.error).toEqual({ message: passkeyTexts.requiredCannotRemove, code: 'second_factor_required' });
  });

  /** Adds a passkey through a session made directly, then signs in with it. */
  async function passkeySignInAfterAdding(user: TestUser) {
    const firm = await server.db
      .selectFrom('firms')
      .select(['id', 'require_second_factor'])
      .where('id', '=', user.firmId)
      .executeTakeFirstOrThrow();
    await server.db.updateTable('firms').set({ require_second_factor: false }).where('id', '=', firm.id).execute();
    const token = await server.login(user.email, user.password);
    await server.db
      .updateTable('firms')
      .set({ require_second_factor: Boolean(firm.require_second_factor) })
      .where('id', '=', firm.id)
      .execute();
    const credential = await addPasskey(token);
    const signedIn = await passkeySignIn(assertPasskey(credential, await signInChallenge(), { origin: PUBLIC_URL }));
    expect(signedIn.status).toBe(200);
    return signedIn.data!;
  }

  it('renames and removes only its own passkeys; a removed passkey signs in nothing; recorded', async () => {
    const { user, token } = await person();
    const credential = await addPasskey(token, 'Phone');
    const other = await person();
    const [passkey] = await list(token);
    const path = { passkeyId: passkey!.id };

    const renamed = await server.api.PATCH('/v1/users/me/passkeys/{passkeyId}', {
      params: { path },
      headers: bearer(token),
      body: { name: 'Work phone' },
    });
    expect(renamed.data?.data).toMatchObject({ id: passkey!.id, name: 'Work phone' });
    const blank = await server.api.PATCH('/v1/users/me/passkeys/{passkeyId}', {
      params: { path },
      headers: bearer(token),
      body: { name: '   ' },
    });
    expect(blank.response.status).toBe(400);
    const notTheirs = await server.api.PATCH('/v1/users/me/passkeys/{passkeyId}', {
      params: { path },
      headers: bearer(other.token),
      body: { name: 'Mine now' },
    });
    expect(notTheirs.response.status).toBe(404);
    expect(
      (await server.api.DELETE('/v1/users/me/passkeys/{passkeyId}', { params: { path }, headers: bearer(other.token) })).response.status,
    ).toBe(404);

    const removed = await server.api.DELETE('/v1/users/me/passkeys/{passkeyId}', { params: { path }, headers: bearer(token) });
    expect(removed.response.status).toBe(204);
    expect(await list(token)).toEqual([]);
    expect(await actions(user.id)).toContain('passkey.removed');
    const after = await passkeySignIn(assertPasskey(credential, await signInChallenge(), { origin: PUBLIC_URL }));
    expect(after.status).toBe(401);
    expect(after.error).toEqual(refusedBody);
    // Without a passkey the password alone signs in again.
    expect((await passwordStep(user)).token).toEqual(expect.any(String));
  });

  it("a deactivated user's passkey signs in nothing; the profile's calls need a session", async () => {
    const owner = await person('owner');
    const { user, token } = await person();
    const credential = await addPasskey(token);
    const deactivated = await server.api.POST('/v1/user/{id}/deactivate', {
      params: { path: { id: user.id } },
      headers: bearer(owner.token),
    });
    expect(deactivated.response.status).toBe(200);
    const refused = await passkeySignIn(assertPasskey(credential, await signInChallenge(), { origin: PUBLIC_URL }));
    expect(refused.status).toBe(401);
    expect(refused.error).toEqual(refusedBody);

    expect((await server.api.GET('/v1/users/me/passkeys')).response.status).toBe(401);
    expect((await server.api.POST('/v1/users/me/passkeys/options')).response.status).toBe(401);
  });

  it("the firm's reset of an employee's second factor removes their passkeys; recorded", async () => {
    const owner = await person('owner');
    const { user, token } = await person();
    const credential = await addPasskey(token);
    const reset = await server.api.DELETE('/v1/users/{id}/totp', { params: { path: { id: user.id } }, headers: bearer(owner.token) });
    expect(reset.response.status).toBe(204);
    expect(await server.db.selectFrom('passkeys').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await actions(owner.user.id)).toContain('secondFactor.reset');
    expect((await passkeySignIn(assertPasskey(credential, await signInChallenge(), { origin: PUBLIC_URL }))).status).toBe(401);
    expect((await passwordStep(user)).token).toEqual(expect.any(String));
  });

  it('without PUBLIC_URL the relying party is the host staff called', async () => {
    const plain = await startTestServer(kind, { loginThrottle: { now: clock.now } });
    try {
      const firm = await plain.createFirm();
      const user = await plain.createUser({ firmId: firm.id });
      const token = await plain.login(user.email, user.password);
      const port = new URL(plain.baseUrl).port;
      const response = await fetch(`http://localhost:${port}/v1/users/me/passkeys/options`, { method: 'POST', headers: bearer(token) });
      const options = ((await response.json()) as { data: CreationOptions }).data;
      expect(options.rp.id).toBe('localhost');
      const { credential, json } = createPasskey(options, `http://localhost:${port}`);
      const added = await fetch(`http://localhost:${port}/v1/users/me/passkeys`, {
        method: 'POST',
        headers: { ...bearer(token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Desk', response: json }),
      });
      expect(added.status).toBe(201);
      const challenge = (
        (await (await fetch(`http://localhost:${port}/v1/users/login/passkey/options`, { method: 'POST' })).json()) as {
          data: { challenge: string };
        }
      ).data.challenge;
      const signedIn = await fetch(`http://localhost:${port}/v1/users/login/passkey`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ response: assertPasskey(credential, challenge, { origin: `http://localhost:${port}` }) }),
      });
      expect(signedIn.status).toBe(200);
    } finally {
      await plain.close();
    }
  });

  describe('the lockout', () => {
    let locking: TestServer;
    beforeAll(async () => {
      locking = await startTestServer(kind, {
        publicUrl: PUBLIC_URL,
        loginThrottle: { now: clock.now, wait: async () => undefined, lockAfter: 3 },
      });
    });
    afterAll(() => locking?.close());

    it("refused passkeys count toward the account's lockout, as wrong codes do", async () => {
      const firm = await locking.createFirm();
      const user = await locking.createUser({ firmId: firm.id });
      const token = await locking.login(user.email, user.password);
      const options = (await locking.api.POST('/v1/users/me/passkeys/options', { headers: bearer(token) })).data!.data;
      const { credential, json } = createPasskey(options, PUBLIC_URL);
      expect(
        (await locking.api.POST('/v1/users/me/passkeys', { headers: bearer(token), body: { name: 'Key', response: json as never } }))
          .response.status,
      ).toBe(201);
      const challenge = async () => (await locking.api.POST('/v1/users/login/passkey/options', { body: {} })).data!.data.challenge;
      for (let attempt = 0; attempt < 3; attempt++) {
        const forged = assertPasskey(credential, await challenge(), { origin: PUBLIC_URL, signingKey: strangerKey() });
        expect((await locking.api.POST('/v1/users/login/passkey', { body: { response: forged as never } })).response.status).toBe(401);
      }
      const right = await locking.api.POST('/v1/users/login/passkey', {
        body: { response: assertPasskey(credential, await challenge(), { origin: PUBLIC_URL }) as never },
      });
      expect(right.response.status).toBe(429);
      expect(right.error).toMatchObject({ code: 'too_many_attempts' });
      const password = await locking.api.POST('/v1/users/login', { body: { email: user.email, password: user.password } });
      expect(password.response.status).toBe(429);
    });
  });
});
