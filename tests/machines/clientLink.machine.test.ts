// The 'Send to client' dialog (docs/product/client-intake.md#the-link): model-based, every
// transition traversed.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { CLIENT_LINK_FAILED, clientLinkMachine } from '../../src/machines/clientLink.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const CASE_ID = 'case-2025-0077';
const input = { caseId: CASE_ID };
const link = { url: 'https://intake.example.test/client-intake/abc', expiresAt: '2030-01-08T00:00:00.000Z', emailedTo: null };
const emailed = { ...link, emailedTo: 'client@example.test' };

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadStatus', output: { emailAvailable: true, link: null } },
  { type: 'xstate.done.actor.loadStatus', output: { emailAvailable: false, link: null } },
  { type: 'xstate.error.actor.loadStatus', error: { status: 0, code: 'network_error', message: 'The server could not be reached' } },
  { type: 'xstate.done.actor.createLink', output: link },
  { type: 'xstate.done.actor.createLink', output: emailed },
  {
    type: 'xstate.error.actor.createLink',
    error: { status: 409, code: 'intake_final', message: 'This intake is final and can no longer be changed.' },
  },
  { type: 'xstate.error.actor.createLink', error: {} },
  { type: 'xstate.done.actor.copyText' },
  { type: 'xstate.error.actor.copyText', error: { message: 'Write permission denied.' } },
];

const checks = {
  closed: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.hasTag('open')).toBe(false);
  },
  loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.context).toMatchObject({ link: null, copied: false, error: null });
    if (probe.event.type === 'dialog.open' || probe.event.type === 'link.retry') {
      expect(probe.calls).toEqual([{ actor: 'loadStatus', input: { caseId: CASE_ID } }]);
    }
  },
  failed: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.context.error).toBe('The server could not be reached');
  },
  ready: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    // 'Send by email' only where the server can send mail.
    expect(snapshot.can({ type: 'link.email' })).toBe(snapshot.context.emailAvailable);
    if (probe.event.type === 'xstate.error.actor.createLink') {
      const server = (probe.event as unknown as { error: { message?: string } }).error.message;
      expect(snapshot.context.error).toBe(server ?? CLIENT_LINK_FAILED);
    }
    if (probe.event.type === 'xstate.done.actor.copyText') expect(snapshot.context.copied).toBe(true);
    if (probe.event.type === 'xstate.error.actor.copyText') {
      // Not copied, but the address is on screen to copy by hand.
      expect(snapshot.context.copied).toBe(false);
      expect(snapshot.context.link).not.toBeNull();
    }
  },
  copying: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    if (probe.event.type === 'link.copy')
      expect(probe.calls).toEqual([{ actor: 'createLink', input: { caseId: CASE_ID, delivery: 'copy' } }]);
    if (probe.event.type === 'xstate.done.actor.createLink') {
      const made = (probe.event as unknown as { output: { url: string } }).output;
      expect(probe.calls).toEqual([{ actor: 'copyText', input: { text: made.url } }]);
    }
  },
  emailing: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'createLink', input: { caseId: CASE_ID, delivery: 'email' } }]);
  },
};

describe('client link dialog machine', () => {
  const plan = planModel(clientLinkMachine, { events: samples, input });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(clientLinkMachine, plan)).toMatchObject({ machineId: 'clientLink' });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(clientLinkMachine, path, { input, actors: ['loadStatus', 'createLink', 'copyText'], states: checks });
    });
  }
});
