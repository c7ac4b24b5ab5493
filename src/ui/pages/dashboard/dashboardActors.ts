// The real implementation of the dashboard machine's actor (docs/architecture.md: the app provides it with
// machine.provide; tests pass their own).
import { fromPromise } from 'xstate';
import { getDashboard, type Dashboard } from '../../../api/dashboard';
import { dashboardMachine } from '../../../machines/dashboard.machine';

export const appDashboardMachine = dashboardMachine.provide({
  actors: { loadDashboard: fromPromise<Dashboard, void>(() => getDashboard()) },
});
