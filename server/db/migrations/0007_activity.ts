// The activity trail (docs/product/activity.md): one row per thing a person did or saw. Append-only;
// only the retention job (server/activity/retention.ts) deletes rows, and only old ones.
//
// Indexes: the firm's trail newest first (GET /v1/activity pages it, `id` breaking ties), and one
// intake's or user's rows (GET /v1/intake/{caseId}/history, the caseId filter).
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('at', 'text', (col) => col.notNull())
    // Null for a failed sign-in with an email that matches no user: there is no firm to file it under.
    .addColumn('firm_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject', 'text')
    /** JSON array of changed field paths (`section.field`), never values. */
    .addColumn('fields', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('client_address', 'text')
    .addColumn('email_hash', 'text')
    .execute();
  await db.schema.createIndex('activity_firm_at_index').on('activity').columns(['firm_id', 'at', 'id']).execute();
  await db.schema.createIndex('activity_subject_at_index').on('activity').columns(['subject', 'at', 'id']).execute();
  // The retention job deletes by age across firms.
  await db.schema.createIndex('activity_at_index').on('activity').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity').execute();
}
