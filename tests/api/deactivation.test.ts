// Deactivating and reactivating employees (docs/product/people.md): who may, the statuses every user
// answer carries, a deactivated user's sign-in answering exactly as a wrong password, and their
// intakes keeping their name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdIntake, draftIntake, getIntake } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';

const forbiddenBody = { message: 'You are not authorized to perform this action', code: 'forbidden' };

describe.each(testDatabases())('deactivation on %s', (kind) => {
  let server: TestServer;
  let firmId: string;
  let owner: TestUser;
  let admin: TestUser;
  const tokens = { owner: '', admin: '' };

  function act(action: 'deactivate' | 'reactivate', id: string, token: string) {
    return fetch(`${server.baseUrl}/v1/user/${id}/${action}`, { method: 'POST', headers: bearer(token) });
  }

  function signIn(email: string, password: string) {
    return fetch(`${server.baseUrl}/v1/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  }

  async function statusInList(id: string): Promise<string | undefined> {
    const { data } = await server.api.GET('/v1/users', { params: { query: { pageSize: 100 } }, headers: bearer(tokens.owner) });
    return data?.data.find((user) => user.id === id)?.status;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    firmId = (await server.createFirm()).id;
    owner = await server.createUser({ firmId, privilege: 'owner', firstName: 'Olga', lastName: 'Owner' });
    admin = await server.createUser({ firmId, privilege: 'administrator', firstName: 'Adam', lastName: 'Admin' });
    tokens.owner = await server.login(owner.email, owner.password);
    tokens.admin = await server.login(admin.email, admin.password);
  });

  afterAll(() => server?.close());

  it('an owner deactivates and reactivates a representative; every user answer carries the status', async () => {
    const rep = await server.createUser({ firmId, privilege: 'representative' });
    expect(await statusInList(rep.id)).toBe('Active');

    const deactivated = await act('deactivate', rep.id, tokens.owner);
    expect(deactivated.status).toBe(200);
    expect((await deactivated.json()).data).toMatchObject({ id: rep.id, email: rep.email, status: 'Deactivated' });
    expect(await statusInList(rep.id)).toBe('Deactivated');
    const row = await server.db.selectFrom('users').select('status').where('id', '=', rep.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('Deactivated');

    const reactivated = await act('reactivate', rep.id, tokens.owner);
    expect(reactivated.status).toBe(200);
    expect((await reactivated.json()).data).toMatchObject({ id: rep.id, status: 'Active' });
    expect(await statusInList(rep.id)).toBe('Active');

    const { data } = await server.api.GET('/v1/users/me', { headers: bearer(tokens.owner) });
    expect(data?.data.status).toBe('Active');
  });

  it('records who deactivated and reactivated whom in the activity trail', async () => {
    const rep = await server.createUser({ firmId, privilege: 'representative' });
    await act('deactivate', rep.id, tokens.admin);
    await act('reactivate', rep.id, tokens.owner);
    const rows = await server.db
      .selectFrom('activity')
      .select(['action', 'firm_id', 'user_id', 'subject'])
      .where('subject', '=', rep.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'employee.deactivated', firm_id: firmId, user_id: admin.id, subject: rep.id },
      { action: 'employee.reactivated', firm_id: firmId, user_id: owner.id, subject: rep.id },
    ]);
  });

  it("a deactivated user's sign-in answers exactly as a wrong password, and works again once reactivated", async () => {
    const rep = await server.createUser({ firmId, privilege: 'representative' });
    await act('deactivate', rep.id, tokens.owner);

    const refused = await signIn(rep.email, rep.password);
    const wrong = await signIn(admin.email, 'Not#theRight1');
    expect(refused.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await refused.text()).toBe(await wrong.text());
    expect(refused.headers.get('set-cookie')).toBeNull();

    await act('reactivate', rep.id, tokens.owner);
    expect((await signIn(rep.email, rep.password)).status).toBe(200);
  });

  it('an administrator manages representatives and administrators but not an owner (403)', async () => {
    const rep = await server.createUser({ firmId, privilege: 'representative' });
    const otherAdmin = await server.createUser({ firmId, privilege: 'administrator' });
    const otherOwner = await server.createUser({ firmId, privilege: 'owner' });
    expect((await act('deactivate', rep.id, tokens.admin)).status).toBe(200);
    expect((await act('deactivate', otherAdmin.id, tokens.admin)).status).toBe(200);

    const onOwner = await act('deactivate', otherOwner.id, tokens.admin);
    expect(onOwner.status).toBe(403);
    expect(await onOwner.json()).toEqual(forbiddenBody);
    expect(await statusInList(otherOwner.id)).toBe('Active');

    await server.db.updateTable('users').set({ status: 'Deactivated' }).where('id', '=', otherOwner.id).execute();
    expect((await act('reactivate', otherOwner.id, tokens.admin)).status).toBe(403);
    expect((await act('reactivate', otherOwner.id, tokens.owner)).status).toBe(200);
  });

  it('a representative may do neither (403)', async () => {
    const rep = await server.createUser({ firmId, privilege: 'representative' });
    const repToken = await server.login(rep.email, rep.password);
    const colleague = await server.createUser({ firmId, privilege: 'representative' });
    expect((await act('deactivate', colleague.id, repToken)).status).toBe(403);
    expect((await act('reactivate', colleague.id, repToken)).status).toBe(403);
    expect(await statusInList(colleague.id)).toBe('Active');
  });

  it('nobody deactivates themselves (409 cannot_deactivate_self)', async () => {
    for (const [user, token] of [
      [owner, tokens.owner],
      [admin, tokens.admin],
    ] as const) {
      const response = await act('deactivate', user.id, token);
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: 'cannot_deactivate_self' });
      expect(await statusInList(user.id)).toBe('Active');
    }
  });

  it('a user of another firm, or no user, is not found (404)', async () => {
    const otherFirm = await server.createFirm();
    const stranger = await server.createUser({ firmId: otherFirm.id, privilege: 'representative' });
    expect((await act('deactivate', stranger.id, tokens.owner)).status).toBe(404);
    expect((await act('reactivate', stranger.id, tokens.owner)).status).toBe(404);
    expect((await act('deactivate', '00000000-0000-4000-8000-000000000000', tokens.owner)).status).toBe(404);
    const row = await server.db.selectFrom('users').select('status').where('id', '=', stranger.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('Active');
  });

  it('the firm keeps an active owner: two owners deactivating each other at once cannot both succeed', async () => {
    const firm = await server.createFirm();
    const first = await server.createUser({ firmId: firm.id, privilege: 'owner' });
    const second = await server.createUser({ firmId: firm.id, privilege: 'owner' });
    const [firstToken, secondToken] = [await server.login(first.email, first.password), await server.login(second.email, second.password)];

    const answers = await Promise.all([act('deactivate', second.id, firstToken), act('deactivate', first.id, secondToken)]);
    const outcomes = await Promise.all(answers.map(async (answer) => `${answer.status} ${(await answer.json()).code ?? 'ok'}`));
    expect(outcomes.filter((outcome) => outcome === '200 ok')).toHaveLength(1);
    // The other was refused: either its check saw the last owner, or its caller had just been deactivated.
    expect(outcomes.filter((outcome) => outcome !== '200 ok')[0]).toMatch(/^(409 last_owner|401 account_deactivated)$/);

    const active = await server.db
      .selectFrom('users')
      .select('id')
      .where('firm_id', '=', firm.id)
      .where('privilege', '=', 'owner')
      .where('status', '=', 'Active')
      .execute();
    expect(active).toHaveLength(1);
  });

  it("a deactivated representative's intakes keep their name", async () => {
    const rep = await server.createUser({ firmId, privilege: 'representative', firstName: 'Rita', lastName: 'Leaving' });
    const repToken = await server.login(rep.email, rep.password);
    const intake = await createdIntake(server, { user: rep, token: repToken }, draftIntake());
    await act('deactivate', rep.id, tokens.owner);

    const { data } = await getIntake(server, { user: owner, token: tokens.owner }, intake.caseId as string);
    expect(data?.data.representativeName).toBe('Rita Leaving');
  });
});
