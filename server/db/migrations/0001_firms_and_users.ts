// Firms and their staff (docs/product/people.md, User and Firm).
import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose (Kysely's own advice): a migration describes the schema as
// it was when written and must not follow later changes of the `Database` interface.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('firms')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('firm_name', 'text', (col) => col.notNull())
    .addColumn('firm_contact', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('firm_mail', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('firm_address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_neos_integrated', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('firm_id', 'text', (col) => col.notNull().references('firms.id'))
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('middle_name', 'text')
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('privilege', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('usage', 'text')
    .addColumn('civil_status', 'text')
    .addColumn('gender', 'text')
    .addColumn('birth_date', 'text')
    .addColumn('ssn', 'text')
    .addColumn('ssn_status', 'text')
    .addColumn('itin', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // Unique across firms: the login finds the account by email alone, before any firm is known.
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await db.schema.createIndex('users_firm_id_index').on('users').column('firm_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('firms').execute();
}
