// The caller's firm (docs/product/firm-and-neos.md Firm; docs/architecture.md, Tenancy and Neos integration). The firm is
// always the one in the caller's token. Neos credentials are checked with Neos before anything is
// stored, then kept with the API key sealed; the API key never leaves the server again, only its
// last four characters do.
import type { Kysely } from 'kysely';
import { firmSchema } from '../../src/domain/schemas/firm';
import { validateFields } from '../../src/domain/schemas/shared';
import { secondFactorTexts } from '../../src/domain/texts';
import type { SessionUser } from '../../src/domain/session';
import { recordActivity } from '../activity/recordActivity';
import type { CredentialsCipher } from '../crypto/credentialsCipher';
import type { Database } from '../db/database';
import type { Schemas } from '../http/contractTypes';
import { ApiError, notFound, validationFailed } from '../http/errors';
import type { NeosClient } from '../neos/client';
import { credentialsFieldErrors, requireValidCredentials, trimmedCredentials } from '../neos/service';
import { findFirmById, updateFirm, type Firm as FirmRecord } from './repository';

export type Firm = Schemas['Firm'];
export type FirmUpdate = Schemas['FirmUpdateRequest'];

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
    limitationYears: record.limitation_years,
    requireSecondFactor: record.require_second_factor,
  };
}

export interface FirmsServiceDependencies {
  db: Kysely<Database>;
  neos: NeosClient;
  cipher: CredentialsCipher;
}

const firmPaths = {
  firm_name: 'firmName',
  firm_contact: 'firmContact',
  firm_mail: 'firmMail',
  firm_address: 'firmAddress',
  limitation_years: 'limitationYears',
  require_second_factor: 'requireSecondFactor',
} as const satisfies Partial<Record<keyof FirmRecord, string>>;

const credentialPaths = {
  neos_company_id: 'neosCredentials.companyId',
  neos_integration_id: 'neosCredentials.integrationId',
} as const satisfies Partial<Record<keyof FirmRecord, string>>;

function changedPaths(paths: Partial<Record<keyof FirmRecord, string>>, before: FirmRecord, after: FirmRecord): string[] {
  return (Object.keys(paths) as (keyof FirmRecord)[]).filter((column) => before[column] !== after[column]).map((column) => paths[column]!);
}

export function createFirmsService({ db, neos, cipher }: FirmsServiceDependencies) {
  /** The activity trail names the changed fields, never their values (docs/product/activity.md). */
  async function recordFirmChanges(caller: SessionUser, before: FirmRecord, after: FirmRecord, clientAddress: string) {
    const actor = { firmId: caller.firmId, userId: caller.id, subject: null, clientAddress };
    const firmFields = changedPaths(firmPaths, before, after);
    if (firmFields.length > 0) await recordActivity(db, { ...actor, action: 'firm.changed', fields: firmFields });
    // A sealed key never compares equal to its old seal (fresh nonce): compare what they open to.
    // One that no longer opens (a lost CREDENTIALS_KEY) counts as changed.
    const keyOf = (record: FirmRecord) => {
      if (record.neos_api_key_encrypted === null) return null;
      try {
        return cipher.open(record.neos_api_key_encrypted, neosApiKeyContext(record.id));
      } catch {
        return undefined;
      }
    };
    if (after.neos_api_key_encrypted === before.neos_api_key_encrypted) return;
    const credentialFields = changedPaths(credentialPaths, before, after);
    if (keyOf(before) !== keyOf(after)) credentialFields.push('neosCredentials.apiKey');
    await recordActivity(db, { ...actor, action: 'neos.credentialsChanged', fields: credentialFields });
  }

  return {
    async currentFirm(caller: SessionUser): Promise<Firm> {
      const record = await findFirmById(db, caller.firmId);
      if (!record) throw notFound('Firm not found');
      return toFirm(record);
    },

    async updateCurrentFirm(caller: SessionUser, update: FirmUpdate, clientAddress: string): Promise<Firm> {
      const before = await findFirmById(db, caller.firmId);
      if (!before) throw notFound('Firm not found');
      const requireSecondFactor = update.requireSecondFactor ?? before.require_second_factor;
      // The owner's decision (docs/product/sign-in-and-session.md, Second factor): an administrator
      // edits the firm but does not change it.
      if (requireSecondFactor !== before.require_second_factor && caller.privilege !== 'owner') {
        throw new ApiError(403, 'forbidden', secondFactorTexts.ownerOnly);
      }
      const details = {
        firmName: update.firmName,
        firmContact: update.firmContact ?? '',
        firmMail: update.firmMail ?? '',
        firmAddress: update.firmAddress ?? '',
        limitationYears: update.limitationYears ?? before.limitation_years,
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
      const record = await updateFirm(
        db,
        caller.firmId,
        {
          firmName: details.firmName.trim(),
          firmContact: details.firmContact.trim(),
          firmMail: details.firmMail.trim(),
          firmAddress: details.firmAddress.trim(),
          limitationYears: details.limitationYears,
          requireSecondFactor,
        },
        stored,
      );
      if (!record) throw notFound('Firm not found');
      await recordFirmChanges(caller, before, record, clientAddress);
      return toFirm(record);
    },
  };
}

export type FirmsService = ReturnType<typeof createFirmsService>;
