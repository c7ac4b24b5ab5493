// Lead registration (docs/product/leads.md): model-based, every transition of the definition
// traversed, and every step checked against what a person would see (state, form error, toasts).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CreatedLead, DuplicateCheck } from '../../src/api/leads';
import type { LeadInput } from '../../src/domain/schemas/lead';
import { leadRegistrationMachine } from '../../src/machines/leadRegistration.machine';
import { sampleLead } from '../support/sampleLead';
import { expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { leadRegistrationToasts } from '../../src/ui/app/factToasts';
import { spoken } from './spoken';

const lead = sampleLead;

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

const expectations: Array<[AnyEventObject, Expected]> = [
  [
    { type: 'form.submit', lead },
    { state: 'checkingDuplicates', emitted: [], calls: [{ actor: 'checkDuplicate', input: lead }] },
  ],
  [
    { type: 'xstate.done.actor.checkDuplicate', output: noDuplicate },
    { state: 'creating', emitted: [loading], calls: [{ actor: 'createLead', input: lead }] },
  ],
  [
    { type: 'xstate.done.actor.checkDuplicate', output: withIntake },
    { state: 'confirmingDuplicate', emitted: [], calls: [], duplicates: withIntake.duplicateLeads },
  ],
  [
    { type: 'xstate.done.actor.checkDuplicate', output: withoutIntake },
    { state: 'editing', emitted: [], calls: [], error: 'A similar lead without an intake ID already exists' },
  ],
  [
    { type: 'xstate.error.actor.checkDuplicate', error: refusedWithMessage },
    { state: 'editing', emitted: [], calls: [], error: 'This lead is already registered' },
  ],
  [
    { type: 'xstate.error.actor.checkDuplicate', error: refusedWithoutBody },
    { state: 'editing', emitted: [], calls: [], error: 'Cannot register duplicate lead' },
  ],
  [
    { type: 'xstate.error.actor.checkDuplicate', error: serverFailure },
    { state: 'editing', emitted: [{ type: 'toast.error', message: 'Database unavailable' }], calls: [] },
  ],
  [
    { type: 'xstate.error.actor.checkDuplicate', error: unreachable },
    { state: 'editing', emitted: [{ type: 'toast.error', message: 'Error checking for duplicate leads' }], calls: [] },
  ],
  [{ type: 'dialog.confirm' }, { state: 'creating', emitted: [loading], calls: [{ actor: 'createLead', input: lead }] }],
  [{ type: 'dialog.cancel' }, { state: 'editing', emitted: [], calls: [], duplicates: [] }],
  [
    { type: 'xstate.done.actor.createLead', output: created },
    {
      state: 'editing',
      // The page empties the form on this fact.
      emitted: [{ type: 'toast.success', message: 'Lead created successfully' }],
      calls: [],
      duplicates: [],
    },
  ],
  [
    { type: 'xstate.error.actor.createLead', error: createFailure },
    { state: 'editing', emitted: [{ type: 'toast.error', message: 'Error creating lead: Zip Code is required' }], calls: [] },
  ],
];

const samples = expectations.map(([event]) => event);

function expectationFor(event: AnyEventObject): Expected {
  const found = expectations.find(([sample]) => JSON.stringify(sample) === JSON.stringify(event));
  if (!found) throw new Error(`No expectation for ${JSON.stringify(event)}`);
  return found[1];
}

function checkStep(snapshot: AnyMachineSnapshot, probe: StepProbe) {
  if (probe.event.type === 'xstate.init') {
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toEqual({ lead: undefined, duplicates: [], error: undefined });
    return;
  }
  const expected = expectationFor(probe.event);
  expect(snapshot.value).toBe(expected.state);
  expect(spoken(leadRegistrationToasts, probe.emitted)).toEqual(expected.emitted);
  if (probe.event.type === 'xstate.done.actor.createLead') expect(probe.emitted).toEqual([{ type: 'created', created }]);
  expect(probe.calls).toEqual(expected.calls);
  expect(snapshot.context.error).toBe(expected.error);
  if (expected.duplicates) expect(snapshot.context.duplicates).toEqual(expected.duplicates);
  // Busy while a call runs, so the form's Submit shows 'Loading...'.
  expect(snapshot.hasTag('busy')).toBe(expected.state === 'checkingDuplicates' || expected.state === 'creating');
  // After success the registration starts afresh; after any failure the submitted lead stays.
  expect(snapshot.context.lead).toEqual(probe.event.type === 'xstate.done.actor.createLead' ? undefined : lead);
}

describe('leadRegistration machine (docs/product/leads.md Lead registration, docs/product/leads.md)', () => {
  const plan = planModel(leadRegistrationMachine, { events: samples });

  it('traverses every transition of its definition', () => {
    const summary = expectEveryTransitionTraversed(leadRegistrationMachine, plan);
    expect(summary).toMatchObject({ machineId: 'leadRegistration', transitions: 10, traversed: 10 });
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
      actors: ['checkDuplicate', 'createLead'],
      states: { editing: checkStep, checkingDuplicates: checkStep, confirmingDuplicate: checkStep, creating: checkStep },
    });
  });

  // Two of these failures reach the same state, so the plan runs only one of them; each answer
  // the spec lists is checked here on a running actor.
  it.each(expectations.filter(([event]) => event.type === 'xstate.error.actor.checkDuplicate'))(
    'answers the failed check %j as the spec says',
    async (failure, expected) => {
      const actor = createActor(
        leadRegistrationMachine.provide({
          actors: {
            checkDuplicate: fromPromise<DuplicateCheck, LeadInput>(() => Promise.reject(failure.error)),
          },
        }),
      );
      const emitted: AnyEventObject[] = [];
      actor.on('*', (event: AnyEventObject) => emitted.push(event));
      actor.start();
      actor.send({ type: 'form.submit', lead });
      const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));

      expect(settled.value).toBe(expected.state);
      expect(settled.context.error).toBe(expected.error);
      expect(spoken(leadRegistrationToasts, emitted)).toEqual(expected.emitted);
      actor.stop();
    },
  );
});
