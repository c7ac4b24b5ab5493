// Firm edit: model-based, every transition traversed; each step checked for the call it makes
// and the toasts a person sees.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Firm } from '../../src/api/firm';
import type { CredentialsInput } from '../../src/domain/schemas/credentials';
import type { FirmInput } from '../../src/domain/schemas/firm';
import { firmFormMachine } from '../../src/machines/firmForm.machine';
import { expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';
import { sampleFirm } from '../support/sampleFirm';
import { firmFormToasts } from '../../src/ui/app/factToasts';
import { spoken } from './spoken';

const firm = sampleFirm;
const edited: FirmInput = { ...firm, firmName: 'Example Injury Law LLP' } as FirmInput;
const savedFirm: Firm = { ...firm, firmName: 'Example Injury Law LLP' };
const credentials: CredentialsInput = { companyId: 'company-7', apiKey: 'test-key-0042', integrationId: 'integration-3' };
const connectedFirm: Firm = {
  ...firm,
  isNeosIntegrated: true,
  neosCredentials: { companyId: 'company-7', integrationId: 'integration-3', apiKeyLastFour: '0042' },
};

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadFirm', output: firm },
  { type: 'xstate.error.actor.loadFirm', error: { status: 500, message: 'boom', body: { code: 'internal', message: 'boom' } } },
  { type: 'form.submit', values: edited },
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

function checkStep(snapshot: AnyMachineSnapshot, probe: StepProbe) {
  const { event } = probe;
  switch (event.type) {
    case 'xstate.init':
    case 'firm.reload':
      expect(snapshot.value).toBe('loading');
      expect(probe.calls).toEqual([{ actor: 'loadFirm', input: undefined }]);
      return;
    case 'xstate.done.actor.loadFirm':
      expect(snapshot.value).toBe('editing');
      expect(snapshot.context.firm).toEqual(firm);
      return;
    case 'xstate.error.actor.loadFirm':
      expect(snapshot.value).toBe('loadFailed');
      expect(spoken(firmFormToasts, probe.emitted)).toEqual([{ type: 'toast.error', message: 'Error fetching firm data' }]);
      return;
    case 'form.submit':
      expect(snapshot.value).toBe('saving');
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(probe.calls).toEqual([{ actor: 'saveFirm', input: edited }]);
      return;
    case 'credentials.save':
      expect(snapshot.value).toBe('savingCredentials');
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
        expect(snapshot.value).toBe('editing');
        expect(spoken(firmFormToasts, probe.emitted)).toEqual([{ type: 'toast.success', message: 'Neos credentials saved' }]);
      }
      return;
    case 'xstate.error.actor.saveFirm': {
      expect(snapshot.value).toBe('editing');
      const fromServer = (event.error as { body?: { message: string } }).body?.message;
      const savedCredentials = (snapshot.context.request as { neosCredentials?: unknown }).neosCredentials !== undefined;
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
    expect(expectEveryTransitionTraversed(firmFormMachine, plan)).toMatchObject({
      machineId: 'firmForm',
      transitions: 9,
      traversed: 9,
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
    await runPath(firmFormMachine, path, {
      actors: ['loadFirm', 'saveFirm'],
      states: {
        loading: checkStep,
        loadFailed: checkStep,
        editing: checkStep,
        saving: checkStep,
        savingCredentials: checkStep,
        saved: checkStep,
      },
    });
  });

  it('runs every answer of both saves', () => {
    const answered = new Set(
      plan.paths.flatMap((path) =>
        path.steps.slice(1).map((step, index) => `${path.steps[index].state.value as string} ${JSON.stringify(step.event)}`),
      ),
    );
    for (const source of ['saving', 'savingCredentials']) {
      expect([...answered].filter((entry) => entry.startsWith(`${source} {"type":"xstate.error.actor.saveFirm"`))).not.toHaveLength(0);
      expect([...answered].filter((entry) => entry.startsWith(`${source} {"type":"xstate.done.actor.saveFirm"`))).not.toHaveLength(0);
    }
  });
});
