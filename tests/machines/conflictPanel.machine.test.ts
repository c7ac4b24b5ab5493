// The intake form's conflict check panel: model-based, every transition traversed.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { ConflictCheck } from '../../src/api/conflicts';
import { CONFLICT_DECISION_FAILED, conflictPanelMachine } from '../../src/machines/conflictPanel.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const caseId = 'case-2025-0777';
const input = { caseId, canDecide: true };
const note = 'Both clients consented in writing.';

const pending: ConflictCheck = {
  status: 'pending',
  checkedAt: '2025-05-02T10:00:00.000Z',
  conflicts: [
    {
      kind: 'formerClient',
      party: { name: 'Marisol Quintanilla-Ortiz', role: 'defendantDriver' },
      other: {
        caseId: 'case-2019-0001',
        leadId: null,
        clientName: 'Marisol Quintanilla-Ortiz',
        role: 'client',
        status: 'final',
        date: '2019-04-01T12:00:00.000Z',
      },
      reason: "Same name: this intake's defendant driver is the client of another intake.",
    },
  ],
  decision: null,
};
const waived: ConflictCheck = {
  ...pending,
  status: 'waived',
  decision: { decision: 'waived', note, decidedBy: 'Noor Owner', decidedAt: '2025-05-02T10:01:00.000Z', current: true },
};

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadCheck', output: pending },
  { type: 'xstate.error.actor.loadCheck', error: { status: 0, code: 'network_error', message: 'The server could not be reached' } },
  { type: 'decision.choose', decision: 'waived' },
  { type: 'note.change', note },
  { type: 'xstate.done.actor.saveDecision', output: waived },
  { type: 'xstate.error.actor.saveDecision', error: {} },
];

const checks = {
  loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'loadCheck', input: { caseId } }]);
  },
  failed: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.can({ type: 'check.retry' })).toBe(true);
  },
  ready: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.context.check).not.toBeNull();
    expect(snapshot.hasTag('form')).toBe(false);
    expect(snapshot.context.note).toBe('');
    expect(snapshot.context.decision).toBeNull();
  },
  deciding: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.hasTag('form')).toBe(true);
    const complete = snapshot.context.decision !== null && snapshot.context.note !== '';
    expect(snapshot.can({ type: 'decision.submit' })).toBe(complete);
  },
  submitting: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'saveDecision', input: { caseId, decision: 'waived', note } }]);
  },
};

describe('conflictPanel machine', () => {
  const plan = planModel(conflictPanelMachine, { events: samples, input });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(conflictPanelMachine, plan)).toMatchObject({
      machineId: 'conflictPanel',
      states: 5,
      transitions: 11,
      traversed: 11,
    });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(conflictPanelMachine, path, { input, actors: ['loadCheck', 'saveDecision'], states: checks });
    });
  }

  it('keeps the decision form closed for a representative', async () => {
    const actor = createActor(conflictPanelMachine.provide({ actors: { loadCheck: fromPromise(async () => pending) } }), {
      input: { caseId, canDecide: false },
    }).start();
    await new Promise<void>((resolve) => actor.subscribe((snapshot) => snapshot.matches('ready') && resolve()));
    actor.send({ type: 'decision.start' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.stop();
  });

  it('says the save failed in its own words when the answer carried none', async () => {
    const actor = createActor(
      conflictPanelMachine.provide({
        actors: {
          loadCheck: fromPromise(async () => pending),
          saveDecision: fromPromise<ConflictCheck, { caseId: string; decision: 'cleared' | 'waived'; note: string }>(() =>
            Promise.reject({}),
          ),
        },
      }),
      { input },
    ).start();
    await new Promise<void>((resolve) => actor.subscribe((snapshot) => snapshot.matches('ready') && resolve()));
    actor.send({ type: 'decision.start' });
    actor.send({ type: 'decision.choose', decision: 'cleared' });
    actor.send({ type: 'note.change', note: '  ' });
    actor.send({ type: 'decision.submit' });
    expect(actor.getSnapshot().value).toBe('deciding');
    actor.send({ type: 'note.change', note: 'Nobody adverse.' });
    actor.send({ type: 'decision.submit' });
    await new Promise<void>((resolve) => actor.subscribe((snapshot) => snapshot.context.error !== null && resolve()));
    expect(actor.getSnapshot().value).toBe('deciding');
    expect(actor.getSnapshot().context).toMatchObject({ error: CONFLICT_DECISION_FAILED, decision: 'cleared', note: 'Nobody adverse.' });
    actor.stop();
  });
});
