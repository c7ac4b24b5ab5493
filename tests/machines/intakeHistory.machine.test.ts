// The intake's History panel: model-based, every transition traversed.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { intakeHistoryMachine, type HistoryEntry } from '../../src/machines/intakeHistory.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const caseId = 'case-2025-0042';
const entries: HistoryEntry[] = [
  {
    id: 'a2',
    at: '2025-03-14T09:05:00.000Z',
    userName: 'Dana Quill',
    action: 'intake.submittedFinal',
    fields: ['injuryInformation.bodyParts'],
  },
  { id: 'a1', at: '2025-03-14T09:00:00.000Z', userName: 'Dana Quill', action: 'intake.created', fields: [] },
];

const samples: AnyEventObject[] = [
  { type: 'history.open', caseId },
  { type: 'xstate.done.actor.loadHistory', output: entries },
  { type: 'xstate.error.actor.loadHistory', error: { status: 403, message: 'Forbidden' } },
];

const checks = {
  closed: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.hasTag('shown')).toBe(false);
    expect(snapshot.context.entries).toEqual([]);
  },
  loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('shown')).toBe(true);
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'loadHistory', input: { caseId } }]);
    expect(snapshot.context.entries).toEqual([]);
  },
  open: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.hasTag('shown')).toBe(true);
    expect(snapshot.context.entries).toEqual(entries);
  },
  failed: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.hasTag('shown')).toBe(true);
    expect(snapshot.can({ type: 'history.retry' })).toBe(true);
  },
};

describe('intakeHistory machine', () => {
  const plan = planModel(intakeHistoryMachine, { events: samples });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(intakeHistoryMachine, plan)).toMatchObject({
      machineId: 'intakeHistory',
      states: 4,
      transitions: 7,
      traversed: 7,
    });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(intakeHistoryMachine, path, { actors: ['loadHistory'], states: checks });
    });
  }
});
