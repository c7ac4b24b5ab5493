// Identical leads cannot be stored twice (docs/architecture.md, Leads: "An identical lead is refused with
// 409"). The service checks first, but two identical registrations sent at once (a double click)
// both pass the check before either is stored; only a unique index decides between them.
// `identity_key` is a SHA-256 of the lead's compared fields (src/domain/leadMatching.ts,
// leadIdentity), unique per firm.
//
// Leads stored twice before this migration keep their rows: the oldest keeps the plain key, each
// later copy gets its id appended, so the index can be built and nothing is deleted.
import type { Kysely } from 'kysely';
import { leadIdentityKey, type LeadIdentityColumns } from '../../leads/identity';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('identity_key', 'text').execute();

  const rows = await db.selectFrom('leads').selectAll().orderBy('created_at').orderBy('id').execute();
  const seen = new Set<string>();
  for (const row of rows) {
    const key = leadIdentityKey(row as LeadIdentityColumns);
    const unique = seen.has(`${row.firm_id} ${key}`) ? `${key}:${row.id}` : key;
    seen.add(`${row.firm_id} ${key}`);
    await db.updateTable('leads').set({ identity_key: unique }).where('id', '=', row.id).execute();
  }

  await db.schema.createIndex('leads_firm_identity_unique').on('leads').columns(['firm_id', 'identity_key']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_firm_identity_unique').execute();
  await db.schema.alterTable('leads').dropColumn('identity_key').execute();
}
