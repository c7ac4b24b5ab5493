// Fetchers for password reset (docs/product/sign-in-and-session.md, Password reset): the public
// calls of 'Forgot password?' and the reset page, and the link an owner or administrator makes.
import { api } from './client';
import { dataOf, settledOf } from './errors';
import type { components } from './schema';

export type PasswordResetOptions = components['schemas']['PasswordResetOptions'];
export type PasswordResetLink = components['schemas']['PasswordResetLink'];

/** Whether this server emails reset links. */
export async function passwordResetOptions(): Promise<PasswordResetOptions> {
  return dataOf(api.GET('/public/v1/password-reset'));
}

/** Asks for a link by email; the answer is the same whoever the address belongs to. */
export async function requestPasswordReset(email: string): Promise<void> {
  await settledOf(api.POST('/public/v1/password-reset', { body: { email } }));
}

/** Sets the new password with the link's token; 404 for a link that is unknown, expired or used. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await settledOf(api.POST('/public/v1/password-reset/{token}', { params: { path: { token } }, body: { password } }));
}

/** Owner or administrator: a link for an employee, to hand over. */
export async function makePasswordResetLink(id: string): Promise<PasswordResetLink> {
  return dataOf(api.POST('/v1/users/{id}/password-reset', { params: { path: { id } } }));
}
