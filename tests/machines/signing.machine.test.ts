// The client's signing page (docs/product/engagement.md#screens): model-based, every transition
// traversed; nothing the client gave is lost on a failed send.
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { signingMachine } from '../../src/machines/signing.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { DRAWN, SIGNING_TOKEN, signedReceipt, signingEngagement, signingInput, signingOfferIn, signingSamples } from './signingSamples';

const checks = {
  loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    // Opened again after the firm changed the documents: the consent and the signature stay.
    if (probe.event.type === 'xstate.error.actor.signEngagement') {
      expect(snapshot.context).toMatchObject({ documentsChanged: true, consent: true, signerName: signingEngagement.clientName });
    }
    expect(probe.calls).toEqual([{ actor: 'openEngagement', input: { token: SIGNING_TOKEN } }]);
  },
  consent: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    if (probe.event.type === 'xstate.done.actor.openEngagement') {
      // The link's language wins over the phone's; the typed name starts as the client's.
      expect(snapshot.context).toMatchObject({ language: 'es', signerName: signingEngagement.clientName });
    }
    if (probe.event.type === 'consent.accept') expect(snapshot.context.problem).toBe('consent');
  },
  reading: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.context.consent).toBe(true);
    expect(snapshot.context.documentIndex).toBeLessThan(signingEngagement.documents.length);
  },
  signature: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    if (probe.event.type === 'signature.submit') {
      expect(snapshot.context.problem).toBe(snapshot.context.signerName === '' ? 'name' : 'signature');
    }
    if (probe.event.type === 'xstate.error.actor.signEngagement') {
      // Nothing lost: the consent and what was drawn or typed are still there.
      expect(snapshot.context.sendFailed).toBe(true);
      expect(snapshot.context.consent).toBe(true);
      const { method, drawing, signerName } = snapshot.context as { method: string; drawing: string | null; signerName: string };
      expect(signerName).toBe(signingEngagement.clientName);
      if (method === 'draw') expect(drawing).toBe(DRAWN);
    }
  },
  sending: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    const { method, language } = snapshot.context as { method: string; language: string };
    const signature =
      method === 'draw'
        ? { kind: 'drawn', png: DRAWN.replace('data:image/png;base64,', '') }
        : { kind: 'typed', name: signingEngagement.clientName };
    const submission = {
      language,
      consent: true,
      signerName: signingEngagement.clientName,
      signature,
      documentsSha256: signingEngagement.documentsSha256,
    };
    expect(probe.calls).toEqual([{ actor: 'signEngagement', input: { token: SIGNING_TOKEN, submission } }]);
    expect(snapshot.context.sendFailed).toBe(false);
  },
  signed: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.context.signed).toEqual(signedReceipt);
  },
};

describe('signing page machine', () => {
  const plan = planModel(signingMachine, { events: signingSamples, input: signingInput, offerIn: signingOfferIn });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(signingMachine, plan)).toMatchObject({ machineId: 'signing' });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(signingMachine, path, { input: signingInput, actors: ['openEngagement', 'signEngagement'], states: checks });
    });
  }
});
