// The engagement on the intake form and its 'Send for signature' dialog
// (docs/product/engagement.md#screens): model-based, every transition traversed.
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { ENGAGEMENT_FAILED, engagementDialogMachine } from '../../src/machines/engagementDialog.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { conflictRefusal, engagementDialogSamples } from './engagementDialogSamples';

const CASE_ID = 'case-2030-0001';
const input = { caseId: CASE_ID };

const checks = {
  loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(probe.calls).toEqual([{ actor: 'loadStatus', input: { caseId: CASE_ID } }]);
    expect(snapshot.hasTag('busy')).toBe(true);
  },
  unavailable: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.context.error).toBe('The server could not be reached');
  },
  idle: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('open')).toBe(false);
    // Here only when the server would make a link, or the engagement is signed.
    if (snapshot.context.status?.state !== 'signed') expect(snapshot.context.status?.sendRefusal).toBeNull();
    // 'Signed engagement' only once signed.
    expect(snapshot.can({ type: 'signed.download' })).toBe(snapshot.context.status?.state === 'signed');
    expect(snapshot.can({ type: 'dialog.open' })).toBe(snapshot.context.status?.state !== 'signed');
    if (probe.event.type === 'xstate.error.actor.downloadSigned') expect(snapshot.context.error).toBe('The server could not be reached');
  },
  refused: (snapshot: AnyMachineSnapshot) => {
    // Nothing to open: the server's reason stays with the state until it is read again.
    expect(snapshot.context.status?.sendRefusal).toEqual({ code: 'conflict_check_required', message: conflictRefusal.message });
    expect(snapshot.can({ type: 'dialog.open' })).toBe(false);
    expect(snapshot.can({ type: 'status.reload' })).toBe(true);
  },
  downloading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'downloadSigned', input: { caseId: CASE_ID } }]);
  },
  'dialog.ready': (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.can({ type: 'link.email' })).toBe(snapshot.context.status?.emailAvailable === true);
    if (probe.event.type === 'xstate.error.actor.createLink') {
      const server = (probe.event as unknown as { error: { message?: string } }).error.message;
      expect(snapshot.context.error).toBe(server ?? ENGAGEMENT_FAILED);
    }
  },
  'dialog.confirming': (snapshot: AnyMachineSnapshot) => {
    // Asked only when a live link would be revoked.
    expect(snapshot.context.status?.live).toBe(true);
  },
  'dialog.creating': (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(probe.calls).toEqual([{ actor: 'createLink', input: { caseId: CASE_ID, delivery: snapshot.context.delivery } }]);
  },
  'dialog.copying': (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(probe.calls).toEqual([{ actor: 'copyText', input: { text: snapshot.context.link?.url } }]);
  },
  'dialog.refreshing': (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(probe.calls).toEqual([{ actor: 'loadStatus', input: { caseId: CASE_ID } }]);
    if (probe.event.type === 'xstate.done.actor.copyText') expect(snapshot.context.copied).toBe(true);
    if (probe.event.type === 'xstate.error.actor.copyText') expect(snapshot.context.copied).toBe(false);
  },
  'dialog.blocked': (snapshot: AnyMachineSnapshot) => {
    // The server's reason, and nothing to press but 'Close'.
    expect(snapshot.context.error).toBe(conflictRefusal.message);
    expect(snapshot.can({ type: 'link.copy' })).toBe(false);
    expect(snapshot.can({ type: 'link.email' })).toBe(false);
  },
};

describe('engagement dialog machine', () => {
  const plan = planModel(engagementDialogMachine, { events: engagementDialogSamples, input });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(engagementDialogMachine, plan)).toMatchObject({ machineId: 'engagementDialog' });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(engagementDialogMachine, path, {
        input,
        actors: ['loadStatus', 'createLink', 'copyText', 'downloadSigned'],
        states: checks,
      });
    });
  }
});
