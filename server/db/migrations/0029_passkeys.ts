// Passkeys (docs/product/sign-in-and-session.md, Passkeys).
//
// - passkeys: a user's WebAuthn credentials. credential_id (base64url, unique) is what an
//   authenticator names in an assertion; public_key is its COSE public key (base64url), which is
//   not a secret; counter is the authenticator's signature counter, so a cloned credential whose
//   counter went back is refused. name is the person's own label.
// - webauthn_challenges: each ceremony's challenge, stored server-side as its SHA-256 only, for
//   one purpose ('register', 'signIn' or 'secondFactor'), for one user when known, expiring, and
//   spent by its first use.
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user_index').on('passkeys').columns(['user_id']).execute();
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('webauthn_challenges_expiry_index').on('webauthn_challenges').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
