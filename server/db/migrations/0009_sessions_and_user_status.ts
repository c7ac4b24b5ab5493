// Revocable sessions and deactivated users (docs/product/sign-in-and-session.md, docs/product/people.md).
//
// A token names its session; every authenticated request reads that session joined with its user
// by the session's primary key, so Sign Out, a password or email change and a deactivation take
// effect on the next request. Ended sessions keep their row (when and why they ended) until they
// would have expired anyway; the user index serves "end every session of this user".
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('Active'))
    .execute();
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_index').on('sessions').columns(['user_id', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.alterTable('users').dropColumn('status').execute();
}
