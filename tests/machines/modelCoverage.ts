/**
 * Model-based testing for our XState v5 machines, with transition coverage counted from the
 * definition (docs/architecture.md, State machines; docs/code-style.md, Tests).
 *
 * Why not `createTestModel` from `xstate/graph`: it refuses machines with `invoke` or `after`,
 * and every machine here loads data or waits (docs/toolchain.md). So the real machine is walked
 * directly:
 *
 * 1. Paths (`planModel`). `getShortestPaths(machine, { events })` gives the shortest path to every
 *    reachable state (state value + context). Shortest paths alone skip transitions that lead back
 *    to a state already reached (logout back to loggedOut, a keystroke that restarts the debounce),
 *    so for every transition of the definition still untaken, the cheapest reached state where
 *    some sample event takes it is extended by that event. Paths that are the start of a longer
 *    one are dropped. Events offered in a state are its own event types (`getNextTransitions`),
 *    each with the caller's samples of that type or else `{ type }`. Invoked actors appear as
 *    `xstate.done.actor.<id>` / `xstate.error.actor.<id>` samples (give every `invoke` an `id`
 *    equal to its `src`), delays as `xstate.after.<delay>.<stateId>`. Errors must be plain
 *    objects: an `Error` serialises as `{}`.
 *
 * 2. Coverage. `collectTransitions` counts every edge of `toDirectedGraph(machine)`, recursively
 *    through child states, plus the eventless `always` transitions, which `toDirectedGraph`
 *    leaves out (one edge per target). `traversedTransitions` replays each path step through
 *    `machine.transition` with an inspecting actor scope and records the transitions of every
 *    `@xstate.microstep`, so eventless and raised follow-ups count too, as do the initial ones
 *    (which depend on what the machine reads at start: replay under the same conditions as
 *    planning). `expectEveryTransitionTraversed` fails listing the edges no path takes, and
 *    returns the plain `CoverageSummary` that reports print; with `MODEL_COVERAGE_DIR` set it
 *    also records it there for `npm run test:model` (scripts/test-model.ts).
 *
 * 3. Running (`runPath`). Each path runs against a real actor of the machine, provided with
 *    controlled promise actors: a done/error step settles the pending invocation with the step's
 *    output/error; a delayed step advances a `SimulatedClock` by the scheduled delay; any other
 *    step is sent as is. After every step the actor's state value and context must equal the
 *    model's, and the caller's assertions for the matching states run.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  createActor,
  createEmptyActor,
  fromPromise,
  getNextTransitions,
  SimulatedClock,
  type AnyActorRef,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type PromiseActorLogic,
} from 'xstate';
import { getShortestPaths, serializeSnapshot, toDirectedGraph, type DirectedGraphNode, type StatePath } from 'xstate/graph';
import { expect } from 'vitest';

export type ModelPath = StatePath<AnyMachineSnapshot, AnyEventObject>;

export interface TransitionEdge {
  /** Stable across `machine.provide(...)`: source id, event, position, target id. */
  key: string;
  source: string;
  target: string;
  event: string;
  guard?: string;
}

/** One row of the coverage table prints these). */
export interface CoverageSummary {
  machineId: string;
  /** State nodes of the definition, the root excluded. */
  states: number;
  transitions: number;
  traversed: number;
  paths: number;
}

export interface ModelPlan {
  paths: ModelPath[];
  /** Keys of the edges the paths take (see `TransitionEdge.key`). */
  traversed: Set<string>;
}

export interface PlanOptions {
  /** Samples for events with a payload, done/error events of invoked actors included. */
  events?: readonly AnyEventObject[];
  input?: unknown;
  /** Most states to visit; a context that grows without end (a counter) would never finish. */
  limit?: number;
  /**
   * Which event types the plan offers (all by default). A machine with orthogonal regions (a
   * tab index, a preview, a dirty flag beside a lifecycle) has the product of their states; a
   * plan that studies one part leaves the others' events out, and several plans share coverage.
   */
  offer?: (eventType: string) => boolean;
  /**
   * Which of the offered events a state offers (all by default): a screen gives some events only
   * in some states (a field can change only on the page that shows it).
   */
  offerIn?: (event: AnyEventObject, snapshot: AnyMachineSnapshot) => boolean;
}

