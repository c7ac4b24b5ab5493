// Passkeys (docs/product/sign-in-and-session.md, Passkeys): added, named, listed and removed on the
// profile; a passkey signs in without the password (a discoverable credential) or serves as the
// second factor after a right password. Every ceremony's challenge is stored server-side (its hash),
// expires with the sign-in challenge's lifetime and is spent by its first use. A refused assertion
// counts toward the account's and the address's lockout (auth/loginThrottle.ts) as a wrong code does.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Kysely } from 'kysely';
import { CHALLENGE_LIFETIME_MS, CHALLENGE_MAX_CODES } from '../../src/domain/secondFactor';
import type { SessionUser } from '../../src/domain/session';
import { passkeyTexts, secondFactorTexts } from '../../src/domain/texts';
import { recordActivity } from '../activity/recordActivity';
import type { LoginThrottle } from '../auth/loginThrottle';
import { challengeId } from '../auth/secondFactor';
import type { Database } from '../db/database';
import { findFirmById } from '../firms/repository';
import type { Schemas } from '../http/contractTypes';
import { ApiError } from '../http/errors';
import {
  deletePasskey,
  findOwnPasskey,
  findPasskeyByCredential,
  insertPasskey,
  insertWebauthnChallenge,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
  takeWebauthnChallenge,
  type PasskeyRow,
  type WebauthnPurpose,
} from './passkeyRepository';
import type { UserRow } from './repository';
import { findLiveChallenge, hasSecondFactor, takeChallengeAttempt, useChallenge } from './secondFactorRepository';
import { tooManyAttempts } from './signInRefusals';

export type Passkey = Schemas['Passkey'];

/** The relying party: PUBLIC_URL's, or the address staff called (server/users/routes.ts). */
export interface RelyingParty {
  /** The host name, without port (WebAuthn refuses an IP address here in browsers). */
  id: string;
  /** scheme://host[:port] */
  origin: string;
}

const RP_NAME = 'Intake';

export function passkeyRefused(status: 400 | 401): ApiError {
  return new ApiError(status, 'passkey_refused', status === 400 ? passkeyTexts.addFailed : passkeyTexts.refused);
}

function challengeExpired(): ApiError {
  return new ApiError(401, 'challenge_expired', secondFactorTexts.challengeExpired);
}

function passkeyNotFound(): ApiError {
  return new ApiError(404, 'not_found', passkeyTexts.notFound);
}

