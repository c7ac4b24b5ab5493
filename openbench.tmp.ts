import path from 'node:path';
import { openDatabase } from './server/db/database';
import { migrateToLatest } from './server/db/migrate';
import { markCleanStop } from './server/db/sqliteChecks';
import { checkPiiKeys, sealedValuePerKey } from './server/crypto/piiKeyUse';
const dir = process.argv[2]!;
const file = path.join(dir, 'intake.sqlite');
let db = openDatabase({ dataDir: dir });
let t = performance.now(); await migrateToLatest(db); console.log('migrate', Math.round(performance.now() - t), 'ms');
const n = await db.selectFrom('intakes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(); console.log('intakes', n);
await db.destroy();
for (const round of [1, 2]) {
  t = performance.now(); db = openDatabase({ dataDir: dir, startCheck: 'full' }); const full = performance.now() - t;
  t = performance.now(); const uses = await sealedValuePerKey(db); const keys = performance.now() - t;
  await db.destroy(); markCleanStop(file);
  t = performance.now(); db = openDatabase({ dataDir: dir, onStartCheck: (c) => c === 'full' && console.log('unexpected full') }); const quick = performance.now() - t;
  await db.selectFrom('firms').select('id').limit(1).execute(); await db.destroy();
  console.log(`round ${round}: open with full quick_check ${Math.round(full)} ms; after clean stop ${Math.round(quick)} ms; key ids in use ${uses.map((u) => u.keyId).join(',') || '(none)'} found in ${Math.round(keys)} ms`);
}
