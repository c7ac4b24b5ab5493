// Lead registration (docs/product/leads.md): model-based, every transition of the definition
// traversed, and every step checked against what a person would see (state, messages under the
// fields, the refusal on the form, toasts, the field that gets focus). The model starts from a
// filled form and changes one field two ways (emptied, typed again): a sample per field would
// multiply the states without taking another transition.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CreatedLead, DuplicateCheck } from '../../src/api/leads';
import { emptyLead, type LeadFormValues, type LeadInput } from '../../src/domain/schemas/lead';
import { leadRegistrationMachine, type LeadRegistrationEmitted } from '../../src/machines/leadRegistration.machine';
import { sampleLead, typedLead } from '../support/sampleLead';
import { expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { leadRegistrationToasts } from '../../src/ui/app/factToasts';
import { spoken } from './spoken';

/** The form as a person fills it: Female and minor No chosen, no middle name. */
const filled: LeadFormValues = { ...typedLead, middleName: '', gender: 'Female', minor: 'No' };
const input = { values: filled };
/** What the check and the create are sent for `filled`. */
const lead: LeadInput = { ...sampleLead, middleName: '' };

const emptied = { type: 'field.change', field: 'lastName', value: '' } as const;
const retyped = { type: 'field.change', field: 'lastName', value: typedLead.lastName } as const;

/** docs/product/leads.md, Lead rules: every message an empty form shows. */
const emptyFormMessages = {
  lastName: 'Last Name is required',
  firstName: 'First Name is required',
  birthDate: 'Birth Date is required',
  address: 'Address is required',
  city: 'City is required',
  county: 'County is required',
  state: 'State is required',
  country: 'Country is required',
  zipCode: 'Zip Code is required',
  gender: 'Please select a gender',
  phone: 'Phone is required',
  minor: 'Please indicate if the person is a minor',
};

const similar = {
  firstName: 'Marisol',
  middleName: null,
  lastName: 'Quillfeather',
  birthDate: '1988-07-14T00:00:00.000Z',
  address: '12 Test Lane',
  city: 'Sampleton',
  state: 'TX',
};

const noDuplicate: DuplicateCheck = { isDuplicate: false, hasIntakeId: false, duplicateLeads: [] };
const withIntake: DuplicateCheck = { isDuplicate: true, hasIntakeId: true, duplicateLeads: [{ ...similar, intakeId: 'case-41' }] };
const withoutIntake: DuplicateCheck = { isDuplicate: true, hasIntakeId: false, duplicateLeads: [{ ...similar, intakeId: null }] };

const created: CreatedLead = {
  lead: {
    ...lead,
    middleName: null,
    email: 'marisol@example.test',
    id: 'lead-1',
    birthDate: '1988-07-14T00:00:00.000Z',
    intakeId: 'case-42',
    createdAt: '2024-05-01T10:00:00.000Z',
  },
  intake: { caseId: 'case-42', status: 'draft' },
};

// Plain objects shaped like ApiError: an Error would serialise as {} in the model's paths.
const refusedWithMessage = {
  status: 409,
  message: 'This lead is already registered',
  body: { code: 'duplicate_lead', message: 'This lead is already registered' },
};
const refusedWithoutBody = { status: 409, message: 'Request failed with status 409', body: undefined };
const serverFailure = { status: 500, message: 'Database unavailable', body: { code: 'internal', message: 'Database unavailable' } };
const unreachable = { status: 0, message: 'The server could not be reached', body: undefined };
const createFailure = {
  status: 400,
  message: 'Zip Code is required',
  body: { code: 'validation_failed', message: 'Zip Code is required' },
};

interface Expected {
  state: string;
  error?: string;
  emitted: AnyEventObject[];
  calls: Array<{ actor: string; input: unknown }>;
  duplicates?: unknown[];
}

const loading = { type: 'toast.loading', message: 'Creating lead...' };

/** The outcome of each answer and dialog choice; submits and changes depend on the form (`checkStep`). */
const expectations: Array<[AnyEventObject, Expected]> = [
  [
    { type: 'xstate.done.actor.checkDuplicate', output: noDuplicate },
    { state: 'creating, checked', emitted: [loading], calls: [{ actor: 'createLead', input: lead }] },
  ],
  [
    { type: 'xstate.done.actor.checkDuplicate', output: withIntake },
    { state: 'confirmingDuplicate, checked', emitted: [], calls: [], duplicates: withIntake.duplicateLeads },
  ],
  [
    { type: 'xstate.done.actor.checkDuplicate', output: withoutIntake },
    { state: 'editing, checked', emitted: [], calls: [], error: 'A similar lead without an intake ID already exists' },
  ],
  [
    { type: 'xstate.error.actor.checkDuplicate', error: refusedWithMessage },
    { state: 'editing, checked', emitted: [], calls: [], error: 'This lead is already registered' },
  ],
  [
    { type: 'xstate.error.actor.checkDuplicate', error: refusedWithoutBody },
    { state: 'editing, checked', emitted: [], calls: [], error: 'Cannot register duplicate lead' },
  ],
  [
    { type: 'xstate.error.actor.checkDuplicate', error: serverFailure },
    { state: 'editing, checked', emitted: [{ type: 'toast.error', message: 'Database unavailable' }], calls: [] },
  ],
  [
    { type: 'xstate.error.actor.checkDuplicate', error: unreachable },
    { state: 'editing, checked', emitted: [{ type: 'toast.error', message: 'Error checking for duplicate leads' }], calls: [] },
  ],
  [{ type: 'dialog.confirm' }, { state: 'creating, checked', emitted: [loading], calls: [{ actor: 'createLead', input: lead }] }],
  [{ type: 'dialog.cancel' }, { state: 'editing, checked', emitted: [], calls: [], duplicates: [] }],
  [
    { type: 'xstate.done.actor.createLead', output: created },
    {
      state: 'editing, unchecked',
      emitted: [{ type: 'toast.success', message: 'Lead created successfully' }],
      calls: [],
      duplicates: [],
    },
  ],
  [
    { type: 'xstate.error.actor.createLead', error: createFailure },
    { state: 'editing, checked', emitted: [{ type: 'toast.error', message: 'Error creating lead: Zip Code is required' }], calls: [] },
  ],
];

const samples = [{ type: 'form.submit' }, emptied, retyped, ...expectations.map(([event]) => event)];

/** Where the registration is, and whether its messages follow the typing yet (`fields`). */
function stateOf(snapshot: AnyMachineSnapshot): string {
  const { registration, fields } = snapshot.value as { registration: string; fields: string };
  return `${registration}, ${fields}`;
}

/**
 * The messages a form of the model shows once it was submitted (its fields are either as typed
 * or empty), in screen order: none when it is valid.
 */
function messagesFor(values: LeadFormValues): Record<string, string> {
  return Object.fromEntries(Object.entries(emptyFormMessages).filter(([field]) => values[field as keyof LeadFormValues] === ''));
}

function expectationFor(event: AnyEventObject): Expected {
  const found = expectations.find(([sample]) => JSON.stringify(sample) === JSON.stringify(event));
  if (!found) throw new Error(`No expectation for ${JSON.stringify(event)}`);
  return found[1];
}

function checkStep(snapshot: AnyMachineSnapshot, probe: StepProbe) {
  const { values, errors } = snapshot.context as { values: LeadFormValues; errors: Record<string, string> };
  // Busy while a call runs, so the form's Submit shows 'Loading...'.
  expect(snapshot.hasTag('busy')).toBe(
    snapshot.matches({ registration: 'checkingDuplicates' }) || snapshot.matches({ registration: 'creating' }),
  );
  // Whatever is sent is the form as it was submitted.
  if (!snapshot.matches({ registration: 'editing' })) expect(snapshot.context.lead).toEqual(lead);

  if (probe.event.type === 'xstate.init') {
    expect(stateOf(snapshot)).toBe('editing, unchecked');
    expect(snapshot.context).toEqual({ values: filled, errors: {}, lead: undefined, duplicates: [], error: undefined });
    return;
  }
  if (probe.event.type === 'field.change') {
    // Messages wait for the first submit; from then on they follow the typing.
    expect(errors).toEqual(snapshot.matches({ fields: 'unchecked' }) ? {} : messagesFor(values));
    expect(probe.emitted).toEqual([]);
    expect(probe.calls).toEqual([]);
    return;
  }
  if (probe.event.type === 'form.submit') {
    const messages = messagesFor(values);
    if (Object.keys(messages).length > 0) {
      // Nothing is checked; the messages show and focus goes to the first field on screen with one.
      expect(stateOf(snapshot)).toBe('editing, checked');
      expect(errors).toEqual(messages);
      expect(probe.emitted).toEqual([{ type: 'invalid', field: Object.keys(messages)[0] }]);
      expect(probe.calls).toEqual([]);
    } else {
      expect(stateOf(snapshot)).toBe('checkingDuplicates, checked');
      expect(errors).toEqual({});
      expect(snapshot.context.error).toBeUndefined();
      expect(probe.emitted).toEqual([]);
      expect(probe.calls).toEqual([{ actor: 'checkDuplicate', input: lead }]);
    }
    return;
  }
  const expected = expectationFor(probe.event);
  expect(stateOf(snapshot)).toBe(expected.state);
  expect(spoken(leadRegistrationToasts, probe.emitted)).toEqual(expected.emitted);
  if (probe.event.type === 'xstate.done.actor.createLead') {
    expect(probe.emitted).toEqual([{ type: 'created', created }]);
    // docs/product/leads.md: after success the form is emptied and starts afresh.
    expect(snapshot.context).toEqual({ values: emptyLead, errors: {}, lead: undefined, duplicates: [], error: undefined });
  }
  expect(probe.calls).toEqual(expected.calls);
  expect(snapshot.context.error).toBe(expected.error);
  if (expected.duplicates) expect(snapshot.context.duplicates).toEqual(expected.duplicates);
}

/** A running registration with the given answers, recording what it emits. */
function registration(values: LeadFormValues, check: (sent: LeadInput) => Promise<DuplicateCheck> = () => Promise.resolve(noDuplicate)) {
  const actor = createActor(
    leadRegistrationMachine.provide({
      actors: {
        checkDuplicate: fromPromise<DuplicateCheck, LeadInput>(({ input }) => check(input)),
        createLead: fromPromise<CreatedLead, LeadInput>(() => Promise.resolve(created)),
      },
    }),
    { input: { values } },
  );
  const emitted: LeadRegistrationEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

describe('leadRegistration machine (docs/product/leads.md Lead registration, docs/product/leads.md)', () => {
  const plan = planModel(leadRegistrationMachine, { events: samples, input });

  it('traverses every transition of its definition', () => {
    const summary = expectEveryTransitionTraversed(leadRegistrationMachine, plan);
    expect(summary).toMatchObject({ machineId: 'leadRegistration', transitions: 15, traversed: 15 });
  });

  it.each(
    plan.paths.map(
      (path) =>
        [
          path.steps
            .slice(1)
            .map((step) => step.event.type)
            .join(' → '),
          path,
        ] as const,
    ),
  )('runs the path %s', async (_, path) => {
    await runPath(leadRegistrationMachine, path, {
      input,
      actors: ['checkDuplicate', 'createLead'],
      states: { registration: checkStep },
    });
  });

  // Two of these failures reach the same state, so the plan runs only one of them; each answer
  // the spec lists is checked here on a running actor.
  it.each(expectations.filter(([event]) => event.type === 'xstate.error.actor.checkDuplicate'))(
    'answers the failed check %j as the spec says',
    async (failure, expected) => {
      const { actor, emitted } = registration(filled, () => Promise.reject(failure.error));
      actor.send({ type: 'form.submit' });
      const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));

      expect(stateOf(settled)).toBe(expected.state);
      // What was typed stays for another try.
      expect(settled.context.values).toEqual(filled);
      expect(settled.context.error).toBe(expected.error);
      expect(spoken(leadRegistrationToasts, emitted)).toEqual(expected.emitted);
      actor.stop();
    },
  );
});

