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
