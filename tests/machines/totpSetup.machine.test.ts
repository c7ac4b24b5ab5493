// Two-factor sign-in on the profile (docs/product/sign-in-and-session.md, Second factor):
// model-based, every transition traversed; what each state shows and asks the server.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { secondFactorTexts } from '../../src/domain/texts';
import { totpSetupMachine } from '../../src/machines/totpSetup.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const enrolment = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Intake:sam%40example.test?secret=JBSWY3DPEHPK3PXP&issuer=Intake',
};
const recoveryCodes = ['7K3QD-M9XWA', 'P4RST-VWXYZ'];
const code = '123456';
const wrongCode = { status: 400, code: 'invalid_code', message: secondFactorTexts.invalidCode };

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadStatus', output: { enrolled: false, requiredByFirm: false } },
  { type: 'xstate.done.actor.loadStatus', output: { enrolled: true, requiredByFirm: false } },
  { type: 'xstate.error.actor.loadStatus', error: { status: 0, message: 'The server could not be reached' } },
  { type: 'totp.start' },
  { type: 'xstate.done.actor.startEnrolment', output: enrolment },
  {
    type: 'xstate.error.actor.startEnrolment',
    error: { status: 409, code: 'second_factor_exists', message: secondFactorTexts.alreadyEnrolled },
  },
  { type: 'totp.code', code },
  { type: 'totp.cancel' },
  { type: 'xstate.done.actor.confirmEnrolment', output: recoveryCodes },
  { type: 'xstate.error.actor.confirmEnrolment', error: wrongCode },
  { type: 'totp.recoveryCodesSaved' },
  { type: 'totp.remove' },
  { type: 'xstate.done.actor.removeTotp' },
  { type: 'xstate.error.actor.removeTotp', error: wrongCode },
];

const checks = {
  loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'loadStatus', input: undefined }]);
  },
  unavailable: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.can({ type: 'totp.start' })).toBe(false);
  },
  off: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.can({ type: 'totp.start' })).toBe(true);
    // Nothing of a set-up stays once it is over or given up.
    expect(snapshot.context.enrolment).toBeUndefined();
    expect(snapshot.context.recoveryCodes).toBeUndefined();
    if (probe.event.type === 'xstate.error.actor.startEnrolment') expect(snapshot.context.error).toBe(secondFactorTexts.alreadyEnrolled);
    else expect(snapshot.context.error).toBeUndefined();
  },
  starting: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'startEnrolment', input: undefined }]);
  },
  showingSecret: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.context.enrolment).toEqual(enrolment);
    if (probe.event.type === 'xstate.error.actor.confirmEnrolment') expect(snapshot.context.error).toBe(secondFactorTexts.invalidCode);
  },
  confirming: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'confirmEnrolment', input: code }]);
  },
  showingRecoveryCodes: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.context.recoveryCodes).toEqual(recoveryCodes);
    expect(snapshot.context.enrolment).toBeUndefined();
  },
  on: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.context.recoveryCodes).toBeUndefined();
    expect(snapshot.can({ type: 'totp.remove' })).toBe(true);
  },
  askingRemovalCode: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    if (probe.event.type === 'xstate.error.actor.removeTotp') expect(snapshot.context.error).toBe(secondFactorTexts.invalidCode);
    else expect(snapshot.context.error).toBeUndefined();
  },
  removing: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toEqual([{ actor: 'removeTotp', input: code }]);
  },
};

describe('totpSetup machine', () => {
  const plan = planModel(totpSetupMachine, { events: samples });

  it('traverses every transition of its definition', () => {
    const summary = expectEveryTransitionTraversed(totpSetupMachine, plan);
    expect(summary).toMatchObject({ machineId: 'totpSetup', states: 10, transitions: summary.traversed });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(totpSetupMachine, path, { actors: ['loadStatus', 'startEnrolment', 'confirmEnrolment', 'removeTotp'], states: checks });
    });
  }
});
