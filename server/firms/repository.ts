// All SQL about firms. Rows come back with a real boolean for is_neos_integrated on both databases.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { FirmRow } from './tables';

export interface Firm {
  id: string;
  firm_name: string;
  firm_contact: string;
  firm_mail: string;
  firm_address: string;
  is_neos_integrated: boolean;
  neos_company_id: string | null;
  neos_integration_id: string | null;
  neos_api_key_encrypted: string | null;
  neos_api_key_last_four: string | null;
  limitation_years: number;
  /** The owner's 'Require two-factor sign-in' (migration 0025). */
  require_second_factor: boolean;
  created_at: string;
  updated_at: string;
}

export interface NewFirm {
  firmName: string;
  firmContact: string;
  firmMail: string;
  firmAddress: string;
  isNeosIntegrated?: boolean;
}

function toFirm(row: FirmRow): Firm {
  return {
    ...row,
    is_neos_integrated: Boolean(row.is_neos_integrated),
    limitation_years: Number(row.limitation_years),
    require_second_factor: Boolean(row.require_second_factor),
  };
}

export async function insertFirm(db: Kysely<Database>, firm: NewFirm, now: Date = new Date()): Promise<Firm> {
  const timestamp = now.toISOString();
  const row = await db
    .insertInto('firms')
    .values({
      id: randomUUID(),
      firm_name: firm.firmName,
      firm_contact: firm.firmContact,
      firm_mail: firm.firmMail,
      firm_address: firm.firmAddress,
      is_neos_integrated: firm.isNeosIntegrated ?? false,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toFirm(row);
}

export async function findFirmById(db: Kysely<Database>, id: string): Promise<Firm | undefined> {
  const row = await db.selectFrom('firms').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toFirm(row);
}

/** Whether any firm exists: the seed runs only on an empty database. */
export async function hasAnyFirm(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('firms').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface FirmDetails {
  firmName: string;
  firmContact: string;
  firmMail: string;
  firmAddress: string;
  limitationYears: number;
  requireSecondFactor: boolean;
}

/** Validated Neos credentials as they are kept: the API key sealed, its last four beside it. */
export interface StoredNeosCredentials {
  companyId: string;
  integrationId: string;
  apiKeyEncrypted: string;
  apiKeyLastFour: string;
}

/**
 * Updates the firm's own fields and, when given, replaces its Neos credentials and marks it
 * integrated. Undefined when the firm does not exist.
 */
export async function updateFirm(
  db: Kysely<Database>,
  id: string,
  details: FirmDetails,
  credentials?: StoredNeosCredentials,
  now: Date = new Date(),
): Promise<Firm | undefined> {
  const row = await db
    .updateTable('firms')
    .set({
      firm_name: details.firmName,
      firm_contact: details.firmContact,
      firm_mail: details.firmMail,
      firm_address: details.firmAddress,
      limitation_years: details.limitationYears,
      require_second_factor: details.requireSecondFactor,
      ...(credentials && {
        neos_company_id: credentials.companyId,
        neos_integration_id: credentials.integrationId,
        neos_api_key_encrypted: credentials.apiKeyEncrypted,
        neos_api_key_last_four: credentials.apiKeyLastFour,
        is_neos_integrated: true,
      }),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toFirm(row);
}
