// The dashboard page's machine (docs/product/dashboard.md): model-based, every transition traversed.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Dashboard } from '../../src/api/dashboard';
import { dashboardMachine } from '../../src/machines/dashboard.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const dashboard: Dashboard = {
  today: '2026-11-24',
  limitationYears: 2,
  counts: { leadsThisWeek: 1, leadsLast30Days: 2, draftIntakes: 3, finalIntakes: 4, finalLast30Days: 1 },
  funnel: { days: 90, leads: 2, leadsWithIntake: 1, finalIntakes: 1, signedEngagements: 0, intakeRate: 50, finalRate: 100, signedRate: 0 },
  representatives: [{ representativeId: 'rep-1', name: 'Ana Rep', draft: 3, final: 4 }],
  staleDrafts: [],
  deadlines: [],
  missingIncidentDate: [],
};

const samples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadDashboard', output: dashboard },
  { type: 'xstate.error.actor.loadDashboard', error: { status: 0, message: 'The server could not be reached' } },
];

function checkStep(snapshot: AnyMachineSnapshot, probe: StepProbe) {
  switch (probe.event.type) {
    case 'xstate.init':
    case 'dashboard.retry':
    case 'dashboard.refresh':
      expect(snapshot.value).toBe('loading');
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(probe.calls).toEqual([{ actor: 'loadDashboard', input: undefined }]);
      break;
    case 'xstate.done.actor.loadDashboard':
      expect(snapshot.value).toBe('loaded');
      expect(snapshot.context).toEqual({ dashboard, failure: undefined });
      expect(snapshot.can({ type: 'dashboard.refresh' })).toBe(true);
      break;
    case 'xstate.error.actor.loadDashboard':
      expect(snapshot.value).toBe('failed');
      expect(snapshot.context.failure).toBe('The server could not be reached');
      expect(snapshot.can({ type: 'dashboard.retry' })).toBe(true);
      break;
    default:
      throw new Error(`unexpected event ${probe.event.type}`);
  }
}

describe('dashboard machine', () => {
  const plan = planModel(dashboardMachine, { events: samples });

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(dashboardMachine, plan)).toMatchObject({ transitions: 4, traversed: 4 });
  });

  it.each(plan.paths.map((path) => [describePath(path), path] as const))('runs the path %s', async (_, path) => {
    await runPath(dashboardMachine, path, {
      actors: ['loadDashboard'],
      states: { loading: checkStep, loaded: checkStep, failed: checkStep },
    });
  });
});
