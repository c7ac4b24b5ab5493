// Integration credential validation (docs/product/firm-and-neos.md#validating): model-based, every
// transition of the definition traversed; the firm's save comes only after a success. The model
// starts from a filled form: one change that empties the API key reaches every message state.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CredentialsInput } from '../../src/domain/schemas/credentials';
import { credentialsMachine, type CredentialsEmitted } from '../../src/machines/credentials.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { credentialsToasts } from '../../src/ui/app/factToasts';
import { spoken } from './spoken';

const credentials: CredentialsInput = { companyId: 'company-7', apiKey: 'test-key-0042', integrationId: 'integration-3' };
const input = { values: credentials };

const samples: AnyEventObject[] = [
  { type: 'field.change', field: 'apiKey', value: '' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.validateCredentials', output: undefined },
  // A refusal from Neos and a server that cannot be reached count alike (docs/product/firm-and-neos.md#validating).
  { type: 'xstate.error.actor.validateCredentials', error: { status: 400, message: 'Neos refused the credentials' } },
];

function checkStep(snapshot: AnyMachineSnapshot, probe: StepProbe, before: AnyMachineSnapshot | undefined) {
  switch (probe.event.type) {
    case 'xstate.init':
      expect(snapshot.value).toEqual({ fields: 'unchecked', validation: 'idle' });
      expect(probe.emitted).toEqual([]);
      break;
    case 'field.change': {
      expect(snapshot.context.values).toEqual({ ...credentials, apiKey: '' });
      // Before the first submit nothing is said; after it, the form is checked again at once.
      const checked = snapshot.matches({ fields: 'checked' });
      expect(snapshot.context.errors).toEqual(checked ? { apiKey: 'API Key is required' } : {});
      expect(probe.calls).toEqual([]);
      break;
    }
    case 'form.submit':
      expect(snapshot.matches({ fields: 'checked' })).toBe(true);
      if (snapshot.context.values.apiKey === '') {
        expect(snapshot.context.errors).toEqual({ apiKey: 'API Key is required' });
        // The view puts the cursor there; nothing is sent.
        expect(probe.emitted).toEqual([{ type: 'invalid', field: 'apiKey' }]);
        expect(probe.calls).toEqual([]);
        break;
      }
      expect(snapshot.context.errors).toEqual({});
      if (before?.matches({ validation: 'validating' })) {
        expect(probe.calls).toEqual([]);
        break;
      }
      expect(snapshot.matches({ validation: 'validating' })).toBe(true);
      // The loading state while the call runs (docs/product/firm-and-neos.md#validating).
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(probe.calls).toEqual([{ actor: 'validateCredentials', input: credentials }]);
      expect(probe.emitted).toEqual([]);
      break;
    case 'xstate.done.actor.validateCredentials':
      expect(snapshot.matches({ validation: 'valid' })).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(false);
      // The firm saves the values that validated, even if a field changed meanwhile.
      expect(probe.emitted).toEqual([{ type: 'validated', credentials }]);
      expect(spoken(credentialsToasts, probe.emitted)).toEqual([{ type: 'toast.success', message: 'Neos Credentials Validated' }]);
      break;
    case 'xstate.error.actor.validateCredentials':
      expect(snapshot.matches({ validation: 'invalid' })).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(false);
      // No save: only the failure toast.
      expect(spoken(credentialsToasts, probe.emitted)).toEqual([{ type: 'toast.error', message: 'Error Validating Neos Credentials' }]);
      break;
    default:
      throw new Error(`unexpected event ${probe.event.type}`);
  }
}

describe('credentials machine (docs/product/firm-and-neos.md#validating)', () => {
  const plan = planModel(credentialsMachine, { events: samples, input });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(credentialsMachine, plan)).toMatchObject({ machineId: 'credentials' });
  });

  it.each(plan.paths.map((path) => [describePath(path), path] as const))('runs the path %s', async (_, path) => {
    let before: AnyMachineSnapshot | undefined;
    const check = (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
      checkStep(snapshot, probe, before);
      before = snapshot;
    };
    await runPath(credentialsMachine, path, { input, actors: ['validateCredentials'], states: { fields: check } });
  });

  it('opens empty, and says nothing until the first submit', () => {
    const actor = createActor(credentialsMachine, { input: {} }).start();
    const emitted: CredentialsEmitted[] = [];
    actor.on('*', (fact) => emitted.push(fact));
    actor.send({ type: 'field.change', field: 'companyId', value: 'company-7' });
    expect(actor.getSnapshot().context).toMatchObject({ values: { companyId: 'company-7', apiKey: '', integrationId: '' }, errors: {} });

    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ apiKey: 'API Key is required', integrationId: 'Integration Id is required' });
    expect(emitted).toEqual([{ type: 'invalid', field: 'apiKey' }]);
    actor.send({ type: 'field.change', field: 'apiKey', value: 'test-key-0042' });
    expect(actor.getSnapshot().context.errors).toEqual({ integrationId: 'Integration Id is required' });
  });
});
