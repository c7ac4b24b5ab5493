// Fetchers for sign-in, the caller's profile and the firm's employees (docs/product/people.md). Each one
// calls the client, throws an ApiError on an error answer and returns the payload.
import type { Page } from './page';
import { api } from './client';
import { ApiError } from './errors';
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

// An error answer with an empty body leaves both `data` and `error` undefined (openapi-fetch),
// hence `|| !data` beside `error` in each fetcher.

export type SecondFactorChallenge = components['schemas']['SecondFactorChallenge'];
export type SecondFactorLoginResult = components['schemas']['SecondFactorLoginResult'];
export type TotpEnrolment = components['schemas']['TotpEnrolment'];
export type TotpStatus = components['schemas']['TotpStatus'];

/** The token, or the challenge of a second factor the user still owes (docs/product/sign-in-and-session.md). */
export async function login(credentials: LoginRequest): Promise<LoginResult | SecondFactorChallenge> {
  const { data, error, response } = await api.POST('/v1/users/login', { body: credentials });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

/** The second step: a code of the authenticator, a recovery code, or the first code of an enrolment. */
export async function loginSecondFactor(challenge: string, code: string): Promise<SecondFactorLoginResult> {
  const { data, error, response } = await api.POST('/v1/users/login/second-factor', { body: { challenge, code } });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

/** A sign-in whose firm requires a second factor the user lacks: the secret to set up. */
export async function startSignInEnrolment(challenge: string): Promise<TotpEnrolment> {
  const { data, error, response } = await api.POST('/v1/users/login/second-factor/enrolment', { body: { challenge } });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

export async function getTotpStatus(): Promise<TotpStatus> {
  const { data, error, response } = await api.GET('/v1/users/me/totp');
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

export async function startTotpEnrolment(): Promise<TotpEnrolment> {
  const { data, error, response } = await api.POST('/v1/users/me/totp');
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

/** The first code turns two-factor sign-in on; answers the recovery codes, shown once. */
export async function confirmTotpEnrolment(code: string): Promise<string[]> {
  const { data, error, response } = await api.POST('/v1/users/me/totp/confirm', { body: { code } });
  if (error || !data) throw new ApiError(error, response);
  return data.data.recoveryCodes;
}

export async function removeTotp(code: string): Promise<void> {
  const { error, response } = await api.DELETE('/v1/users/me/totp', { body: { code } });
  if (!response.ok) throw new ApiError(error, response);
}

/** Owner or administrator: an employee's second factor is removed (a lost phone). */
export async function resetEmployeeTotp(id: string): Promise<void> {
  const { error, response } = await api.DELETE('/v1/users/{id}/totp', { params: { path: { id } } });
  if (!response.ok) throw new ApiError(error, response);
}

/** Ends the signed-in session on the server: its token answers 401 afterwards. */
export async function logout(): Promise<void> {
  const { error, response } = await api.POST('/v1/users/logout');
  if (!response.ok) throw new ApiError(error, response);
}

/** 'Stay signed in': the session lasts a full lifetime from now, with a fresh token for it. */
export async function renewSession(): Promise<LoginResult> {
  const { data, error, response } = await api.POST('/v1/users/me/session/renew');
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

export async function getCurrentUser(): Promise<User> {
  const { data, error, response } = await api.GET('/v1/users/me');
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

export async function listUsers(query: UserListQuery): Promise<Page<User>> {
  const { data, error, response } = await api.GET('/v1/users', { params: { query } });
  if (error || !data) throw new ApiError(error, response);
  return { rows: data.data, totalRecords: data.totalRecords };
}

export async function createEmployee(employee: EmployeeCreateRequest): Promise<User> {
  const { data, error, response } = await saveOnce((headers) => api.POST('/v1/firmUser', { params: { header: headers }, body: employee }));
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

export async function updateUser(id: string, changes: UserUpdateRequest): Promise<UpdatedUser> {
  const { data, error, response } = await api.PUT('/v1/user/{id}', { params: { path: { id } }, body: changes });
  if (error || !data) throw new ApiError(error, response);
  return { user: data.data, session: data.session };
}

export type UserReveal = components['schemas']['UserReveal'];

/** A user's SSN and ITIN in full (123-45-6789), null where none is stored; the server records it. */
export async function revealUserNumbers(id: string): Promise<UserReveal> {
  const { data, error, response } = await api.POST('/v1/user/{id}/reveal', { params: { path: { id } } });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

/** Stops an employee signing in (and ends their sessions); answers the user, now 'Deactivated'. */
export async function deactivateUser(id: string): Promise<User> {
  const { data, error, response } = await api.POST('/v1/user/{id}/deactivate', { params: { path: { id } } });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

export async function reactivateUser(id: string): Promise<User> {
  const { data, error, response } = await api.POST('/v1/user/{id}/reactivate', { params: { path: { id } } });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

export type EmployeeUpdateRequest = components['schemas']['EmployeeUpdateRequest'];

/** An employee of the caller's firm, for Edit Employee (owner and administrator). */
export async function getEmployee(id: string): Promise<User> {
  const { data, error, response } = await api.GET('/v1/users/{id}', { params: { path: { id } } });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}

/** Changes an employee's names, email, phone and privilege; answers the employee as stored. */
export async function updateEmployee(id: string, changes: EmployeeUpdateRequest): Promise<User> {
  const { data, error, response } = await api.PATCH('/v1/users/{id}', { params: { path: { id } }, body: changes });
  if (error || !data) throw new ApiError(error, response);
  return data.data;
}
