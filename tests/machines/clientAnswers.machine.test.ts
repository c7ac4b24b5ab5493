// The client's answers beside the staff form (docs/product/client-intake.md#staff-review): read once
// for a stored intake opened in edit mode, never elsewhere; model-based, every transition traversed.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ClientAnswers } from '../../src/api/clientIntake';
import { clientAnswersMachine, type ClientAnswersInput } from '../../src/machines/clientAnswers.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type ModelPlan, type StepProbe } from './modelCoverage';

const caseId = 'case-2025-0077';
const loaded: ClientAnswers = {
  submittedAt: '2025-03-14T09:00:00.000Z',
  answers: [
    { path: 'personalInformation.email', value: 'marisol.ejemplo@example.test', applied: false },
    { path: 'personalInformation.birthDate', value: '1990-03-05', applied: true },
    { path: 'injuryInformation.painAndSymptoms', value: { lossOfConciousness: false, headaches: true, vomitting: false }, applied: true },
    { path: 'pointsOfInjury.leftNeck', value: true, applied: true },
  ],
};

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadClientAnswers', output: loaded },
  { type: 'xstate.error.actor.loadClientAnswers', error: { status: 500, code: 'internal', message: 'Internal Server Error' } },
];

const routes: Array<{ name: string; input: ClientAnswersInput; reads: boolean }> = [
  { name: 'a stored intake in edit mode', input: { mode: 'edit', caseId }, reads: true },
  { name: 'view mode', input: { mode: 'view', caseId }, reads: false },
  { name: 'a saved draft on the create route', input: { mode: 'create', caseId }, reads: false },
  { name: '/new-intake', input: { mode: 'create', caseId: null }, reads: false },
];

function checks(reads: boolean) {
  return {
    loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
      expect(reads).toBe(true);
      expect(probe.calls).toEqual([{ actor: 'loadClientAnswers', input: { caseId } }]);
      expect(snapshot.context.answers).toEqual({});
    },
    shown: (snapshot: AnyMachineSnapshot) => {
      // Each answered field by its path, with its value and whether the draft took it.
      expect(snapshot.context.answers).toEqual({
        'personalInformation.email': { value: 'marisol.ejemplo@example.test', applied: false },
        'personalInformation.birthDate': { value: '1990-03-05', applied: true },
        'injuryInformation.painAndSymptoms': { value: { lossOfConciousness: false, headaches: true, vomitting: false }, applied: true },
        'pointsOfInjury.leftNeck': { value: true, applied: true },
      });
    },
    none: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
      // Nothing to show, and no call made where the route has nothing to review.
      expect(snapshot.context.answers).toEqual({});
      if (!reads) expect(probe.calls).toEqual([]);
    },
  };
}

describe('clientAnswers machine', () => {
  const plans: ModelPlan[] = routes.map(({ input }) => planModel(clientAnswersMachine, { events: samples, input }));

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(clientAnswersMachine, plans)).toMatchObject({
      machineId: 'clientAnswers',
      states: 4,
      transitions: 4,
      traversed: 4,
    });
  });

  routes.forEach(({ name, input, reads }, index) => {
    describe(name, () => {
      for (const path of plans[index]!.paths) {
        it(describePath(path), async () => {
          await runPath(clientAnswersMachine, path, { input, actors: ['loadClientAnswers'], states: checks(reads) });
        });
      }
    });
  });
});
