// Login form (docs/product/sign-in-and-session.md "Login screen", docs/product/sign-in-and-session.md Login). The spec quotes no messages here.
import { object, string, type InferType } from 'yup';
import { requiredEmail } from './shared';

export const loginMessages = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
} as const;

export const loginSchema = object({
  email: requiredEmail(loginMessages.emailRequired),
  // Not trimmed: spaces are part of a password.
  password: string().required(loginMessages.passwordRequired),
});

export type LoginInput = InferType<typeof loginSchema>;

/** 'Forgot password?' (docs/product/sign-in-and-session.md, Password reset): the email, as the login checks it. */
export const forgotPasswordSchema = object({ email: requiredEmail(loginMessages.emailRequired) });

export type ForgotPasswordInput = InferType<typeof forgotPasswordSchema>;
