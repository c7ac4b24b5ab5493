// The files `npm run machines:export` writes for each machine (docs/architecture.md, State machines:
// - `<id>.json`: the machine's config as JSON, functions left out. Every action, guard, actor and
//   delay is a name from `setup(...)`, so `createMachine(<this JSON>)` imports into the Stately
//   editor as it is (stately.ai/docs/import-from-code).
// - `<id>.md`: a Mermaid `stateDiagram-v2` of the definition (nested states, initial arrows, every
//   transition with its event, guard and target; invoked actors on their state), for reviewers
//   and QA reading the repository, plus the same config ready to paste into the editor.
// Pure functions of the machine, so tests/machines/export-fresh.test.ts regenerates the same text
// in memory and fails when the committed files are stale.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export const DOCS_DIR = 'docs/machines';

// ---------------------------------------------------------------------------------------------
// JSON

/** What a guard or action that is a function (xstate's `and`, `not`, `raise`, ...) is called. */
function nameOfFunction(value: object): string | undefined {
  const guards = (value as { guards?: unknown }).guards;
  if (Array.isArray(guards)) return `${(value as { name?: string }).name}(${guards.map(describeGuard).join(', ')})`;
  const stateValue = (value as { stateValue?: unknown }).stateValue;
  if (stateValue !== undefined) return `stateIn(${JSON.stringify(stateValue)})`;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}

/**
 * The JSON-able part of a config: functions (context factories, input mappers, params) are left
 * out, except built-in actions and higher-order guards, which become `{ type: <their name> }`.
 */
function plain(value: unknown): unknown {
  if (typeof value === 'function') {
    const name = nameOfFunction(value);
    return name === undefined ? undefined : { type: name };
  }
  if (Array.isArray(value)) return value.map(plain).filter((item) => item !== undefined);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, plain(item)] as const)
      .filter(([, item]) => item !== undefined);
    return Object.fromEntries(entries);
  }
  return value;
}

/** The config in the order it was written, which is the same on every run. */
export function machineJson(machine: AnyStateMachine): string {
  return `${JSON.stringify(plain(machine.config), null, 2)}\n`;
}

// ---------------------------------------------------------------------------------------------
// Mermaid

function describeGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return nameOfFunction(guard) ?? (guard.name || 'inline guard');
  if (guard !== null && typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    const { type, params } = guard as { type: string; params?: unknown };
    return `${type}${describeParams(params)}`;
  }
  return 'inline guard';
}

/**
 * A guard's parameters as the reader needs them to tell two arrows apart: `opensIn(mode: create)`
 * and `opensIn(mode: view)`. Parameters computed from the event at run time show as `(…)`.
 */
