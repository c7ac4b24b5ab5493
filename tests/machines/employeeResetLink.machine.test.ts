// 'Make reset link' on Edit Employee (docs/product/sign-in-and-session.md, Password reset):
// model-based, every transition traversed.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { employeeResetLinkMachine } from '../../src/machines/employeeResetLink.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const employeeId = 'user-employee-0042';
const link = {
  url: 'https://staff.example.test/reset-password/Qm9ndXNUb2tlbkZvclRoZU1vZGVsU3VpdGUwMDAwMDA',
  expiresAt: '2030-01-01T00:30:00.000Z',
};
const refusal = { status: 403, code: 'forbidden', message: 'You are not authorized to perform this action' };
const denied = { message: 'Write permission denied.' };

const samples: AnyEventObject[] = [
  { type: 'link.make' },
  { type: 'link.copy' },
  { type: 'xstate.done.actor.makeLink', output: link },
  { type: 'xstate.error.actor.makeLink', error: refusal },
  { type: 'xstate.done.actor.copyText', output: undefined },
  { type: 'xstate.error.actor.copyText', error: denied },
];

const checks = {
  idle: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.context.link).toBeUndefined();
    expect(snapshot.context.error).toBe(probe.event.type === 'xstate.error.actor.makeLink' ? refusal.message : undefined);
  },
  making: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(snapshot.context.error).toBeUndefined();
    expect(snapshot.context.copied).toBe(false);
    // The shown link goes: the new one replaces it.
    expect(snapshot.context.link).toBeUndefined();
    expect(probe.calls).toEqual([{ actor: 'makeLink', input: employeeId }]);
  },
  made: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.context.link).toEqual(link);
    expect(snapshot.context.copied).toBe(probe.event.type === 'xstate.done.actor.copyText');
    expect(snapshot.context.error).toBe(probe.event.type === 'xstate.error.actor.copyText' ? denied.message : undefined);
  },
  copying: (_snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(probe.calls).toEqual([{ actor: 'copyText', input: { text: link.url } }]);
  },
};

describe('employeeResetLink machine', () => {
  const plan = planModel(employeeResetLinkMachine, { events: samples, input: { employeeId } });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(employeeResetLinkMachine, plan)).toMatchObject({ machineId: 'employeeResetLink' });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(employeeResetLinkMachine, path, { input: { employeeId }, actors: ['makeLink', 'copyText'], states: checks });
    });
  }
});
