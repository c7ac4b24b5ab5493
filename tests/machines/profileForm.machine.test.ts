// Edit Profile's machine (docs/product/people.md Edit Profile, docs/product/people.md SSN, docs/product/people.md Profile update): every
// transition of the definition is taken by a planned path, each path runs against the real
// machine, and the outcomes of docs/product/people.md are checked with the client's real ApiError.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { UpdatedUser, User } from '../../src/api/users';
import { profileFormMachine, type ProfileFormEmitted } from '../../src/machines/profileForm.machine';
import { PASSWORD_FORMAT_MESSAGE } from '../../src/machines/userFormParts';
import { expectEveryTransitionTraversed, planModel, runPath } from './modelCoverage';

const storedUser: User = {
  id: 'user-7',
  firstName: 'rosa',
  middleName: null,
  lastName: 'testperson',
  email: 'rosa@firm.test',
  privilege: 'representative',
  status: 'Active',
  createdAt: '2024-01-02T03:04:05.000Z',
  userInformation: {
    phoneNumber: '555-0100',
    usage: 'text',
    civilStatus: 'married',
    gender: 'female',
    birthDate: '1990-03-05T00:00:00.000Z',
    ssn: '123-45-6789',
    ssnStatus: 'hasSsn',
    itin: null,
  },
};

const saved: UpdatedUser = {
  user: { ...storedUser, firstName: 'Rosalind' },
  session: { token: 'header.payload.signature', expiresIn: '8h' },
};

/** An error as the fetcher throws it, as a plain object (an Error does not serialise). */
const passwordRefusal = {
  status: 400,
  code: 'invalid_password_format',
  message: 'Password too weak',
  fields: {},
  body: { message: 'Password too weak', code: 'invalid_password_format' },
};

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadProfile', output: storedUser },
  { type: 'xstate.error.actor.loadProfile', error: { status: 0, code: 'network_error', message: 'offline' } },
  { type: 'field.change', field: 'firstName', value: '' },
  { type: 'field.change', field: 'userInformation.ssnStatus', value: 'pending' },
  { type: 'xstate.done.actor.saveProfile', output: saved },
  { type: 'xstate.error.actor.saveProfile', error: passwordRefusal },
];

describe('profileForm machine: model', () => {
  const plan = planModel(profileFormMachine, { events: samples });

  it('traverses every transition of the definition', () => {
    expect(expectEveryTransitionTraversed(profileFormMachine, plan)).toMatchObject({ machineId: 'profileForm' });
  });

  it('runs every path against the real machine, with the calls and outcomes the view relies on', async () => {
    const seen = new Set<string>();
    for (const path of plan.paths) {
      await runPath(profileFormMachine, path, {
        actors: ['loadProfile', 'saveProfile'],
        states: {
          saving: (snapshot, probe) => {
            seen.add('saving');
            expect(snapshot.hasTag('busy')).toBe(true);
            if (probe.event.type !== 'form.submit') return;
            // The body is what PUT /v1/user/{id} takes: no confirmPassword, no empty password.
            expect(probe.calls).toEqual([
              { actor: 'saveProfile', input: { id: 'user-7', body: expect.not.objectContaining({ confirmPassword: expect.anything() }) } },
            ]);
            const body = (probe.calls[0]?.input as { body: Record<string, unknown> }).body;
            expect(body).not.toHaveProperty('password');
          },
          saved: (snapshot, probe) => {
            seen.add('saved');
            expect(snapshot.status).toBe('done');
            expect(probe.emitted).toEqual([{ type: 'saved', session: saved.session }]);
          },
          editing: (snapshot, probe) => {
            if (probe.event.type === 'xstate.error.actor.saveProfile') {
              seen.add('refused');
              expect(probe.emitted).toEqual([{ type: 'saveFailed', hasErrorBody: true }]);
              expect(snapshot.context.errors).toEqual({ password: PASSWORD_FORMAT_MESSAGE });
            }
            if (probe.event.type === 'form.submit') {
              seen.add('invalid');
              expect(probe.emitted).toEqual([{ type: 'invalid', field: 'firstName' }]);
              expect(snapshot.context.errors.firstName).toBe('First name is required');
            }
          },
          loadFailed: (snapshot) => {
            seen.add('loadFailed');
            expect(snapshot.hasTag('busy')).toBe(false);
          },
        },
      });
    }
    expect([...seen].sort()).toEqual(['invalid', 'loadFailed', 'refused', 'saved', 'saving']);
  });
});

type Save = (input: { id: string; body: unknown }) => Promise<UpdatedUser>;

async function editingActor(save: Save) {
  const actor = createActor(
    profileFormMachine.provide({
      actors: {
        loadProfile: fromPromise(async () => storedUser),
        saveProfile: fromPromise(({ input }) => save(input)),
      },
    }),
  );
  const emitted: ProfileFormEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  await waitFor(actor, (snapshot) => snapshot.matches('editing'));
  return { actor, emitted };
}

