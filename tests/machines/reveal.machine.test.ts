// The reveal machine ('Show' on a masked SSN/ITIN): model-based, every transition traversed.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { revealMachine } from '../../src/machines/reveal.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const caseId = 'case-2025-0042';
const numbers = { ssnItin: '123-45-6789' };

const samples: AnyEventObject[] = [
  { type: 'reveal.show', subject: caseId },
  { type: 'xstate.done.actor.reveal', output: numbers },
  { type: 'xstate.error.actor.reveal', error: { status: 403, message: 'Forbidden' } },
];

const checks = {
  idle: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    // Hidden again: nothing revealed is kept.
    expect(snapshot.context.numbers).toBeNull();
    expect(snapshot.can({ type: 'reveal.show', subject: caseId })).toBe(true);
    expect(probe.calls).toEqual([]);
  },
  revealing: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'reveal', input: { subject: caseId } }]);
    // A second click while the call runs asks nothing more.
    expect(snapshot.can({ type: 'reveal.show', subject: caseId })).toBe(false);
  },
  revealed: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.context.numbers).toEqual(numbers);
    expect(snapshot.hasTag('busy')).toBe(false);
  },
  failed: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.context.numbers).toBeNull();
    expect(snapshot.can({ type: 'reveal.show', subject: caseId })).toBe(true);
  },
};

describe('reveal machine', () => {
  const plan = planModel(revealMachine, { events: samples });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(revealMachine, plan)).toMatchObject({
      machineId: 'reveal',
      states: 4,
      transitions: 5,
      traversed: 5,
    });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(revealMachine, path, { actors: ['reveal'], states: checks });
    });
  }
});
