// What a user row becomes, and nowhere else: the API's User (openapi.yaml) and the token's
// SessionUser (src/domain/session.ts). Apart from the service so the session store (auth/sessions.ts)
// can build a SessionUser without importing the service, which imports the auth plugin.
import type { SessionUser, TokenUserInformation } from '../../src/domain/session';
import { maskSsn } from '../../src/domain/ssnMask';
import { openOptional, type PiiCipher } from '../crypto/piiCipher';
import type { Schemas } from '../http/contractTypes';
import type { ListedUserRow, UserRecordRow } from './repository';

export type User = Schemas['User'];

/**
 * A user as the employee list shows them: no SSN or ITIN digits. No screen needs a colleague's
 * numbers (the list shows name, email, privilege and date, docs/product/people.md; a profile is edited
 * by its owner only), so they stay in the database instead of travelling with every page.
 */
export type ListedUser = Omit<User, 'userInformation'> & {
  userInformation: Omit<User['userInformation'], 'ssn' | 'itin'>;
};

/** The stored information without SSN or ITIN digits: what the list and the token carry. */
function informationWithoutNumbers(row: ListedUserRow): TokenUserInformation {
  return {
    phoneNumber: row.phone_number,
    usage: row.usage,
    civilStatus: row.civil_status,
    gender: row.gender,
    birthDate: row.birth_date,
    ssnStatus: row.ssn_status,
  };
}

export function toListedUser(row: ListedUserRow): ListedUser {
  return {
    id: row.id,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    email: row.email,
    privilege: row.privilege,
    status: row.status,
    createdAt: row.created_at,
    userInformation: informationWithoutNumbers(row),
  };
}

/** The stored SSN and ITIN, opened. */
export function storedNumbers(row: Pick<UserRecordRow, 'ssn' | 'itin'>, pii: PiiCipher): { ssn: string | null; itin: string | null } {
  return { ssn: openOptional(pii, row.ssn, 'users.ssn'), itin: openOptional(pii, row.itin, 'users.itin') };
}

/**
 * Views already made, by the row they were made of. The session check keeps the caller's row while
 * nothing changed (auth/sessions.ts), and every GET /v1/users/me answers it: opening its SSN and
 * ITIN again each time was a tenth of that request (README, Performance). A row is never changed in
 * place, and the view holds only the masked last four.
 */
const madeViews = new WeakMap<UserRecordRow, User>();

/** A user as every answer carries them: SSN and ITIN masked to the last four (docs/product/people.md). */
export function toUser(row: UserRecordRow, pii: PiiCipher): User {
  const made = madeViews.get(row);
  if (made) return made;
  const listed = toListedUser(row);
  const { ssn, itin } = storedNumbers(row, pii);
  const view = { ...listed, userInformation: { ...listed.userInformation, ssn: maskSsn(ssn), itin: maskSsn(itin) } };
  madeViews.set(row, view);
  return view;
}

/** The token's view of a user: no SSN, no ITIN (docs/architecture.md, Auth). */
export function toSessionUser(row: UserRecordRow): SessionUser {
  return {
    id: row.id,
    firmId: row.firm_id,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    email: row.email,
    privilege: row.privilege,
    userInformation: informationWithoutNumbers(row),
  };
}
