// The client's attestation on a submitted link (docs/product/client-intake.md#the-page): the full
// name they typed and their consent tick, with when, from which address and which browser. Kept
// apart from the activity trail, whose rows hold field paths only, and joined to the
// `clientLink.submitted` row it belongs to by that row's id, so the intake's history can show it.
// One per link (a link takes one submit); listed by case_id.
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('client_attestations')
    .addColumn('link_id', 'text', (col) => col.primaryKey())
    .addColumn('activity_id', 'text', (col) => col.notNull().unique())
    .addColumn('firm_id', 'text', (col) => col.notNull())
    .addColumn('case_id', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('consented_at', 'text', (col) => col.notNull())
    .addColumn('client_address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('client_attestations_case_index').on('client_attestations').columns(['case_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('client_attestations').execute();
}
