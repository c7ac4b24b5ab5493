// The client's engagement on the real server (docs/product/engagement.md): the firm's terms and
// documents, a signing link sent only once the conflict check is cleared, opened and signed without
// signing in, the signed file sealed so that any change shows (poppler's pdfsig), its certificate
// page and documents read back with pdftotext, staff downloads recorded, and the funnel's 'Signed'.
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLead } from '../../server/leads/repository';
import { privileges, type Privilege } from '../../src/domain/enums';
import { openLink, submission, submitLink } from './support/clientIntake';
import { clearConflictCheck, drawnSignaturePng, poppler, signingTokenOf, type EngagementSignature } from './support/engagement';
import { createdIntake, draftIntake, type Caller } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';
import { fullValidIntake, withFields } from '../domain/intake/fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;
const CLIENT = { firstName: 'Marisol', middleName: 'Ñúñez', lastName: 'Quintanilla-Ortiz' };
const CLIENT_NAME = 'Marisol Ñúñez Quintanilla-Ortiz';
const userAgent = 'Mozilla/5.0 (Linux; Android 14; Example Phone) SampleBrowser/1.0';

describe.each(testDatabases())('the client engagement on %s', (kind) => {
  let server: TestServer;
  let firmId: string;
  const callers = {} as Record<Privilege, Caller>;
  let secondRepresentative: Caller;
  let otherFirm: Caller;
  const logLines: string[] = [];

  function api() {
    return server.api;
  }

  async function intakeFor(caller: Caller, options: { clear?: boolean; languages?: ('spanish' | 'english' | 'vietnamese')[] } = {}) {
    const intake = await createdIntake(
      server,
      caller,
      draftIntake({
        ...CLIENT,
        email: 'marisol.q@example.test',
        address: '1200 Example Avenue, Apt 4',
        languages: options.languages ?? ['spanish'],
      }),
    );
    if (options.clear !== false) {
      await clearConflictCheck(server, intake.caseId!, callers.owner.token);
    }
    return intake.caseId!;
  }

  function createLink(caller: Caller, caseId: string) {
    return api().POST('/v1/intake/{caseId}/engagement', { params: { path: { caseId } }, headers: bearer(caller.token) });
  }

  async function newToken(caller: Caller, caseId: string) {
    const { data, error, response } = await createLink(caller, caseId);
    if (!data) throw new Error(`engagement answered ${response.status}: ${JSON.stringify(error)}`);
    return signingTokenOf(data.data.url);
  }

  function open(token: string) {
    return api().GET('/public/v1/engagement/{token}', { params: { path: { token } }, headers: { 'User-Agent': userAgent } });
  }

  async function opened(token: string) {
    const { data, response } = await open(token);
    expect(response.status).toBe(200);
    return data!.data;
  }

  function sign(token: string, body: EngagementSignature) {
    return api().POST('/public/v1/engagement/{token}', {
      params: { path: { token } },
      body,
      headers: { 'User-Agent': userAgent },
    });
  }

  function drawn(documentsSha256: string, language: EngagementSignature['language'] = 'es'): EngagementSignature {
    return {
      language,
      consent: true,
      signerName: CLIENT_NAME,
      signature: { kind: 'drawn', png: drawnSignaturePng().toString('base64') },
      documentsSha256,
    };
  }

  async function status(caller: Caller, caseId: string) {
    const { data, response } = await api().GET('/v1/intake/{caseId}/engagement', {
      params: { path: { caseId } },
      headers: bearer(caller.token),
    });
    expect(response.status).toBe(200);
    return data!.data;
  }

  async function download(caller: Caller, caseId: string) {
    return fetch(`${server.baseUrl}/v1/intake/${caseId}/engagement/signed.pdf`, { headers: bearer(caller.token) });
  }

  async function signedCase() {
    const caseId = await intakeFor(callers.representative);
    const token = await newToken(callers.representative, caseId);
    const page = await opened(token);
    const { data, response } = await sign(token, drawn(page.documentsSha256));
    expect(response.status).toBe(200);
    return { caseId, token, page, receipt: data!.data, pdf: Buffer.from(data!.data.pdf, 'base64') };
  }

  async function trail(caseId: string) {
    return server.db.selectFrom('activity').selectAll().where('subject', '=', caseId).orderBy('at').execute();
  }

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    server = await startTestServer(kind, { publicRatePerMinute: 10_000, logLevel: 'info', logStream });
    const firm = await server.createFirm({ firmName: 'Ríos & Nguyễn Injury Law', firmAddress: '1 Example Plaza, Springfield' });
    firmId = firm.id;
    for (const privilege of privileges) {
      const user = await server.createUser({ firmId: firm.id, privilege, lastName: `Sign${privilege}` });
      callers[privilege] = { user, token: await server.login(user.email, user.password) };
    }
    const second = await server.createUser({ firmId: firm.id, privilege: 'representative', lastName: 'Second' });
    secondRepresentative = { user: second, token: await server.login(second.email, second.password) };
    const other = await server.createFirm({ firmName: 'Other Engagement Firm' });
    const otherUser = await server.createUser({ firmId: other.id, privilege: 'owner' });
    otherFirm = { user: otherUser, token: await server.login(otherUser.email, otherUser.password) };
  });

  afterAll(async () => {
    await server?.close();
  });

  describe("the firm's terms", () => {
    it('start as the defaults with the sample texts, marked as samples, for every role to read', async () => {
      for (const privilege of privileges) {
        const { data, response } = await api().GET('/v1/firm/engagement-terms', { headers: bearer(callers[privilege].token) });
        expect(response.status).toBe(200);
        expect(data!.data).toMatchObject({
          feeBeforeSuit: '33 1/3',
          feeAfterSuit: '40',
          samples: { feeAgreement: true, medicalRecordsRelease: true, letterOfRepresentation: true },
          updatedAt: null,
        });
        for (const text of Object.values(data!.data.documents)) expect(text).toMatch(/^SAMPLE TEXT - .*firm's attorney to review/);
      }
    });

    it('ship a medical release naming what a HIPAA authorization must', async () => {
      const { data } = await api().GET('/v1/firm/engagement-terms', { headers: bearer(callers.owner.token) });
      const release = data!.data.documents.medicalRecordsRelease;
      for (const element of ['Who may disclose', 'To whom', 'What.', 'Purpose', 'Expiry', 'right to revoke', 'Signature and date']) {
        expect(release).toContain(element);
      }
    });

    it('are changed by the owner and the administrator only, the change recorded by field', async () => {
      const { data: before } = await api().GET('/v1/firm/engagement-terms', { headers: bearer(callers.owner.token) });
      const terms = {
        feeBeforeSuit: '30',
        feeAfterSuit: '35.5',
        costsDeducted: 'beforeFee' as const,
        costsWhenNoRecovery: 'waived' as const,
        documents: { ...before!.data.documents, letterOfRepresentation: 'We represent {{clientName}} ({{caseId}}). {{firmName}}' },
      };
      for (const privilege of ['representative'] as Privilege[]) {
        const refused = await api().PUT('/v1/firm/engagement-terms', { body: terms, headers: bearer(callers[privilege].token) });
        expect(refused.response.status).toBe(403);
      }
      const { data, response } = await api().PUT('/v1/firm/engagement-terms', {
        body: terms,
        headers: bearer(callers.administrator.token),
      });
      expect(response.status).toBe(200);
      expect(data!.data).toMatchObject({
        feeBeforeSuit: '30',
        feeAfterSuit: '35.5',
        samples: { feeAgreement: true, medicalRecordsRelease: true, letterOfRepresentation: false },
      });
      const row = await server.db
        .selectFrom('activity')
        .selectAll()
        .where('action', '=', 'engagementTerms.changed')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.fields)).toEqual(['feeBeforeSuit', 'feeAfterSuit', 'costsDeducted', 'documents.letterOfRepresentation']);
      // Back to the defaults for the other tests.
      await api().PUT('/v1/firm/engagement-terms', { body: pickTerms(before!.data), headers: bearer(callers.owner.token) });
    });

    it('refuse an unknown placeholder, an empty document, a fee of 0 and a body off the contract with 400', async () => {
      const { data } = await api().GET('/v1/firm/engagement-terms', { headers: bearer(callers.owner.token) });
      const base = pickTerms(data!.data);
      const unknown = await api().PUT('/v1/firm/engagement-terms', {
        body: { ...base, documents: { ...base.documents, feeAgreement: 'Fee for {{clientNmae}} and {{ firmName }}' } },
        headers: bearer(callers.owner.token),
      });
      expect(unknown.response.status).toBe(400);
      expect(unknown.error).toMatchObject({
        code: 'validation_failed',
        fields: { 'documents.feeAgreement': 'Unknown placeholder: {{clientNmae}}' },
      });
      const blank = await api().PUT('/v1/firm/engagement-terms', {
        body: { ...base, documents: { ...base.documents, medicalRecordsRelease: '  \n ' } },
        headers: bearer(callers.owner.token),
      });
      expect(blank.error).toMatchObject({
        code: 'validation_failed',
        fields: { 'documents.medicalRecordsRelease': 'The document cannot be empty' },
      });
      const zero = await api().PUT('/v1/firm/engagement-terms', {
        body: { ...base, feeBeforeSuit: '0' },
        headers: bearer(callers.owner.token),
      });
      expect(zero.error).toMatchObject({ code: 'validation_failed', fields: { feeBeforeSuit: 'The fee must be more than 0%' } });
      for (const body of [
        { ...base, feeAfterSuit: '60' },
        { ...base, feeAfterSuit: '33 1/4' },
        { ...base, costsDeducted: 'never' },
        { ...base, documents: { feeAgreement: 'x' } },
        { ...base, extra: true },
      ]) {
        const refused = await fetch(`${server.baseUrl}/v1/firm/engagement-terms`, {
          method: 'PUT',
          headers: { ...bearer(callers.owner.token), 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(refused.status).toBe(400);
        expect((await refused.json()).code).toBe('validation_failed');
      }
      const { data: after } = await api().GET('/v1/firm/engagement-terms', { headers: bearer(callers.owner.token) });
      expect(pickTerms(after!.data)).toEqual(base);
    });

    it("preview unsaved terms filled with the sample client, or with an intake's client (recorded as opened)", async () => {
      const { data } = await api().GET('/v1/firm/engagement-terms', { headers: bearer(callers.owner.token) });
      const terms = { ...pickTerms(data!.data), feeBeforeSuit: '25' };
      const sample = await api().POST('/v1/firm/engagement-terms/preview', { body: { terms }, headers: bearer(callers.owner.token) });
      expect(sample.response.status).toBe(200);
      const [fee, release, letter] = sample.data!.data.documents;
      expect(fee).toMatchObject({ kind: 'feeAgreement', title: 'Contingency Fee Agreement' });
      expect(fee!.text).toContain('Marisol Quintanilla-Ortiz');
      expect(fee!.text).toContain('The fee is 25% of the total recovery');
      expect(fee!.text).toContain('Ríos & Nguyễn Injury Law');
      expect(release!.kind).toBe('medicalRecordsRelease');
      expect(letter!.kind).toBe('letterOfRepresentation');
      expect(JSON.stringify(sample.data)).not.toContain('{{');

      const caseId = await intakeFor(callers.representative, { clear: false });
      const filled = await api().POST('/v1/firm/engagement-terms/preview', {
        body: { terms, caseId },
        headers: bearer(callers.owner.token),
      });
      expect(filled.data!.data.documents[0]!.text).toContain(`between ${CLIENT_NAME} ("Client")`);
      expect((await trail(caseId)).map((row) => row.action)).toContain('intake.opened');
      const missing = await api().POST('/v1/firm/engagement-terms/preview', {
        body: { terms, caseId: 'no-such-case' },
        headers: bearer(callers.owner.token),
      });
      expect(missing.response.status).toBe(404);
      const representative = await api().POST('/v1/firm/engagement-terms/preview', {
        body: { terms },
        headers: bearer(callers.representative.token),
      });
      expect(representative.response.status).toBe(403);
    });
  });

  describe('the signing link', () => {
    it('is refused until the conflict check is cleared or waived, as the state says before anyone asks', async () => {
      const caseId = await intakeFor(callers.owner, { clear: false });
      const before = await status(callers.owner, caseId);
      const refused = await createLink(callers.owner, caseId);
      expect(refused.response.status).toBe(409);
      expect(refused.error).toMatchObject({ code: 'conflict_check_required' });
      expect(before).toMatchObject({ state: 'notSent', sendRefusal: refused.error });
      expect(await server.db.selectFrom('engagements').select('id').where('case_id', '=', caseId).execute()).toEqual([]);
      await clearConflictCheck(server, caseId, callers.owner.token);
      expect((await status(callers.owner, caseId)).sendRefusal).toBeNull();
      expect((await createLink(callers.owner, caseId)).response.status).toBe(201);
    });

    it("is made by the owner, an administrator or the intake's representative; other staff get 403, another firm 404", async () => {
      const caseId = await intakeFor(callers.representative);
      const forbidden = await createLink(secondRepresentative, caseId);
      expect(forbidden.response.status).toBe(403);
      expect((await status(secondRepresentative, caseId)).sendRefusal).toEqual(forbidden.error);
      expect((await createLink(otherFirm, caseId)).response.status).toBe(404);
      for (const caller of [callers.representative, callers.administrator, callers.owner]) {
        expect((await createLink(caller, caseId)).response.status).toBe(201);
      }
    });

    it('holds a 256-bit token in its address, expires after 7 days, and only its SHA-256 is stored', async () => {
      const caseId = await intakeFor(callers.representative);
      const before = Date.now();
      const { data } = await createLink(callers.representative, caseId);
      const token = signingTokenOf(data!.data.url);
      expect(data!.data.url).toBe(`${server.baseUrl}/sign/${token}`);
      expect(data!.data.emailedTo).toBeNull();
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const expires = Date.parse(data!.data.expiresAt);
      expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
      expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
      const rows = await server.db.selectFrom('engagements').selectAll().where('case_id', '=', caseId).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(JSON.stringify(await server.db.selectFrom('activity').selectAll().execute())).not.toContain(token);
      expect((await trail(caseId)).map((row) => row.action)).toContain('engagement.created');
      expect(await status(secondRepresentative, caseId)).toMatchObject({ state: 'sent', live: true, openedAt: null });
    });

    it('opens with the documents filled with the client, the consent in three languages, in the intake language; the first opening recorded', async () => {
      const caseId = await intakeFor(callers.representative, { languages: ['english', 'vietnamese'] });
      const token = await newToken(callers.representative, caseId);
      const page = await opened(token);
      expect(page).toMatchObject({ firmName: 'Ríos & Nguyễn Injury Law', clientName: CLIENT_NAME, language: 'vi' });
      expect(page.documents.map((document) => document.kind)).toEqual(['feeAgreement', 'medicalRecordsRelease', 'letterOfRepresentation']);
      expect(page.documents[0]!.text).toContain(`between ${CLIENT_NAME} ("Client"), of 1200 Example Avenue, Apt 4`);
      expect(page.documents[0]!.text).toContain('33 1/3% of the total recovery');
      expect(page.consent.es.title).toBe('Consentimiento para firmar electrónicamente');
      expect(page.consent.vi.title).toBe('Đồng ý ký điện tử');
      expect(page.consent.en.paragraphs.join(' ')).toMatch(/paper.*withdraw.*web browser/s);
      expect(page.documentsSha256).toBe(
        createHash('sha256')
          .update(JSON.stringify(page.documents.map(({ kind, title, text }) => ({ kind, title, text }))))
          .digest('hex'),
      );
      await opened(token);
      expect((await trail(caseId)).filter((row) => row.action === 'engagement.opened')).toHaveLength(1);
      expect(await status(callers.representative, caseId)).toMatchObject({ state: 'opened', live: true });
    });

    it('answers unknown, malformed, expired and replaced tokens with the client intake link’s one 404 body', async () => {
      const caseId = await intakeFor(callers.representative);
      const first = await newToken(callers.representative, caseId);
      const second = await newToken(callers.representative, caseId);
      const otherCase = await intakeFor(callers.representative);
      const expired = await newToken(callers.representative, otherCase);
      await server.db
        .updateTable('engagements')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('case_id', '=', otherCase)
        .execute();
      const unknown = Buffer.alloc(32, 7).toString('base64url');
      // The client intake link's answer to an unknown token, for comparison.
      const clientLink = await openLink(server, unknown);
      const clientSubmit = await submitLink(server, unknown, submission(withFields(fullValidIntake(), {})));
      const bodies = new Set<string>([JSON.stringify(clientLink.error), JSON.stringify(clientSubmit.error)]);
      const page = await opened(second);
      for (const token of [first, expired, unknown, 'not-a-token', second.slice(0, -1)]) {
        const read = await open(token);
        const sent = await sign(token, drawn(page.documentsSha256));
        expect([read.response.status, sent.response.status]).toEqual([404, 404]);
        bodies.add(JSON.stringify(read.error)).add(JSON.stringify(sent.error));
      }
      expect([...bodies]).toEqual([JSON.stringify({ message: 'Not found', code: 'not_found' })]);
      // The newest link is the live one, and the state follows it.
      expect((await open(second)).response.status).toBe(200);
      expect(await status(callers.owner, caseId)).toMatchObject({ state: 'opened', live: true });
    });

    it('is rate-limited per address on both public calls, like the client intake link', async () => {
      const capped = await startTestServer(kind, { publicRatePerMinute: 5 });
      try {
        const token = Buffer.alloc(32, 9).toString('base64url');
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) {
          const read = await capped.api.GET('/public/v1/engagement/{token}', { params: { path: { token } } });
          statuses.push(read.response.status);
        }
        expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
        const sent = [];
        for (let i = 0; i < 6; i++) {
          const response = await fetch(`${capped.baseUrl}/public/v1/engagement/${token}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(drawn('0'.repeat(64))),
          });
          sent.push(response.status);
        }
        expect(sent).toEqual([404, 404, 404, 404, 404, 429]);
      } finally {
        await capped.close();
      }
    });

    it('expires after ENGAGEMENT_LINK_DAYS', async () => {
      const shortServer = await startTestServer(kind, { engagementLinkDays: 2 });
      try {
        const firm = await shortServer.createFirm();
        const user = await shortServer.createUser({ firmId: firm.id, privilege: 'owner' });
        const caller = { user, token: await shortServer.login(user.email, user.password) };
        const intake = await createdIntake(shortServer, caller, draftIntake(CLIENT));
        await clearConflictCheck(shortServer, intake.caseId!, caller.token);
        const { data } = await shortServer.api.POST('/v1/intake/{caseId}/engagement', {
          params: { path: { caseId: intake.caseId! } },
          headers: bearer(caller.token),
        });
        const days = (Date.parse(data!.data.expiresAt) - Date.now()) / DAY_MS;
        expect(days).toBeGreaterThan(1.99);
        expect(days).toBeLessThanOrEqual(2);
      } finally {
        await shortServer.close();
      }
    });

    it('answers 400 for bodies off the contract and for a drawing that is not a PNG; 409 when the documents changed since opening', async () => {
      const caseId = await intakeFor(callers.representative);
      const token = await newToken(callers.representative, caseId);
      const page = await opened(token);
      const good = drawn(page.documentsSha256);
      for (const body of [
        { ...good, consent: false },
        { ...good, signerName: '' },
        { ...good, language: 'fr' },
        { ...good, signature: { kind: 'drawn' } },
        { ...good, signature: { kind: 'typed', name: 'A', png: 'x' } },
        { ...good, documentsSha256: 'abc' },
        { ...good, extra: 1 },
      ]) {
        const response = await fetch(`${server.baseUrl}/public/v1/engagement/${token}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect([JSON.stringify(body).slice(0, 60), response.status]).toEqual([JSON.stringify(body).slice(0, 60), 400]);
      }
      const notPng = await sign(token, {
        ...good,
        signature: { kind: 'drawn', png: Buffer.from('GIF89a not a png at all, really').toString('base64') },
      });
      expect(notPng.response.status).toBe(400);
      expect(notPng.error).toMatchObject({
        code: 'validation_failed',
        fields: { 'signature.png': 'The drawn signature is not a PNG image' },
      });
      const spaces = await sign(token, { ...good, signerName: '   ' });
      expect(spaces.error).toMatchObject({ code: 'validation_failed', fields: { signerName: 'Please type your full name' } });
      const changed = await sign(token, { ...good, documentsSha256: 'f'.repeat(64) });
      expect(changed.response.status).toBe(409);
      expect(changed.error).toMatchObject({ code: 'engagement_changed' });
      // None of these used the link.
      expect(await status(callers.owner, caseId)).toMatchObject({ state: 'opened', live: true, signedAt: null });
    });
  });

  describe('the signature', () => {
    it('is taken once: the link then answers 410 link_used like a used client link, and a new link is refused', async () => {
      const { caseId, token, page, receipt } = await signedCase();
      expect(receipt.fileName).toBe(`engagement-${receipt.documentId}.pdf`);
      const again = await sign(token, drawn(page.documentsSha256));
      const read = await open(token);
      expect([again.response.status, read.response.status]).toEqual([410, 410]);
      expect(again.error).toEqual({ code: 'link_used', message: 'These answers were already sent. Thank you.' });
      expect(read.error).toEqual(again.error);
      const state = await status(callers.owner, caseId);
      expect(state).toMatchObject({
        state: 'signed',
        live: false,
        signerName: CLIENT_NAME,
        documentId: receipt.documentId,
        signedAt: receipt.signedAt,
      });
      const row = await server.db.selectFrom('engagements').selectAll().where('case_id', '=', caseId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ signer_name: CLIENT_NAME, signer_user_agent: userAgent, signature_kind: 'drawn', language: 'es' });
      const refused = await createLink(callers.owner, caseId);
      expect(refused.response.status).toBe(409);
      expect(refused.error).toMatchObject({ code: 'engagement_signed' });
      expect(state.sendRefusal).toEqual(refused.error);
      expect((await trail(caseId)).map((entry) => entry.action)).toEqual([
        'intake.created',
        'conflicts.cleared',
        'engagement.created',
        'engagement.opened',
        'engagement.signed',
      ]);
    });

    it('takes exactly one of two signatures sent at once', async () => {
      const caseId = await intakeFor(callers.representative);
      const token = await newToken(callers.representative, caseId);
      const page = await opened(token);
      const answers = await Promise.all([sign(token, drawn(page.documentsSha256)), sign(token, drawn(page.documentsSha256))]);
      expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 410]);
      expect(await server.db.selectFrom('engagement_files').select('engagement_id').where('firm_id', '=', firmId).execute()).toHaveLength(
        (await server.db.selectFrom('engagements').select('id').where('firm_id', '=', firmId).where('signed_at', 'is not', null).execute())
          .length,
      );
      expect((await trail(caseId)).filter((row) => row.action === 'engagement.signed')).toHaveLength(1);
    });

    it('gives a PDF that pdfsig verifies as signed and unmodified, and one changed byte makes pdfsig report it', async () => {
      const { pdf } = await signedCase();
      const report = await poppler('pdfsig', pdf);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
      const changed = Buffer.from(pdf);
      // A byte of the document information (Producer), outside the signature's own bytes.
      const at = changed.indexOf('/Producer');
      expect(at).toBeGreaterThan(0);
      changed[at + 12] = changed[at + 12]! ^ 0x01;
      const tampered = await poppler('pdfsig', changed);
      expect(tampered).not.toContain('Signature is Valid.');
      expect(tampered).toMatch(/Digest Mismatch|Signature is Invalid/);
    });

    it('prints the documents with the client, and a last page Certificate of completion with every event, the signer and the hash', async () => {
      const { caseId, page, pdf, receipt } = await signedCase();
      const text = await poppler('pdftotext', pdf, ['-layout']);
      const pages = text.split('\f').filter((part) => part.trim() !== '');
      const certificate = pages.at(-1)!;
      expect(certificate).toContain('Certificate of completion');
      expect(certificate).toContain(`Document id: ${receipt.documentId}`);
      expect(certificate).toContain(page.documentsSha256);
      const row = await server.db.selectFrom('engagements').selectAll().where('case_id', '=', caseId).executeTakeFirstOrThrow();
      const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
      for (const [label, at] of [
        ['Created', row.created_at],
        ['Sent', row.created_at],
        ['Opened', row.opened_at!],
        ['Consented', row.consented_at!],
        ['Signed', row.signed_at!],
      ] as const) {
        expect(certificate).toContain(`${label}: ${utc(at)}`);
      }
      expect(certificate).toContain(`Name: ${CLIENT_NAME}`);
      expect(certificate).toMatch(/Address: (::ffff:)?127\.0\.0\.1/);
      expect(certificate.replace(/\s+/g, ' ')).toContain(`User agent: ${userAgent}`);
      const body = pages.slice(0, -1).join('\n');
      expect(body).toContain('Contingency Fee Agreement');
      expect(body).toContain('Authorization to Release Medical Records (HIPAA)');
      expect(body).toContain('Letter of Representation');
      expect(body).toContain(CLIENT_NAME);
      expect(body).toContain(`Signed electronically by ${CLIENT_NAME}`);
    });

    it('keeps every character of a long text: nothing shrunk or cut, a word longer than a line carried over', async () => {
      const { data } = await api().GET('/v1/firm/engagement-terms', { headers: bearer(callers.owner.token) });
      const base = pickTerms(data!.data);
      const longWord = `Nguyễn${'ÀÉÎÕÜ'.repeat(40)}Khai`;
      const paragraph = Array.from({ length: 120 }, (_, index) => `clause${index}-Ñandú`).join(' ');
      await api().PUT('/v1/firm/engagement-terms', {
        body: { ...base, documents: { ...base.documents, letterOfRepresentation: `{{clientName}}\n\n${longWord}\n\n${paragraph}` } },
        headers: bearer(callers.owner.token),
      });
      try {
        const { pdf } = await signedCase();
        const text = (await poppler('pdftotext', pdf)).replace(/\s+/g, '');
        expect(text).toContain(longWord);
        expect(text).toContain(paragraph.replace(/\s+/g, ''));
      } finally {
        await api().PUT('/v1/firm/engagement-terms', { body: base, headers: bearer(callers.owner.token) });
      }
    });

    it('takes a typed name instead of a drawing', async () => {
      const caseId = await intakeFor(callers.representative);
      const token = await newToken(callers.representative, caseId);
      const page = await opened(token);
      const { data, response } = await sign(token, {
        language: 'en',
        consent: true,
        signerName: CLIENT_NAME,
        signature: { kind: 'typed', name: 'M. Ñ. Quintanilla-Ortiz' },
        documentsSha256: page.documentsSha256,
      });
      expect(response.status).toBe(200);
      const text = await poppler('pdftotext', Buffer.from(data!.data.pdf, 'base64'));
      expect(text).toContain('M. Ñ. Quintanilla-Ortiz');
      expect(text).toContain('Signature: typed name');
    });

    it('is stored sealed at rest; staff download the same file, every download recorded; 404 before signing', async () => {
      const unsigned = await intakeFor(callers.representative);
      expect((await download(callers.owner, unsigned)).status).toBe(404);
      const { caseId, pdf } = await signedCase();
      const file = await server.db.selectFrom('engagement_files').selectAll().executeTakeFirstOrThrow();
      expect(file.pdf_sealed.startsWith('v1:')).toBe(true);
      const stored = await server.db.selectFrom('engagement_files').select('pdf_sealed').execute();
      for (const { pdf_sealed: sealed } of stored) {
        expect(sealed).not.toContain(pdf.toString('base64').slice(0, 40));
        expect(sealed).not.toContain('JVBERi0');
      }
      for (const caller of [callers.representative, callers.owner]) {
        const response = await download(caller, caseId);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="engagement-[0-9a-f-]+\.pdf"$/);
        expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
      }
      const downloads = (await trail(caseId)).filter((row) => row.action === 'engagement.downloaded');
      expect(downloads.map((row) => row.user_id)).toEqual([callers.representative.user.id, callers.owner.user.id]);
      expect((await download(otherFirm, caseId)).status).toBe(404);
    });

    it("counts in the dashboard's funnel as 'Signed' once the intake is final", async () => {
      const before = (await api().GET('/v1/dashboard', { headers: bearer(callers.owner.token) })).data!.data.funnel;
      const { caseId } = await signedCase();
      await insertLead(server.db, {
        firmId,
        createdBy: callers.representative.user.id,
        intakeId: caseId,
        values: {
          first_name: 'Marisol',
          middle_name: 'Ñúñez',
          last_name: 'Quintanilla-Ortiz',
          birth_date: '1988-03-14',
          address: '1200 Example Avenue',
          city: 'Springfield',
          county: 'Example County',
          state: 'TX',
          country: 'USA',
          zip_code: '75001',
          email: null,
          gender: 'Female',
          phone: '555-010-4242',
          minor: 'No',
        },
      });
      const draft = (await api().GET('/v1/dashboard', { headers: bearer(callers.owner.token) })).data!.data.funnel;
      expect(draft.signedEngagements).toBe(before.signedEngagements);
      await server.db.updateTable('intakes').set({ status: 'final' }).where('case_id', '=', caseId).execute();
      const final = (await api().GET('/v1/dashboard', { headers: bearer(callers.owner.token) })).data!.data.funnel;
      expect(final.signedEngagements).toBe(before.signedEngagements + 1);
      expect(final.finalIntakes).toBe(before.finalIntakes + 1);
      expect(final.signedRate).toBe(Math.round((100 * final.signedEngagements) / final.finalIntakes));
    });
  });

  it('writes no signing token in any log line, however the address is spelled', async () => {
    const caseId = await intakeFor(callers.representative);
    const token = await newToken(callers.representative, caseId);
    for (const spelling of [
      `/public/v1/engagement/${token}`,
      `/public/v1/%65ngagement/${token}`,
      `/public/v1/engagement%2F${token}`,
      `//public/v1/engagement/${token}`,
      `/PUBLIC/v1/Engagement/${token}`,
      `/public/v1/engagement/${token}/`,
      `/public/v1/engagement/${token}x`,
      `/sign/${token}`,
      `/Sign/${token}`,
      `/sign%2F${token}`,
    ]) {
      await fetch(`${server.baseUrl}${spelling}`);
      await fetch(`${server.baseUrl}${spelling}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    }
    const log = logLines.join('');
    expect(log).toContain('/public/v1/engagement/[token]');
    for (let start = 0; start + 12 <= token.length; start += 4) expect(log).not.toContain(token.slice(start, start + 12));
  });
});

/** The writable part of the terms answer. */
function pickTerms(terms: {
  feeBeforeSuit: string;
  feeAfterSuit: string;
  costsDeducted: 'beforeFee' | 'afterFee';
  costsWhenNoRecovery: 'waived' | 'owed';
  documents: { feeAgreement: string; medicalRecordsRelease: string; letterOfRepresentation: string };
}) {
  const { feeBeforeSuit, feeAfterSuit, costsDeducted, costsWhenNoRecovery, documents } = terms;
  return { feeBeforeSuit, feeAfterSuit, costsDeducted, costsWhenNoRecovery, documents };
}
