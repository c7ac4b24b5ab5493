// The client's signing page (docs/product/engagement.md#screens): model-based, every transition
// traversed; nothing the client gave is lost on a failed send.
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { signingMachine } from '../../src/machines/signing.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { DRAWN, SIGNING_TOKEN, signingEngagement, signingInput, signingOfferIn, signingSamples } from './signingSamples';

const checks = {
  loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'openEngagement', input: { token: SIGNING_TOKEN } }]);
  },
  consent: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    if (probe.event.type === 'xstate.done.actor.openEngagement') {
      // The link's language wins over the phone's; the typed name starts as the client's.
      expect(snapshot.context).toMatchObject({ language: 'es', typedName: signingEngagement.clientName, consent: false });
    }
    if (probe.event.type === 'consent.accept') expect(snapshot.context.problem).toBe('consent');
  },
  reading: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.context.consent).toBe(true);
    expect(snapshot.context.documentIndex).toBeLessThan(signingEngagement.documents.length);
  },
  signature: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    if (probe.event.type === 'signature.submit') expect(snapshot.context.problem).toBe('signature');
    if (probe.event.type === 'xstate.error.actor.signEngagement') {
      // Nothing lost: the consent and what was drawn or typed are still there.
      expect(snapshot.context.sendFailed).toBe(true);
      expect(snapshot.context.consent).toBe(true);
      const { method, drawing, typedName } = snapshot.context as { method: string; drawing: string | null; typedName: string };
      expect(method === 'draw' ? drawing : typedName).toBeTruthy();
    }
  },
  sending: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    const { method, language } = snapshot.context as { method: string; language: string };
    const signature = method === 'draw' ? { method: 'drawn', image: DRAWN } : { method: 'typed', name: signingEngagement.clientName };
    expect(probe.calls).toEqual([{ actor: 'signEngagement', input: { token: SIGNING_TOKEN, language, consent: true, signature } }]);
    expect(snapshot.context.sendFailed).toBe(false);
  },
  signed: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.context.signed).toMatchObject({ signedAt: '2030-01-02T10:00:00.000Z' });
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
