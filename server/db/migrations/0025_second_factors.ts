// Two-factor sign-in with authenticator codes (docs/product/sign-in-and-session.md, Second factor).
//
// - user_second_factors: one authenticator per user. The TOTP secret is sealed like an SSN
//   (server/crypto/piiCipher.ts); confirmed_at is null until a first code proved the person's app
//   holds it. last_time_step is the RFC 6238 step of the last code taken, so a code is taken once.
// - recovery_codes: ten single-use codes per enrolment, argon2id-hashed like passwords.
// - login_challenges: a password checked, a second factor still owed. Only the SHA-256 of the
//   challenge is stored; it expires, and takes a limited number of codes.
// - firms.require_second_factor: the owner's 'Require two-factor sign-in'.
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_second_factors')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_time_step', 'integer')
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user_index').on('recovery_codes').columns(['user_id']).execute();
  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('login_challenges_user_index').on('login_challenges').columns(['user_id', 'expires_at']).execute();
  await db.schema
    .alterTable('firms')
    .addColumn('require_second_factor', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('firms').dropColumn('require_second_factor').execute();
  await db.schema.dropTable('login_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('user_second_factors').execute();
}
