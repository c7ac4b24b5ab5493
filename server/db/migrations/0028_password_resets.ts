// Password reset links (docs/product/sign-in-and-session.md, Password reset).
//
// - password_resets: one row per link. Only the SHA-256 (hex) of the link's token is stored, as
//   the primary key the link is looked up by, so a copy of the database resets no password. A link
//   lasts 30 minutes and is taken once (used_at); made_by is the owner or administrator who made it
//   on Edit Employee, null for one emailed from 'Forgot password?'.
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('made_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user_index').on('password_resets').columns(['user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
