// Emailing a client link (docs/product/client-intake.md#by-email) and a signing link
// (docs/product/engagement.md#the-link): with SMTP_URL set the server
// sends the link through nodemailer; here to a real SMTP server on loopback (smtp-server) that the
// test reads the message from.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/clientIntake/mailer';
import { openLink, tokenOf } from './support/clientIntake';
import { clearConflictCheck, signingTokenOf } from './support/engagement';
import { createdIntake, draftIntake, type Caller } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';

interface Received {
  from: string;
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

describe.each(testDatabases())('client links by email on %s', (kind) => {
  let smtp: SMTPServer;
  let server: TestServer;
  let caller: Caller;
  const received: Received[] = [];
  /** Recipients the SMTP server refuses, to see a failed send. */
  const refused = new Set<string>();

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(refused.has(address.address) ? new Error('Mailbox unavailable') : undefined);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('latin1'),
          });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'intake@firm.example.test' });
    server = await startTestServer(kind, { mailer, publicUrl: 'https://intake.firm.example.test' });
    const firm = await server.createFirm({ firmName: 'Ejemplo Injury Law' });
    const user = await server.createUser({ firmId: firm.id });
    caller = { user, token: await server.login(user.email, user.password) };
  });

  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  function emailLink(caseId: string) {
    return server.api.POST('/v1/intake/{caseId}/client-link', {
      params: { path: { caseId } },
      body: { delivery: 'email' },
      headers: bearer(caller.token),
    });
  }

  it('sends the link to the intake email, and the link in the message opens the form', async () => {
    const intake = await createdIntake(server, caller, draftIntake({ firstName: 'Marisol', email: 'marisol.ejemplo@example.test' }));
    const status = await server.api.GET('/v1/intake/{caseId}/client-link', {
      params: { path: { caseId: intake.caseId! } },
      headers: bearer(caller.token),
    });
    expect(status.data!.data).toEqual({ emailAvailable: true, link: null });

    const { data, response } = await emailLink(intake.caseId!);
    expect(response.status).toBe(201);
    expect(data!.data.emailedTo).toBe('marisol.ejemplo@example.test');
    expect(data!.data.url).toMatch(/^https:\/\/intake\.firm\.example\.test\/client-intake\/[A-Za-z0-9_-]{43}$/);

    const message = received.find((mail) => mail.to.includes('marisol.ejemplo@example.test'));
    expect(message).toBeDefined();
    expect(message!.from).toBe('intake@firm.example.test');
    const text = bodyText(message!.raw);
    expect(text).toContain(data!.data.url);
    expect(text).toContain('Hola Marisol');
    expect(text).toContain('Ejemplo Injury Law');

    expect((await openLink(server, tokenOf(data!.data.url))).response.status).toBe(200);
    const { data: trail } = await server.api.GET('/v1/intake/{caseId}/history', {
      params: { path: { caseId: intake.caseId! } },
      headers: bearer(caller.token),
    });
    const actions = trail!.data.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['clientLink.created', 'clientLink.emailed', 'clientLink.opened']));
  });

  it('refuses an intake without an email address', async () => {
    const intake = await createdIntake(server, caller, draftIntake({ email: '' }));
    const { response, error } = await emailLink(intake.caseId!);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: 'email_missing' });
  });

  it('makes no link when the mail server refuses the message', async () => {
    refused.add('nobody.home@example.test');
    const intake = await createdIntake(server, caller, draftIntake({ email: 'nobody.home@example.test' }));
    const { response, error } = await emailLink(intake.caseId!);
    expect(response.status).toBe(502);
    expect(error).toMatchObject({ code: 'email_failed' });
    expect(await server.db.selectFrom('client_links').selectAll().where('case_id', '=', intake.caseId!).execute()).toHaveLength(0);
  });

  it('sends the engagement signing link the same way, and a refused message leaves no link', async () => {
    const firm = await server.createFirm({ firmName: 'Ríos Injury Law' });
    const owner = await server.createUser({ firmId: firm.id, privilege: 'owner' });
    const ownerToken = await server.login(owner.email, owner.password);
    const ownerCaller = { user: owner, token: ownerToken };
    const intake = await createdIntake(server, ownerCaller, draftIntake({ firstName: 'Bảo', email: 'bao.ejemplo@example.test' }));
    await clearConflictCheck(server, intake.caseId!, ownerToken);
    const sendEngagement = () =>
      server.api.POST('/v1/intake/{caseId}/engagement', {
        params: { path: { caseId: intake.caseId! } },
        body: { delivery: 'email' },
        headers: bearer(ownerToken),
      });
    const { data, response } = await sendEngagement();
    expect(response.status).toBe(201);
    expect(data!.data.emailedTo).toBe('bao.ejemplo@example.test');
    expect(data!.data.url).toMatch(/^https:\/\/intake\.firm\.example\.test\/sign\/[A-Za-z0-9_-]{43}$/);
    const message = received.find((mail) => mail.to.includes('bao.ejemplo@example.test'));
    const text = bodyText(message!.raw);
    expect(text).toContain(data!.data.url);
    expect(text).toContain('Xin chào Bảo');
    expect(text).toContain('Ríos Injury Law sends you your engagement documents');
    const token = signingTokenOf(data!.data.url);
    expect((await server.api.GET('/public/v1/engagement/{token}', { params: { path: { token } } })).response.status).toBe(200);
    const trail = await server.db.selectFrom('activity').select('action').where('subject', '=', intake.caseId!).execute();
    expect(trail.map((row) => row.action)).toEqual(expect.arrayContaining(['engagement.created', 'engagement.emailed']));

    refused.add('bao.ejemplo@example.test');
    const failed = await sendEngagement();
    expect(failed.response.status).toBe(502);
    expect(failed.error).toMatchObject({ code: 'email_failed' });
    // The first link still works: the refused message made no new one.
    expect(await server.db.selectFrom('engagements').select('id').where('case_id', '=', intake.caseId!).execute()).toHaveLength(1);
    expect((await server.api.GET('/public/v1/engagement/{token}', { params: { path: { token } } })).response.status).toBe(200);
  });
});
