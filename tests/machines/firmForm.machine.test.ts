// Firm edit: model-based, every transition traversed; each step checked for what the form shows,
// the call it makes and the toasts a person sees. The model starts from the loaded firm, so one
// change that empties the name is enough to reach every message state.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Firm } from '../../src/api/firm';
import type { CredentialsInput } from '../../src/domain/schemas/credentials';
import { firmFormMachine } from '../../src/machines/firmForm.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { sampleFirm } from '../support/sampleFirm';
import { firmFormToasts } from '../../src/ui/app/factToasts';
import { spoken } from './spoken';

const firm = sampleFirm;
const savedFirm: Firm = { ...firm, firmName: 'Example Injury Law LLP' };
const credentials: CredentialsInput = { companyId: 'company-7', apiKey: 'test-key-0042', integrationId: 'integration-3' };
const connectedFirm: Firm = {
  ...firm,
  isNeosIntegrated: true,
  neosCredentials: { companyId: 'company-7', integrationId: 'integration-3', apiKeyLastFour: '0042' },
};
/** What the form shows for the loaded firm. */
const loadedValues = {
  firmName: firm.firmName,
  firmContact: firm.firmContact,
  firmMail: firm.firmMail,
  firmAddress: firm.firmAddress,
  limitationYears: firm.limitationYears,
  requireSecondFactor: firm.requireSecondFactor,
};

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadFirm', output: firm },
  { type: 'xstate.error.actor.loadFirm', error: { status: 500, message: 'boom', body: { code: 'internal', message: 'boom' } } },
  { type: 'field.change', field: 'firmName', value: '  ' },
  { type: 'form.submit' },
  { type: 'credentials.save', credentials },
  // The done/error of the save depend on which save runs; the step checks tell them apart.
  { type: 'xstate.done.actor.saveFirm', output: savedFirm },
  { type: 'xstate.done.actor.saveFirm', output: connectedFirm },
  {
    type: 'xstate.error.actor.saveFirm',
    error: { status: 400, message: 'Firm name is required', body: { code: 'validation_failed', message: 'Firm name is required' } },
  },
  { type: 'xstate.error.actor.saveFirm', error: { status: 0, message: 'The server could not be reached' } },
];

