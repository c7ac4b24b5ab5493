// `npm run test:model`: runs the model-based suites (tests/machines) and prints, for every machine
// in src/machines, its states, the transitions of its definition, how many of them the suites'
// paths traverse, and how many paths ran; docs/architecture.md, Model-based tests).
//
// Each `expectEveryTransitionTraversed` records its summary in MODEL_COVERAGE_DIR
// (tests/machines/modelCoverage.ts); this script adds them up per machine id and checks them
// against the machines it finds itself, so a new machine file without a suite fails here even
// though every test passed. Exits non-zero when the tests fail, a machine has no recorded suite,
// or a machine has a transition no path takes.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadMachines } from '../src/machines/registry';
import {
  collectTransitions,
  coverageSummary,
  MODEL_COVERAGE_DIR_ENV,
  readRecordedCoverage,
  type RecordedCoverage,
} from '../tests/machines/modelCoverage';

const root = path.resolve(import.meta.dirname, '..');

function runSuites(coverageDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', 'tests/machines'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, [MODEL_COVERAGE_DIR_ENV]: coverageDir } },
    );
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

interface Row {
  machine: string;
  states: number;
  transitions: number;
  traversed: number;
  paths: number;
  verdict: string;
}

function rowOf(machine: Parameters<typeof coverageSummary>[0], file: string, records: RecordedCoverage[]): Row {
  const definition = coverageSummary(machine, []);
  const ownRecords = records.filter((record) => record.machineId === machine.id);
  // Keys name source, event, position and target, so a record of another machine that happens to
  // share the id cannot count for this one.
  const taken = new Set(ownRecords.flatMap((record) => record.traversedKeys));
  const traversed = collectTransitions(machine).filter((edge) => taken.has(edge.key)).length;
  const verdict =
    ownRecords.length === 0
      ? `no model-based suite (tests/machines/${file.replace(/\.ts$/, '.test.ts')}?)`
      : traversed < definition.transitions
        ? `${definition.transitions - traversed} transition(s) never traversed`
        : 'ok';
  return {
    machine: machine.id,
    states: definition.states,
    transitions: definition.transitions,
    traversed,
    paths: ownRecords.reduce((sum, record) => sum + record.paths, 0),
    verdict,
  };
}

function printTable(rows: Row[]): void {
  const header = ['machine', 'states', 'transitions', 'traversed', 'paths run', 'result'];
  const cells = rows.map((row) => [
    row.machine,
    String(row.states),
    String(row.transitions),
    String(row.traversed),
    String(row.paths),
    row.verdict,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const format = (line: string[]) =>
    line
      .map((cell, column) => (column === 0 || column === line.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  console.log(['', format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(format)].join('\n'));
}

const coverageDir = await mkdtemp(path.join(tmpdir(), 'model-coverage-'));
try {
  const exitCode = await runSuites(coverageDir);
  const records = readRecordedCoverage(coverageDir);
  const rows = (await loadMachines()).map(({ machine, file }) => rowOf(machine, file, records));
  printTable(rows);

  const complete = rows.filter((row) => row.verdict === 'ok').length;
  console.log(`\nModel coverage: ${complete} of ${rows.length} machine(s) have every transition traversed.`);
  if (exitCode !== 0) console.error('The machine tests failed (see above).');
  process.exitCode = exitCode !== 0 || complete < rows.length ? 1 : 0;
} finally {
  await rm(coverageDir, { recursive: true, force: true });
}