function refusal(status: number, body: unknown): ApiError {
  return new ApiError(body, { status, statusText: '' });
}

describe('profileForm machine: outcomes (docs/product/people.md)', () => {
  it('fills the form from the stored user, the password fields empty', async () => {
    const { actor } = await editingActor(() => Promise.resolve(saved));
    expect(actor.getSnapshot().context.values).toEqual({
      firstName: 'rosa',
      middleName: '',
      lastName: 'testperson',
      email: 'rosa@firm.test',
      password: '',
      confirmPassword: '',
      userInformation: {
        phoneNumber: '555-0100',
        usage: 'text',
        civilStatus: 'married',
        gender: 'female',
        birthDate: '1990-03-05',
        ssn: '123-45-6789',
        ssnStatus: 'hasSsn',
        itin: '',
      },
    });
  });

  it('clears the SSN and its message when the status leaves hasSsn (docs/product/people.md)', async () => {
    const { actor } = await editingActor(() => Promise.resolve(saved));
    actor.send({ type: 'field.change', field: 'userInformation.ssn', value: '12' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors['userInformation.ssn']).toBe('SSN must be in the format "123-45-6789"');

    actor.send({ type: 'field.change', field: 'userInformation.ssnStatus', value: 'needToGet' });

    expect(actor.getSnapshot().context.values.userInformation).toMatchObject({ ssnStatus: 'needToGet', ssn: '' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends the new password and the trimmed names, with null for what was left empty', async () => {
    const calls: Array<{ id: string; body: unknown }> = [];
    const { actor } = await editingActor((input) => {
      calls.push(input);
      return Promise.resolve(saved);
    });
    actor.send({ type: 'field.change', field: 'firstName', value: '  Rosalind ' });
    actor.send({ type: 'field.change', field: 'password', value: 'New-pass9!' });
    actor.send({ type: 'field.change', field: 'confirmPassword', value: 'New-pass9!' });
    actor.send({ type: 'field.change', field: 'userInformation.ssnStatus', value: 'pending' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('saved'));

    expect(calls).toEqual([
      {
        id: 'user-7',
        body: {
          firstName: 'Rosalind',
          middleName: null,
          lastName: 'testperson',
          email: 'rosa@firm.test',
          password: 'New-pass9!',
          userInformation: {
            phoneNumber: '555-0100',
            usage: 'text',
            civilStatus: 'married',
            gender: 'female',
            birthDate: '1990-03-05',
            ssnStatus: 'pending',
            ssn: null,
            itin: null,
          },
        },
      },
    ]);
  });

  it('shows invalid_password_format with the spec text on the password field and keeps the typing', async () => {
    const { actor, emitted } = await editingActor(() => Promise.reject(refusal(400, { message: 'weak', code: 'invalid_password_format' })));
    actor.send({ type: 'field.change', field: 'lastName', value: 'Changed' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && emitted.some((event) => event.type === 'saveFailed'));

    expect(actor.getSnapshot().context.errors).toEqual({ password: PASSWORD_FORMAT_MESSAGE });
    expect(actor.getSnapshot().context.values.lastName).toBe('Changed');
    expect(emitted).toContainEqual({ type: 'saveFailed', hasErrorBody: true });
  });

  it("puts another error's message on the password field and its field messages under their fields", async () => {
    const { actor, emitted } = await editingActor(() =>
      Promise.reject(
        refusal(400, {
          message: 'Some fields are not valid',
          code: 'validation_failed',
          fields: { 'userInformation.phoneNumber': 'Phone number is too long' },
        }),
      ),
    );
    actor.send({ type: 'form.submit' });
    await waitFor(actor, () => emitted.some((event) => event.type === 'saveFailed'));

    expect(actor.getSnapshot().context.errors).toEqual({
      password: 'Some fields are not valid',
      'userInformation.phoneNumber': 'Phone number is too long',
    });
  });

  it('puts an email-taken refusal under Email', async () => {
    const { actor, emitted } = await editingActor(() =>
      Promise.reject(
        refusal(409, { message: 'This email is already in use', code: 'email_taken', fields: { email: 'This email is already in use' } }),
      ),
    );
    actor.send({ type: 'form.submit' });
    await waitFor(actor, () => emitted.some((event) => event.type === 'saveFailed'));

    expect(actor.getSnapshot().context.errors).toEqual({ email: 'This email is already in use' });
  });

  it('reports a refusal without an error body so the view can show its toast', async () => {
    const { actor, emitted } = await editingActor(() => Promise.reject(refusal(502, undefined)));
    actor.send({ type: 'form.submit' });
    await waitFor(actor, () => emitted.some((event) => event.type === 'saveFailed'));

    expect(emitted).toContainEqual({ type: 'saveFailed', hasErrorBody: false });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });
});
