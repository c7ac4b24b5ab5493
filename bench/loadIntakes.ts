// Loads one firm of `--intakes N` made-up intakes (bench/intakeData.ts, the same rows, seeds and
// re-saves as bench/intakes.bench.ts) and a second firm of 1,000 into a database that is kept,
// so plans and timings at a million rows can be studied again without a 10-20 minute load each
// time. No ANALYZE or VACUUM, as in the bench. Writes what a timing run needs (tokens' users,
// expected totals) beside it as JSON.
//   npx tsx bench/loadIntakes.ts --intakes 1000000 --sqlite /work/benchdata/list-1m
//   npx tsx bench/loadIntakes.ts --intakes 1000000 --postgres postgres://.../bench_list_1m --info file.json
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashPassword } from '../server/auth/password';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { insertFirm } from '../server/firms/repository';
import { insertBenchOwner } from './benchOwner';
import { makeFirmIntakes } from './intakeData';
import { insertAll, insertBigFirmIntakes, intakesOption } from './intakes.bench';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const PASSWORD = 'Sample#Pass1';

async function main(): Promise<void> {
  const intakes = intakesOption(process.argv);
  const sqliteDir = option('--sqlite');
  const databaseUrl = option('--postgres');
  if (!sqliteDir === !databaseUrl) throw new Error('give --sqlite DIR or --postgres URL');
  const info = option('--info') ?? path.join(sqliteDir ?? '/work/benchdata', 'load.json');
  const db = openDatabase(databaseUrl ? { databaseUrl, dataDir: '/tmp' } : { dataDir: sqliteDir as string });
  const started = performance.now();
  await migrateToLatest(db);
  const passwordHash = await hashPassword(PASSWORD);
  const user = (firmId: string, first: string, last: string) => insertBenchOwner(db, firmId, { first, last }, passwordHash);
  const big = await insertFirm(db, {
    firmName: 'Bench Large Firm',
    firmContact: 'Bench',
    firmMail: 'big@example.test',
    firmAddress: '1 Road',
  });
  const owner = await user(big.id, 'Bench', 'Owner');
  const data = await insertBigFirmIntakes(db, big.id, { id: owner.id, name: 'Bench Owner' }, intakes, (loaded) => {
    if (loaded % 50_000 === 0) console.log(`${loaded} rows, ${Math.round((performance.now() - started) / 1000)} s`);
  });
  const small = await insertFirm(db, {
    firmName: 'Bench Small Firm',
    firmContact: 'Bench',
    firmMail: 'small@example.test',
    firmAddress: '2 Road',
  });
  const smallOwner = await user(small.id, 'Small', 'Owner');
  await makeFirmIntakes(small.id, { id: smallOwner.id, name: 'Small Owner' }, 1_000, 43, [], (batch) => insertAll(db, batch));
  await writeFile(
    info,
    JSON.stringify(
      {
        intakes,
        firmId: big.id,
        email: owner.email,
        smallEmail: smallOwner.email,
        password: PASSWORD,
        finals: data.finals,
        expected: Object.fromEntries(data.expected),
        oneClient: data.oneClient,
        seconds: Math.round((performance.now() - started) / 1000),
      },
      null,
      2,
    ),
  );
  await db.destroy();
  console.log(`loaded in ${Math.round((performance.now() - started) / 1000)} s, ${info}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
