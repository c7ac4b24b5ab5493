// Two-factor sign-in with authenticator codes (docs/product/sign-in-and-session.md, Second factor):
// enrolment on the profile, sign-in with a code the test computes as an authenticator app would
// (otplib), recovery codes, the challenge's limits, the lockout, the firm's requirement and the
// reset by owner and administrator; on the real server, on every test database.
import { Writable } from 'node:stream';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_LIFETIME_MS, RECOVERY_CODE_PATTERN } from '../../src/domain/secondFactor';
import { secondFactorTexts } from '../../src/domain/texts';
import type { Privilege } from '../../src/domain/enums';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';

const invalidCode400 = { message: secondFactorTexts.invalidCode, code: 'invalid_code', fields: { code: secondFactorTexts.invalidCode } };
const invalidCode401 = invalidCode400;
const challengeExpiredBody = { message: secondFactorTexts.challengeExpired, code: 'challenge_expired' };
const STEP_MS = 30_000;

/** The servers' clock: the test moves it, so codes, challenges and the lockout share one time. */
function testClock() {
  let at = Date.now();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

describe.each(testDatabases())('two-factor sign-in on %s', (kind) => {
  let server: TestServer;
  let firmId: string;
  const clock = testClock();
  const logLines: string[] = [];
  /** Every secret, code and challenge the tests saw: none may reach a log line. */
  const secrets: string[] = [];

  /** The code an authenticator app shows one step later than the last: each code is taken once. */
  function nextCode(secret: string): string {
    clock.advance(STEP_MS);
    const code = generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
    secrets.push(code);
    return code;
  }

  async function person(privilege: Privilege = 'representative', inFirm = firmId) {
    const user = await server.createUser({ firmId: inFirm, privilege });
    return { user, token: await server.login(user.email, user.password) };
  }

  async function startEnrolment(token: string) {
    const { data, error, response } = await server.api.POST('/v1/users/me/totp', { headers: bearer(token) });
    return { status: response.status, data: data?.data, error };
  }

  async function confirm(token: string, code: string) {
    const { data, error, response } = await server.api.POST('/v1/users/me/totp/confirm', { headers: bearer(token), body: { code } });
    return { status: response.status, data: data?.data, error };
  }

  /** Sets up an authenticator for the person; answers its secret and recovery codes. */
  async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const started = await startEnrolment(token);
    const secret = started.data!.secret;
    secrets.push(secret);
    const confirmed = await confirm(token, nextCode(secret));
    expect(confirmed.status).toBe(200);
    secrets.push(...confirmed.data!.recoveryCodes);
    return { secret, recoveryCodes: confirmed.data!.recoveryCodes };
  }

  async function passwordStep(user: TestUser, cookie?: string) {
    const response = await fetch(`${server.baseUrl}/v1/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const body = (await response.json()) as { data: Record<string, unknown> };
    if (typeof body.data?.challenge === 'string') secrets.push(body.data.challenge);
    return { status: response.status, data: body.data, setCookie: response.headers.getSetCookie() };
  }

  async function codeStep(challenge: string, code: string) {
    const { data, error, response } = await server.api.POST('/v1/users/login/second-factor', { body: { challenge, code } });
    return { status: response.status, data: data?.data, error, setCookie: response.headers.getSetCookie() };
  }

  async function challengeOf(user: TestUser): Promise<string> {
    const step = await passwordStep(user);
    expect(step.status).toBe(200);
    return step.data.challenge as string;
  }

  async function currentUserStatus(token: string): Promise<number> {
    const { response } = await server.api.GET('/v1/users/me', { headers: bearer(token) });
    return response.status;
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
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    // The lockout is tested on a server of its own below; here it stays out of the way.
    server = await startTestServer(kind, {
      logLevel: 'info',
      logStream,
      loginThrottle: { now: clock.now, wait: async () => undefined, delayAfter: 1000, lockAfter: 1000 },
    });
    firmId = (await server.createFirm()).id;
  });

  afterAll(() => server?.close());

  it('enrols with a first code: the secret sealed at rest, ten recovery codes shown once and stored hashed', async () => {
    const { user, token } = await person();

    const started = await startEnrolment(token);
    expect(started.status).toBe(200);
    const secret = started.data!.secret;
    secrets.push(secret);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const url = new URL(started.data!.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Intake');
    expect(decodeURIComponent(url.pathname)).toContain(user.email);

    const stored = await server.db.selectFrom('user_second_factors').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);
    expect(server.pii.open(stored.secret_sealed, 'users.totpSecret')).toBe(secret);
    expect(stored.confirmed_at).toBeNull();

    expect(await confirm(token, '000000')).toMatchObject({ status: 400, error: invalidCode400 });
    const confirmed = await confirm(token, nextCode(secret));
    expect(confirmed.status).toBe(200);
    const codes = confirmed.data!.recoveryCodes;
    secrets.push(...codes);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);

    const hashes = await server.db.selectFrom('recovery_codes').select(['code_hash', 'used_at']).where('user_id', '=', user.id).execute();
    expect(hashes).toHaveLength(10);
    for (const row of hashes) {
      expect(row.code_hash).toMatch(/^\$argon2id\$/);
      expect(codes.some((code) => row.code_hash.includes(code))).toBe(false);
      expect(row.used_at).toBeNull();
    }
    expect(await actions(user.id)).toContain('secondFactor.enrolled');

    // On already: a second set-up is refused until it is turned off.
    expect(await startEnrolment(token)).toMatchObject({ status: 409, error: { code: 'second_factor_exists' } });
    const status = await server.api.GET('/v1/users/me/totp', { headers: bearer(token) });
    expect(status.data?.data).toEqual({ enrolled: true, requiredByFirm: false });
  });

  it('confirming without a set-up waiting is a conflict', async () => {
    const { token } = await person();
    expect(await confirm(token, '123456')).toMatchObject({ status: 409, error: { code: 'no_pending_second_factor' } });
  });

  it('signs in with the password, then a code: no token and no device cookie before the code', async () => {
    const { user, token } = await person();
    const { secret } = await enrol(token);

    const first = await passwordStep(user);
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ challenge: expect.any(String), methods: ['totp', 'recoveryCode'] });
    expect(first.data).not.toHaveProperty('token');
    expect(first.setCookie).toEqual([]);
    // Only the challenge's hash is stored.
    const challenge = first.data.challenge as string;
    expect(await server.db.selectFrom('login_challenges').select('id').where('id', '=', challenge).executeTakeFirst()).toBeUndefined();

    const code = nextCode(secret);
    const signedIn = await codeStep(challenge, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.data).toEqual({ token: expect.any(String), expiresIn: '8h' });
    expect(signedIn.setCookie.some((cookie) => cookie.startsWith('device_'))).toBe(true);
    expect(await currentUserStatus(signedIn.data!.token)).toBe(200);
    expect((await actions(user.id)).at(-1)).toBe('signIn.succeeded');

    // The same code again (a replay), on a new challenge: refused.
    expect(await codeStep(await challengeOf(user), code)).toMatchObject({ status: 401, error: invalidCode401 });
    // The used challenge takes nothing more.
    expect(await codeStep(challenge, nextCode(secret))).toMatchObject({ status: 401, error: challengeExpiredBody });
  });

  it("a known browser's device cookie does not skip the second factor", async () => {
    const { user, token } = await person();
    const { secret } = await enrol(token);
    const signedIn = await codeStep(await challengeOf(user), nextCode(secret));
    const cookie = signedIn.setCookie.find((line) => line.startsWith('device_'))!.split(';')[0]!;

    const again = await passwordStep(user, cookie);
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ challenge: expect.any(String), methods: ['totp', 'recoveryCode'] });
  });

  it('a recovery code signs in once, and is recorded', async () => {
    const { user, token } = await person();
    const { recoveryCodes } = await enrol(token);
    const [code] = recoveryCodes;

    const signedIn = await codeStep(await challengeOf(user), code!.toLowerCase());
    expect(signedIn.status).toBe(200);
    expect(await currentUserStatus(signedIn.data!.token)).toBe(200);
    expect(await actions(user.id)).toEqual(expect.arrayContaining(['recoveryCode.used', 'signIn.succeeded']));
    const used = await server.db
      .selectFrom('recovery_codes')
      .select('used_at')
      .where('user_id', '=', user.id)
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(1);

    expect(await codeStep(await challengeOf(user), code!)).toMatchObject({ status: 401, error: invalidCode401 });
    // Another one still works.
    expect((await codeStep(await challengeOf(user), recoveryCodes[1]!)).status).toBe(200);
  });

  it('a challenge takes five codes; the sixth, even a right one, is refused', async () => {
    const { user, token } = await person();
    const { secret } = await enrol(token);
    const challenge = await challengeOf(user);

    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await codeStep(challenge, '000000')).toMatchObject({ status: 401, error: invalidCode401 });
    }
    expect(await codeStep(challenge, nextCode(secret))).toMatchObject({ status: 401, error: challengeExpiredBody });
    const failures = (await actions(user.id)).filter((action) => action === 'signIn.failed');
    expect(failures).toHaveLength(5);
  });

  it('a challenge expires after five minutes', async () => {
    const { user, token } = await person();
    const { secret } = await enrol(token);
    const challenge = await challengeOf(user);

    clock.advance(CHALLENGE_LIFETIME_MS);
    expect(await codeStep(challenge, nextCode(secret))).toMatchObject({ status: 401, error: challengeExpiredBody });
    // A fresh sign-in works.
    expect((await codeStep(await challengeOf(user), nextCode(secret))).status).toBe(200);
  });

  it('an unknown challenge and a malformed body are refused with the error body', async () => {
    expect(await codeStep('no-such-challenge', '123456')).toMatchObject({ status: 401, error: challengeExpiredBody });
    const response = await fetch(`${server.baseUrl}/v1/users/login/second-factor`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ challenge: 'x', code: '1'.repeat(21), extra: true }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('turns off with a current code only, and sign-in then needs the password alone', async () => {
    const { user, token } = await person();
    const { secret } = await enrol(token);

    const wrong = await server.api.DELETE('/v1/users/me/totp', { headers: bearer(token), body: { code: '000000' } });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error).toEqual(invalidCode400);

    const removed = await server.api.DELETE('/v1/users/me/totp', { headers: bearer(token), body: { code: nextCode(secret) } });
    expect(removed.response.status).toBe(204);
    expect(await server.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await actions(user.id)).toContain('secondFactor.removed');

    const step = await passwordStep(user);
    expect(step.data).toEqual({ token: expect.any(String), expiresIn: '8h' });
    const again = await server.api.DELETE('/v1/users/me/totp', { headers: bearer(token), body: { code: '123456' } });
    expect(again.response.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'second_factor_not_enrolled' });
  });

  it('where the firm requires it, a user without one sets it up at sign-in before getting a token', async () => {
    const requiring = await server.createFirm();
    await server.db.updateTable('firms').set({ require_second_factor: true }).where('id', '=', requiring.id).execute();
    const user = await server.createUser({ firmId: requiring.id });

    const step = await passwordStep(user);
    expect(step.status).toBe(200);
    expect(step.data).toEqual({ challenge: expect.any(String), methods: ['totpEnrolment'] });
    const challenge = step.data.challenge as string;

    // The challenge of an enrolment takes no code before a secret was handed out.
    expect(await codeStep(challenge, '123456')).toMatchObject({ status: 409, error: { code: 'no_pending_second_factor' } });
    const enrolment = await server.api.POST('/v1/users/login/second-factor/enrolment', { body: { challenge } });
    expect(enrolment.response.status).toBe(200);
    const secret = enrolment.data!.data.secret;
    secrets.push(secret);

    expect(await codeStep(challenge, '000000')).toMatchObject({ status: 401, error: invalidCode401 });
    const signedIn = await codeStep(challenge, nextCode(secret));
    expect(signedIn.status).toBe(200);
    expect(signedIn.data).toEqual({ token: expect.any(String), expiresIn: '8h', recoveryCodes: expect.any(Array) });
    secrets.push(...signedIn.data!.recoveryCodes!);
    expect(signedIn.data!.recoveryCodes).toHaveLength(10);
    expect(await actions(user.id)).toEqual(expect.arrayContaining(['secondFactor.enrolled', 'signIn.succeeded']));

    // From now on the usual second step; and it cannot be turned off while the firm requires it.
    expect((await passwordStep(user)).data).toEqual({ challenge: expect.any(String), methods: ['totp', 'recoveryCode'] });
    const token = signedIn.data!.token;
    const status = await server.api.GET('/v1/users/me/totp', { headers: bearer(token) });
    expect(status.data?.data).toEqual({ enrolled: true, requiredByFirm: true });
    const removal = await server.api.DELETE('/v1/users/me/totp', { headers: bearer(token), body: { code: nextCode(secret) } });
    expect(removal.response.status).toBe(409);
    expect(removal.error).toMatchObject({ code: 'second_factor_required' });
    // An enrolment challenge is for that: a verifying one gets no secret.
    const verifying = (await passwordStep(user)).data.challenge as string;
    const refused = await server.api.POST('/v1/users/login/second-factor/enrolment', { body: { challenge: verifying } });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual(challengeExpiredBody);
  });

  it("only the owner sets 'Require two-factor sign-in' on the firm; the change is recorded", async () => {
    const requiring = await server.createFirm();
    const owner = await person('owner', requiring.id);
    const admin = await person('administrator', requiring.id);
    const body = {
      firmName: requiring.firm_name,
      firmContact: requiring.firm_contact,
      firmMail: requiring.firm_mail,
      firmAddress: requiring.firm_address,
      requireSecondFactor: true,
    };

    const refused = await server.api.PUT('/v1/firm', { body, headers: bearer(admin.token) });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toEqual({ message: secondFactorTexts.ownerOnly, code: 'forbidden' });

    const saved = await server.api.PUT('/v1/firm', { body, headers: bearer(owner.token) });
    expect(saved.response.status).toBe(200);
    expect(saved.data?.data.requireSecondFactor).toBe(true);
    const row = await server.db
      .selectFrom('firms')
      .select('require_second_factor')
      .where('id', '=', requiring.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.require_second_factor)).toBe(true);
    const changed = await server.db
      .selectFrom('activity')
      .select('fields')
      .where('firm_id', '=', requiring.id)
      .where('action', '=', 'firm.changed')
      .execute();
    expect(changed.map((entry) => JSON.parse(entry.fields) as string[])).toEqual([['requireSecondFactor']]);

    // An administrator's other edits keep it as it is.
    const kept = await server.api.PUT('/v1/firm', {
      body: { ...body, requireSecondFactor: undefined, firmName: 'Renamed Firm' },
      headers: bearer(admin.token),
    });
    expect(kept.data?.data).toMatchObject({ firmName: 'Renamed Firm', requireSecondFactor: true });
    // The next sign-in of staff without a second factor sets one up first.
    expect((await passwordStep(admin.user)).data).toEqual({ challenge: expect.any(String), methods: ['totpEnrolment'] });
  });

  describe('reset by the firm', () => {
    async function reset(token: string, id: string) {
      const { error, response } = await server.api.DELETE('/v1/users/{id}/totp', { params: { path: { id } }, headers: bearer(token) });
      return { status: response.status, error };
    }

    it('an owner resets an administrator, an administrator a representative; recorded; sign-in needs the password alone', async () => {
      const owner = await person('owner');
      const admin = await person('administrator');
      const rep = await person('representative');
      await enrol(admin.token);
      await enrol(rep.token);

      expect(await reset(owner.token, admin.user.id)).toEqual({ status: 204, error: undefined });
      expect(await reset(admin.token, rep.user.id)).toEqual({ status: 204, error: undefined });
      expect(
        await server.db.selectFrom('user_second_factors').select('user_id').where('user_id', 'in', [admin.user.id, rep.user.id]).execute(),
      ).toEqual([]);
      expect(await actions(owner.user.id)).toContain('secondFactor.reset');
      const resetRows = await server.db
        .selectFrom('activity')
        .select(['user_id', 'subject'])
        .where('action', '=', 'secondFactor.reset')
        .where('subject', '=', rep.user.id)
        .execute();
      expect(resetRows).toEqual([{ user_id: admin.user.id, subject: rep.user.id }]);
      expect((await passwordStep(rep.user)).data).toEqual({ token: expect.any(String), expiresIn: '8h' });
    });

    it("an administrator never resets an owner's; a representative nobody's; nobody their own or another firm's", async () => {
      const owner = await person('owner');
      const admin = await person('administrator');
      const rep = await person('representative');
      await enrol(owner.token);
      const other = await person('representative', (await server.createFirm()).id);

      expect(await reset(admin.token, owner.user.id)).toMatchObject({ status: 403, error: { code: 'forbidden' } });
      expect(await reset(rep.token, admin.user.id)).toMatchObject({ status: 403, error: { code: 'forbidden' } });
      expect(await reset(owner.token, owner.user.id)).toMatchObject({ status: 409, error: { code: 'cannot_reset_self' } });
      expect(await reset(owner.token, other.user.id)).toMatchObject({ status: 404, error: { code: 'not_found' } });
      expect(
        await server.db.selectFrom('user_second_factors').select('user_id').where('user_id', '=', owner.user.id).execute(),
      ).toHaveLength(1);
    });
  });

  it('no secret, code or challenge appears in a log line', () => {
    expect(logLines.length).toBeGreaterThan(20);
    expect(secrets.length).toBeGreaterThan(20);
    const log = logLines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe.each(testDatabases())('wrong codes and the lockout on %s', (kind) => {
  let server: TestServer;
  const clock = testClock();

  beforeAll(async () => {
    server = await startTestServer(kind, { loginThrottle: { now: clock.now, wait: async () => undefined, lockAfter: 6, delayAfter: 100 } });
  });

  afterAll(() => server?.close());

  it("wrong codes count toward the account's lockout, as wrong passwords do", async () => {
    const firm = await server.createFirm();
    const user = await server.createUser({ firmId: firm.id });
    const token = await server.login(user.email, user.password);
    const started = await server.api.POST('/v1/users/me/totp', { headers: bearer(token) });
    const secret = started.data!.data.secret;
    clock.advance(STEP_MS);
    const first = generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
    expect((await server.api.POST('/v1/users/me/totp/confirm', { headers: bearer(token), body: { code: first } })).response.status).toBe(
      200,
    );

    const challengeOf = async () => {
      const { data } = await server.api.POST('/v1/users/login', { body: { email: user.email, password: user.password } });
      return (data!.data as { challenge: string }).challenge;
    };
    const codeStep = async (challenge: string, code: string) => {
      const { response, error } = await server.api.POST('/v1/users/login/second-factor', { body: { challenge, code } });
      return { status: response.status, headers: response.headers, error };
    };

    const one = await challengeOf();
    for (let attempt = 0; attempt < 5; attempt++) expect((await codeStep(one, '000000')).status).toBe(401);
    const two = await challengeOf();
    // The sixth wrong code locks the account; then even a right one is refused, with Retry-After.
    expect((await codeStep(two, '000000')).status).toBe(401);
    clock.advance(STEP_MS);
    const right = generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
    const locked = await codeStep(two, right);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(locked.error).toMatchObject({ code: 'too_many_attempts' });
    // The password step meets the same lock.
    const password = await server.api.POST('/v1/users/login', { body: { email: user.email, password: user.password } });
    expect(password.response.status).toBe(429);
  });
});
