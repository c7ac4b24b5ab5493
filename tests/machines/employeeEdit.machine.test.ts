// Edit Employee's machine (docs/product/people.md, Edit employee): every transition of the
// definition is taken by a planned path, each path runs against the real machine, and the
// outcomes (the body sent, refusals under fields or as a message) are checked with the client's
// real ApiError.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { User } from '../../src/api/users';
import { employeeEditMachine, type EmployeeEditEmitted, type SaveEmployeeInput } from '../../src/machines/employeeEdit.machine';
import { expectEveryTransitionTraversed, planModel, runPath } from './modelCoverage';

const storedEmployee: User = {
  id: 'user-12',
  firstName: 'Theo',
  middleName: null,
  lastName: 'Sample',
  email: 'theo@firm.test',
  privilege: 'representative',
  status: 'Active',
  createdAt: '2024-01-02T03:04:05.000Z',
  userInformation: {
    phoneNumber: '555-010-0177',
    usage: 'call',
    civilStatus: 'single',
    gender: 'male',
    birthDate: '1985-11-30',
    ssnStatus: 'noSsn',
    ssn: null,
    itin: null,
  },
};

const savedEmployee: User = { ...storedEmployee, firstName: 'Theodore', privilege: 'administrator' };

/** Errors as the fetcher throws them, as plain objects (an Error does not serialise). */
const emailRefusal = {
  status: 409,
  code: 'email_taken',
  message: 'This email is already in use',
  fields: { email: 'This email is already in use' },
  body: { message: 'This email is already in use', code: 'email_taken', fields: { email: 'This email is already in use' } },
};
const forbiddenLoad = {
  status: 403,
  code: 'forbidden',
  message: 'You are not authorized to perform this action',
  fields: {},
  body: { message: 'You are not authorized to perform this action', code: 'forbidden' },
};

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadEmployee', output: storedEmployee },
  { type: 'xstate.error.actor.loadEmployee', error: forbiddenLoad },
  { type: 'field.change', field: 'firstName', value: '' },
  { type: 'field.change', field: 'privilege', value: 'administrator' },
  { type: 'xstate.done.actor.saveEmployee', output: savedEmployee },
  { type: 'xstate.error.actor.saveEmployee', error: emailRefusal },
];

const input = { employeeId: 'user-12' };

describe('employeeEdit machine: model', () => {
  const plan = planModel(employeeEditMachine, { events: samples, input });

  it('traverses every transition of the definition', () => {
    expect(expectEveryTransitionTraversed(employeeEditMachine, plan)).toMatchObject({ machineId: 'employeeEdit' });
  });

  it('runs every path against the real machine, with the calls and outcomes the view relies on', async () => {
    const seen = new Set<string>();
    for (const path of plan.paths) {
      await runPath(employeeEditMachine, path, {
        input,
        actors: ['loadEmployee', 'saveEmployee'],
        states: {
          loading: (_snapshot, probe) => {
            if (probe.calls.length > 0) expect(probe.calls).toEqual([{ actor: 'loadEmployee', input: { id: 'user-12' } }]);
          },
          saving: (snapshot, probe) => {
            seen.add('saving');
            expect(snapshot.hasTag('busy')).toBe(true);
            if (probe.event.type !== 'form.submit') return;
            expect(probe.emitted).toEqual([{ type: 'saving' }]);
            expect(probe.calls).toHaveLength(1);
            const call = probe.calls[0]?.input as SaveEmployeeInput;
            expect(call.id).toBe('user-12');
            expect(Object.keys(call.body).sort()).toEqual(['email', 'firstName', 'lastName', 'middleName', 'phoneNumber', 'privilege']);
          },
          saved: (snapshot, probe) => {
            seen.add('saved');
            expect(snapshot.status).toBe('done');
            expect(probe.emitted).toEqual([{ type: 'saved', employee: savedEmployee }]);
          },
          editing: (snapshot, probe) => {
            if (probe.event.type === 'xstate.done.actor.loadEmployee') {
              seen.add('loaded');
              expect(snapshot.context.name).toBe('Theo Sample');
              expect(snapshot.context.values).toMatchObject({ firstName: 'Theo', privilege: 'representative' });
            }
            if (probe.event.type === 'xstate.error.actor.saveEmployee') {
              seen.add('refused');
              expect(probe.emitted).toEqual([{ type: 'saveFailed', message: undefined }]);
              expect(snapshot.context.errors).toEqual({ email: 'This email is already in use' });
            }
            if (probe.event.type === 'form.submit') {
              seen.add('invalid');
              expect(probe.emitted).toEqual([{ type: 'invalid', field: 'firstName' }]);
              expect(snapshot.context.errors.firstName).toBe('First name is required');
            }
          },
          loadFailed: (snapshot, probe) => {
            seen.add('loadFailed');
            expect(snapshot.hasTag('busy')).toBe(false);
            expect(probe.emitted).toEqual([{ type: 'loadFailed', message: 'You are not authorized to perform this action' }]);
          },
        },
      });
    }
    expect([...seen].sort()).toEqual(['invalid', 'loadFailed', 'loaded', 'refused', 'saved', 'saving']);
  });
});

