// `npm run bench [-- --intakes N]`: builds the client, runs every benchmark and prints one table,
// each figure beside its goal where the performance work set one. Figures only, no pass/fail: they
// go into the issue notes and are compared from one change to the next. `--intakes` sets the size
// of the large firm of the intake list bench (default 100,000; bench/intakes.bench.ts). `--only`
// runs the named benches alone (`--only intakes,dashboard`), so one figure can be measured again
// without the rest: `--only throughput` prints the authenticated reads against a hello-world, `--only staffLoad`
// the office at full speed on SQLite and PostgreSQL.
import { build } from 'vite';
import { runShellBench } from './shell.bench';
import { runBundleBenchRows } from './bundle.bench';
import { runUsersBenchRows } from './users.bench';
import { runAuthThroughputBenchRows } from './authThroughput.bench';
import { runThroughputBenchRows } from './throughput.bench';
import { runStaffLoadBenchRows } from './staffLoad.bench';
import { intakesOption, runIntakesBenchRows } from './intakes.bench';
import { runPdfFillBenchRows } from './pdf.bench';
import { runPdfPreviewBenchRows } from './pdfPreview.bench';
import { runIntakeKeystrokeBenchRows } from './intakeKeystroke.bench';
import { runDashboardBenchRows } from './dashboard.bench';
import { conflictIntakesOption, runConflictsBenchRows } from './conflicts.bench';
import { runLighthouseBenchRows } from './lighthouse.bench';
import { runStartBenchRows } from './start.bench';
import { runDatesBenchRows } from './dates.bench';
import type { BenchRow, GoalRow } from './support';

/** Goals of figures measured by benches that do not know them. */
const goals: [RegExp, string][] = [[/^intake form keystroke .* worst$/, '<= 16 ms']];

function withGoal(row: BenchRow | GoalRow): GoalRow {
  if ('goal' in row && row.goal !== undefined) return row;
  return { ...row, goal: goals.find(([pattern]) => pattern.test(row.benchmark))?.[1] ?? '' };
}

/** Every bench by the name `--only` takes, in the order the table prints them. */
function benches(intakes: number) {
  return {
    bundle: runBundleBenchRows,
    shell: runShellBench,
    users: runUsersBenchRows,
    auth: runAuthThroughputBenchRows,
    throughput: () => runThroughputBenchRows(),
    // SQLite then PostgreSQL, one after the other: the default database against the one for many instances.
    staffLoad: () => runStaffLoadBenchRows(),
    intakes: () => runIntakesBenchRows(intakes),
    dashboard: () => runDashboardBenchRows(intakes),
    start: () => runStartBenchRows(intakes),
    // A million intakes unless --intakes is given (docs/product/conflicts.md).
    conflicts: () => runConflictsBenchRows(conflictIntakesOption(process.argv)),
    pdf: runPdfFillBenchRows,
    pdfPreview: runPdfPreviewBenchRows,
    keystroke: runIntakeKeystrokeBenchRows,
    lighthouse: runLighthouseBenchRows,
    dates: runDatesBenchRows,
  } satisfies Record<string, () => Promise<(BenchRow | GoalRow)[]>>;
}

function onlyOption(argv: readonly string[]): Set<string> | undefined {
  const index = argv.indexOf('--only');
  if (index < 0) return undefined;
  const names = (argv[index + 1] ?? '').split(',').filter(Boolean);
  const known = Object.keys(benches(0));
  const unknown = names.filter((name) => !known.includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`--only takes bench names separated by commas: ${known.join(', ')}`);
  }
  return new Set(names);
}

async function main(): Promise<void> {
  const intakes = intakesOption(process.argv);
  await build({ logLevel: 'warn' });
  const only = onlyOption(process.argv);
  const rows: (BenchRow | GoalRow)[] = [];
  for (const [name, run] of Object.entries(benches(intakes))) {
    if (only !== undefined && !only.has(name)) continue;
    const started = performance.now();
    const own = await run();
    // Each bench's rows as soon as it ends: a run at a million takes the best part of an hour, and
    // a failure late in it keeps what came before.
    console.log(`\n${name} (${Math.round((performance.now() - started) / 1000)} s)`);
    printTable(own);
    rows.push(...own);
  }
  console.log('\nEvery figure');
  printTable(rows);
}

function printTable(rows: readonly (BenchRow | GoalRow)[]): void {
  console.table(rows.map(withGoal).map((row) => ({ benchmark: row.benchmark, value: row.value, unit: row.unit, goal: row.goal })));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
