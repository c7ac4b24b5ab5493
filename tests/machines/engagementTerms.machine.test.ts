// Edit Firm's engagement terms (docs/product/engagement.md#screens): model-based, every transition
// traversed; what is typed stays through a preview and a save, failed or not.
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { engagementTermsMachine } from '../../src/machines/engagementTerms.machine';
import { engagementTermsToasts } from '../../src/ui/app/factToasts';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { spoken } from './spoken';
import { engagementTermsSamples, filled, refusal, sampleTerms, savedTerms } from './engagementTermsSamples';

const checks = {
  loading: (_snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(probe.calls).toEqual([{ actor: 'loadTerms', input: undefined }]);
  },
  editing: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    const { event } = probe;
    if (event.type === 'xstate.done.actor.loadTerms') {
      expect(snapshot.context.values).toEqual({
        feeBeforeSuit: '33 1/3',
        feeAfterSuit: '40',
        costsDeducted: 'beforeFee',
        costsWhenNoRecovery: 'waived',
        documents: sampleTerms.documents,
      });
    }
    if (event.type === 'terms.change') expect(snapshot.context.values.feeBeforeSuit).toBe('35');
    if (event.type === 'xstate.done.actor.previewTerms') expect(snapshot.context.preview).toEqual(filled);
    if (event.type === 'xstate.done.actor.saveTerms') {
      expect(snapshot.context.terms).toEqual(savedTerms);
      expect(spoken(engagementTermsToasts, probe.emitted)).toEqual([{ type: 'toast.success', message: 'Engagement terms saved' }]);
    }
    if (event.type === 'xstate.error.actor.previewTerms' || event.type === 'xstate.error.actor.saveTerms') {
      expect(snapshot.context.error).toBe(refusal.message);
      expect(snapshot.context.fieldErrors).toEqual(refusal.fields);
    }
    if (event.type === 'xstate.error.actor.saveTerms') {
      expect(spoken(engagementTermsToasts, probe.emitted)).toEqual([{ type: 'toast.error', message: refusal.message }]);
    }
  },
  previewing: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    if (probe.event.type === 'terms.preview') expect(probe.calls).toEqual([{ actor: 'previewTerms', input: snapshot.context.values }]);
  },
  saving: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    if (probe.event.type === 'terms.save') expect(probe.calls).toEqual([{ actor: 'saveTerms', input: snapshot.context.values }]);
  },
};

describe('engagement terms machine', () => {
  const plan = planModel(engagementTermsMachine, { events: engagementTermsSamples });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(engagementTermsMachine, plan)).toMatchObject({ machineId: 'engagementTerms' });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(engagementTermsMachine, path, { actors: ['loadTerms', 'previewTerms', 'saveTerms'], states: checks });
    });
  }
});
