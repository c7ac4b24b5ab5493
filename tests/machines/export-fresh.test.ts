// docs/machines holds every machine's JSON and Mermaid diagram; QA and reviewers read
// them instead of the code, so they must match the machines as they are now.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, createMachine, fromPromise, not, setup } from 'xstate';
import { DOCS_DIR, machineDocs, machineJson, machineMermaid } from '../../scripts/machineDocs';
import { loadMachines, machineFiles } from '../../src/machines/registry';
import { collectTransitions } from './modelCoverage';

const root = path.resolve(import.meta.dirname, '../..');
const HOW_TO_FIX = 'run `npm run machines:export`';

function readOrNothing(file: string): string | undefined {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return undefined;
  }
}

describe('docs/machines', async () => {
  const entries = await loadMachines();
  const docs = machineDocs(entries);

  it('has a machine for every machine file', () => {
    expect(entries.map((entry) => entry.file)).toEqual(expect.arrayContaining(machineFiles()));
    expect(new Set(entries.map((entry) => entry.file)).size).toBe(machineFiles().length);
  });

  it('holds the current export of every machine', () => {
    const missing = docs.filter((doc) => readOrNothing(doc.path) === undefined).map((doc) => doc.path);
    const stale = docs.filter((doc) => ![undefined, doc.text].includes(readOrNothing(doc.path))).map((doc) => doc.path);
    expect({ missing, stale }, `docs/machines is out of date: ${HOW_TO_FIX}`).toEqual({ missing: [], stale: [] });
  });

  it('holds nothing for machines that no longer exist', () => {
    const expected = new Set(docs.map((doc) => path.basename(doc.path)));
    const extra = readdirSync(path.join(root, DOCS_DIR)).filter((name) => !expected.has(name));
    expect(extra, `docs/machines has files of no machine: ${HOW_TO_FIX}`).toEqual([]);
  });

  it('each JSON recreates its machine with the same transitions and guard names', () => {
    for (const { machine } of entries) {
      const restored = createMachine(JSON.parse(machineJson(machine)));
      expect(collectTransitions(restored), machine.id).toEqual(collectTransitions(machine));
    }
  });
});

describe('the Mermaid diagram', () => {
  const machine = setup({
    actors: { fetchThing: fromPromise(async () => 'thing') },
    guards: { isReady: () => true, isOpen: () => true },
    delays: { patience: 1000 },
  }).createMachine({
    id: 'sample',
    initial: 'idle',
    states: {
      idle: { always: { guard: 'isReady', target: 'busy' } },
      busy: {
        type: 'parallel',
        states: {
          work: {
            initial: 'fetching',
            states: {
              fetching: {
                invoke: { id: 'fetchThing', src: 'fetchThing', onDone: 'done', onError: 'failed' },
                after: { patience: 'failed' },
              },
              failed: { on: { 'work.retry': 'fetching' } },
              done: { type: 'final' },
            },
          },
          door: {
            initial: 'closed',
            states: {
              closed: { on: { 'door.open': { guard: and(['isOpen', not('isReady')]), target: 'open' } } },
              open: { on: { 'door.close': 'closed', 'door.knock': {} } },
            },
          },
        },
        on: { 'busy.stop': '#sample.idle' },
      },
    },
  });

  it('nests states, marks initial and final ones, and labels every transition', () => {
    expect(machineMermaid(machine)).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> s_sample_idle',
        '  state "idle" as s_sample_idle',
        '  state "busy" as s_sample_busy {',
        '    state "work" as s_sample_busy_work {',
        '      [*] --> s_sample_busy_work_fetching',
        '      state "fetching (invoke: fetchThing)" as s_sample_busy_work_fetching',
        '      state "failed" as s_sample_busy_work_failed',
        '      state "done" as s_sample_busy_work_done',
        '      s_sample_busy_work_done --> [*]',
        '      s_sample_busy_work_fetching --> s_sample_busy_work_done : xstate.done.actor.fetchThing',
        '      s_sample_busy_work_fetching --> s_sample_busy_work_failed : xstate.error.actor.fetchThing<br/>after patience',
        '      s_sample_busy_work_failed --> s_sample_busy_work_fetching : work.retry',
        '    }',
        '    --',
        '    state "door" as s_sample_busy_door {',
        '      [*] --> s_sample_busy_door_closed',
        '      state "closed" as s_sample_busy_door_closed',
        '      state "open" as s_sample_busy_door_open',
        '      s_sample_busy_door_closed --> s_sample_busy_door_open : door.open [and(isOpen, not(isReady))]',
        '      s_sample_busy_door_open --> s_sample_busy_door_closed : door.close',
        '      s_sample_busy_door_open --> s_sample_busy_door_open : door.knock',
        '    }',
        '  }',
        '  s_sample_idle --> s_sample_busy : always [isReady]',
        '  s_sample_busy --> s_sample_idle : busy.stop',
      ].join('\n'),
    );
  });

  it('shows the parameters of a guard, so two arrows of one guard can be told apart', () => {
    const routed = setup({
      guards: { opensIn: (_, { mode }: { mode: string }) => mode === 'view', isGrant: (_, grant: unknown) => grant !== null },
    }).createMachine({
      id: 'routed',
      initial: 'choosing',
      states: {
        choosing: {
          always: [
            { guard: { type: 'opensIn', params: { mode: 'create' } }, target: 'create' },
            { guard: { type: 'opensIn', params: { mode: 'view' } }, target: 'view' },
          ],
          on: { 'grant.take': { guard: { type: 'isGrant', params: ({ event }: { event: unknown }) => event }, target: 'view' } },
        },
        create: {},
        view: {},
      },
    });
    const diagram = machineMermaid(routed);
    expect(diagram).toContain('s_routed_choosing --> s_routed_create : always [opensIn(mode: create)]');
    // Parameters taken from the event at run time have no value to show.
    expect(diagram).toContain('s_routed_choosing --> s_routed_view : grant.take [isGrant(…)]<br/>always [opensIn(mode: view)]');
  });

  it('leaves functions out of the JSON but keeps every name', () => {
    const json = JSON.parse(machineJson(machine));
    expect(json.states.busy.states.work.states.fetching).toEqual({
      invoke: { id: 'fetchThing', src: 'fetchThing', onDone: 'done', onError: 'failed' },
      after: { patience: 'failed' },
    });
    expect(json.states.busy.states.door.states.closed.on['door.open'].guard).toEqual({ type: 'and(isOpen, not(isReady))' });
    expect(machineJson(machine).endsWith('}\n')).toBe(true);
  });
});
