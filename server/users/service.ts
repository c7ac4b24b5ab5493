// Sign-in, the caller's own record and the firm's employees (docs/product/people.md). What a row
// becomes in an answer or a token is users/views.ts.
import { employeeTexts } from '../../src/domain/texts';
import type { Kysely } from 'kysely';
import { toCalendarIso } from '../../src/domain/dates';
import type { Privilege } from '../../src/domain/enums';
import type { EmployeeCreateBody, EmployeeUpdateBody, ProfileUpdateBody } from '../../src/domain/schemas/user';
import type { SessionUser } from '../../src/domain/session';
import { recordActivity } from '../activity/recordActivity';
import { sealOptional, type PiiCipher } from '../crypto/piiCipher';
import { maskSsn } from '../../src/domain/ssnMask';
import type { DeviceCookie, DeviceCookies } from '../auth/deviceCookie';
import type { EmailHasher } from '../auth/emailHash';
import type { LoginThrottle } from '../auth/loginThrottle';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import { forbidden, sessionRefused, unauthenticated } from '../auth/plugin';
import type { SessionStore } from '../auth/sessions';
import { invalidCredentials, tooManyAttempts } from './signInRefusals';
import { cannotResetSelf, type SecondFactorChallenge, type SecondFactorService } from './secondFactorService';
import type { PasswordResetLink, PasswordResetService } from './passwordResetService';
import { TOKEN_LIFETIME, TOKEN_LIFETIME_MS, type TokenService } from '../auth/tokens';
import type { Database } from '../db/database';
import type { PageQuery, Schemas } from '../http/contractTypes';
import { ApiError } from '../http/errors';
import {
  deactivateUserInFirm,
  findUserByEmail,
  findUserInFirm,
  insertUser,
  isEmailTaken,
  isEmailUniqueViolation,
  listUsersInFirm,
  normaliseEmail,
  reactivateUserInFirm,
  updateEmployeeInFirm,
  updateUserInFirm,
  type EmployeeChanges,
  type UserChanges,
  type UserRecordRow,
  type UserRow,
} from './repository';
import { storedNumbers, toListedUser, toSessionUser, toUser, type User } from './views';

export type LoginResult = Schemas['LoginResult'];

/**
 * A profile save that sends back the mask of a stored number keeps that number
 * (docs/product/people.md): the form returns what it was shown when the field was not touched.
 * Runs before the body is checked, which would refuse the mask's form.
 */
export function keepingMaskedNumbers<T>(body: T, stored: { ssn: string | null; itin: string | null }): T {
  if (typeof body !== 'object' || body === null || !('userInformation' in body)) return body;
  const info = body.userInformation;
  if (typeof info !== 'object' || info === null) return body;
  const sent = info as { ssn?: unknown; itin?: unknown };
  const kept = { ...sent };
  if (stored.ssn && sent.ssn === maskSsn(stored.ssn)) kept.ssn = stored.ssn;
  if (stored.itin && sent.itin === maskSsn(stored.itin)) kept.itin = stored.itin;
  return { ...body, userInformation: kept };
}

export type UserListQuery = PageQuery<'listUsers'>;
export type UserPage = Schemas['UserListResponse'];
export type UpdatedProfile = Schemas['UserUpdateResponse'];

export const emailTakenMessage = employeeTexts.emailTaken;

export function emailTaken(): ApiError {
  return new ApiError(409, 'email_taken', emailTakenMessage, { email: emailTakenMessage });
}

/** Search words: runs of non-space characters, at most this many (the contract caps the text at 100). */
const MAX_SEARCH_WORDS = 8;

