// Fetchers for sign-in, the caller's profile and the firm's employees (docs/product/people.md). Each one
// calls the client, throws an ApiError on an error answer and returns the payload.
import type { Page } from './page';
import { api } from './client';
import { bodyOf, dataOf, settledOf } from './errors';
import type { components, operations } from './schema';
import { saveOnce } from './idempotency';

export type User = components['schemas']['User'];
export type LoginResult = components['schemas']['LoginResult'];
export type LoginRequest = components['schemas']['LoginRequest'];
export type EmployeeCreateRequest = components['schemas']['EmployeeCreateRequest'];
export type UserUpdateRequest = components['schemas']['UserUpdateRequest'];
export type UserListQuery = NonNullable<operations['listUsers']['parameters']['query']>;

export interface UpdatedUser {
  user: User;
  /** A fresh token whose payload carries the new names. */
  session: LoginResult;
}

export type SecondFactorChallenge = components['schemas']['SecondFactorChallenge'];
export type SecondFactorLoginResult = components['schemas']['SecondFactorLoginResult'];
export type TotpEnrolment = components['schemas']['TotpEnrolment'];
export type TotpStatus = components['schemas']['TotpStatus'];

/** The token, or the challenge of a second factor the user still owes (docs/product/sign-in-and-session.md). */
export async function login(credentials: LoginRequest): Promise<LoginResult | SecondFactorChallenge> {
  return dataOf(api.POST('/v1/users/login', { body: credentials }));
}

/** The second step: a code of the authenticator, a recovery code, or the first code of an enrolment. */
export async function loginSecondFactor(challenge: string, code: string): Promise<SecondFactorLoginResult> {
  return dataOf(api.POST('/v1/users/login/second-factor', { body: { challenge, code } }));
}

/** A sign-in whose firm requires a second factor the user lacks: the secret to set up. */
export async function startSignInEnrolment(challenge: string): Promise<TotpEnrolment> {
  return dataOf(api.POST('/v1/users/login/second-factor/enrolment', { body: { challenge } }));
}

export async function getTotpStatus(): Promise<TotpStatus> {
  return dataOf(api.GET('/v1/users/me/totp'));
}

export async function startTotpEnrolment(): Promise<TotpEnrolment> {
  return dataOf(api.POST('/v1/users/me/totp'));
}

/** The first code turns two-factor sign-in on; answers the recovery codes, shown once. */
export async function confirmTotpEnrolment(code: string): Promise<string[]> {
  return (await dataOf(api.POST('/v1/users/me/totp/confirm', { body: { code } }))).recoveryCodes;
}

export async function removeTotp(code: string): Promise<void> {
  await settledOf(api.DELETE('/v1/users/me/totp', { body: { code } }));
}

/** Owner or administrator: an employee's second factor is removed (a lost phone). */
export async function resetEmployeeTotp(id: string): Promise<void> {
  await settledOf(api.DELETE('/v1/users/{id}/totp', { params: { path: { id } } }));
}

/** Ends the signed-in session on the server: its token answers 401 afterwards. */
export async function logout(): Promise<void> {
  await settledOf(api.POST('/v1/users/logout'));
}

/** 'Stay signed in': the session lasts a full lifetime from now, with a fresh token for it. */
export async function renewSession(): Promise<LoginResult> {
  return dataOf(api.POST('/v1/users/me/session/renew'));
}

export async function getCurrentUser(): Promise<User> {
  return dataOf(api.GET('/v1/users/me'));
}

export async function listUsers(query: UserListQuery): Promise<Page<User>> {
  const { data, totalRecords } = await bodyOf(api.GET('/v1/users', { params: { query } }));
  return { rows: data, totalRecords };
}

export async function createEmployee(employee: EmployeeCreateRequest): Promise<User> {
  return dataOf(saveOnce((headers) => api.POST('/v1/firmUser', { params: { header: headers }, body: employee })));
}

export async function updateUser(id: string, changes: UserUpdateRequest): Promise<UpdatedUser> {
  const { data, session } = await bodyOf(api.PUT('/v1/user/{id}', { params: { path: { id } }, body: changes }));
  return { user: data, session };
}

export type UserReveal = components['schemas']['UserReveal'];

/** A user's SSN and ITIN in full (123-45-6789), null where none is stored; the server records it. */
export async function revealUserNumbers(id: string): Promise<UserReveal> {
  return dataOf(api.POST('/v1/user/{id}/reveal', { params: { path: { id } } }));
}

/** Stops an employee signing in (and ends their sessions); answers the user, now 'Deactivated'. */
export async function deactivateUser(id: string): Promise<User> {
  return dataOf(api.POST('/v1/user/{id}/deactivate', { params: { path: { id } } }));
}

export async function reactivateUser(id: string): Promise<User> {
  return dataOf(api.POST('/v1/user/{id}/reactivate', { params: { path: { id } } }));
}

export type EmployeeUpdateRequest = components['schemas']['EmployeeUpdateRequest'];

/** An employee of the caller's firm, for Edit Employee (owner and administrator). */
export async function getEmployee(id: string): Promise<User> {
  return dataOf(api.GET('/v1/users/{id}', { params: { path: { id } } }));
}

/** Changes an employee's names, email, phone and privilege; answers the employee as stored. */
export async function updateEmployee(id: string, changes: EmployeeUpdateRequest): Promise<User> {
  return dataOf(api.PATCH('/v1/users/{id}', { params: { path: { id } }, body: changes }));
}
