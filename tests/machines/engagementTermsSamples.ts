// Edit Firm's engagement terms samples (docs/product/engagement.md#screens), shared by the model
// suite (engagementTerms.machine.test.ts) and its browser suite (tests/e2e/model/engagementTerms.test.ts).
import type { AnyEventObject } from 'xstate';
import type { EngagementTerms } from '../../src/api/engagement';

export const sampleTerms: EngagementTerms = {
  feeBeforeSuit: '33 1/3',
  feeAfterSuit: '40',
  costsDeducted: 'beforeFee',
  costsWhenNoRecovery: 'waived',
  documents: { feeAgreement: 'Fee {{feeBeforeSuit}}', medicalRecordsRelease: 'Release', letterOfRepresentation: 'Letter' },
  samples: { feeAgreement: true, medicalRecordsRelease: true, letterOfRepresentation: true },
  placeholders: [{ name: 'clientName', description: "The client's full name" }],
  updatedAt: null,
};
export const savedTerms: EngagementTerms = {
  ...sampleTerms,
  feeBeforeSuit: '35',
  samples: { ...sampleTerms.samples },
  updatedAt: '2030-01-01T00:00:00.000Z',
};
export const filled = [
  { kind: 'feeAgreement', title: 'Contingency Fee Agreement', text: 'Fee 33 1/3' },
  { kind: 'medicalRecordsRelease', title: 'Authorization to Release Medical Records', text: 'Release' },
  { kind: 'letterOfRepresentation', title: 'Letter of Representation', text: 'Letter' },
];
export const refusal = {
  status: 400,
  code: 'validation_failed',
  message: 'Unknown placeholder {{fee}}',
  fields: { 'documents.feeAgreement': 'Unknown placeholder {{fee}}' },
};

export const engagementTermsSamples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadTerms', output: sampleTerms },
  { type: 'xstate.error.actor.loadTerms', error: { status: 0, code: 'network_error', message: 'The server could not be reached' } },
  { type: 'terms.change', values: { feeBeforeSuit: '35' } },
  { type: 'xstate.done.actor.previewTerms', output: filled },
  { type: 'xstate.error.actor.previewTerms', error: refusal },
  { type: 'xstate.done.actor.saveTerms', output: savedTerms },
  { type: 'xstate.error.actor.saveTerms', error: refusal },
];
