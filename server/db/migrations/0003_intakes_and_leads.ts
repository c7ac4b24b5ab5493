// Intakes and leads (docs/architecture.md, Intakes and Leads; docs/product/leads.md Lead). An intake keeps its
// seven sections as one JSON text and, beside it, the columns the list filters, sorts and searches.
// A lead keeps what the form sent plus its normalised match keys (src/domain/leadMatching.ts), so
// the duplicate check reads three indexes instead of every lead of the firm.
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('intakes')
    .addColumn('case_id', 'text', (col) => col.primaryKey())
    .addColumn('firm_id', 'text', (col) => col.notNull().references('firms.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('representative_id', 'text', (col) => col.references('users.id'))
    .addColumn('representative_name', 'text')
    .addColumn('client_first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('client_last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('client_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('client_phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('client_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sections', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The intake list: one firm, optionally one status, most recently updated first.
  await db.schema.createIndex('intakes_firm_status_updated_index').on('intakes').columns(['firm_id', 'status', 'updated_at']).execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('firm_id', 'text', (col) => col.notNull().references('firms.id'))
    .addColumn('created_by', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('middle_name', 'text')
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('birth_date', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('county', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('zip_code', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('gender', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('minor', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('phone_digits', 'text', (col) => col.notNull())
    .addColumn('email_norm', 'text', (col) => col.notNull())
    .addColumn('intake_id', 'text', (col) => col.references('intakes.case_id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // One index per way two leads can resemble each other, and one for the list (newest first).
  await db.schema.createIndex('leads_firm_name_birth_index').on('leads').columns(['firm_id', 'name_key', 'birth_date']).execute();
  await db.schema.createIndex('leads_firm_phone_index').on('leads').columns(['firm_id', 'phone_digits']).execute();
  await db.schema.createIndex('leads_firm_email_index').on('leads').columns(['firm_id', 'email_norm']).execute();
  await db.schema.createIndex('leads_firm_created_index').on('leads').columns(['firm_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('leads').execute();
  await db.schema.dropTable('intakes').execute();
}
