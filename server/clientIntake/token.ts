// Client link tokens (docs/product/client-intake.md#the-link): 256 random bits, base64url, handed
// out once inside the link's address. Only their SHA-256 is stored, so a copy of the database
// opens no intake; a token is looked up by that hash.
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newClientToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The stored form of a token; undefined for text that cannot be one (it is then simply not found). */
export function clientTokenHash(token: string): string | undefined {
  return TOKEN_PATTERN.test(token) ? createHash('sha256').update(token).digest('hex') : undefined;
}
