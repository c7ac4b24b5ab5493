// Edit Firm's engagement terms (docs/product/engagement.md#screens): model-based, every transition
// traversed; what is typed stays through a preview and a save, failed or not.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { EngagementTerms } from '../../src/api/engagement';
import { engagementTermsMachine } from '../../src/machines/engagementTerms.machine';
import { engagementTermsToasts } from '../../src/ui/app/factToasts';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { spoken } from './spoken';

const sampleTerms: EngagementTerms = {
  feeBeforeSuit: '33 1/3',
  feeAfterSuit: '40',
  costsDeducted: 'beforeFee',
  costsWhenNoRecovery: 'waived',
  documents: { feeAgreement: 'Fee {{feeBeforeSuit}}', medicalRecordsRelease: 'Release', letterOfRepresentation: 'Letter' },
  samples: { feeAgreement: true, medicalRecordsRelease: true, letterOfRepresentation: true },
  placeholders: [{ name: 'clientName', description: "The client's full name" }],
  updatedAt: null,
};
const savedTerms: EngagementTerms = {
  ...sampleTerms,
  feeBeforeSuit: '35',
  samples: { ...sampleTerms.samples },
  updatedAt: '2030-01-01T00:00:00.000Z',
};
const filled = [
  { kind: 'feeAgreement', title: 'Contingency Fee Agreement', text: 'Fee 33 1/3' },
  { kind: 'medicalRecordsRelease', title: 'Authorization to Release Medical Records', text: 'Release' },
  { kind: 'letterOfRepresentation', title: 'Letter of Representation', text: 'Letter' },
];
const refusal = {
  status: 400,
  code: 'validation_failed',
  message: 'Unknown placeholder {{fee}}',
  fields: { 'documents.feeAgreement': 'Unknown placeholder {{fee}}' },
};

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadTerms', output: sampleTerms },
  { type: 'xstate.error.actor.loadTerms', error: { status: 0, code: 'network_error', message: 'The server could not be reached' } },
  { type: 'terms.change', values: { feeBeforeSuit: '35' } },
  { type: 'xstate.done.actor.previewTerms', output: filled },
  { type: 'xstate.error.actor.previewTerms', error: refusal },
  { type: 'xstate.done.actor.saveTerms', output: savedTerms },
  { type: 'xstate.error.actor.saveTerms', error: refusal },
];

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
  const plan = planModel(engagementTermsMachine, { events: samples });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(engagementTermsMachine, plan)).toMatchObject({ machineId: 'engagementTerms' });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(engagementTermsMachine, path, { actors: ['loadTerms', 'previewTerms', 'saveTerms'], states: checks });
    });
  }
});
