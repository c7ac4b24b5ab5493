// 'Forgot password?' (docs/product/sign-in-and-session.md, Password reset): model-based, every
// transition of the definition traversed. The same words for every address: the machine never
// learns whether the address belongs to anyone.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { forgotPasswordMachine } from '../../src/machines/forgotPassword.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const email = 'marisol.quintanilla@example.test';
const unreachable = { status: 0, code: 'network_error', message: 'The server could not be reached' };
const flooded = { status: 429, code: 'rate_limited', message: 'Too many requests. Try again later.' };

const samples: AnyEventObject[] = [
  { type: 'field.change', field: 'email', value: '' },
  { type: 'field.change', field: 'email', value: email },
  { type: 'form.submit' },
  { type: 'options.retry' },
  { type: 'xstate.done.actor.loadOptions', output: { emailAvailable: true } },
  { type: 'xstate.done.actor.loadOptions', output: { emailAvailable: false } },
  { type: 'xstate.error.actor.loadOptions', error: unreachable },
  { type: 'xstate.done.actor.requestReset', output: undefined },
  { type: 'xstate.error.actor.requestReset', error: flooded },
];

function checkStep(snapshot: AnyMachineSnapshot, probe: StepProbe) {
  const request = (snapshot.value as { request: string }).request;
  switch (request) {
    case 'loading':
      expect(snapshot.context.error).toBeUndefined();
      if (probe.event.type === 'xstate.init' || probe.event.type === 'options.retry')
        expect(probe.calls).toEqual([{ actor: 'loadOptions', input: undefined }]);
      break;
    case 'failed':
      expect(snapshot.context.error).toBe(unreachable.message);
      break;
    case 'askingStaff':
      expect(probe.calls).toEqual([]);
      break;
    case 'askingEmail':
      if (probe.event.type === 'xstate.error.actor.requestReset') expect(snapshot.context.error).toBe(flooded.message);
      if (probe.event.type === 'form.submit') {
        // An empty or malformed email is said under the field and focused; nothing is sent.
        expect(snapshot.context.errors).toEqual({ email: 'Email is required' });
        expect(probe.emitted).toEqual([{ type: 'invalid', field: 'email' }]);
        expect(probe.calls).toEqual([]);
      }
      break;
    case 'sending':
      expect(snapshot.hasTag('busy')).toBe(true);
      if (probe.event.type === 'form.submit') {
        // The address as typed.
        expect(probe.calls).toEqual([{ actor: 'requestReset', input: email }]);
        expect(snapshot.context.sentTo).toBe(email);
        expect(snapshot.context.error).toBeUndefined();
      }
      break;
    case 'sent':
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.sentTo).toBe(email);
      break;
    default:
      throw new Error(`unexpected state ${request}`);
  }
}

describe('forgotPassword machine', () => {
  const plan = planModel(forgotPasswordMachine, { events: samples });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(forgotPasswordMachine, plan)).toMatchObject({ machineId: 'forgotPassword' });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(forgotPasswordMachine, path, { actors: ['loadOptions', 'requestReset'], states: { request: checkStep } });
    });
  }
});
