// npm run backup -- FILE: a consistent copy of the SQLite database while the app runs (README, Backups).
import path from 'node:path';
import { loadConfig } from '../server/config';
import { backupSqlite } from '../server/db/backup';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run backup -- FILE');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (README, Backups), e.g.');
  console.error('  pg_dump --format=custom --file=FILE "$DATABASE_URL"');
  process.exit(2);
}
try {
  const target = path.resolve(file);
  const { pages } = await backupSqlite(config.dataDir, target);
  console.log(`Backed up ${path.join(config.dataDir, 'intake.sqlite')} to ${target} (${pages} pages, integrity checked).`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
