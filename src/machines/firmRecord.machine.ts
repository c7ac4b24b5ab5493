// The firm view's data (docs/product/firm-and-neos.md /firm, content not shown): the caller's firm, loaded
// once. The spec leaves the load error open (docs/product/firm-and-neos.md); ours is a toast and a way to try again.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Firm } from '../api/firm';

export interface FirmRecordContext {
  firm?: Firm;
}

export type FirmRecordEvent = { type: 'firm.reload' };

export type FirmRecordEmitted = { type: 'loadFailed' };

export const firmRecordMachine = setup({
  types: {
    context: {} as FirmRecordContext,
    events: {} as FirmRecordEvent,
    emitted: {} as FirmRecordEmitted,
  },
  actors: {
    loadFirm: fromPromise<Firm, void>(() => {
      throw new Error('provided by the app');
    }),
  },
  actions: {
    storeFirm: assign((_, firm: Firm) => ({ firm })),
    announceLoadFailed: emit({ type: 'loadFailed' as const }),
  },
}).createMachine({
  id: 'firmRecord',
  context: {},
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadFirm',
        src: 'loadFirm',
        onDone: { target: 'loaded', actions: { type: 'storeFirm', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'announceLoadFailed' },
      },
    },
    loaded: {},
    failed: { on: { 'firm.reload': 'loading' } },
  },
});
