// Signed session tokens (DESIGN.md, Auth): HS256 JWTs whose payload is the SessionUser the client
// decodes and shows (staff-app spec §3, Login response). SSN and ITIN digits never go into a token;
// the profile reads them from GET /v1/users/me.
import { SignJWT, jwtVerify } from 'jose';
import { privileges, type Privilege } from '../../src/domain/enums';
import type { SessionUser, TokenUserInformation } from '../../src/domain/session';
import { resolveSecret } from '../crypto/secretFile';

/** Sent beside the token; the client reads its first number as hours (staff-app spec §4). */
export const TOKEN_LIFETIME = '8h';
const ALGORITHM = 'HS256';
export const JWT_SECRET_FILE_NAME = 'jwt-secret';
/** 32 characters at least: an HS256 key shorter than its 256-bit hash is easier to guess. */
export const MIN_SECRET_LENGTH = 32;

export interface TokenService {
  sign(user: SessionUser): Promise<string>;
  /** The user of a valid token; throws for a tampered, expired, unsigned or malformed one. */
  verify(token: string): Promise<SessionUser>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user) {
      return new SignJWT({ ...sessionClaims(user) })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key);
    },
    async verify(token) {
      // Only HS256 is accepted: `alg: none` and every other algorithm fail here.
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
      return sessionUserFrom(payload);
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

function sessionUserFrom(payload: Record<string, unknown>): SessionUser {
  const { id, firmId, privilege, userInformation } = payload;
  if (typeof id !== 'string' || id !== payload.sub || typeof firmId !== 'string' || !isPrivilege(privilege)) {
    throw new InvalidTokenPayload('Token payload is not a session');
  }
  if (typeof userInformation !== 'object' || userInformation === null) {
    throw new InvalidTokenPayload('Token payload has no userInformation');
  }
  // The signature proves the server wrote these claims with sessionClaims, so their shape holds.
  return sessionClaims({ ...(payload as unknown as SessionUser), id, firmId, privilege });
}

/**
 * The signing secret: JWT_SECRET when given, else a random one made on first start and kept in
 * DATA_DIR/jwt-secret with mode 0600, so tokens survive restarts. Instances behind one load
 * balancer must share JWT_SECRET instead.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  return resolveSecret({ configured, dataDir, fileName: JWT_SECRET_FILE_NAME, minLength: MIN_SECRET_LENGTH });
}
