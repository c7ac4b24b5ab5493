// Two-factor sign-in (docs/product/sign-in-and-session.md, Second factor): what the server, the
// session machine and the login screen share.

/** How a second factor may be given after a right password. */
export const secondFactorMethods = ['totp', 'recoveryCode', 'totpEnrolment', 'passkey'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** A challenge lasts five minutes and takes five codes. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
export const CHALLENGE_MAX_CODES = 5;

/** Recovery codes per enrolment. */
export const RECOVERY_CODE_COUNT = 10;

/** An authenticator's code: six digits (RFC 6238's usual length, what every app shows). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code: two groups of five letters or digits (Crockford's base 32 alphabet), e.g. 7K3QD-M9XWA. */
export const RECOVERY_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

/** A code as typed: spaces dropped, letters upper-cased (apps show codes as '123 456'). */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}
