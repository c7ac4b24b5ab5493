// The client's own part of an intake on the real server (docs/product/client-intake.md): links
// made by staff on a draft, opened and submitted without signing in, the answers landing in the
// draft with their origin, and every step in the activity trail.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { activityLines } from '../../src/domain/activity';
import { privileges, type Privilege } from '../../src/domain/enums';
import { clientFieldPaths, fromApiIntake, readField, type GeneralCaseInformation } from '../../src/domain/intake';
import { fullValidIntake, withFields } from '../domain/intake/fixtures';
import { openLink, submission, submitLink, tokenOf } from './support/clientIntake';
import { createdIntake, draftIntake, getIntake, updateIntake, type Caller } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the client fills in: the valid fixture's answers under another name. */
function clientForm(): GeneralCaseInformation {
  return withFields(fullValidIntake(), {
    'personalInformation.firstName': 'Marisol',
    'personalInformation.lastName': 'Ejemplo',
    'personalInformation.email': 'marisol.ejemplo@example.test',
    'incidentDescription.description': 'Me chocaron por detrás en un semáforo en rojo.',
    'pointsOfInjury.leftNeck': true,
    'pointsOfInjury.headache': true,
  });
}

/** The fields of `form` the client answered, counted by hand: texts typed, Yes or No given, choices made, boxes ticked. */
function answeredCount(form: GeneralCaseInformation): number {
  return clientFieldPaths.filter((path) => {
    const value: unknown = readField(form, path);
    if (typeof value === 'string') return value.trim() !== '';
    if (Array.isArray(value)) return value.length > 0;
    if (value && typeof value === 'object') return Object.values(value).includes(true);
    if (path.startsWith('pointsOfInjury.')) return value === true;
    return value !== null && value !== '';
  }).length;
}

