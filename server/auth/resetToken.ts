// Password reset tokens (docs/product/sign-in-and-session.md, Password reset): 256 random bits,
// base64url, handed out once inside the link's path. Only their SHA-256 is stored, so a copy of the
// database resets no password; a link is looked up by that hash.
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newResetToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The stored form of a token; undefined for text that cannot be one (it is then simply not found). */
export function resetTokenHash(token: string): string | undefined {
  return TOKEN_PATTERN.test(token) ? createHash('sha256').update(token).digest('hex') : undefined;
}

/** The stored form of a token just made (newResetToken), with no check of its form. */
export function hashOfAnyText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
