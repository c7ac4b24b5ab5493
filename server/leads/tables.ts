// The leads' table as Kysely types it (server/db/schema.ts gathers every table).
import type { Insertable, Selectable } from 'kysely';
import type { LeadGender, YesNo } from '../../src/domain/enums';

/** A registered lead (docs/product/leads.md, Lead) with its normalised match keys (docs/architecture.md, Leads). */
export interface LeadsTable {
  id: string;
  firm_id: string;
  created_by: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** Calendar date 'YYYY-MM-DD'; also the birth-date match key. */
  birth_date: string;
  address: string;
  city: string;
  county: string;
  state: string;
  country: string;
  zip_code: string;
  email: string | null;
  gender: LeadGender;
  phone: string;
  minor: YesNo;
  /** leadMatchKeys().nameKey: 'first last', lower-case, no accents. */
  name_key: string;
  phone_digits: string;
  email_norm: string;
  intake_id: string | null;
  /** SHA-256 of the compared fields (server/leads/identity.ts), unique per firm (migration 0010). */
  identity_key: string | null;
  created_at: string;
}

export type LeadRow = Selectable<LeadsTable>;
export type NewLeadRow = Insertable<LeadsTable>;
