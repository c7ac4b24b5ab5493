// An index over the sealed SSN/ITIN of intakes, so that the key ids the stored values need are
// found by a skip over the index (server/crypto/piiKeyUse.ts) in a few lookups at any number of
// intakes: every start opens one value per key id, and refuses to serve without its key
// (README, Backups). Values begin `v1:<keyId>:`, so the index keeps each key's values together.
// PostgreSQL orders with the "C" collation: byte order, as SQLite compares text.
import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../database';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  const column = databaseKind(db) === 'postgres' ? sql`ssn_itin_sealed collate "C"` : sql`ssn_itin_sealed`;
  await sql`create index intakes_sealed_key_index on intakes (${column}) where ssn_itin_sealed is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('intakes_sealed_key_index').execute();
}