export function searchWordsOf(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/** '' and spaces are "not given" for optional texts (the forms send '' for an empty field). */
function textOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The columns a profile or employee body sets, after the shared schema has passed it. */
function profileColumns(body: ProfileUpdateBody): Required<Omit<UserChanges, 'password_hash'>> {
  const info = body.userInformation;
  const ssnStatus = info.ssnStatus ?? null;
  return {
    first_name: body.firstName,
    middle_name: textOrNull(body.middleName),
    last_name: body.lastName,
    email: normaliseEmail(body.email),
    phone_number: textOrNull(info.phoneNumber),
    usage: info.usage ?? null,
    civil_status: info.civilStatus ?? null,
    gender: info.gender ?? null,
    // A day on the calendar, kept as 'YYYY-MM-DD' (src/domain/dates.ts).
    birth_date: toCalendarIso(info.birthDate),
    ssn_status: ssnStatus,
    // docs/product/people.md: an SSN only exists while the status is hasSsn.
    ssn: ssnStatus === 'hasSsn' ? textOrNull(info.ssn) : null,
    itin: textOrNull(info.itin),
  };
}

/**
 * Who may grant which privilege (docs/product/people.md lets owner and administrator create employees):
 * only an owner makes another owner, so an administrator cannot raise anyone above themselves.
 */
function mayGrant(caller: Privilege, privilege: Privilege): boolean {
  return privilege !== 'owner' || caller === 'owner';
}

/**
 * A user edits their own record only (PUT /v1/user/{id}). Another user's id, of this firm or any
 * other, gets the same 403 without a lookup, so the answer never tells whether that id exists.
 */
export function ensureOwnRecord(caller: SessionUser, id: string): void {
  if (id !== caller.id) throw forbidden();
}

/** Where each stored column shows in the profile body (ProfileUpdateRequest of openapi.yaml). */
const profilePaths = {
  first_name: 'firstName',
  middle_name: 'middleName',
  last_name: 'lastName',
  email: 'email',
  password_hash: 'password',
  phone_number: 'userInformation.phoneNumber',
  usage: 'userInformation.usage',
  civil_status: 'userInformation.civilStatus',
  gender: 'userInformation.gender',
  birth_date: 'userInformation.birthDate',
  ssn_status: 'userInformation.ssnStatus',
  ssn: 'userInformation.ssn',
  itin: 'userInformation.itin',
} as const satisfies Partial<Record<keyof UserRow, string>>;

/** The profile fields a save changed, by path, for the activity trail (never their values). */
function changedProfilePaths(before: UserRow, after: UserRow): string[] {
  return (Object.keys(profilePaths) as (keyof typeof profilePaths)[])
    .filter((column) => before[column] !== after[column])
    .map((column) => profilePaths[column]);
}

export interface UsersServiceDependencies {
  db: Kysely<Database>;
  tokens: TokenService;
  sessions: SessionStore;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  emailHash: EmailHasher;
  pii: PiiCipher;
  secondFactors: SecondFactorService;
  passwordResets: PasswordResetService;
}

/** Where a sign-in comes from: the client address (auth/plugin.ts trusts proxies per TRUST_PROXY) and its cookies. */
export interface SignInSource {
  clientAddress: string;
  cookies: Record<string, string | undefined>;
}

export interface SignedIn extends LoginResult {
  /** The browser is known for this email from now on (auth/deviceCookie.ts). */
  deviceCookie: DeviceCookie;
  /** After an enrolment made at this sign-in: the new recovery codes, shown once. */
  recoveryCodes?: string[];
}

/** A right password whose user owes a second factor: no session yet, no device cookie. */
export interface SecondFactorOwed {
  secondFactor: SecondFactorChallenge;
}

export function cannotDeactivateSelf(): ApiError {
  return new ApiError(409, 'cannot_deactivate_self', employeeTexts.cannotDeactivateSelf);
}

export function lastOwner(): ApiError {
  return new ApiError(409, 'last_owner', employeeTexts.lastOwner);
}

export function cannotEditSelf(): ApiError {
  return new ApiError(409, 'cannot_edit_self', employeeTexts.cannotEditSelf);
}

/** Where each column an employee edit sets shows in the profile body, for the activity trail. */
const employeeEditPaths = {
  first_name: 'firstName',
  middle_name: 'middleName',
  last_name: 'lastName',
  email: 'email',
  phone_number: 'userInformation.phoneNumber',
  privilege: 'privilege',
} as const satisfies Record<keyof EmployeeChanges, string>;

function employeeColumns(body: EmployeeUpdateBody): Required<EmployeeChanges> {
  return {
    first_name: body.firstName,
    middle_name: textOrNull(body.middleName),
    last_name: body.lastName,
    email: normaliseEmail(body.email),
    phone_number: textOrNull(body.phoneNumber),
    privilege: body.privilege,
  };
}

function notFound(): ApiError {
  return new ApiError(404, 'not_found', 'User not found');
}

export function createUsersService({
  db,
  tokens,
  sessions,
  throttle,
  devices,
  emailHash,
  pii,
  secondFactors,
  passwordResets,
}: UsersServiceDependencies) {
  /**
   * The columns with SSN and ITIN sealed. A number equal to the stored one keeps its stored seal,
   * so a save that did not change it does not rewrite it (nor count it as changed).
   */
  function sealedColumns<C extends { ssn: string | null; itin: string | null }>(columns: C, before?: UserRow): C {
    const stored = before ? storedNumbers(before, pii) : { ssn: null, itin: null };
    return {
      ...columns,
      ssn: before && columns.ssn !== null && columns.ssn === stored.ssn ? before.ssn : sealOptional(pii, columns.ssn, 'users.ssn'),
      itin: before && columns.itin !== null && columns.itin === stored.itin ? before.itin : sealOptional(pii, columns.itin, 'users.itin'),
    };
  }

  async function newSession(row: UserRecordRow): Promise<{ sessionId: string; result: LoginResult }> {
    const sessionId = await sessions.start(row.id, TOKEN_LIFETIME_MS);
    return { sessionId, result: { token: await tokens.sign(toSessionUser(row), sessionId), expiresIn: TOKEN_LIFETIME } };
  }

  /**
   * An employee of the caller's firm whom the caller may activate or deactivate: an administrator
   * cannot touch an owner (docs/product/people.md). Another firm's user is not found.
   */
  async function manageable(caller: SessionUser, id: string): Promise<UserRow> {
    const row = await findUserInFirm(db, caller.firmId, id);
    if (!row) throw notFound();
    if (row.privilege === 'owner' && caller.privilege !== 'owner') throw forbidden();
    return row;
  }

  return {
    async login(email: string, password: string, source: SignInSource): Promise<SignedIn | SecondFactorOwed> {
      const now = throttle.settings.now();
      const device = devices.deviceOf(email, source.cookies, now);
      // Counted before the password is checked (auth/loginThrottle.ts): a refused attempt is never
      // checked, so the right password cannot be found by watching which attempt would have succeeded.
      const attempt = await throttle.reserve({ email, clientAddress: source.clientAddress, device });
      if (attempt.refused) throw tooManyAttempts(attempt.retryAfterMs);

      const row = await findUserByEmail(db, email);
      const valid = row ? await verifyPassword(row.password_hash, password) : await verifyAgainstDummy(password);
      // A deactivated user gets the wrong-password answer, after the same work (docs/product/people.md).
      if (!row || !valid || row.status !== 'Active') {
        // Only checked attempts are recorded: one refused by the lockout above adds no row, so a
        // flood of them cannot fill the trail.
        await recordActivity(db, {
          firmId: row?.firm_id ?? null,
          userId: row?.id ?? null,
          action: 'signIn.failed',
          clientAddress: source.clientAddress,
          emailHash: row ? null : emailHash(email),
        });
        const delay = await attempt.failed();
        if (delay > 0) await throttle.settings.wait(delay);
        throw invalidCredentials();
      }
      await attempt.succeeded();
      // A known browser's device cookie spares it the lockout of others' guesses, never the second
      // factor (docs/product/sign-in-and-session.md, Second factor).
      const secondFactor = await secondFactors.challengeAfterPassword(row);
      if (secondFactor) return { secondFactor };
      await recordActivity(db, { firmId: row.firm_id, userId: row.id, action: 'signIn.succeeded', clientAddress: source.clientAddress });
      return { ...(await newSession(row)).result, deviceCookie: devices.issue(row.email, now) };
    },

    /** The second step of a sign-in that owed a second factor: a session, as the login's. */
    async loginSecondFactor(challenge: string, code: string, source: SignInSource): Promise<SignedIn> {
      const { row, recoveryCodes } = await secondFactors.passChallenge(challenge, code, source.clientAddress);
      await recordActivity(db, { firmId: row.firm_id, userId: row.id, action: 'signIn.succeeded', clientAddress: source.clientAddress });
      const signedIn: SignedIn = { ...(await newSession(row)).result, deviceCookie: devices.issue(row.email, throttle.settings.now()) };
      return recoveryCodes ? { ...signedIn, recoveryCodes } : signedIn;
    },

    /**
     * A sign-in another step proved (a passkey, alone or as the second factor): a session, as the
     * login's. The row was read from the database by that step, with its role and firm.
     */
    async signedInAs(row: UserRow, source: SignInSource): Promise<SignedIn> {
      await recordActivity(db, { firmId: row.firm_id, userId: row.id, action: 'signIn.succeeded', clientAddress: source.clientAddress });
      return { ...(await newSession(row)).result, deviceCookie: devices.issue(row.email, throttle.settings.now()) };
    },

    /** DELETE /v1/users/{id}/totp: the Edit Employee rules decide who may (an administrator never an owner's). */
    async resetSecondFactor(caller: SessionUser, id: string, clientAddress: string): Promise<void> {
      if (id === caller.id) throw cannotResetSelf();
      await secondFactors.reset(caller, await manageable(caller, id), clientAddress);
    },

    /**
     * POST /v1/users/{id}/password-reset: the Edit Employee rules decide who may (an administrator
     * never an owner's); one's own password is changed on Edit Profile.
     */
    async makePasswordResetLink(caller: SessionUser, id: string, origin: string, clientAddress: string): Promise<PasswordResetLink> {
      if (id === caller.id) throw cannotEditSelf();
      return passwordResets.makeLink(caller, await manageable(caller, id), origin, clientAddress);
    },

    /** Sign Out: this session ends; its token answers 401 from now on. */
    async logout(caller: SessionUser, sessionId: string, clientAddress: string): Promise<void> {
      await sessions.end(sessionId, 'signOut');
      await recordActivity(db, { firmId: caller.firmId, userId: caller.id, action: 'signOut', clientAddress });
    },

    /**
     * 'Stay signed in' (docs/product/sign-in-and-session.md): the caller's live session lasts a full
     * lifetime from now, with a fresh token for it. A session that ended or expired meanwhile is
     * not brought back: 401 as for any call it makes.
     */
    async renewSession(caller: SessionUser, sessionId: string, row: UserRecordRow, clientAddress: string): Promise<LoginResult> {
      if (!(await sessions.renew(sessionId, TOKEN_LIFETIME_MS))) throw sessionRefused(await sessions.refusal(sessionId, caller.id));
      await recordActivity(db, { firmId: caller.firmId, userId: caller.id, action: 'session.renewed', clientAddress });
      return { token: await tokens.sign(toSessionUser(row), sessionId), expiresIn: TOKEN_LIFETIME };
    },

    /** The caller's row comes from the auth check (auth/sessions.ts), read with the session. */
    async currentUser(row: UserRecordRow): Promise<User> {
      return toUser(row, pii);
    },

    /** The caller's stored SSN and ITIN, for keepingMaskedNumbers before their profile body is checked. */
    async ownNumbers(caller: SessionUser): Promise<{ ssn: string | null; itin: string | null }> {
      const row = await findUserInFirm(db, caller.firmId, caller.id);
      return row ? storedNumbers(row, pii) : { ssn: null, itin: null };
    },

    /**
     * A user's SSN and ITIN in full: one's own, or, for owner and administrator, an employee of
     * their firm (docs/product/people.md). Recorded in the activity trail.
     */
    async reveal(caller: SessionUser, id: string, clientAddress: string): Promise<{ ssn: string | null; itin: string | null }> {
      // A representative asking for someone else is refused without a lookup (as ensureOwnRecord).
      if (id !== caller.id && caller.privilege === 'representative') throw forbidden();
      const row = await findUserInFirm(db, caller.firmId, id);
      if (!row) throw notFound();
      const numbers = storedNumbers(row, pii);
      const fields = [numbers.ssn && 'userInformation.ssn', numbers.itin && 'userInformation.itin'].filter(
        (field): field is string => !!field,
      );
      await recordActivity(db, { firmId: caller.firmId, userId: caller.id, action: 'ssn.revealed', subject: id, fields, clientAddress });
      return numbers;
    },

    /** The caller's firm only (docs/architecture.md, Tenancy): the firm comes from the token. */
    async listUsers(caller: SessionUser, query: UserListQuery): Promise<UserPage> {
      const page = await listUsersInFirm(db, caller.firmId, {
        searchWords: searchWordsOf(query.search),
        privilege: query.privilege,
        limit: query.pageSize,
        offset: query.offSetValue,
      });
      return { data: page.rows.map(toListedUser), totalRecords: page.totalRecords };
    },

    async createEmployee(caller: SessionUser, body: EmployeeCreateBody, clientAddress: string): Promise<User> {
      const privilege = body.privilege ?? 'representative';
      if (!mayGrant(caller.privilege, privilege)) throw forbidden();
      const columns = sealedColumns(profileColumns(body));
      if (await isEmailTaken(db, columns.email)) throw emailTaken();
      const passwordHash = await hashPassword(body.password);
      try {
        const row = await insertUser(db, { ...columns, firm_id: caller.firmId, privilege, password_hash: passwordHash });
        await recordActivity(db, { firmId: caller.firmId, userId: caller.id, action: 'employee.created', subject: row.id, clientAddress });
        return toUser(row, pii);
      } catch (error) {
        if (isEmailUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    async updateOwnProfile(
      caller: SessionUser,
      sessionId: string,
      id: string,
      body: ProfileUpdateBody,
      clientAddress: string,
    ): Promise<UpdatedProfile> {
      ensureOwnRecord(caller, id);
      const before = await findUserInFirm(db, caller.firmId, caller.id);
      if (!before) throw unauthenticated();
      const columns = sealedColumns(profileColumns(body), before);
      if (await isEmailTaken(db, columns.email, caller.id)) throw emailTaken();
      // docs/product/people.md: the password is optional here; without one the current one stays.
      const changes: UserChanges = body.password ? { ...columns, password_hash: await hashPassword(body.password) } : columns;
      let row: UserRow | undefined;
      try {
        row = await updateUserInFirm(db, caller.firmId, caller.id, changes);
      } catch (error) {
        if (isEmailUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      // The token is valid but its user is gone: the session is over (as for GET /v1/users/me).
      if (!row) throw unauthenticated();
      // A new password or email ends every session of the user, this tab's old token included; the
      // fresh token answered here is a new session, so this tab stays signed in
      // (docs/product/sign-in-and-session.md). Other changes keep the session and renew its token.
      const passwordChanged = body.password !== undefined && body.password !== '';
      const emailChanged = columns.email !== normaliseEmail(caller.email);
      let session: LoginResult;
      if (passwordChanged || emailChanged) {
        const fresh = await newSession(row);
        await sessions.endAllOf(caller.id, passwordChanged ? 'passwordChanged' : 'emailChanged', fresh.sessionId);
        session = fresh.result;
      } else {
        await sessions.renew(sessionId, TOKEN_LIFETIME_MS);
        session = { token: await tokens.sign(toSessionUser(row), sessionId), expiresIn: TOKEN_LIFETIME };
      }
      const fields = changedProfilePaths(before, row);
      if (fields.length > 0) {
        await recordActivity(db, {
          firmId: caller.firmId,
          userId: caller.id,
          action: 'profile.changed',
          subject: caller.id,
          fields,
          clientAddress,
        });
      }
      return { data: toUser(row, pii), session };
    },

    /** An employee of the caller's firm, for the Edit Employee page (owner and administrator). */
    async employee(caller: SessionUser, id: string): Promise<User> {
      return toUser(await manageable(caller, id), pii);
    },

    /**
     * Owner and administrator change another employee's names, email, phone and privilege
     * (docs/product/people.md, Edit employee), with deactivation's rules: an administrator never
     * changes an owner nor makes one, and the firm keeps an active owner. A new privilege or email
     * ends every session of the employee, as a new email does on one's own profile: the next
     * request signs in again and carries the change.
     */
    async updateEmployee(caller: SessionUser, id: string, body: EmployeeUpdateBody, clientAddress: string): Promise<User> {
      if (id === caller.id) throw cannotEditSelf();
      const before = await manageable(caller, id);
      if (!mayGrant(caller.privilege, body.privilege)) throw forbidden();
      const columns = employeeColumns(body);
      if (await isEmailTaken(db, columns.email, id)) throw emailTaken();
      let result: UserRow | 'lastOwner' | undefined;
      try {
        result = await updateEmployeeInFirm(db, caller.firmId, id, columns);
      } catch (error) {
        if (isEmailUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      if (result === 'lastOwner') throw lastOwner();
      if (!result) throw notFound();
      const row = result;
      const privilegeChanged = before.privilege !== row.privilege;
      const emailChanged = before.email !== row.email;
      if (emailChanged) await sessions.endAllOf(row.id, 'emailChanged');
      else if (privilegeChanged) await sessions.endAllOf(row.id, 'privilegeChanged');
      const fields = (Object.keys(employeeEditPaths) as (keyof EmployeeChanges)[])
        .filter((column) => before[column] !== row[column])
        .map((column) => employeeEditPaths[column]);
      if (fields.length > 0) {
        await recordActivity(db, {
          firmId: caller.firmId,
          userId: caller.id,
          action: 'employee.changed',
          subject: row.id,
          fields,
          clientAddress,
        });
      }
      return toUser(row, pii);
    },

    /** Owner and administrator, for an employee of their firm (docs/product/people.md). */
    async deactivate(caller: SessionUser, id: string, clientAddress: string): Promise<User> {
      if (id === caller.id) throw cannotDeactivateSelf();
      const target = await manageable(caller, id);
      const row = await deactivateUserInFirm(db, caller.firmId, target.id);
      // The firm's only other active owner(s) would be gone: refused in the same statement.
      if (!row) throw lastOwner();
      // Every session ends at once (the auth check refuses a deactivated user's token anyway).
      await sessions.endAllOf(row.id, 'deactivated');
      await recordActivity(db, {
        firmId: caller.firmId,
        userId: caller.id,
        action: 'employee.deactivated',
        subject: row.id,
        clientAddress,
      });
      return toUser(row, pii);
    },

    async reactivate(caller: SessionUser, id: string, clientAddress: string): Promise<User> {
      const target = await manageable(caller, id);
      const row = await reactivateUserInFirm(db, caller.firmId, target.id);
      if (!row) throw notFound();
      await recordActivity(db, {
        firmId: caller.firmId,
        userId: caller.id,
        action: 'employee.reactivated',
        subject: row.id,
        clientAddress,
      });
      return toUser(row, pii);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
