// The activity trail on the real server (docs/product/activity.md): what staff do is recorded with
// who, when, from where and which fields, never the values; GET /v1/activity shows the firm's trail
// to owner and administrator, GET /v1/intake/{caseId}/history one intake's rows to whoever may open it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { privileges, type Privilege } from '../../src/domain/enums';
import { SANDBOX_CREDENTIALS, startNeosSandbox, type NeosSandbox } from '../../sandbox/neos/server';
import { fullValidIntake, withFields } from '../domain/intake/fixtures';
import { createdIntake, draftIntake, getIntake, updateIntake, type Caller } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';
import { employeeBody, profileBody } from './support/userBodies';

type ActivityEntry = components['schemas']['ActivityEntry'];
type ActivityQuery = NonNullable<import('../../src/api/schema').operations['listActivity']['parameters']['query']>;

describe.each(testDatabases())('activity trail on %s', (kind) => {
  let server: TestServer;
  let sandbox: NeosSandbox;
  const callers = {} as Record<Privilege, Caller>;
  let otherFirm: Caller;

  function activity(caller: Caller, query: ActivityQuery = {}) {
    return server.api.GET('/v1/activity', { params: { query }, headers: bearer(caller.token) });
  }

  async function activityPage(caller: Caller, query: ActivityQuery = {}) {
    const { data, error, response } = await activity(caller, query);
    if (!data) throw new Error(`GET /v1/activity answered ${response.status}: ${JSON.stringify(error)}`);
    return data.data;
  }

  function history(caller: Caller, caseId: string) {
    return server.api.GET('/v1/intake/{caseId}/history', { params: { path: { caseId } }, headers: bearer(caller.token) });
  }

  async function historyOf(caller: Caller, caseId: string): Promise<ActivityEntry[]> {
    const { data, error, response } = await history(caller, caseId);
    if (!data) throw new Error(`history answered ${response.status}: ${JSON.stringify(error)}`);
    return data.data;
  }

  beforeAll(async () => {
    sandbox = await startNeosSandbox();
    server = await startTestServer(kind, { neosApiUrl: sandbox.url });
    const firm = await server.createFirm({ firmName: 'Trail Sample Firm' });
    for (const privilege of privileges) {
      const user = await server.createUser({
        firmId: firm.id,
        privilege,
        firstName: 'Robin',
        middleName: null,
        lastName: `Trail${privilege}`,
      });
      callers[privilege] = { user, token: await server.login(user.email, user.password) };
    }
    const other = await server.createFirm({ firmName: 'Other Trail Firm' });
    const otherUser = await server.createUser({ firmId: other.id, privilege: 'owner' });
    otherFirm = { user: otherUser, token: await server.login(otherUser.email, otherUser.password) };
  });

  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
  });

  describe('an intake from creation to final', () => {
    let caseId: string;

    beforeAll(async () => {
      const rep = callers.representative;
      const created = await createdIntake(server, rep, draftIntake({ firstName: 'Avery', lastName: 'Trail' }));
      caseId = created.caseId!;
      const draft = withFields(draftIntake({ firstName: 'Avery', lastName: 'Trail' }), {
        'personalInformation.email': 'avery.trail@example.test',
        'injuryInformation.hospital': 'Trail Example Hospital',
      });
      const saved = await updateIntake(server, rep, caseId, draft, created.updatedAt);
      expect(saved.response.status).toBe(200);
      const opened = await getIntake(server, callers.administrator, caseId);
      expect(opened.response.status).toBe(200);
      const final = await updateIntake(server, rep, caseId, { ...fullValidIntake(), status: 'final' }, saved.data!.data.updatedAt);
      expect(final.response.status).toBe(200);
    });

    it('records created, draft saved (its fields), opened and submitted final, newest first', async () => {
      const rows = await historyOf(callers.representative, caseId);
      expect(rows.map((row) => row.action)).toEqual(['intake.submittedFinal', 'intake.opened', 'intake.draftSaved', 'intake.created']);
      const [final, opened, saved, created] = rows;
      expect(saved!.fields).toEqual(['personalInformation.email', 'injuryInformation.hospital']);
      expect(created!.fields).toEqual([]);
      expect(opened).toMatchObject({ userId: callers.administrator.user.id, userName: 'Robin Trailadministrator', subject: caseId });
      expect(final).toMatchObject({
        userId: callers.representative.user.id,
        userName: 'Robin Trailrepresentative',
        clientAddress: '127.0.0.1',
      });
      // Changed paths against what was stored, as `section.field`; no values anywhere.
      expect(final!.fields).toEqual(
        expect.arrayContaining(['personalInformation.firstName', 'personalInformation.ssnItin', 'injuryInformation.hospital']),
      );
      // Unchanged since the draft: not listed.
      expect(final!.fields).not.toContain('personalInformation.minorParentsName');
      for (const field of final!.fields) expect(field).toMatch(/^[a-zA-Z]+\.[a-zA-Z0-9]+$/);
      // The one value an answer shows is the subject intake's client name as it is now, read with
      // the trail (docs/product/activity.md): the rows themselves hold none.
      expect(rows.map((row) => row.subjectClientName)).toEqual(rows.map(() => 'Alex Q Sample'));
      const text = JSON.stringify(rows.map(({ subjectClientName: _shownName, ...row }) => row));
      for (const value of ['Alex', 'alex.sample@example.com', '900-00-0001', 'Springfield Example Hospital', 'avery.trail@example.test']) {
        expect(text).not.toContain(value);
      }
      for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.at >= rows[i]!.at).toBe(true);
    });

    it('shows the history to every role of the firm and to no other firm (404)', async () => {
      for (const privilege of privileges) expect((await history(callers[privilege], caseId)).response.status).toBe(200);
      const foreign = await history(otherFirm, caseId);
      expect(foreign.response.status).toBe(404);
      expect((await history(callers.owner, 'no-such-case')).response.status).toBe(404);
    });

    it('lists the same rows in the firm trail, filtered by the intake', async () => {
      const page = await activityPage(callers.owner, { caseId, pageSize: 100 });
      expect(page.totalRecords).toBe(4);
      expect(page.record.map((row) => row.action)).toEqual([
        'intake.submittedFinal',
        'intake.opened',
        'intake.draftSaved',
        'intake.created',
      ]);
    });
  });

  it('records employee created, profile changed (which fields) and firm and Neos changes', async () => {
    const admin = callers.administrator;
    const created = await server.api.POST('/v1/firmUser', { body: employeeBody({ firstName: 'Nell' }), headers: bearer(admin.token) });
    expect(created.response.status).toBe(201);
    const employeeId = created.data!.data.id;

    const body = profileBody({ firstName: 'Robin', lastName: 'Traildifferent', email: callers.representative.user.email });
    const profile = await server.api.PUT('/v1/user/{id}', {
      params: { path: { id: callers.representative.user.id } },
      body: { ...body, userInformation: { ...body.userInformation, phoneNumber: '555-010-0199' } },
      headers: bearer(callers.representative.token),
    });
    expect(profile.response.status).toBe(200);

    const firm = await server.api.PUT('/v1/firm', {
      body: {
        firmName: 'Trail Sample Firm Renamed',
        firmContact: 'Trail Front Desk',
        firmMail: 'desk@trail.example.test',
        firmAddress: '1 Trail Road',
        neosCredentials: SANDBOX_CREDENTIALS,
      },
      headers: bearer(admin.token),
    });
    expect(firm.response.status).toBe(200);

    const page = await activityPage(callers.owner, { pageSize: 4 });
    const byAction = Object.fromEntries(page.record.map((row) => [row.action, row]));
    expect(byAction['employee.created']).toMatchObject({ userId: admin.user.id, subject: employeeId, fields: [] });
    expect(byAction['profile.changed']).toMatchObject({ userId: callers.representative.user.id, subject: callers.representative.user.id });
    expect(byAction['profile.changed']!.fields).toEqual(expect.arrayContaining(['lastName', 'userInformation.phoneNumber']));
    expect(byAction['profile.changed']!.fields).not.toContain('firstName');
    expect(byAction['firm.changed']).toMatchObject({ userId: admin.user.id, fields: expect.arrayContaining(['firmName']) });
    expect(byAction['neos.credentialsChanged']!.fields).toEqual(
      expect.arrayContaining(['neosCredentials.companyId', 'neosCredentials.integrationId', 'neosCredentials.apiKey']),
    );
    const text = JSON.stringify(page);
    for (const value of ['555-010-0199', 'Renamed', SANDBOX_CREDENTIALS.apiKey]) expect(text).not.toContain(value);
  });

  describe('GET /v1/activity', () => {
    it('is for owner and administrator: a representative gets 403', async () => {
      expect((await activity(callers.owner)).response.status).toBe(200);
      expect((await activity(callers.administrator)).response.status).toBe(200);
      const { response, error } = await activity(callers.representative);
      expect(response.status).toBe(403);
      expect(error).toMatchObject({ code: 'forbidden' });
    });

    it("shows the caller's firm only", async () => {
      await createdIntake(server, otherFirm, draftIntake({ firstName: 'Foreign', lastName: 'Row' }));
      const mine = await activityPage(callers.owner, { pageSize: 100 });
      expect(mine.record.every((row) => row.userId !== otherFirm.user.id)).toBe(true);
      const theirs = await activityPage(otherFirm, { pageSize: 100 });
      // Their sign-in and their intake, nothing of the first firm.
      expect(theirs.record.map((row) => [row.action, row.userId])).toEqual([
        ['intake.created', otherFirm.user.id],
        ['signIn.succeeded', otherFirm.user.id],
      ]);
      expect(theirs.totalRecords).toBe(2);
    });

    it('filters by user, action and time, and pages newest first', async () => {
      const rep = callers.representative;
      const before = new Date(Date.now() - 1).toISOString();
      const made: string[] = [];
      for (let i = 0; i < 5; i++)
        made.push((await createdIntake(server, rep, draftIntake({ firstName: `Pager${i}`, lastName: 'Trail' }))).caseId!);
      const after = new Date(Date.now() + 1).toISOString();

      const all = await activityPage(callers.owner, {
        userId: rep.user.id,
        action: 'intake.created',
        from: before,
        to: after,
        pageSize: 100,
      });
      expect(all.totalRecords).toBe(5);
      expect(all.record.map((row) => row.subject)).toEqual([...made].reverse());

      const first = await activityPage(callers.owner, { userId: rep.user.id, action: 'intake.created', from: before, pageSize: 2 });
      const second = await activityPage(callers.owner, {
        userId: rep.user.id,
        action: 'intake.created',
        from: before,
        pageSize: 2,
        offSetValue: 2,
      });
      expect(first.totalRecords).toBe(5);
      expect([...first.record, ...second.record].map((row) => row.subject)).toEqual(made.slice(1).reverse());

      const none = await activityPage(callers.owner, {
        userId: rep.user.id,
        to: before,
        action: 'intake.created',
        from: '2000-01-01T00:00:00Z',
      });
      expect(none.record.map((row) => row.subject)).not.toContain(made[0]);
      const otherUser = await activityPage(callers.owner, { userId: callers.owner.user.id, action: 'intake.created' });
      expect(otherUser.totalRecords).toBe(0);
    });

    it('refuses an unknown action (400)', async () => {
      const response = await fetch(`${server.baseUrl}/v1/activity?action=intake.deleted`, { headers: bearer(callers.owner.token) });
      expect(response.status).toBe(400);
    });
  });
});
