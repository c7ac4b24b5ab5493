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
  console.error('and keep the PII_KEYS the server runs with apart from it: the SSN/ITIN in it open only with them.');
  process.exit(2);
}
try {
  const target = path.resolve(file);
  const { pages, keyIds } = await backupSqlite(config.dataDir, target);
  console.log(`Backed up ${path.join(config.dataDir, 'intake.sqlite')} to ${target} (${pages} pages, integrity checked).`);
  console.log(
    keyIds.length > 0
      ? `Its SSN/ITIN open only with PII key(s) ${keyIds.join(', ')}: keep them (PII_KEYS, or DATA_DIR/pii-keys) apart from the backup, and restore with them (README, Backups).`
      : 'It holds no sealed SSN/ITIN: it restores without PII keys.',
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
