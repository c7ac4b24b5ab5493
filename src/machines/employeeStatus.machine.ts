// Deactivating and reactivating an employee from the Employees table (docs/product/people.md#deactivating-an-employee):
// the row's button asks, the confirmation sends the call, and the page reloads the list when it
// is done. Who may act on whom is the view's question (canChangeStatusOf); the server decides too.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';

export type StatusChange = 'deactivate' | 'reactivate';

export interface StatusTarget {
  userId: string;
  /** The name the confirmation shows. */
  name: string;
  change: StatusChange;
}

export interface EmployeeStatusContext {
  target: StatusTarget | null;
}

export type EmployeeStatusEvent = { type: 'status.ask'; target: StatusTarget } | { type: 'status.confirm' } | { type: 'status.cancel' };

export type EmployeeStatusEmitted =
  { type: 'changed'; change: StatusChange } | { type: 'failed'; change: StatusChange; message: string | null };

function messageOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const body = (error as { body?: { message?: unknown } }).body;
  return typeof body?.message === 'string' ? body.message : null;
}

export const employeeStatusMachine = setup({
  types: {
    context: {} as EmployeeStatusContext,
    events: {} as EmployeeStatusEvent,
    emitted: {} as EmployeeStatusEmitted,
  },
  actors: {
    changeStatus: fromPromise<unknown, { userId: string; change: StatusChange }>(() => {
      throw new Error('provided by the app');
    }),
  },
  actions: {
    rememberTarget: assign(({ event }) => {
      assertEvent(event, 'status.ask');
      return { target: event.target };
    }),
    forgetTarget: assign({ target: null }),
    emitChanged: emit(({ context }) => ({ type: 'changed' as const, change: context.target?.change ?? 'deactivate' })),
    // The server's message when it sent one (the last owner, an owner out of reach), else none.
    emitFailed: emit(({ context }, error: unknown) => ({
      type: 'failed' as const,
      change: context.target?.change ?? 'deactivate',
      message: messageOf(error),
    })),
  },
}).createMachine({
  id: 'employeeStatus',
  context: { target: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'status.ask': { target: 'confirming', actions: 'rememberTarget' } },
    },
    confirming: {
      on: {
        'status.confirm': { target: 'changing' },
        'status.cancel': { target: 'idle', actions: 'forgetTarget' },
      },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }) => ({ userId: context.target?.userId ?? '', change: context.target?.change ?? 'deactivate' }),
        onDone: { target: 'idle', actions: ['emitChanged', 'forgetTarget'] },
        onError: {
          target: 'idle',
          actions: [{ type: 'emitFailed', params: ({ event }: { event: { error: unknown } }) => event.error }, 'forgetTarget'],
        },
      },
    },
  },
});
