// The firm's table as Kysely types it (server/db/schema.ts gathers every table).
import type { ColumnType, Selectable } from 'kysely';
import type { StoredBoolean } from '../db/columns';

export interface FirmsTable {
  id: string;
  firm_name: string;
  firm_contact: string;
  firm_mail: string;
  firm_address: string;
  is_neos_integrated: StoredBoolean;
  /** Neos integration credentials (migration 0004); all null until validated ones are saved. */
  neos_company_id: string | null;
  neos_integration_id: string | null;
  /** AES-256-GCM sealed API key (server/crypto/credentialsCipher.ts), never the key itself. */
  neos_api_key_encrypted: string | null;
  neos_api_key_last_four: string | null;
  /** Limitation period in whole years (migration 0016, src/domain/limitation.ts). */
  limitation_years: ColumnType<number, number | undefined, number>;
  /** The owner's 'Require two-factor sign-in' (migration 0025). */
  require_second_factor: StoredBoolean;
  created_at: string;
  updated_at: string;
}

export type FirmRow = Selectable<FirmsTable>;
