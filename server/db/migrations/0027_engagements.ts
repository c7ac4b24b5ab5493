// The client's engagement (docs/product/engagement.md): the firm's terms and documents, the signing
// links staff send, and the signed, sealed file.
//
// firm_engagement_terms: one row per firm once it saves its own terms; without a row the firm has
// the defaults and the product's sample texts.
//
// engagements: one row per signing link, built like client_links (migration 0017): only the
// token's SHA-256 is stored; a new link revokes the intake's unsigned ones (revoked_at); a signed
// one is used up (signed_at). The events the certificate prints are its times; documents_sha256 is
// the hash of the documents the client was shown when they opened the link. Looked up by
// token_hash (unique) and listed by case_id.
//
// engagement_files: the signed PDF, sealed at rest with the PII keys (base64 inside the seal), kept
// apart so that reading an engagement's state never reads the file.
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('firm_engagement_terms')
    .addColumn('firm_id', 'text', (col) => col.primaryKey())
    .addColumn('fee_before_suit', 'text', (col) => col.notNull())
    .addColumn('fee_after_suit', 'text', (col) => col.notNull())
    .addColumn('costs_deducted', 'text', (col) => col.notNull())
    .addColumn('costs_when_no_recovery', 'text', (col) => col.notNull())
    .addColumn('fee_agreement', 'text', (col) => col.notNull())
    .addColumn('medical_records_release', 'text', (col) => col.notNull())
    .addColumn('letter_of_representation', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('engagements')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('firm_id', 'text', (col) => col.notNull())
    .addColumn('case_id', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('emailed_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('opened_at', 'text')
    .addColumn('documents_sha256', 'text')
    .addColumn('consented_at', 'text')
    .addColumn('signed_at', 'text')
    .addColumn('signer_name', 'text')
    .addColumn('signer_address', 'text')
    .addColumn('signer_user_agent', 'text')
    .addColumn('signature_kind', 'text')
    .addColumn('language', 'text')
    .execute();
  await db.schema.createIndex('engagements_case_index').on('engagements').columns(['firm_id', 'case_id', 'created_at']).execute();

  await db.schema
    .createTable('engagement_files')
    .addColumn('engagement_id', 'text', (col) => col.primaryKey())
    .addColumn('firm_id', 'text', (col) => col.notNull())
    .addColumn('pdf_sealed', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('engagement_files').execute();
  await db.schema.dropTable('engagements').execute();
  await db.schema.dropTable('firm_engagement_terms').execute();
}