async function editingActor(save: (input: SaveEmployeeInput) => Promise<User>) {
  const actor = createActor(
    employeeEditMachine.provide({
      actors: {
        loadEmployee: fromPromise(async () => storedEmployee),
        saveEmployee: fromPromise(({ input }) => save(input)),
      },
    }),
    { input },
  );
  const emitted: EmployeeEditEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  await waitFor(actor, (snapshot) => snapshot.matches('editing'));
  return { actor, emitted };
}

function refusal(status: number, body: unknown): ApiError {
  return new ApiError(body, { status, statusText: '' });
}

describe('employeeEdit machine: outcomes (docs/product/people.md, Edit employee)', () => {
  it('sends the trimmed names, the phone and the privilege, with null for what was left empty', async () => {
    const calls: SaveEmployeeInput[] = [];
    const { actor, emitted } = await editingActor((body) => {
      calls.push(body);
      return Promise.resolve(savedEmployee);
    });
    actor.send({ type: 'field.change', field: 'firstName', value: '  Theodore ' });
    actor.send({ type: 'field.change', field: 'userInformation.phoneNumber', value: ' ' });
    actor.send({ type: 'field.change', field: 'privilege', value: 'administrator' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('saved'));
    expect(calls).toEqual([
      {
        id: 'user-12',
        body: {
          firstName: 'Theodore',
          middleName: null,
          lastName: 'Sample',
          email: 'theo@firm.test',
          phoneNumber: null,
          privilege: 'administrator',
        },
      },
    ]);
    expect(emitted.at(-1)).toEqual({ type: 'saved', employee: savedEmployee });
  });

  it("shows the server's message for a refusal that names no field (an owner out of reach), keeping what was typed", async () => {
    const { actor, emitted } = await editingActor(() =>
      Promise.reject(refusal(409, { message: 'The firm must keep an active owner', code: 'last_owner' })),
    );
    actor.send({ type: 'field.change', field: 'lastName', value: 'Changed' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && emitted.some((event) => event.type === 'saveFailed'));
    expect(emitted.at(-1)).toEqual({ type: 'saveFailed', message: 'The firm must keep an active owner' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(actor.getSnapshot().context.values.lastName).toBe('Changed');
  });

  it('puts a rule refusal of the phone under the phone field', async () => {
    const { actor } = await editingActor(() =>
      Promise.reject(refusal(400, { message: 'Invalid', code: 'validation_failed', fields: { phoneNumber: 'Too long' } })),
    );
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && Object.keys(snapshot.context.errors).length > 0);
    expect(actor.getSnapshot().context.errors).toEqual({ 'userInformation.phoneNumber': 'Too long' });
  });
});