const DEFAULT_STATE_LIMIT = 10_000;

const ALWAYS = 'always';

function guardName(guard: AnyTransitionDefinition['guard']): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return typeof guard.type === 'string' ? guard.type : 'inline guard';
}

function transitionsOfEvent(transition: AnyTransitionDefinition): readonly AnyTransitionDefinition[] {
  const source: AnyStateNode = transition.source;
  return transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
}

/** A transition without a target stays in its source, as `toDirectedGraph` draws it. */
function edgesOf(transition: AnyTransitionDefinition): TransitionEdge[] {
  const event = transition.eventType === '' ? ALWAYS : transition.eventType;
  const position = transitionsOfEvent(transition).indexOf(transition);
  const targets: readonly AnyStateNode[] = transition.target ?? [transition.source];
  return targets.map((target) => ({
    key: `${transition.source.id} --${event}#${position}--> ${target.id}`,
    source: transition.source.id,
    target: target.id,
    event,
    guard: guardName(transition.guard),
  }));
}

function graphNodes(node: DirectedGraphNode): DirectedGraphNode[] {
  return [node, ...node.children.flatMap(graphNodes)];
}

/** Every transition of the definition, one edge per target, in document order. */
export function collectTransitions(machine: AnyStateMachine): TransitionEdge[] {
  return graphNodes(toDirectedGraph(machine)).flatMap((node) => {
    const stateNode: AnyStateNode = node.stateNode;
    const definitions = [...node.edges.map((edge) => edge.transition), ...(stateNode.always ?? [])];
    const unique = [...new Set(definitions)];
    return unique.flatMap(edgesOf);
  });
}

function describeEdge(edge: TransitionEdge): string {
  return `${edge.source} --${edge.event}${edge.guard ? ` [${edge.guard}]` : ''}--> ${edge.target}`;
}

/**
 * A side-effect-free actor scope (like the one `xstate/graph` uses) whose system reports each
 * microstep's transitions.
 */
function recordingScope() {
  const taken: AnyTransitionDefinition[] = [];
  const self = createEmptyActor();
  self.system.inspect((inspection) => {
    if (inspection.type === '@xstate.microstep') taken.push(...inspection._transitions);
  });
  const scope: AnyActorScope = {
    self,
    id: 'model',
    sessionId: 'model',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: () => {},
  };
  return {
    scope,
    /** The edge keys recorded since the last call. */
    drain: () => new Set(taken.splice(0).flatMap((transition) => edgesOf(transition).map((edge) => edge.key))),
  };
}

function eventsOffered(
  samples: readonly AnyEventObject[],
  offer: (eventType: string) => boolean = () => true,
  offerIn: (event: AnyEventObject, snapshot: AnyMachineSnapshot) => boolean = () => true,
) {
  return (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const types = new Set(
      getNextTransitions(snapshot)
        .map((transition) => transition.eventType)
        .filter(offer),
    );
    types.delete('');
    return [...types].flatMap((type) => {
      const matching = samples.filter((sample) => sample.type === type);
      return (matching.length > 0 ? matching : [{ type }]).filter((event) => offerIn(event, snapshot));
    });
  };
}

function serializeEvent(event: EventObject): string {
  return JSON.stringify(event);
}

/** Drops every path whose events are the start of a longer path's events. */
function withoutPrefixes(paths: ModelPath[]): ModelPath[] {
  const sequences = paths
    .map((path) => ({ path, events: path.steps.map((step) => serializeEvent(step.event)) }))
    .sort((a, b) => b.events.length - a.events.length);
  const kept: typeof sequences = [];
  for (const candidate of sequences) {
    const covered = kept.some((longer) => candidate.events.every((event, index) => longer.events[index] === event));
    if (!covered) kept.push(candidate);
  }
  return kept.map((entry) => entry.path);
}

