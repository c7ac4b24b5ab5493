// Deactivate / Reactivate from the Employees table: model-based, every transition traversed.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { employeeStatusMachine, type StatusTarget } from '../../src/machines/employeeStatus.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const target: StatusTarget = { userId: 'user-9', name: 'Theo Sample', change: 'deactivate' };
const lastOwner = { status: 409, code: 'last_owner', body: { message: 'The firm needs an active owner', code: 'last_owner' } };

const samples: AnyEventObject[] = [
  { type: 'status.ask', target },
  { type: 'xstate.done.actor.changeStatus', output: { id: 'user-9', status: 'Deactivated' } },
  { type: 'xstate.error.actor.changeStatus', error: lastOwner },
];

const checks = {
  idle: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.context.target).toBeNull();
    if (probe.event.type === 'xstate.done.actor.changeStatus') expect(probe.emitted).toEqual([{ type: 'changed', change: 'deactivate' }]);
    else if (probe.event.type === 'xstate.error.actor.changeStatus') {
      expect(probe.emitted).toEqual([{ type: 'failed', change: 'deactivate', message: 'The firm needs an active owner' }]);
    } else expect(probe.emitted).toEqual([]);
  },
  confirming: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.context.target).toEqual(target);
    // Nothing is sent before the confirmation.
    expect(probe.calls).toEqual([]);
  },
  changing: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'changeStatus', input: { userId: 'user-9', change: 'deactivate' } }]);
    expect(snapshot.can({ type: 'status.cancel' })).toBe(false);
  },
};

describe('employeeStatus machine', () => {
  const plan = planModel(employeeStatusMachine, { events: samples });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(employeeStatusMachine, plan)).toMatchObject({
      machineId: 'employeeStatus',
      states: 3,
      transitions: 5,
      traversed: 5,
    });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(employeeStatusMachine, path, { actors: ['changeStatus'], states: checks });
    });
  }
});
