// `npm run bench`: builds the client, runs every benchmark and prints one table. Figures only,
// no pass/fail: they go into the issue notes and are compared from one change to the next.
import { build } from 'vite';
import { runShellBench } from './shell.bench';
import { runUsersBenchRows } from './users.bench';
import { runAuthThroughputBenchRows } from './authThroughput.bench';
import { runIntakesBenchRows } from './intakes.bench';
import { runPdfFillBenchRows } from './pdf.bench';
import { runPdfPreviewBenchRows } from './pdfPreview.bench';
import { runIntakeKeystrokeBenchRows } from './intakeKeystroke.bench';
import type { BenchRow } from './support';

async function main(): Promise<void> {
  await build({ logLevel: 'warn' });
  const rows: BenchRow[] = [];
  rows.push(...(await runShellBench()));
  rows.push(...(await runUsersBenchRows()));
  rows.push(...(await runAuthThroughputBenchRows()));
  rows.push(...(await runIntakesBenchRows()));
  rows.push(...(await runPdfFillBenchRows()));
  rows.push(...(await runPdfPreviewBenchRows()));
  rows.push(...(await runIntakeKeystrokeBenchRows()));
  console.log('');
  console.table(rows.map((row) => ({ benchmark: row.benchmark, value: row.value, unit: row.unit })));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
