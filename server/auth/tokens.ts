// Signed session tokens (docs/architecture.md, Auth): HS256 JWTs whose payload is the SessionUser the client
// decodes and shows (docs/product/sign-in-and-session.md, Login response), plus `sid`, the session the token belongs
// to (auth/sessions.ts). The server reads only `sub` and `sid`: who the caller is and what they may
// do comes from the database on each request. SSN and ITIN digits never go into a token; the
// profile reads them from GET /v1/users/me.
import { createSecretKey } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { privileges, type Privilege } from '../../src/domain/enums';
import type { SessionUser, TokenUserInformation } from '../../src/domain/session';
import { resolveSecret } from '../crypto/secretFile';

/** Sent beside the token; the client reads its first number as hours (docs/product/sign-in-and-session.md). */
export const TOKEN_LIFETIME = '8h';
const ALGORITHM = 'HS256';
export const JWT_SECRET_FILE_NAME = 'jwt-secret';
/** 32 characters at least: an HS256 key shorter than its 256-bit hash is easier to guess. */
export const MIN_SECRET_LENGTH = 32;

/** What a valid token names: the user and the session (auth/sessions.ts) it belongs to. */
export interface TokenSubject {
  userId: string;
  sessionId: string;
}

/**
 * A token the server signed whose time is up: it opens nothing, but the 401 can say why and
 * whether its user was deactivated meanwhile (auth/plugin.ts).
 */
export class ExpiredToken extends Error {
  override readonly name = 'ExpiredToken';
  constructor(readonly subject: TokenSubject) {
    super('Token expired');
  }
}

export interface TokenService {
  sign(user: SessionUser, sessionId: string): Promise<string>;
  /**
   * The subject of a valid token; throws ExpiredToken for one whose signature is good but whose
   * time is up, and another error for a tampered, unsigned, sessionless or malformed one.
   */
  verify(token: string): Promise<TokenSubject>;
}

/** The token's lifetime in milliseconds, for the session row that ends with it. */
export const TOKEN_LIFETIME_MS = 8 * 60 * 60 * 1000;

/** How many verified tokens are remembered (a few per signed-in person; the oldest go first). */
const VERIFIED_TOKENS_KEPT = 10_000;

interface VerifiedToken {
  subject: TokenSubject;
  /** `exp` in milliseconds: a remembered token still expires on time. */
  expiresAt: number;
}

export function createTokenService(secret: string): TokenService {
  // A KeyObject made once: given raw bytes, jose imports the key again on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // Tokens whose signature was checked, by their exact text. The same text signed with the same key
  // verifies the same way every time, so checking it again only costs: jose's HMAC through Web
  // Crypto (a key conversion and a thread-pool job) was most of an authenticated request's CPU
  // (README, Performance). Expiry is checked on every use; the session and user are still read on
  // every request (auth/sessions.ts), so signing out or deactivation take effect at once.
  const verified = new Map<string, VerifiedToken>();
  return {
    async sign(user, sessionId) {
      return new SignJWT({ ...sessionClaims(user), sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) return known.subject;
      if (known) verified.delete(token);
      // Only HS256 is accepted: `alg: none` and every other algorithm fail here.
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] }));
      } catch (error) {
        // jose checks the signature before the claims: an expired claim means a signature we made.
        if (error instanceof errors.JWTExpired) throw new ExpiredToken(subjectOf(error.payload));
        throw error;
      }
      const subject = subjectOf(payload);
      if (typeof payload.exp === 'number') {
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, { subject, expiresAt: payload.exp * 1000 });
      }
      return subject;
    },
  };
}

/** Copies exactly the SessionUser fields, so no other property of a row can slip into a token. */
function sessionClaims(user: SessionUser): SessionUser {
  const info = user.userInformation;
  const userInformation: TokenUserInformation = {
    phoneNumber: info.phoneNumber,
    usage: info.usage,
    civilStatus: info.civilStatus,
    gender: info.gender,
    birthDate: info.birthDate,
    ssnStatus: info.ssnStatus,
  };
  return {
    id: user.id,
    firmId: user.firmId,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    email: user.email,
    privilege: user.privilege,
    userInformation,
  };
}

class InvalidTokenPayload extends Error {}

function isPrivilege(value: unknown): value is Privilege {
  return (privileges as readonly unknown[]).includes(value);
}

function subjectOf(payload: Record<string, unknown>): TokenSubject {
  const { id, firmId, privilege, sid } = payload;
  if (typeof id !== 'string' || id !== payload.sub || typeof firmId !== 'string' || !isPrivilege(privilege)) {
    throw new InvalidTokenPayload('Token payload is not a session');
  }
  // A token from before sessions were revocable names none: it cannot be ended, so it is refused.
  if (typeof sid !== 'string' || sid === '') throw new InvalidTokenPayload('Token payload names no session');
  return { userId: id, sessionId: sid };
}

/**
 * The signing secret: JWT_SECRET when given, else a random one made on first start and kept in
 * DATA_DIR/jwt-secret with mode 0600, so tokens survive restarts. Instances behind one load
 * balancer must share JWT_SECRET instead.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  return resolveSecret({ configured, dataDir, fileName: JWT_SECRET_FILE_NAME, minLength: MIN_SECRET_LENGTH });
}
