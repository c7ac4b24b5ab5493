// `npm run bench [-- --intakes N]`: builds the client, runs every benchmark and prints one table,
// each figure beside its goal where the performance work set one. Figures only, no pass/fail: they
// go into the issue notes and are compared from one change to the next. `--intakes` sets the size
// of the large firm of the intake list bench (default 100,000; bench/intakes.bench.ts).
import { build } from 'vite';
import { runShellBench } from './shell.bench';
import { runBundleBenchRows } from './bundle.bench';
import { runUsersBenchRows } from './users.bench';
import { runAuthThroughputBenchRows } from './authThroughput.bench';
import { intakesOption, runIntakesBenchRows } from './intakes.bench';
import { runPdfFillBenchRows } from './pdf.bench';
import { runPdfPreviewBenchRows } from './pdfPreview.bench';
import { runIntakeKeystrokeBenchRows } from './intakeKeystroke.bench';
import { runDashboardBenchRows } from './dashboard.bench';
import type { BenchRow, GoalRow } from './support';

/** Goals of figures measured by benches that do not know them. */
const goals: [RegExp, string][] = [[/^intake form keystroke .* worst$/, '<= 16 ms']];

function withGoal(row: BenchRow | GoalRow): GoalRow {
  if ('goal' in row && row.goal !== undefined) return row;
  return { ...row, goal: goals.find(([pattern]) => pattern.test(row.benchmark))?.[1] ?? '' };
}

async function main(): Promise<void> {
  const intakes = intakesOption(process.argv);
  await build({ logLevel: 'warn' });
  const rows: (BenchRow | GoalRow)[] = [];
  rows.push(...(await runBundleBenchRows()));
  rows.push(...(await runShellBench()));
  rows.push(...(await runUsersBenchRows()));
  rows.push(...(await runAuthThroughputBenchRows()));
  rows.push(...(await runIntakesBenchRows(intakes)));
  rows.push(...(await runDashboardBenchRows(intakes)));
  rows.push(...(await runPdfFillBenchRows()));
  rows.push(...(await runPdfPreviewBenchRows()));
  rows.push(...(await runIntakeKeystrokeBenchRows()));
  rows.push({
    benchmark: 'Lighthouse mobile /login LCP (not measured here: needs Lighthouse)',
    value: Number.NaN,
    unit: 's',
    goal: '<= 2.5 s',
  });
  console.log('');
  console.table(rows.map(withGoal).map((row) => ({ benchmark: row.benchmark, value: row.value, unit: row.unit, goal: row.goal })));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
