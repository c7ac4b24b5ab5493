// `npm run rotate-key` (README, "Encryption at rest"): re-seals every SSN/ITIN under a new key, with
// the same configuration as `npm start` (DATA_DIR, DATABASE_URL, PII_KEYS / PII_KEY). The app may
// keep running meanwhile.
import { ConfigError, loadConfig } from './config';
import { createPiiCipher } from './crypto/piiCipher';
import { resolvePiiKeySource } from './crypto/piiKeys';
import { rotatePiiKey } from './crypto/rotatePiiKey';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, postgresTimeouts: config.postgresTimeouts });
  try {
    const source = resolvePiiKeySource(config.piiKeys, config.dataDir);
    await migrateToLatest(db, { pii: createPiiCipher(source) });
    const result = await rotatePiiKey(db, source);
    console.log(`Re-sealed ${result.resealed} value(s) under key "${result.newKeyId}".`);
    if (source.kind === 'file') {
      console.log(`The key file ${source.file} now holds that key only.`);
    } else if (result.retired.length > 0) {
      console.log(`No value needs key(s) ${result.retired.join(', ')} any more: remove them from PII_KEYS on every instance.`);
    } else {
      console.log(
        'To rotate, put a new key first in PII_KEYS (PII_KEYS=<newId>:<newSecret>,<old entries>) on every instance and run this again.',
      );
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : `rotate-key failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
