// The client's own part of an intake (docs/product/client-intake.md): the links staff send, and
// what the client answered through one.
//
// client_links: the token is never stored, only its SHA-256 (a leaked table opens no intake). One
// live link per intake: a new one revokes the others (revoked_at), a submitted one is used up
// (submitted_at). Looked up by token_hash (unique) and listed by case_id.
//
// intake_client_answers: one row per field the client answered, its value as JSON, and whether it
// went into the draft (applied = 1) or was kept beside staff's differing value (applied = 0).
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('client_links')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('firm_id', 'text', (col) => col.notNull())
    .addColumn('case_id', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('opened_at', 'text')
    .addColumn('submitted_at', 'text')
    .execute();
  await db.schema.createIndex('client_links_case_index').on('client_links').columns(['case_id', 'created_at']).execute();

  await db.schema
    .createTable('intake_client_answers')
    .addColumn('case_id', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('firm_id', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('applied', 'integer', (col) => col.notNull())
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('intake_client_answers_pkey', ['case_id', 'path'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('intake_client_answers').execute();
  await db.schema.dropTable('client_links').execute();
}
