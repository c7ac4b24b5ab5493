// The coverage utility must fail when a transition is never taken, count what toDirectedGraph
// leaves out, and catch an actor that strays from the model.
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import {
  collectTransitions,
  coverageSummary,
  expectEveryTransitionTraversed,
  planModel,
  runPath,
  traversedTransitions,
} from './modelCoverage';

const doorMachine = setup({
  types: {
    context: {} as { locked: boolean },
    events: {} as { type: 'door.open' } | { type: 'door.close' } | { type: 'door.unlock'; code: string },
  },
  guards: {
    isUnlocked: ({ context }) => !context.locked,
    isRightCode: ({ event }) => event.type === 'door.unlock' && event.code === '1234',
  },
  actions: { unlock: assign({ locked: false }) },
}).createMachine({
  id: 'door',
  context: { locked: true },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'door.open': { guard: 'isUnlocked', target: 'open' },
        'door.unlock': { guard: 'isRightCode', actions: 'unlock' },
      },
    },
    open: { on: { 'door.close': 'closed' } },
  },
});

describe('expectEveryTransitionTraversed', () => {
  it('fails and lists the transitions no path takes', () => {
    // No sample carries the right code, so the door stays locked and never opens.
    const plan = planModel(doorMachine, { events: [{ type: 'door.unlock', code: '0000' }] });

    expect(() => expectEveryTransitionTraversed(doorMachine, plan)).toThrow(
      [
        "3 transition(s) of 'door' never traversed:",
        '  door.closed --door.open [isUnlocked]--> door.open',
        '  door.closed --door.unlock [isRightCode]--> door.closed',
        '  door.open --door.close--> door.closed',
      ].join('\n'),
    );
    expect(coverageSummary(doorMachine, plan)).toEqual({
      machineId: 'door',
      states: 2,
      transitions: 3,
      traversed: 0,
      paths: 1,
    });
  });

  it('passes once the samples reach every transition, and returns the summary', () => {
    const plan = planModel(doorMachine, { events: [{ type: 'door.unlock', code: '1234' }] });

    expect(expectEveryTransitionTraversed(doorMachine, plan)).toEqual({
      machineId: 'door',
      states: 2,
      transitions: 3,
      traversed: 3,
      paths: plan.paths.length,
    });
  });

  it('counts a transition as traversed only when a given path takes it', () => {
    const plan = planModel(doorMachine, { events: [{ type: 'door.unlock', code: '1234' }] });
    // The same paths, each cut before its first door.close.
    const withoutClosing = plan.paths.map((path) => {
      const cut = path.steps.findIndex((step) => step.event.type === 'door.close');
      const steps = cut === -1 ? path.steps : path.steps.slice(0, cut);
      return { ...path, steps, state: steps[steps.length - 1].state, weight: steps.length - 1 };
    });

    expect(() =>
      expectEveryTransitionTraversed(doorMachine, {
        paths: withoutClosing,
        traversed: traversedTransitions(doorMachine, withoutClosing),
      }),
    ).toThrow("1 transition(s) of 'door' never traversed:\n  door.open --door.close--> door.closed");
  });
});

describe('collectTransitions', () => {
  it('counts nested edges, every target of a transition and the eventless ones', () => {
    const machine = setup({
      types: { events: {} as { type: 'go' } | { type: 'both' } },
      guards: { never: () => false },
    }).createMachine({
      id: 'nested',
      initial: 'start',
      states: {
        start: { always: [{ guard: 'never', target: 'parallel' }, { target: 'waiting' }] },
        waiting: { on: { go: 'parallel', both: { target: ['#nested.parallel.left.b', '#nested.parallel.right.d'] } } },
        parallel: {
          type: 'parallel',
          states: {
            left: { initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } },
            right: { initial: 'c', states: { c: { on: { go: 'd' } }, d: {} } },
          },
        },
      },
    });

    expect(collectTransitions(machine).map((edge) => edge.key)).toEqual([
      'nested.start --always#0--> nested.parallel',
      'nested.start --always#1--> nested.waiting',
      'nested.waiting --go#0--> nested.parallel',
      'nested.waiting --both#0--> nested.parallel.left.b',
      'nested.waiting --both#0--> nested.parallel.right.d',
      'nested.parallel.left.a --go#0--> nested.parallel.left.b',
      'nested.parallel.right.c --go#0--> nested.parallel.right.d',
    ]);

    // The guarded eventless edge can never be taken, and is reported.
    expect(() => expectEveryTransitionTraversed(machine, planModel(machine))).toThrow(
      "1 transition(s) of 'nested' never traversed:\n  nested.start --always [never]--> nested.parallel",
    );
  });
});

