// The engagement's tables as Kysely types them (server/db/schema.ts gathers every table).

/** A firm's own engagement terms (migration 0027); without a row, the defaults and samples. */
export interface FirmEngagementTermsTable {
  firm_id: string;
  fee_before_suit: string;
  fee_after_suit: string;
  costs_deducted: 'beforeFee' | 'afterFee';
  costs_when_no_recovery: 'waived' | 'owed';
  fee_agreement: string;
  medical_records_release: string;
  letter_of_representation: string;
  updated_by: string;
  updated_at: string;
}

/** A signing link and what happened to it (migration 0027; docs/product/engagement.md). */
export interface EngagementsTable {
  /** Also the signed file's document id. */
  id: string;
  firm_id: string;
  case_id: string;
  token_hash: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  emailed_at: string | null;
  revoked_at: string | null;
  opened_at: string | null;
  /** SHA-256 of the documents as the client was shown them on opening. */
  documents_sha256: string | null;
  consented_at: string | null;
  signed_at: string | null;
  signer_name: string | null;
  signer_address: string | null;
  signer_user_agent: string | null;
  signature_kind: 'drawn' | 'typed' | null;
  language: 'en' | 'es' | 'vi' | null;
}

/** The signed PDF, sealed with the PII keys (column `engagements.signedPdf`). */
export interface EngagementFilesTable {
  engagement_id: string;
  firm_id: string;
  pdf_sealed: string;
}
