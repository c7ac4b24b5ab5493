// Authenticator codes (RFC 6238 TOTP, otplib) and recovery codes (docs/product/sign-in-and-session.md,
// Second factor). The TOTP secret is sealed at rest like an SSN (server/crypto/piiCipher.ts);
// recovery codes are argon2id-hashed like passwords: ten hashes at enrolment cost about a third of
// a second, and a recovery code given at sign-in is checked against the user's unused ones only.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN, normaliseCode } from '../../src/domain/secondFactor';
import { hashPassword, verifyPassword } from './password';

/** The issuer authenticator apps show above the account. */
export const TOTP_ISSUER = 'Intake';

/** One step of clock drift either way (30 s), as RFC 6238 section 5.2 recommends at most. */
const EPOCH_TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/**
 * The time step of a valid code given at `now`, or undefined. A step not after `afterStep` is
 * refused: each code is taken once (RFC 6238 section 5.2).
 */
export function verifyTotp(secret: string, code: string, now: Date, afterStep: number | null): number | undefined {
  const token = normaliseCode(code);
  if (!TOTP_CODE_PATTERN.test(token)) return undefined;
  const result = verifySync({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function recoveryGroup(): string {
  return Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
}

/** Fresh recovery codes (50 random bits each) and their hashes. */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${recoveryGroup()}-${recoveryGroup()}`);
  return { codes, hashes: await Promise.all(codes.map((code) => hashPassword(code))) };
}

export function looksLikeRecoveryCode(code: string): boolean {
  return RECOVERY_CODE_PATTERN.test(normaliseCode(code));
}

/** The id of the stored code `code` is, among `stored`; undefined when none. */
export async function matchRecoveryCode(stored: readonly { id: string; code_hash: string }[], code: string): Promise<string | undefined> {
  const given = normaliseCode(code);
  for (const row of stored) if (await verifyPassword(row.code_hash, given)) return row.id;
  return undefined;
}

/** A challenge handed to the browser, and what is stored of it. */
export function newChallenge(): { challenge: string; id: string } {
  const challenge = randomBytes(32).toString('base64url');
  return { challenge, id: challengeId(challenge) };
}

export function challengeId(challenge: string): string {
  return createHash('sha256').update(challenge, 'utf8').digest('hex');
}
