// The sign-in's tables as Kysely types them: sessions, failure counters and second factors
// (server/db/schema.ts gathers every table).
import type { ColumnType, Selectable } from 'kysely';

/** One sign-in (migration 0009): the token carries its id; ended_at set means signed out. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
  /** Why it ended: 'signOut', 'passwordChanged', 'emailChanged', 'privilegeChanged', 'deactivated'. */
  end_reason: string | null;
}

/** One row (id 1) whose generation moves with every change of a session or a user (migration 0030). */
export interface SessionGenerationTable {
  id: number;
  generation: ColumnType<string | number, never, never>;
}

/** Sign-in counters (server/auth/loginThrottle.ts): 'email:', 'email-day:', 'ip:' or 'device:' keys, shared by every instance. */
export interface LoginFailuresTable {
  key: string;
  failures: number;
  first_failed_at: string;
  locked_until: string | null;
}

/** A user's authenticator (migration 0025; server/auth/secondFactor.ts). */
export interface UserSecondFactorsTable {
  user_id: string;
  /** Sealed (server/crypto/piiCipher.ts, column 'users.totpSecret'), never the secret itself. */
  secret_sealed: string;
  created_at: string;
  /** Null until a first code confirmed the enrolment. */
  confirmed_at: string | null;
  /** The RFC 6238 time step of the last code taken: no code is taken twice. */
  last_time_step: number | null;
}

/** One single-use recovery code (migration 0025): its argon2id hash only. */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

/** A password checked, a second factor owed (migration 0025). */
export interface LoginChallengesTable {
  /** SHA-256 (hex) of the challenge; the challenge itself is never stored. */
  id: string;
  user_id: string;
  /** 'verify': a code of the user's authenticator; 'enrol': the firm requires one and the user has none yet. */
  purpose: string;
  created_at: string;
  expires_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  used_at: string | null;
}

/** A password reset link (migration 0028; server/users/passwordResetService.ts). */
export interface PasswordResetsTable {
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  /** The owner or administrator who made the link on Edit Employee; null for an emailed one. */
  made_by: string | null;
  created_at: string;
  expires_at: string;
  /** Set when the link reset the password (or was replaced by a newer one): it is taken once. */
  used_at: string | null;
}

/** A user's passkey (migration 0029). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** base64url, as the authenticator names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (bigint: it runs to 2^32 - 1; read as a number). */
  counter: number;
  /** JSON array of the transports the browser reported, or null. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn ceremony's challenge (migration 0029). */
export interface WebauthnChallengesTable {
  /** SHA-256 (hex) of the challenge. */
  id: string;
  user_id: string | null;
  /** 'register', 'signIn' or 'secondFactor'. */
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type SessionRow = Selectable<SessionsTable>;
