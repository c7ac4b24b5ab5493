// Editing an employee (docs/product/people.md, Edit employee): owner and administrator change
// another employee's names, email, phone and privilege with the rules of deactivation; a new
// privilege or email ends the employee's sessions; every change leaves a row in the trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateEmployeeInFirm } from '../../server/users/repository';
import { bearer, startTestServer, testDatabases, type TestServer, type TestUser } from './support/testServer';

const forbiddenBody = { message: 'You are not authorized to perform this action', code: 'forbidden' };

describe.each(testDatabases())('employee edit on %s', (kind) => {
  let server: TestServer;
  let firmId: string;
  let owner: TestUser;
  let admin: TestUser;
  const tokens = { owner: '', admin: '' };

  function edit(id: string, token: string, body: unknown) {
    return fetch(`${server.baseUrl}/v1/users/${id}`, {
      method: 'PATCH',
      headers: { ...bearer(token), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  function bodyFor(user: TestUser, changes: Record<string, unknown> = {}) {
    return { firstName: user.firstName, lastName: user.lastName, email: user.email, privilege: user.privilege, ...changes };
  }

  function storedRow(id: string) {
    return server.db
      .selectFrom('users')
      .select(['first_name', 'middle_name', 'last_name', 'email', 'phone_number', 'privilege'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  function me(token: string) {
    return fetch(`${server.baseUrl}/v1/users/me`, { headers: bearer(token) });
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

  it('an owner changes names, email, phone and privilege; the row and the answer show them; the trail names the fields', async () => {
    const rep = await server.createUser({ firmId, privilege: 'representative', firstName: 'Rita', lastName: 'Rep' });
    const repToken = await server.login(rep.email, rep.password);
    const answer = await edit(rep.id, tokens.owner, {
      firstName: 'Ritana',
      middleName: 'Q',
      lastName: 'Repsample',
      email: 'Ritana.Repsample@Example.test',
      phoneNumber: '555-010-2222',
      privilege: 'administrator',
    });
    expect(answer.status).toBe(200);
    expect((await answer.json()).data).toMatchObject({
      id: rep.id,
      firstName: 'Ritana',
      middleName: 'Q',
      lastName: 'Repsample',
      email: 'ritana.repsample@example.test',
      privilege: 'administrator',
      userInformation: { phoneNumber: '555-010-2222' },
    });
    expect(await storedRow(rep.id)).toEqual({
      first_name: 'Ritana',
      middle_name: 'Q',
      last_name: 'Repsample',
      email: 'ritana.repsample@example.test',
      phone_number: '555-010-2222',
      privilege: 'administrator',
    });
    // The employee's session ended: their next request signs in again, with the new email.
    expect((await me(repToken)).status).toBe(401);
    expect(await server.login('ritana.repsample@example.test', rep.password)).toEqual(expect.any(String));

    const trail = await server.db
      .selectFrom('activity')
      .select(['action', 'user_id', 'subject', 'fields'])
      .where('subject', '=', rep.id)
      .where('action', '=', 'employee.changed')
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ user_id: owner.id, subject: rep.id });
    expect(JSON.parse(String(trail[0]?.fields))).toEqual(
      expect.arrayContaining(['firstName', 'middleName', 'lastName', 'email', 'userInformation.phoneNumber', 'privilege']),
    );
  });

  it('a new privilege alone ends the sessions too; a name change keeps them', async () => {
    const rep = await server.createUser({ firmId, privilege: 'representative' });
    const first = await server.login(rep.email, rep.password);
    expect((await edit(rep.id, tokens.owner, bodyFor(rep, { firstName: 'Renamed' }))).status).toBe(200);
    expect((await me(first)).status).toBe(200);

    expect((await edit(rep.id, tokens.admin, bodyFor(rep, { firstName: 'Renamed', privilege: 'administrator' }))).status).toBe(200);
    expect((await me(first)).status).toBe(401);
    const again = await server.login(rep.email, rep.password);
    const answer = await me(again);
    expect((await answer.json()).data).toMatchObject({ privilege: 'administrator', firstName: 'Renamed' });
  });

  it('an administrator cannot change an owner nor make one (403); nothing is stored', async () => {
    const otherOwner = await server.createUser({ firmId, privilege: 'owner', firstName: 'Opal' });
    const onOwner = await edit(otherOwner.id, tokens.admin, bodyFor(otherOwner, { firstName: 'Changed' }));
    expect(onOwner.status).toBe(403);
    expect(await onOwner.json()).toEqual(forbiddenBody);
    expect((await storedRow(otherOwner.id)).first_name).toBe('Opal');

    const rep = await server.createUser({ firmId, privilege: 'representative' });
    const raise = await edit(rep.id, tokens.admin, bodyFor(rep, { privilege: 'owner' }));
    expect(raise.status).toBe(403);
    expect((await storedRow(rep.id)).privilege).toBe('representative');

    // The owner may.
    expect((await edit(rep.id, tokens.owner, bodyFor(rep, { privilege: 'owner' }))).status).toBe(200);
    expect((await storedRow(rep.id)).privilege).toBe('owner');
  });

  it('the last active owner stays an owner: two owners demoting each other at once leave one owner', async () => {
    const pairFirm = (await server.createFirm({ firmName: 'Pair Sample Firm' })).id;
    const first = await server.createUser({ firmId: pairFirm, privilege: 'owner' });
    const second = await server.createUser({ firmId: pairFirm, privilege: 'owner' });
    const [firstToken, secondToken] = await Promise.all([
      server.login(first.email, first.password),
      server.login(second.email, second.password),
    ]);
    const answers = await Promise.all([
      edit(second.id, firstToken, bodyFor(second, { privilege: 'administrator' })),
      edit(first.id, secondToken, bodyFor(first, { privilege: 'administrator' })),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    // The loser is refused as the last owner's demotion (409), or, when its own demotion came
    // first, its session has ended (401) or it reads as an administrator touching an owner (403).
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const owners = await server.db
      .selectFrom('users')
      .select('id')
      .where('firm_id', '=', pairFirm)
      .where('privilege', '=', 'owner')
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('refuses the demotion of the only active owner in the store itself', async () => {
    const loneFirm = (await server.createFirm({ firmName: 'Lone Sample Firm' })).id;
    const lone = await server.createUser({ firmId: loneFirm, privilege: 'owner' });
    const former = await server.createUser({ firmId: loneFirm, privilege: 'owner' });
    await server.db.updateTable('users').set({ status: 'Deactivated' }).where('id', '=', former.id).execute();
    expect(await updateEmployeeInFirm(server.db, loneFirm, lone.id, { privilege: 'administrator' })).toBe('lastOwner');
    expect((await storedRow(lone.id)).privilege).toBe('owner');
    // A deactivated owner is not the last active one: it may be demoted.
    expect(await updateEmployeeInFirm(server.db, loneFirm, former.id, { privilege: 'administrator' })).toMatchObject({
      privilege: 'administrator',
    });
  });

  it("one's own record is edited on the profile page (409 cannot_edit_self)", async () => {
    const self = await edit(owner.id, tokens.owner, bodyFor(owner, { firstName: 'Selfie' }));
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({ message: 'Edit your own record on your profile page', code: 'cannot_edit_self' });
    expect((await storedRow(owner.id)).first_name).toBe('Olga');
  });

  it("answers 404 for an unknown id and another firm's user, 409 for a taken email, 400 with the error body for bad input", async () => {
    const rep = await server.createUser({ firmId, privilege: 'representative' });
    const otherFirm = (await server.createFirm({ firmName: 'Elsewhere Sample Firm' })).id;
    const stranger = await server.createUser({ firmId: otherFirm, privilege: 'representative' });

    const unknown = await edit('00000000-0000-4000-8000-000000000000', tokens.owner, bodyFor(rep));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not_found' });
    expect((await edit(stranger.id, tokens.owner, bodyFor(stranger, { firstName: 'Nope' }))).status).toBe(404);
    expect((await storedRow(stranger.id)).first_name).toBe(stranger.firstName);

    const taken = await edit(rep.id, tokens.owner, bodyFor(rep, { email: admin.email }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'email_taken', fields: { email: 'This email is already in use' } });

    const empty = await edit(rep.id, tokens.owner, bodyFor(rep, { firstName: '  ' }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ fields: { firstName: 'First name is required' } });
    const wrongPrivilege = await edit(rep.id, tokens.owner, bodyFor(rep, { privilege: 'boss' }));
    expect(wrongPrivilege.status).toBe(400);
    expect(await wrongPrivilege.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    const extra = await edit(rep.id, tokens.owner, { ...bodyFor(rep), password: 'Sneaky#Pass9' });
    expect(extra.status).toBe(400);
    expect((await storedRow(rep.id)).first_name).toBe(rep.firstName);
  });

  it('a representative may not edit anyone (403); GET /v1/users/{id} is for owner and administrator of the firm', async () => {
    const rep = await server.createUser({ firmId, privilege: 'representative' });
    const repToken = await server.login(rep.email, rep.password);
    const colleague = await server.createUser({ firmId, privilege: 'representative' });
    expect((await edit(colleague.id, repToken, bodyFor(colleague, { firstName: 'X' }))).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/v1/users/${colleague.id}`, { headers: bearer(repToken) })).status).toBe(403);

    const read = await fetch(`${server.baseUrl}/v1/users/${colleague.id}`, { headers: bearer(tokens.admin) });
    expect(read.status).toBe(200);
    expect((await read.json()).data).toMatchObject({ id: colleague.id, email: colleague.email });
    const otherOwner = await server.createUser({ firmId, privilege: 'owner' });
    expect((await fetch(`${server.baseUrl}/v1/users/${otherOwner.id}`, { headers: bearer(tokens.admin) })).status).toBe(403);
  });
});
