// The users' table as Kysely types it (server/db/schema.ts gathers every table).
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { CivilStatus, Gender, PhoneUsage, Privilege, SsnStatus, UserStatus } from '../../src/domain/enums';

export interface UsersTable {
  id: string;
  firm_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** Always lower-cased, unique across firms: the login looks a user up by email alone. */
  email: string;
  password_hash: string;
  privilege: Privilege;
  phone_number: string | null;
  usage: PhoneUsage | null;
  civil_status: CivilStatus | null;
  gender: Gender | null;
  birth_date: string | null;
  /** Sealed (server/crypto/piiCipher.ts, migration 0008), never the digits. */
  ssn: string | null;
  ssn_status: SsnStatus | null;
  /** Sealed like ssn. */
  itin: string | null;
  /** 'Active' or 'Deactivated' (migration 0009): a deactivated user cannot sign in. */
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  created_at: string;
  updated_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
