// All SQL about client links and the client's answers (migration 0017;
// docs/product/client-intake.md). Links are found by the hash of their token; every staff-side
// query names the firm (docs/architecture.md, Tenancy).
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { ClientAttestationsTable, ClientLinksTable } from './tables';

export type ClientLinkRow = Selectable<ClientLinksTable>;

export interface NewClientLink {
  firmId: string;
  caseId: string;
  tokenHash: string;
  createdBy: string;
  expiresAt: string;
}

/** Stores a new link and revokes the intake's earlier ones that are still open, in one transaction. */
export async function replaceClientLink(db: Kysely<Database>, link: NewClientLink, now: string): Promise<ClientLinkRow> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('client_links')
      .set({ revoked_at: now })
      .where('case_id', '=', link.caseId)
      .where('firm_id', '=', link.firmId)
      .where('revoked_at', 'is', null)
      .where('submitted_at', 'is', null)
      .execute();
    return trx
      .insertInto('client_links')
      .values({
        id: randomUUID(),
        firm_id: link.firmId,
        case_id: link.caseId,
        token_hash: link.tokenHash,
        created_by: link.createdBy,
        created_at: now,
        expires_at: link.expiresAt,
        revoked_at: null,
        opened_at: null,
        submitted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function findClientLinkByHash(db: Kysely<Database>, tokenHash: string): Promise<ClientLinkRow | undefined> {
  return db.selectFrom('client_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The intake's newest link, whatever its state. */
export async function latestClientLink(db: Kysely<Database>, firmId: string, caseId: string): Promise<ClientLinkRow | undefined> {
  return db
    .selectFrom('client_links')
    .selectAll()
    .where('firm_id', '=', firmId)
    .where('case_id', '=', caseId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Marks the first opening; true when this call was the first. */
export async function markClientLinkOpened(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('client_links')
    .set({ opened_at: now })
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes the link's one submit: true only for the call that set submitted_at on a link still open
 * (not revoked, not expired), so two submits racing each other cannot both pass.
 */
export async function claimClientLink(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('client_links')
    .set({ submitted_at: now })
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface StoredClientAnswer {
  path: string;
  value: unknown;
  applied: boolean;
}

/** The client's answers replace any the intake had from an earlier link. */
export async function replaceClientAnswers(
  db: Kysely<Database>,
  ids: { firmId: string; caseId: string },
  answers: readonly StoredClientAnswer[],
  submittedAt: string,
): Promise<void> {
  await db.deleteFrom('intake_client_answers').where('case_id', '=', ids.caseId).where('firm_id', '=', ids.firmId).execute();
  if (answers.length === 0) return;
  await db
    .insertInto('intake_client_answers')
    .values(
      answers.map((answer) => ({
        case_id: ids.caseId,
        firm_id: ids.firmId,
        path: answer.path,
        value: JSON.stringify(answer.value),
        applied: answer.applied ? 1 : 0,
        submitted_at: submittedAt,
      })),
    )
    .execute();
}

export async function clientAnswersOf(
  db: Kysely<Database>,
  firmId: string,
  caseId: string,
): Promise<{ submittedAt: string | null; answers: StoredClientAnswer[] }> {
  const rows = await db
    .selectFrom('intake_client_answers')
    .select(['path', 'value', 'applied', 'submitted_at'])
    .where('firm_id', '=', firmId)
    .where('case_id', '=', caseId)
    .orderBy('path')
    .execute();
  return {
    submittedAt: rows[0]?.submitted_at ?? null,
    answers: rows.map((row) => ({ path: row.path, value: JSON.parse(row.value) as unknown, applied: Number(row.applied) === 1 })),
  };
}

export type ClientAttestationRow = Selectable<ClientAttestationsTable>;

/** The client's full name and consent, stored beside the trail row of their submit (migration 0023). */
export async function insertClientAttestation(db: Kysely<Database>, attestation: ClientAttestationRow): Promise<void> {
  await db.insertInto('client_attestations').values(attestation).execute();
}

/** One intake's attestations, for its history. */
export async function clientAttestationsOf(db: Kysely<Database>, firmId: string, caseId: string): Promise<ClientAttestationRow[]> {
  return db.selectFrom('client_attestations').selectAll().where('firm_id', '=', firmId).where('case_id', '=', caseId).execute();
}
