// Resetting an employee's two-factor sign-in on Edit Employee: model-based, every transition traversed.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { secondFactorResetMachine } from '../../src/machines/secondFactorReset.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const employeeId = 'user-employee-0042';
const refusal = { status: 403, code: 'forbidden', message: 'You are not authorized to perform this action' };

const samples: AnyEventObject[] = [
  { type: 'reset.ask' },
  { type: 'reset.confirm' },
  { type: 'reset.cancel' },
  { type: 'xstate.done.actor.resetSecondFactor' },
  { type: 'xstate.error.actor.resetSecondFactor', error: refusal },
];

const checks = {
  idle: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.can({ type: 'reset.ask' })).toBe(true);
    if (probe.event.type === 'xstate.error.actor.resetSecondFactor') expect(snapshot.context.error).toBe(refusal.message);
    else expect(snapshot.context.error).toBeUndefined();
  },
  confirming: (snapshot: AnyMachineSnapshot) => {
    // Nothing is sent before the confirmation.
    expect(snapshot.can({ type: 'reset.confirm' })).toBe(true);
    expect(snapshot.context.error).toBeUndefined();
  },
  resetting: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'resetSecondFactor', input: employeeId }]);
  },
  done: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.can({ type: 'reset.ask' })).toBe(false);
  },
};

describe('secondFactorReset machine', () => {
  const plan = planModel(secondFactorResetMachine, { events: samples, input: { employeeId } });

  it('traverses every transition of its definition', () => {
    const summary = expectEveryTransitionTraversed(secondFactorResetMachine, plan);
    expect(summary).toMatchObject({ machineId: 'secondFactorReset', states: 4, transitions: 5, traversed: 5 });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(secondFactorResetMachine, path, { input: { employeeId }, actors: ['resetSecondFactor'], states: checks });
    });
  }
});
