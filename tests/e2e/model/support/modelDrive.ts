// Drives a machine's planned paths (tests/machines/modelCoverage.ts) through the real UI
// (docs/architecture.md: the UI flows of session, pagination, lead duplicate and intake lifecycle run their
// machine's paths against the real app in Chromium). The unit suites run every path against the
// machine alone; here a subset runs against the app, so this module picks that subset and says
// which states and transitions it covers.
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { collectTransitions, describePath, recordBrowserCoverage, type ModelPath } from '../../../machines/modelCoverage';

/** A planned path and the transition keys it takes (from `traversedTransitions`). */
export interface PlannedPath {
  path: ModelPath;
  transitions: ReadonlySet<string>;
}

/** What a path shows: its transitions, and each full state value (both regions of a parallel machine). */
function coverageKeys({ path, transitions }: PlannedPath): Set<string> {
  return new Set([...transitions, ...path.steps.map((step) => `value ${JSON.stringify(step.state.value)}`)]);
}

/**
 * Greedy cover: the path that adds the most transitions or state values not yet seen, again and
 * again, until no path adds one (shorter first on a tie, since every UI step costs real time).
 */
export function coveringPaths<T extends PlannedPath>(candidates: readonly T[]): T[] {
  const seen = new Set<string>();
  const chosen: T[] = [];
  const left = candidates.map((candidate) => ({ candidate, keys: coverageKeys(candidate) }));
  const gain = (keys: Set<string>) => [...keys].filter((key) => !seen.has(key)).length;
  for (;;) {
    left.sort((a, b) => gain(b.keys) - gain(a.keys) || a.candidate.path.steps.length - b.candidate.path.steps.length);
    const best = left.shift();
    if (!best || gain(best.keys) === 0) return chosen;
    best.keys.forEach((key) => seen.add(key));
    chosen.push(best.candidate);
  }
}

function graphNodes(node: DirectedGraphNode): DirectedGraphNode[] {
  return [node, ...node.children.flatMap(graphNodes)];
}

/** Ids of every state node of the definition, the root excluded (CoverageSummary.states counts these). */
export function stateIds(machine: AnyStateMachine): string[] {
  return graphNodes(toDirectedGraph(machine))
    .slice(1)
    .map((node) => node.id);
}

/**
 * The state nodes a run passed through, the root excluded (as in `stateIds`): those of every
 * snapshot it showed, and the sources and targets of the transitions it took (a transient state
 * such as `restoring` is never a snapshot).
 */
export function statesVisited(
  machine: AnyStateMachine,
  snapshots: readonly AnyMachineSnapshot[],
  transitions: ReadonlySet<string>,
): Set<string> {
  // The active nodes' own ids, not ids spelled from the state value: a node may have an id of its
  // own (the intake machine's `form`), and `stateIds` lists that one.
  const visited = new Set(snapshots.flatMap((snapshot) => snapshot._nodes.map((node) => node.id)));
  for (const edge of collectTransitions(machine)) {
    if (transitions.has(edge.key)) {
      visited.add(edge.source);
      visited.add(edge.target);
    }
  }
  // A transition of the machine itself (an event every state takes) passes through no state.
  visited.delete(machine.id);
  return visited;
}

/** Transition keys as `source --event--> target` lines, for the report. */
export function describeTransitions(machine: AnyStateMachine, transitions: ReadonlySet<string>): string[] {
  return collectTransitions(machine)
    .filter((edge) => transitions.has(edge.key))
    .map((edge) => `${edge.source} --${edge.event}${edge.guard ? ` [${edge.guard}]` : ''}--> ${edge.target}`);
}

/**
 * A suite's last check: the paths it drove to the end passed through every state of `machine` and
 * took every transition. Records what they covered for `npm run test:model`. Returns the states
 * visited, for a suite that also checks them against its plan.
 */
export function expectEveryStateAndTransition(machine: AnyStateMachine, completed: readonly PlannedPath[]): Set<string> {
  const transitions = new Set(completed.flatMap((planned) => [...planned.transitions]));
  recordBrowserCoverage(machine, completed.length, transitions);
  const snapshots = completed.flatMap((planned) => planned.path.steps.map((step) => step.state));
  const visited = statesVisited(machine, snapshots, transitions);
  expect([...visited].sort()).toEqual(stateIds(machine).sort());
  expect(describeTransitions(machine, transitions)).toEqual(
    describeTransitions(machine, new Set(collectTransitions(machine).map((edge) => edge.key))),
  );
  return visited;
}

export interface StepContext {
  /** The model's state before the step and after it. */
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  event: AnyEventObject;
  /** The next step's event, for a UI action that must already know how the answer will go. */
  next: AnyEventObject | undefined;
  /** Every later step's event, for an answer that comes after other steps (a keystroke while a call runs). */
  later: AnyEventObject[];
}

export interface Drive {
  /** Performs the step's event in the UI. */
  act(step: StepContext): Promise<void>;
  /** Asserts what the screen shows for the state the model is in after the step. */
  check(step: StepContext): Promise<void>;
}

/** Runs one path: the start state is checked, then every step is acted and checked. */
export async function drivePath(path: ModelPath, drive: Drive): Promise<void> {
  const [first, ...rest] = path.steps;
  try {
    await drive.check({
      before: first.state,
      after: first.state,
      event: first.event,
      next: rest[0]?.event,
      later: rest.map((step) => step.event),
    });
    for (let index = 0; index < rest.length; index++) {
      const before = index === 0 ? first.state : rest[index - 1].state;
      const step = {
        before,
        after: rest[index].state,
        event: rest[index].event,
        next: rest[index + 1]?.event,
        later: rest.slice(index + 1).map((later) => later.event),
      };
      await drive.act(step);
      await drive.check(step);
    }
  } catch (error) {
    if (error instanceof Error) error.message += `\nPath: ${describePath(path)}`;
    throw error;
  }
}

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