function replayError(path: ModelPath, index: number): Error {
  const events = path.steps.slice(0, index + 1).map((step) => step.event.type);
  return new Error(
    `The path no longer replays at step ${index} (${events.join(' → ')}): the machine read something ` +
      'different from when the path was planned (storage, time?). Replay under the same conditions.',
  );
}

/**
 * The edges `paths` take, replayed without side effects. The initial microsteps are replayed
 * with `input`; the machine must see what it saw when the paths were planned.
 */
export function traversedTransitions(
  machine: AnyStateMachine,
  paths: readonly ModelPath[],
  options: { input?: unknown } = {},
): Set<string> {
  const recorder = recordingScope();
  const traversed = new Set<string>();
  const initial = machine.getInitialSnapshot(recorder.scope, options.input);
  recorder.drain().forEach((key) => traversed.add(key));
  for (const path of paths) {
    if (serializeSnapshot(initial) !== serializeSnapshot(path.steps[0].state)) throw replayError(path, 0);
    for (let index = 1; index < path.steps.length; index++) {
      const next = machine.transition(path.steps[index - 1].state, path.steps[index].event, recorder.scope);
      if (serializeSnapshot(next) !== serializeSnapshot(path.steps[index].state)) throw replayError(path, index);
      recorder.drain().forEach((key) => traversed.add(key));
    }
  }
  return traversed;
}

/** Shortest paths to every state, extended until every reachable transition is taken. */
export function planModel(machine: AnyStateMachine, options: PlanOptions = {}): ModelPlan {
  const events = eventsOffered(options.events ?? [], options.offer, options.offerIn);
  const limit = options.limit ?? DEFAULT_STATE_LIMIT;
  let shortest: ModelPath[];
  try {
    shortest = getShortestPaths(machine, { events, input: options.input, limit });
  } catch (error) {
    if (error instanceof Error && error.message === 'Traversal limit exceeded') {
      throw new Error(`'${machine.id}' has more than ${limit} states with these samples: bound its context or use fewer samples`, {
        cause: error,
      });
    }
    throw error;
  }
  const traversed = traversedTransitions(machine, shortest, { input: options.input });
  const allKeys = collectTransitions(machine).map((edge) => edge.key);
  const extensions: ModelPath[] = [];
  const recorder = recordingScope();
  const byWeight = [...shortest].sort((a, b) => a.weight - b.weight);
  for (const path of byWeight) {
    if (allKeys.every((key) => traversed.has(key))) break;
    for (const event of events(path.state)) {
      const next = machine.transition(path.state, event, recorder.scope);
      const taken = recorder.drain();
      if (![...taken].some((key) => !traversed.has(key))) continue;
      taken.forEach((key) => traversed.add(key));
      extensions.push({ state: next, steps: [...path.steps, { state: next, event }], weight: path.weight + 1 });
    }
  }
  const paths = withoutPrefixes([...shortest, ...extensions]);
  // Counted again from the final paths, so the claim is about exactly the paths that run.
  return { paths, traversed: traversedTransitions(machine, paths, { input: options.input }) };
}

export function coverageSummary(machine: AnyStateMachine, plans: ModelPlan | readonly ModelPlan[]): CoverageSummary {
  const all = Array.isArray(plans) ? plans : [plans as ModelPlan];
  const edges = collectTransitions(machine);
  const traversed = new Set(all.flatMap((plan) => [...plan.traversed]));
  return {
    machineId: machine.id,
    states: graphNodes(toDirectedGraph(machine)).length - 1,
    transitions: edges.length,
    traversed: edges.filter((edge) => traversed.has(edge.key)).length,
    paths: all.reduce((count, plan) => count + plan.paths.length, 0),
  };
}

/**
 * `npm run test:model` (scripts/test-model.ts) sets this to a folder; every
 * `expectEveryTransitionTraversed` then leaves its summary there, so the script can print one
 * table for all machines and spot a machine that no suite checks.
 */
export const MODEL_COVERAGE_DIR_ENV = 'MODEL_COVERAGE_DIR';

