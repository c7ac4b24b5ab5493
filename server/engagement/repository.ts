// All SQL about engagement terms, signing links and signed files (migration 0027;
// docs/product/engagement.md). Links are found by the hash of their token; every staff-side query
// names the firm (docs/architecture.md, Tenancy).
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { EngagementsTable, FirmEngagementTermsTable } from './tables';

export type EngagementRow = Selectable<EngagementsTable>;
export type TermsRow = Selectable<FirmEngagementTermsTable>;

export async function findTerms(db: Kysely<Database>, firmId: string): Promise<TermsRow | undefined> {
  return db.selectFrom('firm_engagement_terms').selectAll().where('firm_id', '=', firmId).executeTakeFirst();
}

export async function saveTerms(db: Kysely<Database>, row: TermsRow): Promise<void> {
  const { firm_id: _firm, ...changes } = row;
  await db
    .insertInto('firm_engagement_terms')
    .values(row)
    .onConflict((conflict) => conflict.column('firm_id').doUpdateSet(changes))
    .execute();
}

export interface NewEngagement {
  firmId: string;
  caseId: string;
  tokenHash: string;
  createdBy: string;
  expiresAt: string;
  emailed: boolean;
}

/**
 * Stores a new link and revokes the intake's earlier unsigned ones, in one transaction; undefined
 * (nothing stored) when the intake's engagement was signed meanwhile.
 */
export async function replaceEngagement(db: Kysely<Database>, link: NewEngagement, now: string): Promise<EngagementRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const signed = await trx
      .selectFrom('engagements')
      .select('id')
      .where('firm_id', '=', link.firmId)
      .where('case_id', '=', link.caseId)
      .where('signed_at', 'is not', null)
      .executeTakeFirst();
    if (signed) return undefined;
    await trx
      .updateTable('engagements')
      .set({ revoked_at: now })
      .where('firm_id', '=', link.firmId)
      .where('case_id', '=', link.caseId)
      .where('revoked_at', 'is', null)
      .where('signed_at', 'is', null)
      .execute();
    return trx
      .insertInto('engagements')
      .values({
        id: randomUUID(),
        firm_id: link.firmId,
        case_id: link.caseId,
        token_hash: link.tokenHash,
        created_by: link.createdBy,
        created_at: now,
        expires_at: link.expiresAt,
        emailed_at: link.emailed ? now : null,
        revoked_at: null,
        opened_at: null,
        documents_sha256: null,
        consented_at: null,
        signed_at: null,
        signer_name: null,
        signer_address: null,
        signer_user_agent: null,
        signature_kind: null,
        language: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function findEngagementByHash(db: Kysely<Database>, tokenHash: string): Promise<EngagementRow | undefined> {
  return db.selectFrom('engagements').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The intake's signed engagement if there is one, else its newest link. */
export async function currentEngagement(db: Kysely<Database>, firmId: string, caseId: string): Promise<EngagementRow | undefined> {
  const rows = await db
    .selectFrom('engagements')
    .selectAll()
    .where('firm_id', '=', firmId)
    .where('case_id', '=', caseId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.find((row) => row.signed_at !== null) ?? rows[0];
}

/** Records an opening: the first time, and the hash of the documents shown each time. True when it was the first. */
export async function markEngagementOpened(db: Kysely<Database>, id: string, now: string, documentsSha256: string): Promise<boolean> {
  const first = await db
    .updateTable('engagements')
    .set({ opened_at: now, documents_sha256: documentsSha256 })
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .executeTakeFirst();
  if (Number(first.numUpdatedRows) === 1) return true;
  await db
    .updateTable('engagements')
    .set({ documents_sha256: documentsSha256 })
    .where('id', '=', id)
    .where('signed_at', 'is', null)
    .execute();
  return false;
}

export interface Signing {
  consentedAt: string;
  signedAt: string;
  signerName: string;
  signerAddress: string;
  signerUserAgent: string | null;
  signatureKind: 'drawn' | 'typed';
  language: 'en' | 'es' | 'vi';
  documentsSha256: string;
}

/**
 * Takes the link's one signature: true only for the call that set signed_at on a link still open
 * (not revoked, not expired), so two signatures racing each other cannot both pass.
 */
export async function claimEngagement(db: Kysely<Database>, id: string, signing: Signing): Promise<boolean> {
  const result = await db
    .updateTable('engagements')
    .set({
      consented_at: signing.consentedAt,
      signed_at: signing.signedAt,
      signer_name: signing.signerName,
      signer_address: signing.signerAddress,
      signer_user_agent: signing.signerUserAgent,
      signature_kind: signing.signatureKind,
      language: signing.language,
      documents_sha256: signing.documentsSha256,
    })
    .where('id', '=', id)
    .where('signed_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', signing.signedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertEngagementFile(db: Kysely<Database>, file: { engagementId: string; firmId: string; pdfSealed: string }) {
  await db
    .insertInto('engagement_files')
    .values({ engagement_id: file.engagementId, firm_id: file.firmId, pdf_sealed: file.pdfSealed })
    .execute();
}

export async function findEngagementFile(db: Kysely<Database>, firmId: string, engagementId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('engagement_files')
    .select('pdf_sealed')
    .where('firm_id', '=', firmId)
    .where('engagement_id', '=', engagementId)
    .executeTakeFirst();
  return row?.pdf_sealed;
}
