// The reset link's page (docs/product/sign-in-and-session.md, Password reset): model-based, every
// transition of the definition traversed. The spec's password rules and 'Passwords do not match'
// under the fields before anything is sent; a dead link (404) ends on 'ask for a new one'.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { userMessages } from '../../src/domain/schemas/user';
import { passwordResetMachine } from '../../src/machines/passwordReset.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const token = 'Qm9ndXNUb2tlbkZvclRoZU1vZGVsU3VpdGUwMDAwMDA';
const input = { token };
const strong = 'Fresh#Start9';
const dead = { status: 404, code: 'not_found', message: 'Not found' };
const flooded = { status: 429, code: 'rate_limited', message: 'Too many requests. Try again later.' };

const samples: AnyEventObject[] = [
  { type: 'field.change', field: 'password', value: 'password' },
  { type: 'field.change', field: 'password', value: strong },
  { type: 'field.change', field: 'confirmPassword', value: strong },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.resetPassword', output: undefined },
  { type: 'xstate.error.actor.resetPassword', error: dead },
  { type: 'xstate.error.actor.resetPassword', error: flooded },
];

/** The messages the spec's rules give for these values. */
function expectedErrors(values: { password: string; confirmPassword: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.password === '') errors.password = userMessages.passwordRequired;
  else if (values.password !== strong) errors.password = userMessages.passwordTooSimple;
  if (values.confirmPassword !== values.password) errors.confirmPassword = userMessages.passwordsDiffer;
  return errors;
}

function checkStep(snapshot: AnyMachineSnapshot, probe: StepProbe) {
  const step = (snapshot.value as { reset: string }).reset;
  const checked = snapshot.matches({ fields: 'checked' });
  expect(snapshot.context.errors).toEqual(checked ? expectedErrors(snapshot.context.values) : {});
  switch (step) {
    case 'editing':
      if (probe.event.type === 'form.submit') {
        expect(probe.calls).toEqual([]);
        expect(probe.emitted).toEqual([{ type: 'invalid', field: Object.keys(expectedErrors(snapshot.context.values))[0] }]);
      }
      if (probe.event.type === 'xstate.error.actor.resetPassword') expect(snapshot.context.error).toBe(flooded.message);
      break;
    case 'saving':
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.error).toBeUndefined();
      if (probe.event.type === 'form.submit') expect(probe.calls).toEqual([{ actor: 'resetPassword', input: { token, password: strong } }]);
      break;
    case 'done':
    case 'linkDead':
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
      break;
    default:
      throw new Error(`unexpected state ${step}`);
  }
}

describe('passwordReset machine', () => {
  const plan = planModel(passwordResetMachine, { events: samples, input });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(passwordResetMachine, plan)).toMatchObject({ machineId: 'passwordReset' });
  });

  for (const path of plan.paths) {
    it(describePath(path), async () => {
      await runPath(passwordResetMachine, path, { input, actors: ['resetPassword'], states: { reset: checkStep } });
    });
  }
});
