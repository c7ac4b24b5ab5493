// The sign-in's refusals, shared by the password step (service.ts) and the second factor's
// (secondFactorService.ts): one answer for every wrong credential, and the lockout's.
import { sessionTexts } from '../../src/domain/texts';
import { ApiError } from '../http/errors';

/** One answer for an unknown email and a wrong password, so it does not tell which emails exist. */
export function invalidCredentials(): ApiError {
  return new ApiError(401, 'invalid_credentials', sessionTexts.loginFailed);
}

export function tooManyAttempts(retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(429, 'too_many_attempts', sessionTexts.tooManyAttempts, undefined, {
    'Retry-After': String(seconds),
  });
}
