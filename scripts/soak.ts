// npm run soak: the long versions of the robustness tests (README, Operations) and their figures:
// 10,000 fuzz cases per database, 100 kill -9 cycles, 1,000 race rounds per database, 50 staff of
// 40 rounds each. Every run is bounded by counts, not minutes: a busy machine makes it longer, never
// smaller (README, Proof under faults). Each size can be set smaller (or larger) in the environment, e.g.
//   KILL_CYCLES=10 STAFF_ROUNDS=10 npm run soak
// PostgreSQL joins in when TEST_DATABASE_URL is set, as for npm test. Names after `--` pick some of
// the runs: `npm run soak -- races staffLoad`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const defaults: Record<string, string> = {
  FUZZ_CASES: '10000',
  KILL_CYCLES: '100',
  ROBUST_RACE_ROUNDS: '1000',
  STAFF_COUNT: '50',
  STAFF_ROUNDS: '40',
};
const allFiles = [
  'tests/api/contractFuzz.test.ts',
  'tests/api/killRecovery.test.ts',
  'tests/api/races.test.ts',
  'tests/api/staffLoad.test.ts',
  'tests/api/backupRestore.test.ts',
];
const picked = process.argv.slice(2);
const files = picked.length ? allFiles.filter((file) => picked.some((name) => file.includes(name))) : allFiles;

const directory = mkdtempSync(path.join(tmpdir(), 'intake-soak-'));
const report = path.join(directory, 'figures.jsonl');
const sizes = Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, process.env[name] ?? value]));
console.log(
  `Soak: ${Object.entries(sizes)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')}`,
);
console.log(
  process.env.TEST_DATABASE_URL ? 'Databases: SQLite and PostgreSQL' : 'Databases: SQLite (set TEST_DATABASE_URL for PostgreSQL too)',
);

const started = Date.now();
const run = spawnSync('npx', ['vitest', 'run', '--project', 'api', '--testTimeout', '3600000', '--hookTimeout', '600000', ...files], {
  stdio: 'inherit',
  env: { ...process.env, ...sizes, SOAK_REPORT: report },
});

const figures = new Map<string, number>();
try {
  for (const line of readFileSync(report, 'utf8').split('\n').filter(Boolean)) {
    const { name, value } = JSON.parse(line) as { name: string; value: number };
    figures.set(name, (figures.get(name) ?? 0) + value);
  }
} catch {
  // No figures: the tests failed before recording any.
}
rmSync(directory, { recursive: true, force: true });

console.log(`\nSoak figures (${Math.round((Date.now() - started) / 1000)} s):`);
for (const [name, value] of [...figures.entries()].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${name}: ${value}`);
const sum = (pattern: RegExp) =>
  [...figures.entries()].filter(([name]) => pattern.test(name)).reduce((total, [, value]) => total + value, 0);
console.log('\nTotals:');
console.log(`  5xx: ${sum(/fuzz 5xx|staff 5xx/)}`);
console.log(`  lost writes: ${sum(/lost writes/)}`);
console.log(`  lost updates: ${sum(/lost updates/)}`);
console.log(`  duplicates: ${sum(/duplicates|duplicate leads stored/)}`);
console.log(`  undocumented statuses / schema mismatches: ${sum(/undocumented|not matching/)}`);
process.exit(run.status ?? 1);