describe.each(testDatabases())('client intake links on %s', (kind) => {
  let server: TestServer;
  const callers = {} as Record<Privilege, Caller>;
  let otherFirm: Caller;

  function createLink(caller: Caller, caseId: string, delivery?: 'copy' | 'email') {
    return server.api.POST('/v1/intake/{caseId}/client-link', {
      params: { path: { caseId } },
      body: delivery ? { delivery } : undefined,
      headers: bearer(caller.token),
    });
  }

  async function newLink(caller: Caller, caseId: string) {
    const { data, error, response } = await createLink(caller, caseId);
    if (!data) throw new Error(`client-link answered ${response.status}: ${JSON.stringify(error)}`);
    return data.data;
  }

  async function history(caller: Caller, caseId: string) {
    const { data } = await server.api.GET('/v1/intake/{caseId}/history', { params: { path: { caseId } }, headers: bearer(caller.token) });
    return data!.data;
  }

  async function clientAnswers(caller: Caller, caseId: string) {
    const { data, response } = await server.api.GET('/v1/intake/{caseId}/client-answers', {
      params: { path: { caseId } },
      headers: bearer(caller.token),
    });
    expect(response.status).toBe(200);
    return data!.data;
  }

  async function draftFor(caller: Caller, person: Parameters<typeof draftIntake>[0] = {}) {
    return createdIntake(server, caller, draftIntake({ firstName: 'Marisol', lastName: 'Ejemplo', ...person }));
  }

  beforeAll(async () => {
    // The public cap (30 a minute per address) is tested on its own server below; these tests make more calls.
    server = await startTestServer(kind, { publicRatePerMinute: 10_000 });
    const firm = await server.createFirm({ firmName: 'Ejemplo Injury Law' });
    for (const privilege of privileges) {
      const user = await server.createUser({ firmId: firm.id, privilege, lastName: `Link${privilege}` });
      callers[privilege] = { user, token: await server.login(user.email, user.password) };
    }
    const other = await server.createFirm({ firmName: 'Other Link Firm' });
    const otherUser = await server.createUser({ firmId: other.id, privilege: 'owner' });
    otherFirm = { user: otherUser, token: await server.login(otherUser.email, otherUser.password) };
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('making a link', () => {
    it('answers an address holding a 256-bit token, expiring after 7 days; only its SHA-256 is stored', async () => {
      const intake = await draftFor(callers.representative);
      const before = Date.now();
      const link = await newLink(callers.representative, intake.caseId!);
      const token = tokenOf(link.url);
      expect(link.url).toBe(`${server.baseUrl}/client-intake/${token}`);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(link.emailedTo).toBeNull();
      const expires = Date.parse(link.expiresAt);
      expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
      expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);

      const rows = await server.db.selectFrom('client_links').selectAll().where('case_id', '=', intake.caseId!).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      // The token is in no column of any row, nor in the activity trail.
      expect(JSON.stringify(rows)).not.toContain(token);
      const trail = await server.db.selectFrom('activity').selectAll().execute();
      expect(JSON.stringify(trail)).not.toContain(token);
    });

    it('gives a different token each time, and none can be read back from the staff calls', async () => {
      const intake = await draftFor(callers.representative);
      const tokens = new Set<string>();
      for (let i = 0; i < 5; i++) tokens.add(tokenOf((await newLink(callers.representative, intake.caseId!)).url));
      expect(tokens.size).toBe(5);
      const { data: status } = await server.api.GET('/v1/intake/{caseId}/client-link', {
        params: { path: { caseId: intake.caseId! } },
        headers: bearer(callers.representative.token),
      });
      const { data: opened } = await getIntake(server, callers.representative, intake.caseId!);
      const seen = JSON.stringify([status, opened, await history(callers.representative, intake.caseId!)]);
      for (const token of tokens) expect(seen).not.toContain(token);
      expect(status!.data.link).toMatchObject({ live: true, openedAt: null, submittedAt: null });
      expect(status!.data.emailAvailable).toBe(false);
    });

    it('is open to every role of the firm, not to another firm, not without a token, and only on a draft', async () => {
      const intake = await draftFor(callers.representative);
      for (const privilege of privileges) expect((await createLink(callers[privilege], intake.caseId!)).response.status).toBe(201);
      const foreign = await createLink(otherFirm, intake.caseId!);
      expect(foreign.response.status).toBe(404);
      const anonymous = await server.api.POST('/v1/intake/{caseId}/client-link', { params: { path: { caseId: intake.caseId! } } });
      expect(anonymous.response.status).toBe(401);

      const final = await createdIntake(server, callers.representative, { ...fullValidIntake(), status: 'final' });
      const refused = await createLink(callers.representative, final.caseId!);
      expect(refused.response.status).toBe(409);
      expect(refused.error).toMatchObject({ code: 'intake_final' });
    });

    it('cannot be emailed when SMTP_URL is not set', async () => {
      const intake = await draftFor(callers.representative, { email: 'marisol@example.test' });
      const { response, error } = await createLink(callers.representative, intake.caseId!, 'email');
      expect(response.status).toBe(409);
      expect(error).toMatchObject({ code: 'email_unavailable' });
      expect(await server.db.selectFrom('client_links').selectAll().where('case_id', '=', intake.caseId!).execute()).toHaveLength(0);
    });
  });

  describe('the public calls', () => {
    it('open the form with the first name and language only, once recorded', async () => {
      const intake = await draftFor(callers.representative, {
        languages: ['english', 'spanish'],
        email: 'staff.typed@example.test',
        address: '1 Staff Typed Road',
      });
      const token = tokenOf((await newLink(callers.representative, intake.caseId!)).url);
      const { data, response } = await openLink(server, token);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(data!.data).toEqual({ firstName: 'Marisol', firmName: 'Ejemplo Injury Law', language: 'es', expiresAt: expect.any(String) });
      // What staff typed is not shown back.
      const text = JSON.stringify(data);
      for (const typed of ['Ejemplo', 'staff.typed', 'Staff Typed', intake.caseId!])
        expect(text.split('Ejemplo Injury Law').join('')).not.toContain(typed);
      await openLink(server, token);
      const opened = (await history(callers.representative, intake.caseId!)).filter((entry) => entry.action === 'clientLink.opened');
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatchObject({ userId: null, userName: null, subject: intake.caseId });
    });

    it('answer unknown, malformed, expired and replaced tokens with the same 404 body', async () => {
      const intake = await draftFor(callers.representative);
      const first = tokenOf((await newLink(callers.representative, intake.caseId!)).url);
      const second = tokenOf((await newLink(callers.representative, intake.caseId!)).url);
      const other = await draftFor(callers.representative);
      const expired = tokenOf((await newLink(callers.representative, other.caseId!)).url);
      await server.db
        .updateTable('client_links')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('case_id', '=', other.caseId!)
        .execute();
      const unknown = Buffer.alloc(32, 7).toString('base64url');

      const bodies = new Set<string>();
      for (const token of [first, expired, unknown, 'not-a-token', second.slice(0, -1)]) {
        const opened = await openLink(server, token);
        const submitted = await submitLink(server, token, submission(clientForm()));
        expect([opened.response.status, submitted.response.status]).toEqual([404, 404]);
        bodies.add(JSON.stringify(opened.error)).add(JSON.stringify(submitted.error));
      }
      expect([...bodies]).toEqual([JSON.stringify({ message: 'Not found', code: 'not_found' })]);
      // The newest link is the live one.
      expect((await openLink(server, second)).response.status).toBe(200);
    });

    it('expire after CLIENT_LINK_DAYS', async () => {
      const shortServer = await startTestServer(kind, { clientLinkDays: 2 });
      try {
        const firm = await shortServer.createFirm();
        const user = await shortServer.createUser({ firmId: firm.id });
        const caller = { user, token: await shortServer.login(user.email, user.password) };
        const intake = await createdIntake(shortServer, caller, draftIntake());
        const { data } = await shortServer.api.POST('/v1/intake/{caseId}/client-link', {
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

    it('refuse answers the form would refuse, naming the fields, and leave the link usable', async () => {
      const intake = await draftFor(callers.representative);
      const token = tokenOf((await newLink(callers.representative, intake.caseId!)).url);
      const bad = withFields(clientForm(), { 'personalInformation.email': 'not-an-email', 'personalInformation.phoneNumber': '' });
      const { response, error } = await submitLink(server, token, submission(bad));
      expect(response.status).toBe(400);
      expect(error).toMatchObject({
        code: 'validation_failed',
        fields: {
          'personalInformation.email': 'Please enter a valid email',
          'personalInformation.phoneNumber': 'Please provide your phone number',
        },
      });
      // Fields the client has no business with are refused by the contract.
      const withSsn = submission(clientForm());
      const smuggled = {
        ...withSsn,
        answers: { ...withSsn.answers, personalInformation: { ...withSsn.answers.personalInformation, ssnItin: '900-00-0009' } },
      };
      expect((await submitLink(server, token, smuggled as typeof withSsn)).response.status).toBe(400);
      const notConsented = { ...withSsn, consent: false } as unknown as typeof withSsn;
      expect((await submitLink(server, token, notConsented)).response.status).toBe(400);
      expect((await openLink(server, token)).response.status).toBe(200);
    });

    it('are rate-limited per address', async () => {
      const capped = await startTestServer(kind);
      try {
        const statuses: number[] = [];
        const token = Buffer.alloc(32, 9).toString('base64url');
        for (let i = 0; i < 31; i++) statuses.push((await openLink(capped, token)).response.status);
        expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
        expect(statuses[30]).toBe(429);
        // The cap is the public calls' own: signed-in calls from the same address go on.
        expect((await capped.api.GET('/health')).response.status).toBe(200);
      } finally {
        await capped.close();
      }
    });
  });

  describe('submitting', () => {
    it('lands the answers in the draft with their origin, once; staff values that differ are kept', async () => {
      const rep = callers.representative;
      const intake = await draftFor(rep, { email: 'staff.typed@example.test', phoneNumber: '(555) 010-0100' });
      const token = tokenOf((await newLink(rep, intake.caseId!)).url);
      await openLink(server, token);
      const form = clientForm();
      const { data, response } = await submitLink(server, token, submission(form));
      expect(response.status).toBe(200);
      const count = answeredCount(form);
      expect(data!.data.fields).toBe(count);

      const { data: stored } = await getIntake(server, rep, intake.caseId!);
      const draft = fromApiIntake(stored!.data);
      expect(draft.status).toBe('draft');
      // Staff's different email stays; the same phone and the empty fields take the client's answers.
      expect(draft.personalInformation.email).toBe('staff.typed@example.test');
      expect(draft.personalInformation.phoneNumber).toBe('(555) 010-0100');
      expect(draft.personalInformation.address).toBe(form.personalInformation.address);
      expect(draft.incidentDescription.description).toBe('Me chocaron por detrás en un semáforo en rojo.');
      expect(draft.pointsOfInjury.leftNeck).toBe(true);
      expect(draft.pointsOfInjury.headache).toBe(true);
      expect(draft.personalInformation.birthDate).toBe(form.personalInformation.birthDate);
      // Fields the client is not asked stay as staff left them.
      expect(draft.personalInformation.ssnItin).toBe('');
      expect(draft.checklist.policeReport).toBe(false);

      const answers = await clientAnswers(rep, intake.caseId!);
      expect(answers.answers).toHaveLength(count);
      expect(answers.submittedAt).not.toBeNull();
      const byPath = Object.fromEntries(answers.answers.map((answer) => [answer.path, answer]));
      expect(byPath['personalInformation.email']).toEqual({
        path: 'personalInformation.email',
        value: 'marisol.ejemplo@example.test',
        applied: false,
      });
      expect(byPath['personalInformation.phoneNumber']).toMatchObject({ applied: true });
      expect(byPath['incidentDescription.description']).toMatchObject({
        applied: true,
        value: 'Me chocaron por detrás en un semáforo en rojo.',
      });
      expect(byPath['pointsOfInjury.leftNeck']).toEqual({ path: 'pointsOfInjury.leftNeck', value: true, applied: true });
      expect(byPath['pointsOfInjury.rightNeck']).toBeUndefined();

      // Single use: a second submit is 410, and so is opening it again.
      const again = await submitLink(server, token, submission(form));
      expect(again.response.status).toBe(410);
      expect(again.error).toMatchObject({ code: 'link_used' });
      expect((await openLink(server, token)).response.status).toBe(410);

      // Everything is recorded, the client's rows with nobody as the user.
      const trail = await history(rep, intake.caseId!);
      const actions = trail.map((entry) => entry.action);
      expect(actions).toEqual(
        expect.arrayContaining(['intake.created', 'clientLink.created', 'clientLink.opened', 'clientLink.submitted']),
      );
      const submitted = trail.find((entry) => entry.action === 'clientLink.submitted')!;
      expect(submitted).toMatchObject({ userId: null, subject: intake.caseId });
      expect(submitted.fields).toHaveLength(count);
      expect(activityLines(submitted)).toEqual([`Client submitted ${count} fields`]);

      // Staff complete it and submit it final as usual.
      const finalForm = withFields(fullValidIntake(), {});
      const saved = await updateIntake(server, rep, intake.caseId!, { ...finalForm, status: 'final' }, stored!.data.updatedAt!);
      expect(saved.response.status).toBe(200);
    });

    it("keeps staff's own ticks and dates against different answers, each point of injury being its own answer", async () => {
      const rep = callers.representative;
      const staffPart = withFields(draftIntake({ firstName: 'Marisol', lastName: 'Ejemplo', birthDate: '1985-01-02' }), {
        'injuryInformation.painAndSymptoms': { lossOfConciousness: false, headaches: true, vomitting: false },
        'pointsOfInjury.rightKnee': true,
      });
      const intake = await createdIntake(server, rep, staffPart);
      const token = tokenOf((await newLink(rep, intake.caseId!)).url);
      const form = withFields(clientForm(), {
        'personalInformation.birthDate': '1990-03-05',
        'injuryInformation.painAndSymptoms': { lossOfConciousness: true, headaches: false, vomitting: true },
      });
      expect((await submitLink(server, token, submission(form))).response.status).toBe(200);

      const { data: stored } = await getIntake(server, rep, intake.caseId!);
      const draft = fromApiIntake(stored!.data);
      // Staff's date and boxes stand; the client's points are added beside staff's.
      expect(draft.personalInformation.birthDate).toBe('1985-01-02');
      expect(draft.injuryInformation.painAndSymptoms).toEqual({ lossOfConciousness: false, headaches: true, vomitting: false });
      expect(draft.pointsOfInjury).toMatchObject({ rightKnee: true, leftNeck: true, headache: true });

      // The client's answers are listed in the form's own shape (a calendar date, the group of boxes
      // as one answer), so the staff form can compare them with what it holds.
      const byPath = Object.fromEntries((await clientAnswers(rep, intake.caseId!)).answers.map((answer) => [answer.path, answer]));
      expect(byPath['personalInformation.birthDate']).toEqual({
        path: 'personalInformation.birthDate',
        value: '1990-03-05',
        applied: false,
      });
      expect(byPath['injuryInformation.painAndSymptoms']).toEqual({
        path: 'injuryInformation.painAndSymptoms',
        value: { lossOfConciousness: true, headaches: false, vomitting: true },
        applied: false,
      });
      expect(byPath['pointsOfInjury.leftNeck']).toMatchObject({ value: true, applied: true });
      // A box the client left empty is no answer: staff's tick is not the client's.
      expect(byPath['pointsOfInjury.rightKnee']).toBeUndefined();
    });

    it('a token opens only its own intake', async () => {
      const rep = callers.representative;
      const mine = await draftFor(rep);
      const neighbour = await draftFor(rep, { firstName: 'Neighbour' });
      const foreign = await createdIntake(server, otherFirm, draftIntake({ firstName: 'Foreign' }));
      const token = tokenOf((await newLink(rep, mine.caseId!)).url);
      expect((await submitLink(server, token, submission(clientForm()))).response.status).toBe(200);
      for (const [caller, caseId] of [
        [rep, neighbour.caseId!],
        [otherFirm, foreign.caseId!],
      ] as const) {
        const { data } = await getIntake(server, caller, caseId);
        expect(data!.data.personalInformation.address).toBe('');
        expect(data!.data.updatedAt).toBe(caseId === neighbour.caseId ? neighbour.updatedAt : foreign.updatedAt);
      }
      // Another firm cannot read this intake's client answers.
      const { response } = await server.api.GET('/v1/intake/{caseId}/client-answers', {
        params: { path: { caseId: mine.caseId! } },
        headers: bearer(otherFirm.token),
      });
      expect(response.status).toBe(404);
    });

    it('takes exactly one of two submits sent at once', async () => {
      const intake = await draftFor(callers.representative);
      const token = tokenOf((await newLink(callers.representative, intake.caseId!)).url);
      const results = await Promise.all([0, 1, 2].map(() => submitLink(server, token, submission(clientForm()))));
      expect(results.map((result) => result.response.status).sort()).toEqual([200, 410, 410]);
      const submits = (await history(callers.representative, intake.caseId!)).filter((entry) => entry.action === 'clientLink.submitted');
      expect(submits).toHaveLength(1);
    });

    it('is dead once the intake is final', async () => {
      const rep = callers.representative;
      const intake = await draftFor(rep);
      const token = tokenOf((await newLink(rep, intake.caseId!)).url);
      const saved = await updateIntake(server, rep, intake.caseId!, { ...fullValidIntake(), status: 'final' }, intake.updatedAt);
      expect(saved.response.status).toBe(200);
      expect((await openLink(server, token)).response.status).toBe(404);
      expect((await submitLink(server, token, submission(clientForm()))).response.status).toBe(404);
    });
  });
});

describe('the contract of the client calls', () => {
  it('lists the public calls under their own tag with no security scheme', async () => {
    const document = parse(await readFile(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
      tags: { name: string }[];
    };
    expect(document.tags.map((tag) => tag.name)).toContain('client-intake');
    const item = document.paths['/public/v1/client-intake/{token}']!;
    for (const method of ['get', 'post']) {
      expect(item[method]!.tags).toEqual(['client-intake']);
      expect(item[method]!.security).toEqual([]);
    }
  });

  it('accepts exactly the fields the client form shows', async () => {
    const document = parse(await readFile(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const sections = {
      personalInformation: 'ClientPersonalInformation',
      incidentDescription: 'ClientIncidentDescription',
      injuryInformation: 'ClientInjuryInformation',
      pointsOfInjury: 'ClientPointsOfInjury',
    };
    const contract = Object.entries(sections).flatMap(([section, schema]) =>
      Object.keys(document.components.schemas[schema]!.properties ?? {}).map((field) => `${section}.${field}`),
    );
    expect([...contract].sort()).toEqual([...clientFieldPaths].sort());
  });
});
