// Integration credential validation (docs/product/firm-and-neos.md): model-based, every transition of
// the definition traversed; the submit handler's event comes only after a success.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { CredentialsInput } from '../../src/domain/schemas/credentials';
import { credentialsMachine } from '../../src/machines/credentials.machine';
import { expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { credentialsToasts } from '../../src/ui/app/factToasts';
import { spoken } from './spoken';

const credentials: CredentialsInput = { companyId: 'company-7', apiKey: 'test-key-0042', integrationId: 'integration-3' };

const samples: AnyEventObject[] = [
  { type: 'credentials.validate', credentials },
  { type: 'xstate.done.actor.validateCredentials', output: undefined },
  // A refusal from Neos and a server that cannot be reached count alike (docs/product/firm-and-neos.md).
  { type: 'xstate.error.actor.validateCredentials', error: { status: 400, message: 'Neos refused the credentials' } },
];

function checkStep(snapshot: AnyMachineSnapshot, probe: StepProbe) {
  switch (probe.event.type) {
    case 'xstate.init':
      expect(snapshot.value).toBe('idle');
      expect(probe.emitted).toEqual([]);
      break;
    case 'credentials.validate':
      expect(snapshot.value).toBe('validating');
      // The loading state while the call runs (docs/product/firm-and-neos.md).
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(probe.calls).toEqual([{ actor: 'validateCredentials', input: credentials }]);
      expect(probe.emitted).toEqual([]);
      break;
    case 'xstate.done.actor.validateCredentials':
      expect(snapshot.value).toBe('valid');
      expect(snapshot.hasTag('busy')).toBe(false);
      // The form saves the values that validated.
      expect(probe.emitted).toEqual([{ type: 'validated', credentials }]);
      expect(spoken(credentialsToasts, probe.emitted)).toEqual([{ type: 'toast.success', message: 'Neos Credentials Validated' }]);
      break;
    case 'xstate.error.actor.validateCredentials':
      expect(snapshot.value).toBe('invalid');
      expect(snapshot.hasTag('busy')).toBe(false);
      // No submit: only the failure toast.
      expect(spoken(credentialsToasts, probe.emitted)).toEqual([{ type: 'toast.error', message: 'Error Validating Neos Credentials' }]);
      break;
    default:
      throw new Error(`unexpected event ${probe.event.type}`);
  }
}

describe('credentials machine (docs/product/firm-and-neos.md Integration credential validation)', () => {
  const plan = planModel(credentialsMachine, { events: samples });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(credentialsMachine, plan)).toMatchObject({
      machineId: 'credentials',
      transitions: 5,
      traversed: 5,
    });
  });

  it.each(
    plan.paths.map(
      (path) =>
        [
          path.steps
            .slice(1)
            .map((step) => step.event.type)
            .join(' → '),
          path,
        ] as const,
    ),
  )('runs the path %s', async (_, path) => {
    await runPath(credentialsMachine, path, {
      actors: ['validateCredentials'],
      states: { idle: checkStep, validating: checkStep, valid: checkStep, invalid: checkStep },
    });
  });
});
