// The intakes' table and the totals its triggers keep, as Kysely types them (server/db/schema.ts
// gathers every table).
import type { ColumnType, Selectable } from 'kysely';
import type { IntakeStatus } from '../../src/domain/enums';

/**
 * A client intake (docs/architecture.md, Intakes): the seven sections as one JSON text, with the columns the
 * list searches and sorts beside it.
 */
export interface IntakesTable {
  case_id: string;
  firm_id: string;
  status: IntakeStatus;
  representative_id: string | null;
  representative_name: string | null;
  client_first_name: string;
  client_last_name: string;
  /** First, middle and last name joined: what the list shows, sorts and searches. */
  client_name: string;
  client_phone: string;
  client_email: string;
  /** The words the list's search finds it by (server/intakes/search.ts, migration 0006). */
  search_terms: string;
  /**
   * JSON of the sections (personalInformation ... checklist) as the API carries them, except
   * personalInformation.ssnItin, always '' here: it is sealed in ssn_itin_sealed (migration 0008).
   */
  sections: string;
  /** The client's SSN/ITIN, sealed (server/crypto/piiCipher.ts); null when the intake has none. */
  ssn_itin_sealed: string | null;
  /** incidentDescription.incidentDate as 'YYYY-MM-DD', null when unanswered (migration 0018): the dashboard's deadlines. */
  incident_date: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/**
 * How many intakes a firm has of one status, kept exact by triggers in the transaction of every
 * write to intakes (migration 0013): the list's total without a search.
 */
export interface IntakeTotalsTable {
  firm_id: string;
  status: IntakeStatus;
  total: number;
}

/**
 * Intakes per firm and status with a word beginning with `prefix` (no digits, at most 32
 * characters), kept exact by triggers (migration 0020): the total of a one-word search.
 */
export interface IntakePrefixTotalsTable {
  firm_id: string;
  status: IntakeStatus;
  prefix: string;
  total: number;
}

/** Intakes per firm, representative ('' for none) and status, kept by triggers (migration 0018): the dashboard's bars. */
export interface IntakeRepresentativeTotalsTable {
  firm_id: string;
  representative_id: string;
  status: IntakeStatus;
  total: number;
}

/**
 * Per firm and UTC day ('YYYY-MM-DD'): finals submitted, leads registered, and of those the leads
 * with an intake and with a final intake; kept by triggers (migration 0019): the dashboard's windows.
 */
export interface FirmDayTotalsTable {
  firm_id: string;
  day: string;
  finals: number;
  leads: number;
  leads_with_intake: number;
  leads_with_final: number;
}

export type IntakeRow = Selectable<IntakesTable>;
