// The firm view's data: model-based, every transition traversed.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { firmRecordMachine } from '../../src/machines/firmRecord.machine';
import { expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { sampleFirm } from '../support/sampleFirm';
import { firmRecordToasts } from '../../src/ui/app/factToasts';
import { spoken } from './spoken';

const firm = sampleFirm;

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadFirm', output: firm },
  { type: 'xstate.error.actor.loadFirm', error: { status: 0, message: 'The server could not be reached' } },
];

function checkStep(snapshot: AnyMachineSnapshot, probe: StepProbe) {
  switch (probe.event.type) {
    case 'xstate.init':
    case 'firm.reload':
      expect(snapshot.value).toBe('loading');
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(probe.calls).toEqual([{ actor: 'loadFirm', input: undefined }]);
      break;
    case 'xstate.done.actor.loadFirm':
      expect(snapshot.value).toBe('loaded');
      expect(snapshot.context.firm).toEqual(firm);
      expect(probe.emitted).toEqual([]);
      break;
    case 'xstate.error.actor.loadFirm':
      expect(snapshot.value).toBe('failed');
      expect(spoken(firmRecordToasts, probe.emitted)).toEqual([{ type: 'toast.error', message: 'Error fetching firm data' }]);
      break;
    default:
      throw new Error(`unexpected event ${probe.event.type}`);
  }
}

describe('firmRecord machine', () => {
  const plan = planModel(firmRecordMachine, { events: samples });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(firmRecordMachine, plan)).toMatchObject({ transitions: 3, traversed: 3 });
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
    await runPath(firmRecordMachine, path, {
      actors: ['loadFirm'],
      states: { loading: checkStep, loaded: checkStep, failed: checkStep },
    });
  });
});
