// What a client link must not give away (docs/product/client-intake.md#the-link): its token in a
// log line however the address is spelled, an answer the contract does not document, whether a
// dead link was once used, its page to a cache; and what the client signs is kept, not only
// checked (the full name and consent, with time, address and browser, shown in the history).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullValidIntake, withFields } from '../domain/intake/fixtures';
import { openLink, submission, submitLink, tokenOf } from './support/clientIntake';
import { createdIntake, draftIntake, type Caller } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';

const notFoundBody = { message: 'Not found', code: 'not_found' };
const userAgent = 'Mozilla/5.0 (Linux; Android 14; Example Phone) SampleBrowser/1.0';

/** Every way of writing the public route's and the page's addresses that a test could think of. */
function spellings(token: string): string[] {
  return [
    `/public/v1/client-intake/${token}`,
    `/public/v1/client%2Dintake/${token}`,
    `/public/v1/client%2dintake/${token}`,
    `/public/v1/%63lient-intake/${token}`,
    `/public/%761/client-intake/${token}`,
    `/public/v1/client%252Dintake/${token}`,
    `/public/v1/client-intake%2F${token}`,
    `/public/v1/client-intake%2f${token}`,
    `/public/v1/client-intake/${token.slice(0, 10)}%${token.slice(10, 11).charCodeAt(0).toString(16)}${token.slice(11)}`,
    `/public/v1/client-intake//${token}`,
    `/public//v1/client-intake/${token}`,
    `//public/v1/client-intake/${token}`,
    `/PUBLIC/v1/client-intake/${token}`,
    `/public/v1/Client-Intake/${token}`,
    `/public/v1/CLIENT-INTAKE/${token}`,
    `/public/v1/client-intake/${token}/`,
    `/public/v1/client-intake/${token}?a=1`,
    `/public/v1/client-intake/${token}%E0%A4%A`,
    `/public/v1/client-intake\\${token}`,
    `/client-intake/${token}`,
    `/client%2Dintake/${token}`,
    `//client-intake/${token}`,
    `/Client-Intake/${token}`,
    `/client-intake%2F${token}`,
  ];
}

