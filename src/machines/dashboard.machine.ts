// The dashboard page (docs/product/dashboard.md): its figures loaded in one call. A failed load says so
// on the page and offers a retry; a loaded dashboard can be refreshed, keeping the figures on screen
// until the new ones arrive.
import { assign, fromPromise, setup } from 'xstate';
import type { Dashboard } from '../api/dashboard';
import { errorMessage } from './errorMessage';

export const dashboardMessages = {
  loadFailed: 'The dashboard could not be loaded.',
} as const;

export interface DashboardContext {
  dashboard?: Dashboard;
  /** Why the last load failed (the server's message or the network's), shown under the page's own text. */
  failure?: string;
}

export type DashboardEvent = { type: 'dashboard.retry' } | { type: 'dashboard.refresh' };

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    loadDashboard: fromPromise<Dashboard, void>(() => {
      throw new Error('provided by the app');
    }),
  },
  actions: {
    storeDashboard: assign((_, dashboard: Dashboard) => ({ dashboard, failure: undefined })),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ failure: errorMessage(error) })),
  },
}).createMachine({
  id: 'dashboard',
  context: {},
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        onDone: { target: 'loaded', actions: { type: 'storeDashboard', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: { on: { 'dashboard.refresh': 'loading' } },
    failed: { on: { 'dashboard.retry': 'loading' } },
  },
});