export function toPasskey(row: PasskeyRow): Passkey {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** The challenge the browser signed, read from its client data; undefined when unreadable. */
function signedChallenge(clientDataJSON: unknown): string | undefined {
  if (typeof clientDataJSON !== 'string') return undefined;
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The user handle a passkey carries: the user's id, as bytes. */
function userHandleOf(userId: string): string {
  return isoBase64URL.fromUTF8String(userId);
}

function transportsOf(row: PasskeyRow): string[] | undefined {
  if (!row.transports) return undefined;
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : undefined;
  } catch {
    return undefined;
  }
}

export interface PasskeyDependencies {
  db: Kysely<Database>;
  throttle: LoginThrottle;
}

export function createPasskeyService({ db, throttle }: PasskeyDependencies) {
  const now = () => throttle.settings.now();

  async function remember(challenge: string, purpose: WebauthnPurpose, userId: string | null): Promise<void> {
    await insertWebauthnChallenge(db, { challenge, userId, purpose, now: now(), lifetimeMs: CHALLENGE_LIFETIME_MS });
  }

  /**
   * Checks an assertion against the passkey it names and records its use; false for any mismatch
   * (another origin, another challenge, a bad signature, a counter that went back, a foreign user handle).
   */
  async function verifiedUse(response: AuthenticationResponseJSON, passkey: PasskeyRow, challenge: string, rp: RelyingParty) {
    const userHandle = response.response?.userHandle;
    if (userHandle && userHandle !== userHandleOf(passkey.user_id)) return false;
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: isoBase64URL.toBuffer(passkey.public_key),
          counter: Number(passkey.counter),
          transports: transportsOf(passkey),
        },
      });
      if (!verified) return false;
      return recordPasskeyUse(db, passkey.id, Number(passkey.counter), authenticationInfo.newCounter, now());
    } catch {
      return false;
    }
  }

  async function firmRequires(firmId: string): Promise<boolean> {
    return Boolean((await findFirmById(db, firmId))?.require_second_factor);
  }

  /** A refused assertion: recorded as a failed sign-in, counted, slowed down like a wrong password. */
  async function refuse(row: UserRow | undefined, failed: () => Promise<number>, clientAddress: string): Promise<never> {
    await recordActivity(db, { firmId: row?.firm_id ?? null, userId: row?.id ?? null, action: 'signIn.failed', clientAddress });
    const delay = await failed();
    if (delay > 0) await throttle.settings.wait(delay);
    throw passkeyRefused(401);
  }

  return {
    /** GET /v1/users/me/passkeys */
    async list(caller: SessionUser): Promise<Passkey[]> {
      return (await listPasskeys(db, caller.id)).map(toPasskey);
    },

    /** POST /v1/users/me/passkeys/options: what the browser creates a passkey from. */
    async registrationOptions(caller: SessionUser, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const existing = await listPasskeys(db, caller.id);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rp.id,
        userName: caller.email,
        userID: isoBase64URL.toBuffer(userHandleOf(caller.id)),
        userDisplayName: `${caller.firstName} ${caller.lastName}`,
        timeout: CHALLENGE_LIFETIME_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        // Discoverable, so it signs in without an email; verified, so it is two factors in one.
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      });
      await remember(options.challenge, 'register', caller.id);
      return options;
    },

    /** POST /v1/users/me/passkeys: the browser's new credential, checked against its challenge. */
    async register(caller: SessionUser, name: string, response: RegistrationResponseJSON, rp: RelyingParty, clientAddress: string) {
      const challenge = signedChallenge(response.response?.clientDataJSON);
      if (!challenge || !(await takeWebauthnChallenge(db, challenge, 'register', caller.id, now()))) throw passkeyRefused(400);
      let credential;
      try {
        const verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
        if (!verification.verified) throw passkeyRefused(400);
        credential = verification.registrationInfo.credential;
      } catch {
        throw passkeyRefused(400);
      }
      const row = await insertPasskey(db, {
        userId: caller.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports,
        name,
        now: now(),
      });
      if (!row) throw new ApiError(409, 'passkey_exists', passkeyTexts.alreadyRegistered);
      await recordActivity(db, { firmId: caller.firmId, userId: caller.id, action: 'passkey.added', subject: caller.id, clientAddress });
      return toPasskey(row);
    },

    /** PATCH /v1/users/me/passkeys/{id} */
    async rename(caller: SessionUser, id: string, name: string): Promise<Passkey> {
      const row = await renamePasskey(db, caller.id, id, name);
      if (!row) throw passkeyNotFound();
      return toPasskey(row);
    },

    /** DELETE /v1/users/me/passkeys/{id}: not the last second factor where the firm requires one. */
    async remove(caller: SessionUser, id: string, clientAddress: string): Promise<void> {
      const row = await findOwnPasskey(db, caller.id, id);
      if (!row) throw passkeyNotFound();
      if (await firmRequires(caller.firmId)) {
        const others = (await listPasskeys(db, caller.id)).filter((other) => other.id !== id);
        if (others.length === 0 && !(await hasSecondFactor(db, caller.id))) {
          throw new ApiError(409, 'second_factor_required', passkeyTexts.requiredCannotRemove);
        }
      }
      if (!(await deletePasskey(db, caller.id, id))) throw passkeyNotFound();
      await recordActivity(db, { firmId: caller.firmId, userId: caller.id, action: 'passkey.removed', subject: caller.id, clientAddress });
    },

    /**
     * POST /v1/users/login/passkey/options. Without a sign-in challenge: any passkey of this site
     * (the browser offers the discoverable ones). With one owed a second factor: that user's passkeys.
     */
    async signInOptions(rp: RelyingParty, loginChallenge: string | undefined): Promise<PublicKeyCredentialRequestOptionsJSON> {
      let userId: string | null = null;
      let allowCredentials: { id: string; transports?: string[] }[] | undefined;
      if (loginChallenge !== undefined) {
        const live = await findLiveChallenge(db, challengeId(loginChallenge), now());
        if (!live || live.purpose !== 'verify') throw challengeExpired();
        const passkeys = await listPasskeys(db, live.user_id);
        if (passkeys.length === 0) throw challengeExpired();
        userId = live.user_id;
        allowCredentials = passkeys.map((row) => ({ id: row.credential_id, transports: transportsOf(row) }));
      }
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials,
        timeout: CHALLENGE_LIFETIME_MS,
        userVerification: 'required',
      });
      await remember(options.challenge, userId === null ? 'signIn' : 'secondFactor', userId);
      return options;
    },

    /**
     * POST /v1/users/login/passkey: a passkey alone signs in (it is verified by the person's
     * fingerprint, face or screen lock: two factors). The user, role and firm come from the
     * database; a deactivated user's passkey signs in nothing.
     */
    async signIn(response: AuthenticationResponseJSON, rp: RelyingParty, clientAddress: string): Promise<UserRow> {
      const challenge = signedChallenge(response.response?.clientDataJSON);
      if (!challenge || !(await takeWebauthnChallenge(db, challenge, 'signIn', null, now()))) throw challengeExpired();
      const passkey = typeof response.id === 'string' ? await findPasskeyByCredential(db, response.id) : undefined;
      const row = passkey ? await db.selectFrom('users').selectAll().where('id', '=', passkey.user_id).executeTakeFirst() : undefined;
      // An unknown credential counts on the address's counters (and a shared one of no account).
      const attempt = await throttle.reserve({ email: row?.email ?? '', clientAddress });
      if (attempt.refused) throw tooManyAttempts(attempt.retryAfterMs);
      if (!passkey || !row || row.status !== 'Active' || !(await verifiedUse(response, passkey, challenge, rp))) {
        return refuse(row, () => attempt.failed(), clientAddress);
      }
      await attempt.succeeded();
      await recordActivity(db, { firmId: row.firm_id, userId: row.id, action: 'passkey.used', subject: row.id, clientAddress });
      return row;
    },

    /**
     * POST /v1/users/login/second-factor with a passkey: the sign-in challenge counts it as one of
     * its codes, then the lockout does; the passkey must be the challenge's user's.
     */
    async passChallenge(loginChallenge: string, response: AuthenticationResponseJSON, rp: RelyingParty, clientAddress: string) {
      const id = challengeId(loginChallenge);
      const taken = await takeChallengeAttempt(db, id, now(), CHALLENGE_MAX_CODES);
      if (!taken || taken.purpose !== 'verify') throw challengeExpired();
      const row = await db.selectFrom('users').selectAll().where('id', '=', taken.user_id).executeTakeFirst();
      if (!row || row.status !== 'Active') throw challengeExpired();
      const attempt = await throttle.reserve({ email: row.email, clientAddress });
      if (attempt.refused) throw tooManyAttempts(attempt.retryAfterMs);

      const challenge = signedChallenge(response.response?.clientDataJSON);
      const passkey = typeof response.id === 'string' ? await findPasskeyByCredential(db, response.id) : undefined;
      const passed =
        challenge !== undefined &&
        passkey !== undefined &&
        passkey.user_id === row.id &&
        (await takeWebauthnChallenge(db, challenge, 'secondFactor', row.id, now())) &&
        (await verifiedUse(response, passkey, challenge, rp));
      if (!passed) return refuse(row, () => attempt.failed(), clientAddress);
      await attempt.succeeded();
      if (!(await useChallenge(db, id, now()))) throw challengeExpired();
      await recordActivity(db, { firmId: row.firm_id, userId: row.id, action: 'passkey.used', subject: row.id, clientAddress });
      return row;
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