function describeParams(params: unknown): string {
  if (params === undefined) return '';
  if (params === null || typeof params !== 'object') return '(…)';
  const entries = Object.entries(params).map(
    ([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
  );
  return `(${entries.join(', ')})`;
}

const AFTER_PREFIX = 'xstate.after.';

/** `after <delayName>` for a delayed transition, `always` for an eventless one, else the event. */
function eventLabel(transition: AnyTransitionDefinition): string {
  const eventType = transition.eventType as string;
  if (eventType === '') return 'always';
  if (eventType.startsWith(AFTER_PREFIX)) {
    const delay = (transition as { delay?: string | number }).delay;
    return `after ${typeof delay === 'number' ? `${delay}ms` : delay}`;
  }
  return eventType;
}

function transitionLabel(transition: AnyTransitionDefinition): string {
  const guard = transition.guard === undefined ? '' : ` [${describeGuard(transition.guard)}]`;
  // Mermaid ends a statement at ';' and reads ':' after the first one as text, so only ';' goes.
  return `${eventLabel(transition)}${guard}`.replaceAll(';', ',');
}

/** Mermaid ids allow letters, digits and '_'; state ids are unique, so the mapping is kept unique. */
function mermaidIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const ids = new Map<AnyStateNode, string>();
  const used = new Set<string>();
  const visit = (node: AnyStateNode) => {
    const base = `s_${node.id.replace(/[^A-Za-z0-9_]/g, '_')}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    ids.set(node, id);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return ids;
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) chain.unshift(current);
  return chain;
}

/** The innermost state holding both ends, so the arrow is drawn inside that box. */
function commonParent(source: AnyStateNode, target: AnyStateNode): AnyStateNode {
  const a = ancestors(source);
  const b = ancestors(target);
  let common = a[0];
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) common = a[i];
  // An arrow from a box to something inside it (or to itself) is drawn in the box around it.
  if ((common === source || common === target) && common.parent) common = common.parent;
  // Inside a parallel box Mermaid files every line after a '--' under the last region, and an
  // arrow there between other regions' states fails to render: such arrows go one level out.
  while (common.type === 'parallel' && common.parent) common = common.parent;
  return common;
}

function stateLabel(node: AnyStateNode): string {
  // A state node's invoke list names every src (logic given inline gets a generated name).
  const invoked = node.invoke.map((invoke) => `invoke: ${typeof invoke.src === 'string' ? invoke.src : invoke.id}`);
  const kind = node.type === 'history' ? ['history'] : [];
  const notes = [...kind, ...invoked];
  return `${node.key}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`.replaceAll('"', "'");
}

function allTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states);
}

/**
 * One arrow per source and target, its transitions' labels one per line in document order:
 * Mermaid draws parallel arrows on top of each other, so their labels would overlap.
 */
function arrowsByBox(machine: AnyStateMachine, ids: Map<AnyStateNode, string>): Map<AnyStateNode, string[]> {
  const arrows = new Map<string, { box: AnyStateNode; from: string; to: string; labels: string[] }>();
  const collect = (node: AnyStateNode) => {
    for (const transition of allTransitions(node)) {
      // A transition without a target stays where it is, as toDirectedGraph draws it.
      const targets: readonly AnyStateNode[] = transition.target ?? [node];
      for (const target of targets) {
        const from = ids.get(node) as string;
        const to = ids.get(target) as string;
        const key = `${from} ${to}`;
        const arrow = arrows.get(key) ?? { box: commonParent(node, target), from, to, labels: [] };
        arrow.labels.push(transitionLabel(transition));
        arrows.set(key, arrow);
      }
    }
    childrenOf(node).forEach(collect);
  };
  collect(machine.root);
  const byBox = new Map<AnyStateNode, string[]>();
  for (const { box, from, to, labels } of arrows.values()) {
    byBox.set(box, [...(byBox.get(box) ?? []), `${from} --> ${to} : ${labels.join('<br/>')}`]);
  }
  return byBox;
}

export function machineMermaid(machine: AnyStateMachine): string {
  const ids = mermaidIds(machine);
  const arrowsIn = arrowsByBox(machine, ids);

  const body = (node: AnyStateNode, indent: string): string[] => {
    const lines: string[] = [];
    if (node.type === 'compound') {
      for (const target of node.initial.target as AnyStateNode[]) lines.push(`${indent}[*] --> ${ids.get(target)}`);
    }
    const children = childrenOf(node);
    children.forEach((child, index) => {
      // Regions of a parallel state are separated by '--' (Mermaid's concurrency divider); the
      // top level cannot hold one, so a parallel machine shows its regions side by side.
      if (node.type === 'parallel' && node.parent && index > 0) lines.push(`${indent}--`);
      const head = `${indent}state "${stateLabel(child)}" as ${ids.get(child)}`;
      if (childrenOf(child).length > 0) {
        lines.push(`${head} {`, ...body(child, `${indent}  `), `${indent}}`);
      } else {
        lines.push(head);
      }
      if (child.type === 'final') lines.push(`${indent}${ids.get(child)} --> [*]`);
    });
    lines.push(...(arrowsIn.get(node) ?? []).map((line) => `${indent}${line}`));
    return lines;
  };

  return ['stateDiagram-v2', ...body(machine.root, '  ')].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Markdown

export function machineMarkdown(machine: AnyStateMachine, sourceFile: string): string {
  return [
    `# ${machine.id}`,
    '',
    `Generated from \`src/machines/${sourceFile}\` by \`npm run machines:export\`; do not edit by hand.`,
    '',
    '```mermaid',
    machineMermaid(machine),
    '```',
    '',
    '## Open it in the Stately editor',
    '',
    'In the Stately editor (stately.ai/registry/editor) choose Import and paste the code below; the',
    `same config is in \`${machine.id}.json\`. Actions, guards, actors and delays appear by name; their`,
    `code stays in \`src/machines/${sourceFile}\`.`,
    '',
    '```js',
    `createMachine(${JSON.stringify(plain(machine.config), null, 2)})`,
    '```',
    '',
  ].join('\n');
}

export interface MachineDoc {
  /** Relative to the project root, e.g. docs/machines/pagination.json. */
  path: string;
  text: string;
}

/** Both files of every machine, in a stable order. */
export function machineDocs(entries: readonly { file: string; machine: AnyStateMachine }[]): MachineDoc[] {
  return entries.flatMap(({ file, machine }) => [
    { path: `${DOCS_DIR}/${machine.id}.json`, text: machineJson(machine) },
    { path: `${DOCS_DIR}/${machine.id}.md`, text: machineMarkdown(machine, file) },
  ]);
}
