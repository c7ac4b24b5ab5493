// npm run restore -- FILE: puts a backup back, with the app stopped (README, Backups).
import path from 'node:path';
import { loadConfig } from '../server/config';
import { restoreSqlite } from '../server/db/backup';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (README, Backups), e.g.');
  console.error('  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" FILE');
  console.error('then start the server with the PII_KEYS the backup needs: the start names any key that is missing.');
  process.exit(2);
}
try {
  const { keptAs } = await restoreSqlite(config.dataDir, path.resolve(file), { piiKeys: config.piiKeys });
  console.log(`Restored ${path.resolve(file)} into ${config.dataDir}.`);
  if (keptAs) console.log(`The database it replaced is kept as ${keptAs}.`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
