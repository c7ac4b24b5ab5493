// The server's start on SQLite at ten thousand and at `--intakes N` intakes (README, Start checks): from
// `boot()` to listening, after a crash (no clean-stop marker: quick_check reads every page) and after
// a clean stop (the header and schema only). The start after a clean stop should cost the same at
// both sizes; the full check grows with the file and is there as the peer measured in the same run.
//   npm run bench -- --only start --intakes 1000000
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { boot } from '../server/boot';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { CLEAN_STOP_FILE } from '../server/db/sqliteChecks';
import { insertFirm } from '../server/firms/repository';
import { insertBenchOwner } from './benchOwner';
import { insertBigFirmIntakes } from './intakes.bench';
import { round, type BenchRow } from './support';

/** The size the issue compares a million with: a million's start within twice this one's. */
const SMALL = 10_000;

/** A DATA_DIR holding one firm of `intakes` intakes, written as the list bench writes them. */
async function dataDirWith(intakes: number): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `intake-start-bench-${intakes}-`));
  const db = openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    const firm = await insertFirm(db, {
      firmName: 'Bench Start Firm',
      firmContact: 'Bench',
      firmMail: 'start@example.test',
      firmAddress: '1 Road',
    });
    const owner = await insertBenchOwner(db, firm.id, { first: 'Bench', last: 'Owner' }, 'not-a-password-hash');
    await insertBigFirmIntakes(db, firm.id, { id: owner.id, name: 'Bench Owner' }, intakes);
  } finally {
    await db.destroy();
  }
  return dataDir;
}

/** Milliseconds from `boot()` to listening; the server is closed cleanly afterwards. */
async function timeStart(dataDir: string): Promise<{ ms: number; check: string }> {
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', STATIC_DIR: path.resolve('dist'), LOG_LEVEL: 'warn', DEMO_DATA: 'off' }),
    port: 0,
  };
  const lines: string[] = [];
  const out = { log: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
  const started = performance.now();
  const booted = await boot(config, out, () => false);
  const ms = performance.now() - started;
  await booted.close();
  const check = lines.some((line) => line.includes('quick_check')) ? 'full' : 'clean';
  return { ms, check };
}

async function startRows(intakes: number): Promise<BenchRow[]> {
  const dataDir = await dataDirWith(intakes);
  try {
    // An untimed first start warms the process (module loading, the first compilation); a start
    // whose clean-stop marker is taken away checks in full, as after a crash.
    await timeStart(dataDir);
    await rm(path.join(dataDir, CLEAN_STOP_FILE));
    const afterCrash = await timeStart(dataDir);
    const afterStop = await timeStart(dataDir);
    if (afterCrash.check !== 'full' || afterStop.check !== 'clean') {
      throw new Error(`start checks were ${afterCrash.check} then ${afterStop.check}, not full then clean`);
    }
    const label = intakes.toLocaleString('en-US');
    return [
      { benchmark: `start at ${label} intakes after a crash (full check)`, value: round(afterCrash.ms), unit: 'ms' },
      { benchmark: `start at ${label} intakes after a clean stop`, value: round(afterStop.ms), unit: 'ms' },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runStartBenchRows(intakes: number): Promise<BenchRow[]> {
  return [...(await startRows(SMALL)), ...(await startRows(intakes))];
}
