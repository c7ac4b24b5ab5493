// The caller's firm (staff-app spec §3 Firm; DESIGN.md, Tenancy and Neos integration). The firm is
// always the one in the caller's token. Neos credentials are checked with Neos before anything is
// stored, then kept with the API key sealed; the API key never leaves the server again, only its
// last four characters do.
import type { Kysely } from 'kysely';
import { firmSchema } from '../../src/domain/schemas/firm';
import { validateFields } from '../../src/domain/schemas/shared';
import type { SessionUser } from '../../src/domain/session';
import type { CredentialsCipher } from '../crypto/credentialsCipher';
import type { Database } from '../db/database';
import { notFound, validationFailed } from '../http/errors';
import type { NeosClient } from '../neos/client';
import { credentialsFieldErrors, requireValidCredentials, trimmedCredentials } from '../neos/service';
import { findFirmById, updateFirm, type Firm as FirmRecord } from './repository';

/** The `Firm` schema of openapi.yaml. */
export interface Firm {
  firmName: string;
  firmContact: string | null;
  firmMail: string | null;
  firmAddress: string | null;
  isNeosIntegrated: boolean;
  neosCredentials: { companyId: string; integrationId: string; apiKeyLastFour: string } | null;
}

/** The `FirmUpdateRequest` schema of openapi.yaml. */
export interface FirmUpdate {
  firmName: string;
  firmContact: string | null;
  firmMail: string | null;
  firmAddress: string | null;
  neosCredentials?: { companyId: string; apiKey: string; integrationId: string };
}

const LAST_FOUR = 4;

/** Where a firm's sealed API key belongs: it opens only in this firm's row. */
export function neosApiKeyContext(firmId: string): string {
  return `firms/${firmId}/neos_api_key`;
}

export function toFirm(record: FirmRecord): Firm {
  const { neos_company_id: companyId, neos_integration_id: integrationId, neos_api_key_last_four: apiKeyLastFour } = record;
  return {
    firmName: record.firm_name,
    firmContact: record.firm_contact,
    firmMail: record.firm_mail,
    firmAddress: record.firm_address,
    isNeosIntegrated: record.is_neos_integrated,
    neosCredentials:
      companyId !== null && integrationId !== null && apiKeyLastFour !== null ? { companyId, integrationId, apiKeyLastFour } : null,
  };
}

export interface FirmsServiceDependencies {
  db: Kysely<Database>;
  neos: NeosClient;
  cipher: CredentialsCipher;
}

export function createFirmsService({ db, neos, cipher }: FirmsServiceDependencies) {
  return {
    async currentFirm(caller: SessionUser): Promise<Firm> {
      const record = await findFirmById(db, caller.firmId);
      if (!record) throw notFound('Firm not found');
      return toFirm(record);
    },

    async updateCurrentFirm(caller: SessionUser, update: FirmUpdate): Promise<Firm> {
      const details = {
        firmName: update.firmName,
        firmContact: update.firmContact ?? '',
        firmMail: update.firmMail ?? '',
        firmAddress: update.firmAddress ?? '',
      };
      const fields = {
        ...validateFields(firmSchema, details),
        ...(update.neosCredentials && credentialsFieldErrors(update.neosCredentials, 'neosCredentials.')),
      };
      if (Object.keys(fields).length > 0) throw validationFailed(fields);
      const credentials = update.neosCredentials && trimmedCredentials(update.neosCredentials);

      let stored;
      if (credentials) {
        // Asked before anything is written: refused or unreachable, the firm stays as it was.
        await requireValidCredentials(neos, credentials);
        stored = {
          companyId: credentials.companyId,
          integrationId: credentials.integrationId,
          apiKeyEncrypted: cipher.seal(credentials.apiKey, neosApiKeyContext(caller.firmId)),
          apiKeyLastFour: credentials.apiKey.slice(-LAST_FOUR),
        };
      }
      const record = await updateFirm(db, caller.firmId, {
        firmName: details.firmName.trim(),
        firmContact: details.firmContact.trim(),
        firmMail: details.firmMail.trim(),
        firmAddress: details.firmAddress.trim(),
      }, stored);
      if (!record) throw notFound('Firm not found');
      return toFirm(record);
    },
  };
}

export type FirmsService = ReturnType<typeof createFirmsService>;
