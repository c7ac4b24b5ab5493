// `npm run test:model`: runs the model-based suites, on the machines alone (tests/machines) and
// through the real app in Chromium (tests/e2e/model), and prints, for every machine in
// src/machines, how many transitions of its definition the paths traverse, each way
// (docs/architecture.md, Model-based tests):
//
//   intake: 64 of 64 transitions by the model, 64 of 64 through the browser
//   reveal: 8 of 8 transitions by the model, no screen
//
// Each `expectEveryTransitionTraversed` and each `recordBrowserCoverage` records what its paths
// took in MODEL_COVERAGE_DIR (tests/machines/modelCoverage.ts); this script adds the records up per
// machine id and source and checks them against the machines it finds itself, so a new machine
// file without a suite fails here even though every test passed. Which machines have a screen
// (and so a browser suite) is tests/e2e/model/support/machinesWithAScreen.ts. Exits non-zero when
// the tests fail, or a machine has a transition that the model, or for a machine with a screen
// the browser, never takes.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadMachines } from '../src/machines/registry';
import type { AnyStateMachine } from 'xstate';
import { machinesWithAScreen } from '../tests/e2e/model/support/machinesWithAScreen';
import {
  collectTransitions,
  MODEL_COVERAGE_DIR_ENV,
  readRecordedCoverage,
  type CoverageSource,
  type RecordedCoverage,
} from '../tests/machines/modelCoverage';

const root = path.resolve(import.meta.dirname, '..');

function runSuites(coverageDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'unit',
        '--project',
        'e2e',
        'tests/machines',
        'tests/e2e/model',
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, [MODEL_COVERAGE_DIR_ENV]: coverageDir } },
    );
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** How many transitions of the definition the records of one source took, or undefined without any. */
function traversedBy(machine: AnyStateMachine, records: RecordedCoverage[], source: CoverageSource): number | undefined {
  // Keys name source, event, position and target, so a record of another machine that happens to
  // share the id cannot count for this one.
  const own = records.filter((record) => record.machineId === machine.id && record.source === source);
  if (own.length === 0) return undefined;
  const taken = new Set(own.flatMap((record) => record.traversedKeys));
  return collectTransitions(machine).filter((edge) => taken.has(edge.key)).length;
}

interface Line {
  text: string;
  complete: boolean;
}

function lineOf(machine: AnyStateMachine, file: string, records: RecordedCoverage[]): Line {
  const transitions = collectTransitions(machine).length;
  const byModel = traversedBy(machine, records, 'model');
  const modelPart =
    byModel === undefined
      ? `no model-based suite (tests/machines/${file.replace(/\.ts$/, '.test.ts')}?)`
      : `${byModel} of ${transitions} transitions by the model`;
  if (!machinesWithAScreen.includes(machine.id)) {
    return { text: `${machine.id}: ${modelPart}, no screen`, complete: byModel === transitions };
  }
  const byBrowser = traversedBy(machine, records, 'browser');
  const browserPart =
    byBrowser === undefined
      ? `no browser suite (tests/e2e/model/${machine.id}.test.ts?)`
      : `${byBrowser} of ${transitions} through the browser`;
  return { text: `${machine.id}: ${modelPart}, ${browserPart}`, complete: byModel === transitions && byBrowser === transitions };
}

const coverageDir = await mkdtemp(path.join(tmpdir(), 'model-coverage-'));
try {
  const exitCode = await runSuites(coverageDir);
  const records = readRecordedCoverage(coverageDir);
  const lines = (await loadMachines()).map(({ machine, file }) => lineOf(machine, file, records));
  console.log(['', ...lines.map((line) => line.text)].join('\n'));

  const complete = lines.filter((line) => line.complete).length;
  console.log(`\nModel coverage: ${complete} of ${lines.length} machine(s) have every transition traversed.`);
  if (exitCode !== 0) console.error('The machine tests failed (see above).');
  process.exitCode = exitCode !== 0 || complete < lines.length ? 1 : 0;
} finally {
  await rm(coverageDir, { recursive: true, force: true });
}