describe.each(testDatabases())('a client link keeps its secrets on %s', (kind) => {
  let server: TestServer;
  let caller: Caller;
  const logLines: string[] = [];

  async function newToken(person: Parameters<typeof draftIntake>[0] = {}) {
    const intake = await createdIntake(server, caller, draftIntake({ firstName: 'Marisol', lastName: 'Ejemplo', ...person }));
    const { data } = await server.api.POST('/v1/intake/{caseId}/client-link', {
      params: { path: { caseId: intake.caseId! } },
      headers: bearer(caller.token),
    });
    return { caseId: intake.caseId!, token: tokenOf(data!.data.url) };
  }

  function clientForm() {
    return withFields(fullValidIntake(), { 'personalInformation.firstName': 'Marisol', 'personalInformation.lastName': 'Ejemplo' });
  }

  beforeAll(async () => {
    const staticDir = await mkdtemp(path.join(tmpdir(), 'client-link-dist-'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Staff</title>');
    await writeFile(path.join(staticDir, 'client-intake.html'), '<!doctype html><title>Client</title>');
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    server = await startTestServer(kind, { staticDir, logLevel: 'info', logStream, publicRatePerMinute: 10_000 });
    const firm = await server.createFirm({ firmName: 'Ejemplo Injury Law' });
    const user = await server.createUser({ firmId: firm.id, lastName: 'Leaks' });
    caller = { user, token: await server.login(user.email, user.password) };
  });

  afterAll(async () => {
    await server?.close();
  });

  it('writes no token in any log line, however the address is spelled', async () => {
    const { token } = await newToken();
    const statuses = new Map<string, number[]>();
    for (const spelling of spellings(token)) {
      const read = await fetch(`${server.baseUrl}${spelling}`, { headers: { Accept: 'text/html' } });
      const sent = await fetch(`${server.baseUrl}${spelling}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...submission(clientForm()), fullName: ' ' }),
      });
      statuses.set(spelling, [read.status, sent.status]);
    }
    // Several spellings do reach the public route (the router decodes them): those are the leaks this closes.
    for (const reaching of [`/public/v1/client%2Dintake/${token}`, `/public/%761/client-intake/${token}`]) {
      expect(statuses.get(reaching)).toEqual([200, 400]);
    }
    const log = logLines.join('');
    expect(log).toContain('/public/v1/client-intake/[token]');
    expect(log).toContain('/client-intake/[token]');
    // Not the token, nor any long piece of it.
    for (let start = 0; start + 12 <= token.length; start += 4) expect(log).not.toContain(token.slice(start, start + 12));
  });

  it('answers only documented statuses: an unknown query is 400, a token of any length 404 on both calls', async () => {
    const { token } = await newToken();
    // checkAnswers turns an undocumented status into 500, so a 400 here is the contract's own.
    const query = await fetch(`${server.baseUrl}/public/v1/client-intake/${token}?a=1`);
    expect(query.status).toBe(400);
    expect((await query.json()).code).toBe('validation_failed');
    const body = JSON.stringify(submission(clientForm()));
    for (const length of [44, 100, 101, 201]) {
      const text = 'A'.repeat(length);
      const read = await fetch(`${server.baseUrl}/public/v1/client-intake/${text}`);
      const sent = await fetch(`${server.baseUrl}/public/v1/client-intake/${text}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect([length, read.status, sent.status]).toEqual([length, 404, 404]);
      expect(await read.json()).toEqual(notFoundBody);
      expect(await sent.json()).toEqual(notFoundBody);
    }
  });

  it('answers a link past its expiry with the same 404 as an unknown one, used or not', async () => {
    const used = await newToken();
    expect((await submitLink(server, used.token, submission(clientForm()))).response.status).toBe(200);
    expect((await openLink(server, used.token)).response.status).toBe(410);
    const unused = await newToken();
    for (const { caseId } of [used, unused]) {
      await server.db
        .updateTable('client_links')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('case_id', '=', caseId)
        .execute();
    }
    for (const { token } of [used, unused, { token: Buffer.alloc(32, 3).toString('base64url') }]) {
      const opened = await openLink(server, token);
      const submitted = await submitLink(server, token, submission(clientForm()));
      expect([opened.response.status, submitted.response.status]).toEqual([404, 404]);
      expect([opened.error, submitted.error]).toEqual([notFoundBody, notFoundBody]);
    }
  });

  it("serves the client's page with Cache-Control: no-store", async () => {
    const { token } = await newToken();
    const page = await fetch(`${server.baseUrl}/client-intake/${token}`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Client</title>');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // The staff app's shell is still only revalidated.
    const staff = await fetch(`${server.baseUrl}/intake-list`, { headers: { Accept: 'text/html' } });
    expect(staff.headers.get('cache-control')).toBe('no-cache');
  });

  it("keeps the client's full name and consent with time, address and browser, shown in the history", async () => {
    const { caseId, token } = await newToken();
    // Spaces alone sign nothing, and leave the link usable.
    const blank = await submitLink(server, token, { ...submission(clientForm()), fullName: '   ' });
    expect(blank.response.status).toBe(400);
    expect(blank.error).toMatchObject({ code: 'validation_failed', fields: { fullName: 'Please type your full name' } });

    const before = new Date().toISOString();
    const sent = await fetch(`${server.baseUrl}/public/v1/client-intake/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
      body: JSON.stringify({ ...submission(clientForm()), fullName: '  Marisol Q Ejemplo ' }),
    });
    expect(sent.status).toBe(200);

    const stored = await server.db.selectFrom('client_attestations').selectAll().where('case_id', '=', caseId).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ full_name: 'Marisol Q Ejemplo', client_address: '127.0.0.1', user_agent: userAgent });
    expect(stored[0]!.consented_at >= before).toBe(true);

    const { data } = await server.api.GET('/v1/intake/{caseId}/history', { params: { path: { caseId } }, headers: bearer(caller.token) });
    const submitted = data!.data.filter((entry) => entry.action === 'clientLink.submitted');
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.attestation).toEqual({
      fullName: 'Marisol Q Ejemplo',
      consentedAt: stored[0]!.consented_at,
      clientAddress: '127.0.0.1',
      userAgent,
    });
    expect(submitted[0]!.id).toBe(stored[0]!.activity_id);
    // The other rows carry none.
    expect(data!.data.filter((entry) => entry.attestation !== undefined)).toHaveLength(1);
  });

  it('names the form language only when the intake names one; the page keeps the phone language otherwise', async () => {
    const none = await newToken({ languages: [] });
    expect((await openLink(server, none.token)).data?.data.language).toBeNull();
    const english = await newToken({ languages: ['english'] });
    expect((await openLink(server, english.token)).data?.data.language).toBe('en');
    const spanish = await newToken({ languages: ['english', 'spanish'] });
    expect((await openLink(server, spanish.token)).data?.data.language).toBe('es');
  });
});
