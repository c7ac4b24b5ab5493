// Answers kept for Idempotency-Key (server/http/idempotency.ts): a client that lost the answer to
// a create retries with the same key and gets the first answer, and nothing is created twice. A
// key belongs to the signed-in user who sent it; rows older than a day are removed as new ones
// are stored (created_at index).
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    /** 'POST /v1/intake' ...: a key reused for another call is refused. */
    .addColumn('operation', 'text', (col) => col.notNull())
    /** SHA-256 of the request body: a key reused with another body is refused. */
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('response_body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_index').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
