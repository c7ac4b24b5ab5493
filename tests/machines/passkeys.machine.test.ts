// Passkeys on the profile (docs/product/sign-in-and-session.md, Passkeys): model-based, every
// transition traversed; what each state shows and asks the server.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { passkeyTexts } from '../../src/domain/texts';
import { passkeysMachine } from '../../src/machines/passkeys.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const laptop = { id: 'pk-1', name: 'Office laptop', createdAt: '2026-11-02T09:00:00.000Z', lastUsedAt: null };
const phone = { id: 'pk-2', name: 'Phone', createdAt: '2026-11-03T09:00:00.000Z', lastUsedAt: '2026-11-04T10:00:00.000Z' };
const renamedLaptop = { ...laptop, name: 'Desk laptop' };
const given = { status: 0, code: 'passkey_ceremony', message: 'The operation either timed out or was not allowed.' };
const required = { status: 409, code: 'second_factor_required', message: passkeyTexts.requiredCannotRemove };

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadPasskeys', output: [laptop] },
  { type: 'xstate.error.actor.loadPasskeys', error: { status: 0, message: 'The server could not be reached' } },
  { type: 'passkeys.add' },
  { type: 'passkeys.name', name: '  Phone ' },
  { type: 'passkeys.name', name: '   ' },
  { type: 'passkeys.cancel' },
  { type: 'xstate.done.actor.addPasskey', output: phone },
  { type: 'xstate.error.actor.addPasskey', error: given },
  { type: 'passkeys.rename', id: laptop.id },
  { type: 'xstate.done.actor.renamePasskey', output: renamedLaptop },
  { type: 'xstate.error.actor.renamePasskey', error: { status: 404, code: 'not_found', message: passkeyTexts.notFound } },
  { type: 'passkeys.remove', id: laptop.id },
  { type: 'passkeys.confirm' },
  { type: 'xstate.done.actor.removePasskey' },
  { type: 'xstate.error.actor.removePasskey', error: required },
];

const checks = {
  loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'loadPasskeys', input: undefined }]);
  },
  unavailable: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.can({ type: 'passkeys.add' })).toBe(false);
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
  const plan = planModel(passkeysMachine, { events: samples });

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
