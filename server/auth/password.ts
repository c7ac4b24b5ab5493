// Password hashing: argon2id with @node-rs/argon2's defaults (19 MiB, 2 passes, 1 lane), the
// OWASP-recommended minimum.
import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// The package declares `Algorithm` as a const enum, which isolatedModules cannot read at runtime;
// 2 is its Argon2id member.
const argon2id: Algorithm.Argon2id = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: argon2id });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A stored value that is not an argon2 hash never matches.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a throw-away hash, so a login for an unknown email costs as long as a
 * login with a wrong password and the answer time does not tell which emails exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