/**
 * Where a record's paths ran: on the machine alone (the unit suites, `runPath`) or through the real
 * app in Chromium (tests/e2e/model, `drivePath`).
 */
export type CoverageSource = 'model' | 'browser';

/** A summary as recorded: the edge keys too, so runs of the same machine can be added up. */
export interface RecordedCoverage extends CoverageSummary {
  source: CoverageSource;
  traversedKeys: string[];
}

/** Writes one file per call (suites run in parallel workers); nothing when the variable is unset. */
export function recordCoverage(summary: CoverageSummary, traversedKeys: Iterable<string>, source: CoverageSource = 'model'): void {
  const dir = process.env[MODEL_COVERAGE_DIR_ENV];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const recorded: RecordedCoverage = { ...summary, source, traversedKeys: [...traversedKeys].sort() };
  writeFileSync(path.join(dir, `${summary.machineId}.${source}.${randomUUID()}.json`), `${JSON.stringify(recorded)}\n`);
}

/**
 * What a browser suite drove through the app: the transitions of the paths that passed, and how
 * many paths. Every suite under tests/e2e/model calls it once, after its paths ran, whatever it
 * covered, so `npm run test:model` reports the browser's share from what actually ran.
 */
export function recordBrowserCoverage(machine: AnyStateMachine, paths: number, traversedKeys: Iterable<string>): CoverageSummary {
  const keys = new Set(traversedKeys);
  const edges = collectTransitions(machine);
  const summary: CoverageSummary = {
    machineId: machine.id,
    states: graphNodes(toDirectedGraph(machine)).length - 1,
    transitions: edges.length,
    traversed: edges.filter((edge) => keys.has(edge.key)).length,
    paths,
  };
  recordCoverage(summary, keys, 'browser');
  return summary;
}

/** Every summary recorded in `dir` (an absent folder holds none). */
export function readRecordedCoverage(dir: string): RecordedCoverage[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as RecordedCoverage);
}

/**
 * Throws, listing them, when some transitions of the definition are taken by no path. The summary
 * is recorded first (see `recordCoverage`), so a shortfall shows in the test:model table as well.
 */
export function expectEveryTransitionTraversed(machine: AnyStateMachine, plans: ModelPlan | readonly ModelPlan[]): CoverageSummary {
  const all = Array.isArray(plans) ? plans : [plans as ModelPlan];
  const traversed = new Set(all.flatMap((plan) => [...plan.traversed]));
  const summary = coverageSummary(machine, all);
  recordCoverage(summary, traversed);
  const missing = collectTransitions(machine).filter((edge) => !traversed.has(edge.key));
  if (missing.length > 0) {
    throw new Error(
      `${missing.length} transition(s) of '${machine.id}' never traversed:\n` + missing.map((edge) => `  ${describeEdge(edge)}`).join('\n'),
    );
  }
  return summary;
}

