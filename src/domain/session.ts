// The session's view of the signed-in user: the decoded token payload (docs/product/sign-in-and-session.md, Login
// response). The server never puts SSN or ITIN digits in a token (docs/architecture.md, Auth).
import type { components } from '../api/schema';
import type { Privilege } from './enums';

/** openapi.yaml's UserInformation with every field present (null where nothing is stored), without SSN and ITIN. */
export type TokenUserInformation = Omit<Required<components['schemas']['UserInformation']>, 'ssn' | 'itin'>;

export interface SessionUser {
  id: string;
  firmId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string;
  privilege: Privilege;
  userInformation: TokenUserInformation;
}

/**
 * Token lifetime: the first number in `expiresIn`, in hours (docs/product/sign-in-and-session.md).
 * "8h" -> 8 hours; "12" -> 12 hours. Returns undefined when there is no number.
 */
export function expiresInHours(expiresIn: string): number | undefined {
  const match = /\d+(?:\.\d+)?/.exec(expiresIn);
  return match ? Number(match[0]) : undefined;
}

export function expiryFrom(now: number, expiresIn: string): number | undefined {
  const hours = expiresInHours(expiresIn);
  return hours === undefined ? undefined : now + hours * 3_600_000;
}

export const privilegedRoles = ['owner', 'administrator'] as const satisfies readonly Privilege[];

export function canManageEmployees(privilege: Privilege): boolean {
  return (privilegedRoles as readonly Privilege[]).includes(privilege);
}

/**
 * Whether `caller` may deactivate or reactivate `target` (docs/product/people.md#deactivating-an-employee):
 * owners and administrators, never on themselves, and an administrator never on an owner. The
 * server holds the same rules, and also keeps the firm's last active owner.
 */
export function canChangeStatusOf(caller: { id: string; privilege: Privilege }, target: { id: string; privilege: Privilege }): boolean {
  if (!canManageEmployees(caller.privilege) || caller.id === target.id) return false;
  return !(caller.privilege === 'administrator' && target.privilege === 'owner');
}

/** Edit Employee follows the same rules as deactivation (docs/product/people.md, Edit employee). */
export const canEditEmployee = canChangeStatusOf;

/**
 * Why a signed-in call was refused (docs/product/sign-in-and-session.md, Sessions that end in the
 * browser): the 401's `code` (openapi.yaml, Unauthorized) names it when the server knows. Any other
 * 401 code is `unknown`: the session is over without a reason to tell.
 */
export const sessionRefusalCodes = {
  signedOut: 'session_signed_out',
  passwordChanged: 'session_password_changed',
  emailChanged: 'session_email_changed',
  privilegeChanged: 'session_privilege_changed',
  expired: 'session_expired',
  deactivated: 'account_deactivated',
} as const satisfies Record<string, components['schemas']['ErrorCode']>;

export type SessionRefusalReason = keyof typeof sessionRefusalCodes | 'unknown';

/** The reason a 401's code names. */
export function refusalReasonOf(code: unknown): SessionRefusalReason {
  const found = (Object.keys(sessionRefusalCodes) as Array<keyof typeof sessionRefusalCodes>).find(
    (reason) => sessionRefusalCodes[reason] === code,
  );
  return found ?? 'unknown';
}

/** How long before its expiry the session offers 'Stay signed in' (docs/product/sign-in-and-session.md). */
export const EXPIRY_NOTICE_MS = 5 * 60_000;

/**
 * The login screen's address (docs/product/app-shell.md), shared by the app's routes and the
 * server, which answers it with the page that leaves the routed app's code out (server/http/spa.ts).
 */
export const LOGIN_PAGE = '/login';
