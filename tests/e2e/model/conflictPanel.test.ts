// The conflict check panel's planned paths (tests/machines/conflictPanel.machine.test.ts) driven
// through the intake form in Chromium (docs/product/conflicts.md#on-the-intake-form). The paths that
// together pass through every state and take every transition run (coveringPaths). Each event
// becomes what the owner does ('Check again', 'Try again', 'Record decision', the Waived choice,
// typing the note, 'Cancel', 'Save decision') or the answer to the held call: exactly the step's
// sample (a check, a decision, a refusal, no answer), so the screen can be held to the model's
// context. The real server's answers are tested in tests/e2e/conflicts.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { ConflictCheck } from '../../../src/api/conflicts';
import { conflictPanelMachine } from '../../../src/machines/conflictPanel.machine';
import { conflictSummary } from '../../../src/ui/pages/intake/conflicts/ConflictPanel';
import { describePath, planModel, traversedTransitions } from '../../machines/modelCoverage';
import { answerError, draftSuite, fulfilJson } from './support/draftSuite';
import { holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, expectEveryStateAndTransition, type Drive, type PlannedPath } from './support/modelDrive';

type PanelSnapshot = SnapshotFrom<typeof conflictPanelMachine>;

const input = { caseId: 'case-model', canDecide: true };
const note = 'Both clients consented in writing.';
const pending: ConflictCheck = {
  status: 'pending',
  checkedAt: '2025-05-02T10:00:00.000Z',
  conflicts: [
    {
      kind: 'formerClient',
      party: { name: 'Marisol Quintanilla-Ortiz', role: 'defendantDriver' },
      other: {
        caseId: 'c0ffee00-0000-4000-8000-000000000001',
        leadId: null,
        clientName: 'Marisol Quintanilla-Ortiz',
        role: 'client',
        status: 'final',
        date: '2019-04-01T12:00:00.000Z',
      },
      reason: "Same name: this intake's defendant driver is the client of another intake.",
    },
  ],
  decision: null,
};
const waived: ConflictCheck = {
  ...pending,
  status: 'waived',
  decision: { decision: 'waived', note, decidedBy: 'Olivia Owner', decidedAt: '2025-05-02T10:01:00.000Z', current: true },
};

// The unit suite's samples.
const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadCheck', output: pending },
  { type: 'xstate.error.actor.loadCheck', error: { status: 0, code: 'network_error', message: 'The server could not be reached' } },
  { type: 'decision.choose', decision: 'waived' },
  { type: 'note.change', note },
  { type: 'xstate.done.actor.saveDecision', output: waived },
  { type: 'xstate.error.actor.saveDecision', error: {} },
];

const plan = planModel(conflictPanelMachine, { events: samples, input });
const driven: PlannedPath[] = coveringPaths(
  plan.paths.map((path) => ({ path, transitions: traversedTransitions(conflictPanelMachine, [path], { input }) })),
);
const completed: PlannedPath[] = [];

const suite = draftSuite({ client: { firstName: 'Bastien', lastName: 'Modelwright' } });

function panelDrive(page: Page, loads: HeldRequests, saves: HeldRequests): Drive {
  const panel = page.getByRole('region', { name: 'Conflict check' });
  const form = panel.getByRole('form', { name: 'Record decision' });
  const button = (name: string) => panel.getByRole('button', { name, exact: true });

  return {
    async act({ event }) {
      switch (event.type) {
        case 'check.again':
          return button('Check again').click();
        case 'check.retry':
          return button('Try again').click();
        case 'decision.start':
          return button('Record decision').click();
        case 'decision.choose':
          return form.getByRole('radio', { name: "Waived (with the clients' informed consent)" }).check();
        case 'note.change':
          return form.getByRole('textbox', { name: 'Note' }).fill(String(event.note));
        case 'decision.cancel':
          return button('Cancel').click();
        case 'decision.submit':
          return button('Save decision').click();
        case 'xstate.done.actor.loadCheck':
          return loads.settle(
            () => true,
            'the check',
            (route) => fulfilJson(route, 200, { data: event.output }),
          );
        case 'xstate.error.actor.loadCheck':
          return loads.settle(
            () => true,
            'the check',
            (route) => answerError(route, event.error),
          );
        case 'xstate.done.actor.saveDecision':
          return saves.settle(
            () => true,
            'the decision',
            (route) => fulfilJson(route, 200, { data: event.output }),
          );
        case 'xstate.error.actor.saveDecision':
          return saves.settle(
            () => true,
            'the decision',
            (route) => answerError(route, event.error),
          );
        default:
          throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ after }) {
      const snapshot = after as PanelSnapshot;
      await panel.waitFor();
      if (snapshot.matches('loading')) {
        await loads.waitFor(() => true, 'the check');
        await expect.poll(() => panel.getByRole('status').textContent()).toBe('Checking for conflicts...');
        return;
      }
      if (snapshot.matches('failed')) {
        await expect.poll(() => panel.getByRole('alert').textContent()).toContain('The conflict check could not be loaded.');
        return;
      }
      const { check, decision, note: typed, error } = snapshot.context;
      if (snapshot.matches('ready')) {
        await form.waitFor({ state: 'detached' });
        await expect.poll(() => panel.getByRole('status').textContent()).toBe(conflictSummary(check?.conflicts.length ?? 0));
        expect(await panel.getByRole('link', { name: 'the intake of Marisol Quintanilla-Ortiz' }).count()).toBe(1);
        if (check?.decision) expect(await panel.getByTestId('conflict-decision').textContent()).toContain(`Waived by Olivia Owner on`);
        else expect(await panel.getByText('Decision needed').count()).toBe(1);
        await button('Record decision').waitFor();
        return;
      }
      await form.waitFor();
      const waivedChoice = form.getByRole('radio', { name: "Waived (with the clients' informed consent)" });
      if (snapshot.matches('submitting')) {
        const request = await saves.waitFor(() => true, 'the decision');
        expect(request.postDataJSON()).toEqual({ decision: 'waived', note });
        await expect.poll(() => form.getByRole('button', { name: 'Loading...' }).getAttribute('aria-busy')).toBe('true');
        return;
      }
      // deciding: what was chosen and typed, the save only once both are there, a failed save's error.
      await expect.poll(() => waivedChoice.isChecked()).toBe(decision === 'waived');
      await expect.poll(() => form.getByRole('textbox', { name: 'Note' }).inputValue()).toBe(typed);
      await expect.poll(() => button('Save decision').isEnabled()).toBe(decision !== null && typed.trim() !== '');
      await expect.poll(() => form.getByRole('alert').count()).toBe(error ? 1 : 0);
    },
  };
}

describe("the conflict check panel's paths through the intake form in Chromium", () => {
  for (const planned of driven) {
    it(describePath(planned.path), async () => {
      await suite.drive(planned.path, async (page, caseId) => {
        const loads = await holdRequests(page, 'GET', `/v1/intake/${caseId}/conflicts`);
        const saves = await holdRequests(page, 'POST', `/v1/intake/${caseId}/conflicts/decision`);
        return panelDrive(page, loads, saves);
      });
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    expectEveryStateAndTransition(conflictPanelMachine, completed);
  });
});
