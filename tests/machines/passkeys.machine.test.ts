// Passkeys on the profile (docs/product/sign-in-and-session.md, Passkeys): model-based, every
// transition traversed; what each state shows and asks the server.
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { passkeyTexts } from '../../src/domain/texts';
import { passkeysMachine } from '../../src/machines/passkeys.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { laptop, passkeysSamples, phone, renamedLaptop, unreachable } from './passkeysSamples';

const checks = {
  loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'loadPasskeys', input: undefined }]);
    // Read again after a failure: the failure's reason is gone.
    expect(snapshot.context.error).toBeUndefined();
  },
  unavailable: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.can({ type: 'passkeys.add' })).toBe(false);
    expect(snapshot.can({ type: 'passkeys.retry' })).toBe(true);
    expect(snapshot.context.error).toBe(`${passkeyTexts.loadFailed} ${unreachable.message}`);
  },
  listing: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.can({ type: 'passkeys.add' })).toBe(true);
    const { passkeys, notice, error, selectedId } = snapshot.context;
    switch (probe.event.type) {
      case 'xstate.done.actor.addPasskey':
        expect(passkeys.at(-1)).toEqual(phone);
        expect(notice).toBe(passkeyTexts.added);
        break;
      case 'xstate.done.actor.renamePasskey':
        expect(passkeys).toContainEqual(renamedLaptop);
        expect(notice).toBe(passkeyTexts.renamed);
        break;
      case 'xstate.done.actor.removePasskey':
        expect(passkeys.map((passkey: { id: string }) => passkey.id)).not.toContain(laptop.id);
        expect(notice).toBe(passkeyTexts.removed);
        break;
      case 'xstate.error.actor.removePasskey':
        // The server's reason, where the list is; the passkey stays.
        expect(error).toBe(passkeyTexts.requiredCannotRemove);
        expect(passkeys.map((passkey: { id: string }) => passkey.id)).toContain(laptop.id);
        break;
      default:
        expect(error).toBeUndefined();
    }
    expect(selectedId).toBeUndefined();
  },
  naming: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    if (probe.event.type === 'passkeys.name') expect(snapshot.context.error).toBe(passkeyTexts.nameRequired);
    else if (probe.event.type === 'xstate.error.actor.addPasskey') expect(snapshot.context.error).toBe(passkeyTexts.addFailed);
    else expect(snapshot.context.error).toBeUndefined();
  },
  adding: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    // The name goes trimmed.
    expect(probe.calls).toEqual([{ actor: 'addPasskey', input: 'Phone' }]);
  },
  renaming: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.context.selectedId).toBe(laptop.id);
    if (probe.event.type === 'xstate.error.actor.renamePasskey') expect(snapshot.context.error).toBe(passkeyTexts.notFound);
  },
  savingName: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'renamePasskey', input: { id: laptop.id, name: 'Phone' } }]);
  },
  confirmingRemoval: (snapshot: AnyMachineSnapshot) => {
    // Removal asks first: nothing is called until it is confirmed.
    expect(snapshot.context.selectedId).toBe(laptop.id);
    expect(snapshot.can({ type: 'passkeys.confirm' })).toBe(true);
  },
  removing: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'removePasskey', input: laptop.id }]);
  },
};

describe('passkeys machine', () => {
  const plan = planModel(passkeysMachine, { events: passkeysSamples });

  it('traverses every transition of its definition', () => {
    const summary = expectEveryTransitionTraversed(passkeysMachine, plan);
    expect(summary).toMatchObject({ machineId: 'passkeys', states: 9, transitions: summary.traversed });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(passkeysMachine, path, { actors: ['loadPasskeys', 'addPasskey', 'renamePasskey', 'removePasskey'], states: checks });
    });
  }
});