function describeValue(value: AnyMachineSnapshot['value']): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${describeValue(child)}`))
    .join(' + ');
}

/** `type`, and a glimpse of the payload so that two samples of one event read apart. */
function describeEvent(event: AnyEventObject): string {
  const { type, ...payload } = event;
  if (Object.keys(payload).length === 0) return type;
  const text = JSON.stringify(payload);
  return `${type} ${text.length > 32 ? `${text.slice(0, 31)}…` : text}`;
}

export function describePath(path: ModelPath): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event));
  return `reaches ${describeValue(path.state.value)} via ${events.length > 0 ? events.join(' → ') : 'start'}`;
}

// ---------------------------------------------------------------------------------------------
// Running paths against the real machine

interface PendingCall {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Promise actors that settle only when a path step says so. */
export function controlledActors(names: readonly string[]) {
  const pending = new Map<string, PendingCall>();
  const calls: Array<{ actor: string; input: unknown }> = [];
  const logic = (name: string): PromiseActorLogic<unknown, unknown> =>
    fromPromise<unknown, unknown>(
      ({ input, signal }) =>
        new Promise((resolve, reject) => {
          const call: PendingCall = { input, resolve, reject };
          pending.set(name, call);
          calls.push({ actor: name, input });
          // An actor stopped by leaving its state can no longer be settled.
          signal.addEventListener('abort', () => {
            if (pending.get(name) === call) pending.delete(name);
          });
        }),
    );
  const take = (name: string): PendingCall => {
    const call = pending.get(name);
    if (!call) throw new Error(`No running '${name}' actor to settle (is the invoke id equal to its src?)`);
    pending.delete(name);
    return call;
  };
  return {
    actors: Object.fromEntries(names.map((name) => [name, logic(name)])),
    calls,
    resolve: (name: string, output: unknown) => take(name).resolve(output),
    reject: (name: string, error: unknown) => take(name).reject(error),
  };
}

export interface StepProbe {
  /** The event of the step just run. */
  event: AnyEventObject;
  /** Events the actor emitted during the step. */
  emitted: AnyEventObject[];
  /** Inputs the controlled actors were started with during the step. */
  calls: Array<{ actor: string; input: unknown }>;
}

export interface RunOptions {
  input?: unknown;
  /** `src` names of the promise actors to control; each invoke's id must equal its src. */
  actors?: readonly string[];
  /** Assertions for every state the path passes through, keyed like `snapshot.matches(key)` ('a.b'). */
  states?: Record<string, (snapshot: AnyMachineSnapshot, probe: StepProbe) => void | Promise<void>>;
}

const DONE_PREFIX = 'xstate.done.actor.';
const ERROR_PREFIX = 'xstate.error.actor.';
const AFTER_PREFIX = 'xstate.after.';

function nextUpdate(actor: AnyActorRef): Promise<void> {
  return new Promise((resolve, reject) => {
    const subscription = actor.subscribe({
      next: () => {
        subscription.unsubscribe();
        resolve();
      },
      error: reject,
    });
  });
}

/** Runs one planned path against a real actor; throws on the first step that differs. */
export async function runPath(machine: AnyStateMachine, path: ModelPath, options: RunOptions = {}): Promise<void> {
  const controlled = controlledActors(options.actors ?? []);
  const clock = new SimulatedClock();
  const actor = createActor(machine.provide({ actors: controlled.actors }), { input: options.input, clock });
  const emitted: AnyEventObject[] = [];
  actor.on('*', (event: AnyEventObject) => emitted.push(event));

  const execute = async (event: AnyEventObject) => {
    if (event.type.startsWith(DONE_PREFIX) || event.type.startsWith(ERROR_PREFIX)) {
      const done = event.type.startsWith(DONE_PREFIX);
      const name = event.type.slice((done ? DONE_PREFIX : ERROR_PREFIX).length);
      const update = nextUpdate(actor);
      if (done) controlled.resolve(name, event.output);
      else controlled.reject(name, event.error);
      await update;
    } else if (event.type.startsWith(AFTER_PREFIX)) {
      const scheduled = Object.values(actor.system.getSnapshot()._scheduledEvents).find((entry) => entry.event.type === event.type);
      if (!scheduled) throw new Error(`No timer pending for ${event.type}`);
      clock.increment(scheduled.delay);
    } else {
      actor.send(event);
    }
  };

  const check = async (expected: AnyMachineSnapshot, probe: StepProbe) => {
    const actual = actor.getSnapshot();
    expect(actual.value, `state after ${probe.event.type}`).toEqual(expected.value);
    expect(actual.context, `context after ${probe.event.type}`).toEqual(expected.context);
    for (const [key, assertion] of Object.entries(options.states ?? {})) {
      if (actual.matches(key)) await assertion(actual, probe);
    }
  };

  try {
    actor.start();
    const [first, ...rest] = path.steps;
    await check(first.state, { event: first.event, emitted: emitted.splice(0), calls: controlled.calls.splice(0) });
    for (const step of rest) {
      await execute(step.event);
      await check(step.state, { event: step.event, emitted: emitted.splice(0), calls: controlled.calls.splice(0) });
    }
  } catch (error) {
    if (error instanceof Error) error.message += `\nPath: ${describePath(path)}`;
    throw error;
  } finally {
    actor.stop();
  }
}