describe('runPath', () => {
  const fetchMachine = setup({
    types: { context: {} as { value?: string; lastError?: string }, events: {} as { type: 'fetch.retry' } },
    actors: {
      fetchValue: fromPromise<string, { previousError: string | null }>(() => {
        throw new Error('provided by the test');
      }),
    },
    delays: { retryDelay: 1500 },
    actions: {
      storeValue: assign((_, value: string) => ({ value })),
      storeError: assign((_, error: { message: string }) => ({ lastError: error.message })),
    },
  }).createMachine({
    id: 'fetch',
    context: {},
    initial: 'fetching',
    states: {
      fetching: {
        invoke: {
          id: 'fetchValue',
          src: 'fetchValue',
          input: ({ context }) => ({ previousError: context.lastError ?? null }),
          onDone: { target: 'done', actions: { type: 'storeValue', params: ({ event }) => event.output } },
          onError: {
            target: 'waiting',
            actions: { type: 'storeError', params: ({ event }) => event.error as { message: string } },
          },
        },
      },
      waiting: { after: { retryDelay: 'fetching' }, on: { 'fetch.retry': 'fetching' } },
      done: {},
    },
  });
  const samples = [
    { type: 'xstate.done.actor.fetchValue', output: 'ok' },
    { type: 'xstate.error.actor.fetchValue', error: { message: 'offline' } },
  ];

  it('drives invoked actors and timers of the real machine along every path', async () => {
    const plan = planModel(fetchMachine, { events: samples });
    const inputs: unknown[] = [];

    for (const path of plan.paths) {
      await runPath(fetchMachine, path, {
        actors: ['fetchValue'],
        states: {
          fetching: (_, probe) => {
            inputs.push(...probe.calls.map((call) => call.input));
          },
        },
      });
    }

    expect(expectEveryTransitionTraversed(fetchMachine, plan)).toMatchObject({ transitions: 4, traversed: 4 });
    expect(inputs).toEqual(expect.arrayContaining([{ previousError: null }, { previousError: 'offline' }]));
  });

  it('fails when the running machine strays from the model', async () => {
    const plan = planModel(fetchMachine, { events: samples });
    const toDone = plan.paths.find((path) => path.state.matches('done'));
    if (!toDone) throw new Error('the plan reaches done');
    const storesNothing = fetchMachine.provide({ actions: { storeValue: assign({}) } });

    await expect(runPath(storesNothing, toDone, { actors: ['fetchValue'] })).rejects.toThrow(
      /context after xstate\.done\.actor\.fetchValue/,
    );
  });
});

describe('planModel', () => {
  it('stops with a clear error on a machine whose context grows without end', () => {
    const counter = setup({
      types: { context: {} as { count: number }, events: {} as { type: 'count.up' } },
      actions: { increment: assign(({ context }) => ({ count: context.count + 1 })) },
    }).createMachine({ id: 'counter', context: { count: 0 }, on: { 'count.up': { actions: 'increment' } } });

    expect(() => planModel(counter, { limit: 50 })).toThrow(
      "'counter' has more than 50 states with these samples: bound its context or use fewer samples",
    );
  });
});
