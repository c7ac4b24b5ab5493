// The conflict check's tables as Kysely types them (server/db/schema.ts gathers every table).

/**
 * A person an intake or a lead names, with the keys the conflict check matches on (migration 0026;
 * server/conflicts/parties.ts). Exactly one of case_id and lead_id is set. Keys are '' when unknown.
 */
export interface PartiesTable {
  id: string;
  firm_id: string;
  case_id: string | null;
  lead_id: string | null;
  /** src/domain/conflicts.ts, PartyRole. */
  role: string;
  /** partyNameKey: normalised words, sorted. */
  name_key: string;
  /** 'YYYY-MM-DD' or ''. */
  birth_date: string;
  /** phoneMatchKey digits or ''. */
  phone_key: string;
  /** The intake's crash (placeKey forms), '' for a lead. */
  incident_date: string;
  crash_report_key: string;
  city_key: string;
  crash_location_key: string;
}

/** A decision on an intake's conflict check (migration 0026), append-only: the latest counts. */
export interface ConflictDecisionsTable {
  id: string;
  firm_id: string;
  case_id: string;
  decision: 'cleared' | 'waived';
  note: string;
  /** The check result it was made on (server/conflicts/check.ts, fingerprint). */
  fingerprint: string;
  decided_by: string;
  decided_by_name: string;
  decided_at: string;
}
