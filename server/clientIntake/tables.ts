// The client link's tables as Kysely types them (server/db/schema.ts gathers every table).

/** A link that opens one intake's client part (migration 0017; docs/product/client-intake.md). */
export interface ClientLinksTable {
  id: string;
  firm_id: string;
  case_id: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  /** Set when a newer link for the intake replaced this one. */
  revoked_at: string | null;
  /** The first time the client opened it. */
  opened_at: string | null;
  /** Set by the one submit the link allows. */
  submitted_at: string | null;
}

/** One field the client answered (migration 0017): its value as JSON, and whether it went into the draft. */
export interface IntakeClientAnswersTable {
  case_id: string;
  path: string;
  firm_id: string;
  value: string;
  /** 1: the draft holds it; 0: staff had another value, kept beside it for staff to choose. */
  applied: number;
  submitted_at: string;
}

/** The full name and consent a client gave with their submit (migration 0023). */
export interface ClientAttestationsTable {
  link_id: string;
  /** The `clientLink.submitted` row of the activity trail it belongs to. */
  activity_id: string;
  firm_id: string;
  case_id: string;
  full_name: string;
  consented_at: string;
  client_address: string | null;
  user_agent: string | null;
}
