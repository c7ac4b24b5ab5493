// Employee Registration's machine (docs/product/people.md Employee create, docs/product/people.md defaults): every
// transition of the definition is taken by a planned path, each path runs against the real
// machine, and the outcomes of docs/product/people.md are checked with the client's real ApiError.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { EmployeeCreateRequest, User } from '../../src/api/users';
import { employeeFormMachine, type EmployeeFormEmitted } from '../../src/machines/employeeForm.machine';
import { newEmployeeDefaults } from '../../src/domain/schemas/user';
import { PASSWORD_FORMAT_MESSAGE } from '../../src/machines/userFormParts';
import { createdEmployee, typedEmployee, typedEmployeeRequest } from '../support/sampleEmployee';
import { expectEveryTransitionTraversed, planModel, runPath } from './modelCoverage';

const created = createdEmployee('user-9', 'administrator', '987-65-4321');

/** What a person types into an empty registration form to make it valid. */
const validEntries = [
  { type: 'field.change', field: 'firstName', value: typedEmployee.firstName },
  { type: 'field.change', field: 'lastName', value: typedEmployee.lastName },
  { type: 'field.change', field: 'email', value: typedEmployee.email },
  { type: 'field.change', field: 'password', value: typedEmployee.password },
  { type: 'field.change', field: 'confirmPassword', value: typedEmployee.password },
  { type: 'field.change', field: 'userInformation.birthDate', value: typedEmployee.birthDate },
] as const;

const duplicateEmail = {
  status: 409,
  code: 'email_taken',
  message: 'This email is already in use',
  fields: { email: 'This email is already in use' },
  body: { message: 'This email is already in use', code: 'email_taken', fields: { email: 'This email is already in use' } },
};

describe('employeeForm machine: model', () => {
  // The model starts from an already filled form: a step per field would multiply the states.
  const input = {
    values: {
      ...newEmployeeDefaults,
      firstName: 'Theo',
      lastName: 'Sample',
      email: 'theo@firm.test',
      password: 'Str0ng!pass',
      confirmPassword: 'Str0ng!pass',
      userInformation: { ...newEmployeeDefaults.userInformation, birthDate: '1985-11-30' },
    },
  };
  const samples: AnyEventObject[] = [
    { type: 'field.change', field: 'firstName', value: '' },
    { type: 'field.change', field: 'firstName', value: 'Theo' },
    { type: 'xstate.done.actor.createEmployee', output: created },
    { type: 'xstate.error.actor.createEmployee', error: duplicateEmail },
  ];
  const plan = planModel(employeeFormMachine, { events: samples, input });

  it('traverses every transition of the definition', () => {
    expect(expectEveryTransitionTraversed(employeeFormMachine, plan)).toMatchObject({ machineId: 'employeeForm' });
  });

  it('starts from the spec defaults (docs/product/people.md): call, single, male, No SSN, representative', () => {
    const values = createActor(employeeFormMachine, { input: {} }).getSnapshot().context.values;
    expect(values).toMatchObject({
      privilege: 'representative',
      password: '',
      userInformation: { usage: 'call', civilStatus: 'single', gender: 'male', ssnStatus: 'noSsn', ssn: '', itin: '' },
    });
  });

  it('runs every path against the real machine, with the calls and outcomes the view relies on', async () => {
    const seen = new Set<string>();
    for (const path of plan.paths) {
      await runPath(employeeFormMachine, path, {
        input,
        actors: ['createEmployee'],
        states: {
          creating: (snapshot, probe) => {
            seen.add('creating');
            expect(snapshot.hasTag('busy')).toBe(true);
            expect(probe.emitted).toEqual([{ type: 'creating' }]);
            expect(probe.calls).toHaveLength(1);
          },
          created: (snapshot, probe) => {
            seen.add('created');
            expect(snapshot.status).toBe('done');
            expect(probe.emitted).toEqual([{ type: 'created', employee: created }]);
          },
          editing: (snapshot, probe) => {
            if (probe.event.type === 'xstate.error.actor.createEmployee') {
              seen.add('refused');
              expect(probe.emitted).toEqual([{ type: 'createFailed', hasErrorBody: true }]);
              expect(snapshot.context.errors).toEqual({ email: 'This email is already in use' });
            }
          },
        },
      });
    }
    expect([...seen].sort()).toEqual(['created', 'creating', 'refused']);
  });
});

type Create = (body: EmployeeCreateRequest) => Promise<User>;

function employeeActor(create: Create) {
  const actor = createActor(employeeFormMachine.provide({ actors: { createEmployee: fromPromise(({ input }) => create(input)) } }), {
    input: {},
  });
  const emitted: EmployeeFormEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

function refusal(status: number, body: unknown): ApiError {
  return new ApiError(body, { status, statusText: '' });
}

describe('employeeForm machine: validation and outcomes', () => {
  it('asks for the required fields and the password first (docs/product/people.md), without calling the server', () => {
    const create = () => Promise.reject(new Error('must not be called'));
    const { actor, emitted } = employeeActor(create);
    actor.send({ type: 'form.submit' });

    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      'userInformation.birthDate': 'Birth date is required',
    });
    expect(emitted).toEqual([{ type: 'invalid', field: 'firstName' }]);
  });

  it('holds an ITIN to the 123-45-6789 format', () => {
    const { actor } = employeeActor(() => Promise.resolve(created));
    for (const entry of validEntries) actor.send(entry);
    actor.send({ type: 'field.change', field: 'userInformation.itin', value: '987-65' });
    actor.send({ type: 'form.submit' });

    expect(actor.getSnapshot().context.errors).toEqual({ 'userInformation.itin': 'ITIN must be in the format "123-45-6789"' });
  });

  it('creates the employee with the chosen privilege, announcing progress then success', async () => {
    const bodies: EmployeeCreateRequest[] = [];
    const { actor, emitted } = employeeActor((body) => {
      bodies.push(body);
      return Promise.resolve(created);
    });
    for (const entry of validEntries) actor.send(entry);
    actor.send({ type: 'field.change', field: 'privilege', value: 'administrator' });
    actor.send({ type: 'field.change', field: 'userInformation.itin', value: '987-65-4321' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('created'));

    expect(bodies).toEqual([typedEmployeeRequest('administrator', '987-65-4321')]);
    expect(emitted).toEqual([{ type: 'creating' }, { type: 'created', employee: created }]);
  });

  it('puts invalid_password_format on the password field and keeps everything typed', async () => {
    const { actor, emitted } = employeeActor(() => Promise.reject(refusal(400, { message: 'weak', code: 'invalid_password_format' })));
    for (const entry of validEntries) actor.send(entry);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, () => emitted.some((event) => event.type === 'createFailed'));

    const { context } = actor.getSnapshot();
    expect(context.errors).toEqual({ password: PASSWORD_FORMAT_MESSAGE });
    expect(context.values).toMatchObject({ firstName: 'Theo', email: 'theo@firm.test', password: 'Str0ng!pass' });
    expect(emitted).toEqual([{ type: 'creating' }, { type: 'createFailed', hasErrorBody: true }]);
  });

  it('reports a failure without an error body with nothing under the fields', async () => {
    const { actor, emitted } = employeeActor(() => Promise.reject(ApiError.noResponse(new TypeError('Failed to fetch'))));
    for (const entry of validEntries) actor.send(entry);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, () => emitted.some((event) => event.type === 'createFailed'));

    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(emitted).toContainEqual({ type: 'createFailed', hasErrorBody: false });
  });
});
