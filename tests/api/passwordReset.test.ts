// Password reset (docs/product/sign-in-and-session.md, Password reset): a link emailed from
// 'Forgot password?' through a real SMTP server on loopback (smtp-server) that the test reads the
// message from, or made by an owner or administrator on Edit Employee. The token is stored only as
// its hash, works once for 30 minutes, never shows in a log line however its path is spelled; the
// answer is the same for an unknown address; a reset ends every session and is recorded.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/clientIntake/mailer';
import { PASSWORD_RESET_LIFETIME_MS, PASSWORD_RESET_MAIL_INTERVAL_MS } from '../../src/domain/passwordReset';
import { userMessages } from '../../src/domain/schemas/user';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';

const publicUrl = 'https://staff.firm.example.test';
const newPassword = 'Fresh#Start9';
const notFoundBody = { message: 'Not found', code: 'not_found' };
const linkPattern = /https:\/\/staff\.firm\.example\.test\/reset-password\/([A-Za-z0-9_-]{43})/;

interface Received {
  to: string[];
  raw: string;
}

/** The text of a message as sent (quoted-printable soft breaks and escapes undone). */
function bodyText(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Every way of writing the reset call's and page's addresses that reaches them, or nearly. */
function spellings(token: string): string[] {
  return [
    `/public/v1/password-reset/${token}`,
    `/public/v1/password%2Dreset/${token}`,
    `/public/v1/password%2dreset/${token}`,
    `/public/v1/%70assword-reset/${token}`,
    `/public/%761/password-reset/${token}`,
    `/public/v1/password%252Dreset/${token}`,
    `/public/v1/password-reset%2F${token}`,
    `/public/v1/password-reset/${token.slice(0, 10)}%${token.charCodeAt(10).toString(16)}${token.slice(11)}`,
    `/public/v1/password-reset//${token}`,
    `//public/v1/password-reset/${token}`,
    `/PUBLIC/v1/Password-Reset/${token}`,
    `/public/v1/password-reset/${token}/`,
    `/public/v1/password-reset/${token}?a=1`,
    `/public/v1/password-reset\\${token}`,
    `/reset-password/${token}`,
    `/reset%2Dpassword/${token}`,
    `/%72eset-password/${token}`,
    `//reset-password/${token}`,
    `/Reset-Password/${token}`,
    `/reset-password%2F${token}`,
    `/reset-password/${token.slice(0, 10)}%${token.charCodeAt(10).toString(16)}${token.slice(11)}`,
  ];
}

describe.each(testDatabases())('password reset on %s', (kind) => {
  let smtp: SMTPServer;
  let server: TestServer;
  let firmId: string;
  let owner: TestUser;
  let ownerToken: string;
  const received: Received[] = [];
  const logLines: string[] = [];
  /** The server's clock, moved on by the expiry test. */
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('latin1') });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'staff@firm.example.test' });
    const staticDir = await mkdtemp(path.join(tmpdir(), 'password-reset-dist-'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Staff</title>');
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    server = await startTestServer(kind, {
      mailer,
      publicUrl,
      staticDir,
      // debug: every request writes its line, a successful one too.
      logLevel: 'debug',
      logStream,
      publicRatePerMinute: 10_000,
      loginThrottle: { now, wait: async () => undefined, delayAfter: 1000, lockAfter: 1000 },
    });
    firmId = (await server.createFirm({ firmName: 'Ejemplo Injury Law' })).id;
    owner = await server.createUser({ firmId, privilege: 'owner', firstName: 'Marisol', lastName: 'Quintanilla-Ortiz' });
    ownerToken = await server.login(owner.email, owner.password);
  });

  afterAll(async () => {
    await server?.close();
    if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  function requestReset(email: string) {
    return fetch(`${server.baseUrl}/public/v1/password-reset`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
  }

  function reset(token: string, password: string) {
    return server.api.POST('/public/v1/password-reset/{token}', { params: { path: { token } }, body: { password } });
  }

  function makeLink(callerToken: string, id: string) {
    return server.api.POST('/v1/users/{id}/password-reset', { params: { path: { id } }, headers: bearer(callerToken) });
  }

  async function mailedLinkFor(email: string, before: number): Promise<string> {
    await expect.poll(() => received.slice(before).filter((mail) => mail.to.includes(email)).length).toBe(1);
    const mail = received.slice(before).find((message) => message.to.includes(email))!;
    const match = linkPattern.exec(bodyText(mail.raw));
    expect(match).not.toBeNull();
    return match![1];
  }

  async function actionsAbout(userId: string): Promise<string[]> {
    const rows = await server.db.selectFrom('activity').select('action').where('subject', '=', userId).orderBy('id').execute();
    return rows.map((row) => row.action);
  }

  function person(privilege: 'representative' | 'administrator' | 'owner' = 'representative') {
    return server.createUser({ firmId, privilege, firstName: 'Tomasz', lastName: 'Wierzbicki-Ebrahimi' });
  }

  it('tells the page that links are emailed here', async () => {
    const { data, response } = await server.api.GET('/public/v1/password-reset');
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ emailAvailable: true });
  });

  it('emails a link stored only as its hash, and answers an unknown address alike', async () => {
    const user = await person();
    const before = received.length;
    const unknown = await requestReset('nobody.here@example.test');
    const known = await requestReset(user.email.toUpperCase());
    for (const answer of [unknown, known]) {
      expect(answer.status).toBe(202);
      expect(await answer.text()).toBe('');
    }
    expect([...unknown.headers.keys()].filter((name) => name !== 'date')).toEqual(
      [...known.headers.keys()].filter((name) => name !== 'date'),
    );

    const token = await mailedLinkFor(user.email, before);
    // The mails go out one after another: the unknown address's turn came first, and sent nothing.
    expect(received.slice(before).map((mail) => mail.to)).toEqual([[user.email]]);
    expect(bodyText(received.at(-1)!.raw)).toContain('Hello Tomasz');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const rows = await server.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token_hash: sha256(token), made_by: null, used_at: null });
    expect(Object.values(rows[0]).some((value) => typeof value === 'string' && value.includes(token))).toBe(false);
    expect(new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime()).toBe(PASSWORD_RESET_LIFETIME_MS);
    // Recorded after the mail left, so it may land a moment after the message does.
    await expect.poll(() => actionsAbout(user.id)).toEqual(['passwordReset.emailed']);
  });

  it('sets the new password once with the spec rules, ends every session and records the reset', async () => {
    const user = await person();
    const sessionA = await server.login(user.email, user.password);
    const sessionB = await server.login(user.email, user.password);
    const before = received.length;
    await requestReset(user.email);
    const token = await mailedLinkFor(user.email, before);

    const weak = await reset(token, 'password');
    expect(weak.response.status).toBe(400);
    expect(weak.error).toMatchObject({ code: 'invalid_password_format', message: userMessages.passwordTooSimple });
    const short = await reset(token, 'a1!');
    expect(short.error).toMatchObject({ code: 'invalid_password_format', message: userMessages.passwordTooShort });

    expect((await reset(token, newPassword)).response.status).toBe(204);
    for (const session of [sessionA, sessionB]) {
      const { response, error } = await server.api.GET('/v1/users/me', { headers: bearer(session) });
      expect(response.status).toBe(401);
      expect(error).toMatchObject({ code: 'session_password_changed' });
    }
    const old = await server.api.POST('/v1/users/login', { body: { email: user.email, password: user.password } });
    expect(old.response.status).toBe(401);
    expect(await server.login(user.email, newPassword)).toBeTruthy();

    const again = await reset(token, 'Another#Pass7');
    expect(again.response.status).toBe(404);
    expect(again.error).toEqual(notFoundBody);
    const row = await server.db.selectFrom('password_resets').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
    await expect.poll(() => actionsAbout(user.id)).toEqual(['passwordReset.emailed', 'password.reset']);
  });

  it('refuses a link after 30 minutes, one replaced by a newer link, and a made-up token, with one answer', async () => {
    const user = await person();
    const first = (await makeLink(ownerToken, user.id)).data!.data;
    const second = (await makeLink(ownerToken, user.id)).data!.data;
    const tokenOf = (url: string) => linkPattern.exec(url)![1];
    const replaced = await reset(tokenOf(first.url), newPassword);
    expect([replaced.response.status, replaced.error]).toEqual([404, notFoundBody]);

    offsetMs = PASSWORD_RESET_LIFETIME_MS + 1000;
    try {
      const late = await reset(tokenOf(second.url), newPassword);
      expect([late.response.status, late.error]).toEqual([404, notFoundBody]);
    } finally {
      offsetMs = 0;
    }
    for (const made of ['A'.repeat(43), 'short', 'A'.repeat(100)]) {
      const { response, error } = await reset(made, newPassword);
      expect([response.status, error]).toEqual([404, notFoundBody]);
    }
    // Within its 30 minutes the newest link works.
    const third = (await makeLink(ownerToken, user.id)).data!.data;
    offsetMs = PASSWORD_RESET_LIFETIME_MS - 60_000;
    try {
      expect((await reset(tokenOf(third.url), newPassword)).response.status).toBe(204);
    } finally {
      offsetMs = 0;
    }
  });

  it('mails one link a minute at most, whatever the number of requests', async () => {
    const user = await person();
    const witness = await person();
    const before = received.length;
    for (let request = 0; request < 3; request++) expect((await requestReset(user.email)).status).toBe(202);
    await requestReset(witness.email);
    await mailedLinkFor(witness.email, before);
    expect(received.slice(before).map((mail) => mail.to)).toEqual([[user.email], [witness.email]]);

    offsetMs = PASSWORD_RESET_MAIL_INTERVAL_MS + 1000;
    try {
      const later = received.length;
      await requestReset(user.email);
      const token = await mailedLinkFor(user.email, later);
      // The newer link replaced the first.
      expect((await reset(token, newPassword)).response.status).toBe(204);
    } finally {
      offsetMs = 0;
    }
  });

  it('resets nothing for a deactivated person, and mails them nothing', async () => {
    const user = await person();
    const { data } = await makeLink(ownerToken, user.id);
    const deactivated = await server.api.POST('/v1/user/{id}/deactivate', {
      params: { path: { id: user.id } },
      headers: bearer(ownerToken),
    });
    expect(deactivated.response.status).toBe(200);
    const { response, error } = await reset(linkPattern.exec(data!.data.url)![1], newPassword);
    expect([response.status, error]).toEqual([404, notFoundBody]);

    const before = received.length;
    expect((await requestReset(user.email)).status).toBe(202);
    // The mails go out in turn: once a later request's mail is in, this one's turn has passed.
    const witness = await person();
    await requestReset(witness.email);
    await mailedLinkFor(witness.email, before);
    expect(received.slice(before).map((mail) => mail.to)).toEqual([[witness.email]]);
    expect(await actionsAbout(user.id)).toEqual(['passwordReset.linkMade', 'employee.deactivated']);
  });

  it('lets an owner or administrator make a link for an employee, never an administrator for an owner', async () => {
    const admin = await person('administrator');
    const adminToken = await server.login(admin.email, admin.password);
    const representative = await person();
    const repToken = await server.login(representative.email, representative.password);
    const otherOwner = await person('owner');
    const stranger = await server.createUser({ firmId: (await server.createFirm()).id });

    const made = await makeLink(adminToken, representative.id);
    expect(made.response.status).toBe(201);
    expect(made.data!.data.url).toMatch(linkPattern);
    expect(new Date(made.data!.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(PASSWORD_RESET_LIFETIME_MS - 60_000);
    const row = await server.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', representative.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ made_by: admin.id, token_hash: sha256(linkPattern.exec(made.data!.data.url)![1]) });
    expect(await actionsAbout(representative.id)).toEqual(['passwordReset.linkMade']);
    expect((await makeLink(ownerToken, admin.id)).response.status).toBe(201);
    expect((await makeLink(ownerToken, otherOwner.id)).response.status).toBe(201);

    const refusals = [
      [adminToken, otherOwner.id, 403, 'forbidden'],
      [adminToken, owner.id, 403, 'forbidden'],
      [repToken, admin.id, 403, 'forbidden'],
      [ownerToken, owner.id, 409, 'cannot_edit_self'],
      [ownerToken, stranger.id, 404, 'not_found'],
    ] as const;
    for (const [token, id, status, code] of refusals) {
      const { response, error } = await makeLink(token, id);
      expect([id, response.status, error?.code]).toEqual([id, status, code]);
    }
    expect(
      await server.db
        .selectFrom('password_resets')
        .select('token_hash')
        .where('user_id', 'in', [otherOwner.id, owner.id, stranger.id])
        .execute(),
    ).toHaveLength(1);
  });

  it('writes no token in any log line, however the address is spelled', async () => {
    const user = await person();
    const { data } = await makeLink(ownerToken, user.id);
    const token = linkPattern.exec(data!.data.url)![1];
    const statuses = new Map<string, number[]>();
    for (const spelling of spellings(token)) {
      const read = await fetch(`${server.baseUrl}${spelling}`, { headers: { Accept: 'text/html' } });
      const sent = await fetch(`${server.baseUrl}${spelling}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: 'weak' }),
      });
      statuses.set(spelling, [read.status, sent.status]);
    }
    // Spellings the router decodes reach the call (a weak password: 400) and the page (200).
    expect(statuses.get(`/public/v1/password%2Dreset/${token}`)?.[1]).toBe(400);
    expect(statuses.get(`/public/%761/password-reset/${token}`)?.[1]).toBe(400);
    expect(statuses.get(`/reset-password/${token}`)?.[0]).toBe(200);
    expect(statuses.get(`/reset%2Dpassword/${token}`)?.[0]).toBe(200);
    // The page is kept by no cache and names itself to nobody.
    const pageAnswer = await fetch(`${server.baseUrl}/reset-password/${token}`, { headers: { Accept: 'text/html' } });
    expect(pageAnswer.headers.get('cache-control')).toBe('no-store');
    expect(pageAnswer.headers.get('referrer-policy')).toBe('no-referrer');
    // The link still works: none of these spent it.
    expect((await reset(token, newPassword)).response.status).toBe(204);

    const log = logLines.join('');
    expect(log).toContain('/public/v1/password-reset/[token]');
    expect(log).toContain('/reset-password/[token]');
    for (let start = 0; start + 12 <= token.length; start += 4) expect(log).not.toContain(token.slice(start, start + 12));
  });
});

describe.each(testDatabases())('password reset without email on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { publicRatePerMinute: 3 });
  });

  afterAll(() => server?.close());

  it('says links are not emailed, refuses a request, and limits the calls per address', async () => {
    const { data } = await server.api.GET('/public/v1/password-reset');
    expect(data!.data).toEqual({ emailAvailable: false });
    const { response, error } = await server.api.POST('/public/v1/password-reset', { body: { email: 'someone@example.test' } });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ code: 'email_unavailable' });
    const bad = await server.api.POST('/public/v1/password-reset', { body: { email: 'not an email' } });
    expect(bad.response.status).toBe(400);
    expect((await server.api.POST('/public/v1/password-reset', { body: { email: 'someone@example.test' } })).response.status).toBe(409);
    const flood = await server.api.POST('/public/v1/password-reset', { body: { email: 'someone@example.test' } });
    expect(flood.response.status).toBe(429);
    expect(flood.error).toMatchObject({ code: 'rate_limited' });
  });
});
