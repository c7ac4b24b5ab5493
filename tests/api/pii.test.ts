// SSN and ITIN on the real server (README, "Encryption at rest"; docs/product/people.md and
// docs/product/intake-form.md): sealed in every database file and row, masked in every answer, kept when the
// mask is sent back, revealed in full only on purpose, and every reveal in the activity trail.
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../server/db/dataDir';
import { withFields } from '../domain/intake/fixtures';
import { createdIntake, draftIntake, getIntake, updateIntake, type Caller } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';
import { profileBody, userInformation } from './support/userBodies';

// Distinctive made-up numbers, found nowhere else in the tests or the app.
const USER_SSN = '731-86-4029';
const USER_ITIN = '958-72-3146';
const USER_SSN_NEW = '742-19-5083';
const INTAKE_SSN = '681-47-2953';
const INTAKE_SSN_NEW = '612-93-8475';
const ALL_NUMBERS = [USER_SSN, USER_ITIN, USER_SSN_NEW, INTAKE_SSN, INTAKE_SSN_NEW];

/** Each number as typed and as bare digits. */
const forms = (numbers: string[]) => numbers.flatMap((number) => [number, number.replace(/-/g, '')]);

describe.each(testDatabases())('SSN and ITIN on %s', (kind) => {
  let server: TestServer;
  const callers = {} as Record<'owner' | 'administrator' | 'representative' | 'colleague' | 'foreign', Caller>;
  let caseId: string;

  function revealIntake(caller: Caller, id: string, purpose?: 'show' | 'pdfPreview' | 'pdfDownload') {
    return server.api.POST('/v1/intake/{caseId}/reveal', {
      params: { path: { caseId: id } },
      ...(purpose ? { body: { purpose } } : {}),
      headers: bearer(caller.token),
    });
  }

  function revealUser(caller: Caller, id: string) {
    return server.api.POST('/v1/user/{id}/reveal', { params: { path: { id } }, headers: bearer(caller.token) });
  }

  /** Every byte the database holds: SQLite's files (main, -wal, -shm), PostgreSQL's rows as text. */
  async function storedBytes(): Promise<string> {
    if (server.kind === 'sqlite') {
      const dir = server.databaseName;
      const names = (await readdir(dir)).filter((name) => name.startsWith(SQLITE_FILE_NAME));
      expect(names).toContain(`${SQLITE_FILE_NAME}-wal`);
      const files = await Promise.all(names.map((name) => readFile(path.join(dir, name))));
      return files.map((file) => file.toString('latin1')).join('\n');
    }
    const tables = ['users', 'intakes', 'activity', 'leads', 'firms'];
    const rows = await Promise.all(
      tables.map((table) => sql<{ row: string }>`select t::text as row from ${sql.table(table)} t`.execute(server.db)),
    );
    return rows.flatMap((result) => result.rows.map((row) => row.row)).join('\n');
  }

  // Everything the server logs, at its most talkative level.
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });

  beforeAll(async () => {
    server = await startTestServer(kind, { logLevel: 'trace', logStream });
    const firm = await server.createFirm({ firmName: 'Sealed Sample Firm' });
    for (const privilege of ['owner', 'administrator', 'representative'] as const) {
      const user = await server.createUser({ firmId: firm.id, privilege });
      callers[privilege] = { user, token: await server.login(user.email, user.password) };
    }
    const colleague = await server.createUser({
      firmId: firm.id,
      userInformation: { ssnStatus: 'hasSsn', ssn: USER_SSN, itin: USER_ITIN },
    });
    callers.colleague = { user: colleague, token: await server.login(colleague.email, colleague.password) };
    const other = await server.createFirm({ firmName: 'Foreign Sample Firm' });
    const foreign = await server.createUser({ firmId: other.id, privilege: 'owner' });
    callers.foreign = { user: foreign, token: await server.login(foreign.email, foreign.password) };

    const created = await createdIntake(
      server,
      callers.representative,
      withFields(draftIntake({ firstName: 'Sealed', lastName: 'Client' }), {
        'personalInformation.status': 'hasSsn',
        'personalInformation.ssnItin': INTAKE_SSN,
      }),
    );
    caseId = created.caseId!;
  });

  afterAll(() => server?.close());

  describe('answers', () => {
    it('mask the intake number in the create, open and save answers', async () => {
      const opened = await getIntake(server, callers.administrator, caseId);
      expect(opened.data?.data.personalInformation.ssnItin).toBe('***-**-2953');
      // The case id is a random UUID and the timestamps carry milliseconds: any three digits.
      const { caseId: _caseId, createdAt: _createdAt, updatedAt: _updatedAt, ...answers } = opened.data!.data;
      expect(JSON.stringify(answers)).not.toContain('681');
    });

    it('mask the user numbers in /v1/users/me and carry none in the list', async () => {
      const me = await server.api.GET('/v1/users/me', { headers: bearer(callers.colleague.token) });
      expect(me.data?.data.userInformation).toMatchObject({ ssn: '***-**-4029', itin: '***-**-3146' });
      const list = await server.api.GET('/v1/users', { params: { query: { pageSize: 100 } }, headers: bearer(callers.owner.token) });
      expect(list.data?.data.length).toBeGreaterThan(0);
      // Ids and the test's made-up emails are random hex, which may hold any four digits.
      const text = JSON.stringify(list.data?.data.map(({ id: _id, email: _email, ...rest }) => rest));
      for (const form of [...forms(ALL_NUMBERS), '4029', '3146']) expect(text).not.toContain(form);
    });

    it('carry no number in the intake list or the token', async () => {
      const list = await server.api.GET('/v1/intake', { params: { query: { pageSize: 100 } }, headers: bearer(callers.owner.token) });
      const token = callers.colleague.token
        .split('.')
        .slice(0, 2)
        .map((part) => Buffer.from(part, 'base64url').toString())
        .join('');
      for (const form of forms(ALL_NUMBERS)) {
        expect(JSON.stringify(list.data)).not.toContain(form);
        expect(token).not.toContain(form);
      }
    });
  });

  describe('saving', () => {
    it('keeps the stored intake number when the mask comes back, and stores a new one typed', async () => {
      const opened = (await getIntake(server, callers.representative, caseId)).data!.data;
      const sameMask = withFields(draftIntake({ firstName: 'Sealed', lastName: 'Client' }), {
        'personalInformation.status': 'hasSsn',
        'personalInformation.ssnItin': opened.personalInformation.ssnItin,
        'personalInformation.email': 'sealed.client@example.test',
      });
      const saved = await updateIntake(server, callers.representative, caseId, sameMask, opened.updatedAt);
      expect(saved.response.status).toBe(200);
      expect((await revealIntake(callers.owner, caseId)).data?.data.ssnItin).toBe(INTAKE_SSN);
      // The mask counts as unchanged in the trail.
      const history = (
        await server.api.GET('/v1/intake/{caseId}/history', { params: { path: { caseId } }, headers: bearer(callers.owner.token) })
      ).data!.data;
      const draftSaved = history.find((row) => row.action === 'intake.draftSaved')!;
      expect(draftSaved.fields).toEqual(['personalInformation.email']);

      const typed = withFields(sameMask, { 'personalInformation.ssnItin': INTAKE_SSN_NEW });
      const again = await updateIntake(server, callers.representative, caseId, typed, saved.data!.data.updatedAt);
      expect(again.data?.data.personalInformation.ssnItin).toBe('***-**-8475');
      expect((await revealIntake(callers.representative, caseId)).data?.data.ssnItin).toBe(INTAKE_SSN_NEW);
    });

    it('refuses a mask that is not the stored number’s (validated like any typed value)', async () => {
      const opened = (await getIntake(server, callers.representative, caseId)).data!.data;
      const wrong = withFields(draftIntake({ firstName: 'Sealed', lastName: 'Client' }), {
        'personalInformation.status': 'hasSsn',
        'personalInformation.ssnItin': '***-**-0000',
      });
      const { response, error } = await updateIntake(server, callers.representative, caseId, wrong, opened.updatedAt);
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ fields: { 'personalInformation.ssnItin': expect.any(String) } });
    });

    it('keeps the stored user numbers when the masks come back, and stores a new SSN typed', async () => {
      const { user, token } = callers.colleague;
      const me = (await server.api.GET('/v1/users/me', { headers: bearer(token) })).data!.data;
      const body = profileBody({
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        userInformation: userInformation({ ssnStatus: 'hasSsn', ssn: me.userInformation.ssn, itin: me.userInformation.itin }),
      });
      const put = (b: typeof body) =>
        server.api.PUT('/v1/user/{id}', { params: { path: { id: user.id } }, body: b, headers: bearer(token) });
      const kept = await put(body);
      expect(kept.response.status).toBe(200);
      expect(kept.data?.data.userInformation).toMatchObject({ ssn: '***-**-4029', itin: '***-**-3146' });
      expect((await revealUser(callers.colleague, user.id)).data?.data).toEqual({ ssn: USER_SSN, itin: USER_ITIN });

      const changed = await put({ ...body, userInformation: { ...body.userInformation, ssn: USER_SSN_NEW } });
      expect(changed.data?.data.userInformation.ssn).toBe('***-**-5083');
      expect((await revealUser(callers.owner, user.id)).data?.data).toEqual({ ssn: USER_SSN_NEW, itin: USER_ITIN });
    });
  });

  describe('reveal', () => {
    it('answers the intake number to every role of the firm, 404 to another firm', async () => {
      for (const role of ['owner', 'administrator', 'representative'] as const) {
        expect((await revealIntake(callers[role], caseId)).response.status).toBe(200);
      }
      expect((await revealIntake(callers.foreign, caseId)).response.status).toBe(404);
      expect((await revealIntake(callers.owner, 'no-such-case')).response.status).toBe(404);
    });

    it('answers null for an intake without a number', async () => {
      const plain = await createdIntake(server, callers.representative, draftIntake({ firstName: 'No', lastName: 'Number' }));
      expect((await revealIntake(callers.representative, plain.caseId!, 'pdfPreview')).data?.data).toEqual({ ssnItin: null });
    });

    it('answers user numbers to themselves and to owner and administrator of the firm only', async () => {
      const id = callers.colleague.user.id;
      expect((await revealUser(callers.colleague, id)).response.status).toBe(200);
      expect((await revealUser(callers.owner, id)).response.status).toBe(200);
      expect((await revealUser(callers.administrator, id)).response.status).toBe(200);
      const rep = await revealUser(callers.representative, id);
      expect(rep.response.status).toBe(403);
      expect(rep.error).toMatchObject({ code: 'forbidden' });
      expect((await revealUser(callers.foreign, id)).response.status).toBe(404);
      expect((await revealUser(callers.representative, callers.foreign.user.id)).response.status).toBe(403);
      expect((await revealUser(callers.representative, callers.representative.user.id)).data?.data).toEqual({ ssn: null, itin: null });
    });

    it('is recorded each time, with its purpose, in the firm trail and the intake history, without the number', async () => {
      await revealIntake(callers.administrator, caseId);
      await revealIntake(callers.administrator, caseId, 'pdfPreview');
      await revealIntake(callers.administrator, caseId, 'pdfDownload');
      await revealUser(callers.owner, callers.colleague.user.id);

      const history = (
        await server.api.GET('/v1/intake/{caseId}/history', { params: { path: { caseId } }, headers: bearer(callers.representative.token) })
      ).data!.data;
      expect(history.slice(0, 3).map((row) => row.action)).toEqual(['pdf.downloaded', 'pdf.previewed', 'ssn.revealed']);
      expect(history[2]).toMatchObject({ userId: callers.administrator.user.id, subject: caseId, fields: ['personalInformation.ssnItin'] });

      const trail = (
        await server.api.GET('/v1/activity', {
          params: { query: { action: 'ssn.revealed', pageSize: 1 } },
          headers: bearer(callers.owner.token),
        })
      ).data!.data;
      expect(trail.record[0]).toMatchObject({
        userId: callers.owner.user.id,
        subject: callers.colleague.user.id,
        fields: ['userInformation.ssn', 'userInformation.itin'],
      });
      const text = JSON.stringify([history, trail]);
      for (const form of forms(ALL_NUMBERS)) expect(text).not.toContain(form);
    });
  });

  it('leaves no number in the database (SQLite main file and WAL, PostgreSQL rows) after creating, updating and revealing', async () => {
    // Everything above ran first (vitest keeps file order): numbers were created, changed and revealed.
    const bytes = await storedBytes();
    expect(bytes.length).toBeGreaterThan(0);
    for (const form of forms(ALL_NUMBERS)) expect(bytes).not.toContain(form);
    // ... while they are there, sealed: the sealed values open to them.
    const colleague = await server.db
      .selectFrom('users')
      .select(['ssn', 'itin'])
      .where('id', '=', callers.colleague.user.id)
      .executeTakeFirstOrThrow();
    expect(server.pii.open(colleague.ssn!, 'users.ssn')).toBe(USER_SSN_NEW);
    const intake = await server.db
      .selectFrom('intakes')
      .select(['sections', 'ssn_itin_sealed'])
      .where('case_id', '=', caseId)
      .executeTakeFirstOrThrow();
    expect(server.pii.open(intake.ssn_itin_sealed!, 'intakes.ssnItin')).toBe(INTAKE_SSN_NEW);
    expect(JSON.parse(intake.sections).personalInformation.ssnItin).toBe('');
  });

  it('logs no number while creating, saving and revealing them', () => {
    expect(logLines.length).toBeGreaterThan(10);
    const log = logLines.join('');
    for (const form of forms(ALL_NUMBERS)) expect(log).not.toContain(form);
  });

  it.runIf(kind === 'sqlite')('keeps DATA_DIR 0700 and the database files 0600', async () => {
    const dir = server.databaseName;
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    for (const name of (await readdir(dir)).filter((file) => file.startsWith(SQLITE_FILE_NAME))) {
      expect({ name, mode: (await stat(path.join(dir, name))).mode & 0o777 }).toEqual({ name, mode: 0o600 });
    }
  });

  it('answers every API call with Cache-Control: no-store, errors included', async () => {
    const token = bearer(callers.owner.token);
    const calls = [
      fetch(`${server.baseUrl}/v1/users/me`, { headers: token }),
      fetch(`${server.baseUrl}/v1/intake/${caseId}`, { headers: token }),
      fetch(`${server.baseUrl}/v1/intake/no-such-case`, { headers: token }),
      fetch(`${server.baseUrl}/v1/users/me`),
      fetch(`${server.baseUrl}/v1/no-such-route`, { headers: token }),
      fetch(`${server.baseUrl}/cases/v2/checkDuplicate`, {
        method: 'POST',
        headers: { ...token, 'content-type': 'application/json' },
        body: '{}',
      }),
      fetch(`${server.baseUrl}/neos/validateCredentials`, {
        method: 'POST',
        headers: { ...token, 'content-type': 'application/json' },
        body: '{}',
      }),
    ];
    const responses = await Promise.all(calls);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 404, 401, 404, 400, expect.any(Number)]);
    for (const response of responses)
      expect({ url: response.url, cache: response.headers.get('cache-control') }).toEqual({ url: response.url, cache: 'no-store' });
  });
});