describe('leadRegistration machine: the form (docs/product/leads.md, Lead rules)', () => {
  it('names the first field on screen with a message for focus', () => {
    const { actor, emitted } = registration({ ...filled, birthDate: '', minor: '' });
    actor.send({ type: 'form.submit' });

    expect(actor.getSnapshot().context.errors).toEqual({
      birthDate: 'Birth Date is required',
      minor: 'Please indicate if the person is a minor',
    });
    expect(emitted).toEqual([{ type: 'invalid', field: 'birthDate' }]);
    actor.stop();
  });

  it('shows nothing while the form is filled, then follows every change once it was submitted', () => {
    const { actor } = registration({ ...emptyLead });
    actor.send({ type: 'field.change', field: 'email', value: 'marisol-at-example' });
    expect(actor.getSnapshot().context.errors).toEqual({});

    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toMatchObject({ email: 'Please enter a valid email', lastName: 'Last Name is required' });

    actor.send({ type: 'field.change', field: 'email', value: 'marisol@example.test' });
    actor.send({ type: 'field.change', field: 'lastName', value: 'Quillfeather' });
    expect(actor.getSnapshot().context.errors).not.toHaveProperty('email');
    expect(actor.getSnapshot().context.errors).not.toHaveProperty('lastName');

    // Not a minor: 18 years are required, and the message follows the Minor choice.
    actor.send({ type: 'field.change', field: 'birthDate', value: `${new Date().getFullYear() - 10}-01-01` });
    actor.send({ type: 'field.change', field: 'minor', value: 'No' });
    expect(actor.getSnapshot().context.errors.birthDate).toBe('Must be at least 18 years old');
    actor.send({ type: 'field.change', field: 'minor', value: 'Yes' });
    expect(actor.getSnapshot().context.errors.birthDate).toBeUndefined();
    actor.stop();
  });

  it('sends the typed values trimmed, and starts an empty, quiet form after the lead is created', async () => {
    const checked: LeadInput[] = [];
    const { actor, emitted } = registration({ ...filled, lastName: '  Quillfeather ', city: 'Sampleton  ' }, (sent) => {
      checked.push(sent);
      return Promise.resolve(noDuplicate);
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ registration: 'editing' }) && emitted.some((event) => event.type === 'created'));

    expect(checked).toEqual([lead]);
    expect(actor.getSnapshot().context.values).toEqual(emptyLead);
    actor.send({ type: 'field.change', field: 'email', value: 'not-an-email' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.stop();
  });
});