function checkStep(snapshot: AnyMachineSnapshot, probe: StepProbe, before: AnyMachineSnapshot | undefined) {
  const { event } = probe;
  switch (event.type) {
    case 'xstate.init':
    case 'firm.reload':
      expect(snapshot.value).toBe('loading');
      expect(probe.calls).toEqual([{ actor: 'loadFirm', input: undefined }]);
      return;
    case 'xstate.done.actor.loadFirm':
      expect(snapshot.value).toEqual({ ready: { fields: 'unchecked', save: 'idle' } });
      expect(snapshot.context.firm).toEqual(firm);
      // The form opens filled with the firm as stored, without messages.
      expect(snapshot.context.values).toEqual(loadedValues);
      expect(snapshot.context.errors).toEqual({});
      return;
    case 'xstate.error.actor.loadFirm':
      expect(snapshot.value).toBe('loadFailed');
      expect(spoken(firmFormToasts, probe.emitted)).toEqual([{ type: 'toast.error', message: 'Error fetching firm data' }]);
      return;
    case 'field.change': {
      expect(snapshot.context.values.firmName).toBe('  ');
      // Before the first submit nothing is said; after it, the form is checked again at once.
      const checked = snapshot.matches({ ready: { fields: 'checked' } });
      expect(snapshot.context.errors).toEqual(checked ? { firmName: 'Firm name is required' } : (before?.context.errors ?? {}));
      expect(probe.calls).toEqual([]);
      return;
    }
    case 'form.submit': {
      expect(snapshot.matches({ ready: { fields: 'checked' } })).toBe(true);
      const complete = snapshot.context.values.firmName.trim() !== '';
      if (!complete) {
        expect(snapshot.context.errors).toEqual({ firmName: 'Firm name is required' });
        expect(probe.emitted).toEqual([{ type: 'invalid', field: 'firmName' }]);
        expect(probe.calls).toEqual([]);
        return;
      }
      expect(snapshot.context.errors).toEqual({});
      if (before?.matches({ ready: { save: 'idle' } })) {
        expect(snapshot.matches({ ready: { save: 'saving' } })).toBe(true);
        expect(snapshot.hasTag('busy')).toBe(true);
        expect(probe.calls).toEqual([{ actor: 'saveFirm', input: loadedValues }]);
      } else {
        // A submit while the credentials are stored checks the fields and saves nothing.
        expect(probe.calls).toEqual([]);
      }
      return;
    }
    case 'credentials.save':
      expect(snapshot.matches({ ready: { save: 'savingCredentials' } })).toBe(true);
      expect(snapshot.hasTag('savingCredentials')).toBe(true);
      // The fields as the server last returned them go with the credentials, never what is
      // typed in the form and not saved.
      {
        const stored = snapshot.context.firm as Firm;
        expect(probe.calls).toEqual([
          {
            actor: 'saveFirm',
            input: {
              firmName: stored.firmName,
              firmContact: stored.firmContact,
              firmMail: stored.firmMail,
              firmAddress: stored.firmAddress,
              neosCredentials: credentials,
            },
          },
        ]);
      }
      return;
    case 'xstate.done.actor.saveFirm':
      expect(snapshot.context.firm).toEqual(event.output);
      if (snapshot.matches('saved')) {
        // The page goes back to /firm on this fact.
        expect(probe.emitted).toEqual([{ type: 'saved', firm: event.output }]);
        expect(spoken(firmFormToasts, probe.emitted)).toEqual([{ type: 'toast.success', message: 'Firm updated successfully' }]);
      } else {
        expect(snapshot.matches({ ready: { save: 'idle' } })).toBe(true);
        // What is typed stays: the stored credentials do not refill the form.
        expect(snapshot.context.values).toEqual(before?.context.values);
        expect(spoken(firmFormToasts, probe.emitted)).toEqual([{ type: 'toast.success', message: 'Neos credentials saved' }]);
      }
      return;
    case 'xstate.error.actor.saveFirm': {
      expect(snapshot.matches({ ready: { save: 'idle' } })).toBe(true);
      expect(snapshot.context.values).toEqual(before?.context.values);
      const fromServer = (event.error as { body?: { message: string } }).body?.message;
      const savedCredentials = before?.matches({ ready: { save: 'savingCredentials' } });
      const fallback = savedCredentials ? 'Failed to save Neos credentials' : 'Failed to update firm';
      expect(spoken(firmFormToasts, probe.emitted)).toEqual([{ type: 'toast.error', message: fromServer ?? fallback }]);
      return;
    }
    default:
      throw new Error(`unexpected event ${event.type}`);
  }
}

describe('firmForm machine', () => {
  const plan = planModel(firmFormMachine, { events: samples });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(firmFormMachine, plan)).toMatchObject({ machineId: 'firmForm' });
  });

  it.each(plan.paths.map((path) => [describePath(path), path] as const))('runs the path %s', async (_, path) => {
    let before: AnyMachineSnapshot | undefined;
    const check = (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
      checkStep(snapshot, probe, before);
      before = snapshot;
    };
    await runPath(firmFormMachine, path, {
      actors: ['loadFirm', 'saveFirm'],
      states: { loading: check, loadFailed: check, ready: check, saved: check },
    });
  });

  it('runs every answer of both saves', () => {
    const answered = new Set(
      plan.paths.flatMap((path) =>
        path.steps.slice(1).map((step, index) => `${JSON.stringify(path.steps[index].state.value)} ${step.event.type}`),
      ),
    );
    for (const source of ['saving', 'savingCredentials']) {
      for (const answer of ['xstate.done.actor.saveFirm', 'xstate.error.actor.saveFirm']) {
        expect([...answered].some((entry) => entry.includes(`"save":"${source}"`) && entry.endsWith(answer))).toBe(true);
      }
    }
  });
});
