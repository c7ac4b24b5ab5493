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

export async function login(credentials: LoginRequest): Promise<LoginResult> {
  return dataOf(api.POST('/v1/users/login', { body: credentials }));
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
