// Failed sign-ins per email and per client address (server/auth/loginThrottle.ts). In the database,
// not in memory, because several server instances share one PostgreSQL (docs/architecture.md, API and server).
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('first_failed_at', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
}
