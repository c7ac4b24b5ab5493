// Two-factor sign-in (docs/product/sign-in-and-session.md, Second factor): enrolment on the profile,
// removal with a current code, the firm's reset, and the sign-in step between a right password and
// a session. Wrong codes at sign-in count toward the account's lockout (auth/loginThrottle.ts) as
// wrong passwords do, and each challenge takes CHALLENGE_MAX_CODES codes within its lifetime.
import type { Kysely } from 'kysely';
import { CHALLENGE_LIFETIME_MS, CHALLENGE_MAX_CODES, type SecondFactorMethod } from '../../src/domain/secondFactor';
import type { SessionUser } from '../../src/domain/session';
import { secondFactorTexts } from '../../src/domain/texts';
import { recordActivity } from '../activity/recordActivity';
import type { LoginThrottle } from '../auth/loginThrottle';
import {
  challengeId,
  looksLikeRecoveryCode,
  matchRecoveryCode,
  newChallenge,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  verifyTotp,
} from '../auth/secondFactor';
import type { PiiCipher } from '../crypto/piiCipher';
import type { Database } from '../db/database';
import { findFirmById } from '../firms/repository';
import type { Schemas } from '../http/contractTypes';
import { ApiError } from '../http/errors';
import { deleteUserPasskeys, hasPasskey } from './passkeyRepository';
import type { UserRow } from './repository';
import { tooManyAttempts } from './signInRefusals';
import {
  confirmSecondFactor,
  deleteSecondFactor,
  findLiveChallenge,
  findSecondFactor,
  insertChallenge,
  startPendingSecondFactor,
  takeChallengeAttempt,
  takeTimeStep,
  unusedRecoveryCodes,
  useChallenge,
  useRecoveryCode,
  type ChallengePurpose,
} from './secondFactorRepository';

export type TotpEnrolment = Schemas['TotpEnrolment'];
export type SecondFactorChallenge = Schemas['SecondFactorChallenge'];
export type TotpStatus = Schemas['TotpStatus'];

/** A code that is not the authenticator's (or a spent recovery code). 400 on signed-in calls; the sign-in's is 401. */
export function invalidCode(status: 400 | 401): ApiError {
  return new ApiError(status, 'invalid_code', secondFactorTexts.invalidCode, { code: secondFactorTexts.invalidCode });
}

/** Unknown, expired, spent, or out of codes: one answer for all, so it tells nothing about which. */
export function challengeExpired(): ApiError {
  return new ApiError(401, 'challenge_expired', secondFactorTexts.challengeExpired);
}

/** One's own second factor is turned off on the profile, with a code. */
export function cannotResetSelf(): ApiError {
  return new ApiError(409, 'cannot_reset_self', secondFactorTexts.cannotResetSelf);
}

export interface SecondFactorDependencies {
  db: Kysely<Database>;
  pii: PiiCipher;
  throttle: LoginThrottle;
}

/** A right second factor at sign-in: who, and the recovery codes of an enrolment made there. */
export interface SecondFactorPassed {
  row: UserRow;
  recoveryCodes?: string[];
}

export function createSecondFactorService({ db, pii, throttle }: SecondFactorDependencies) {
  const now = () => throttle.settings.now();

  async function begin(userId: string, email: string): Promise<TotpEnrolment> {
    const secret = newTotpSecret();
    const started = await startPendingSecondFactor(db, userId, pii.seal(secret, 'users.totpSecret'), now());
    if (started === 'confirmedExists') throw new ApiError(409, 'second_factor_exists', secondFactorTexts.alreadyEnrolled);
    return { secret, otpauthUrl: otpauthUrl(secret, email) };
  }

  /** Confirms the waiting authenticator with its first code; answers the new recovery codes, or undefined for a wrong code. */
  async function confirm(userId: string, code: string): Promise<string[] | undefined> {
    const pending = await findSecondFactor(db, userId);
    if (!pending || pending.confirmed_at !== null) {
      throw new ApiError(409, 'no_pending_second_factor', secondFactorTexts.nothingPending);
    }
    const step = verifyTotp(pii.open(pending.secret_sealed, 'users.totpSecret'), code, now(), null);
    if (step === undefined) return undefined;
    const { codes, hashes } = await newRecoveryCodes();
    if (!(await confirmSecondFactor(db, userId, step, hashes, now()))) {
      throw new ApiError(409, 'no_pending_second_factor', secondFactorTexts.nothingPending);
    }
    return codes;
  }

  /** A current code of the user's confirmed authenticator, taken once. */
  async function currentCodeOf(userId: string, code: string): Promise<boolean> {
    const factor = await findSecondFactor(db, userId);
    if (!factor || factor.confirmed_at === null) return false;
    const step = verifyTotp(pii.open(factor.secret_sealed, 'users.totpSecret'), code, now(), factor.last_time_step);
    return step !== undefined && (await takeTimeStep(db, userId, step));
  }

  async function firmRequires(firmId: string): Promise<boolean> {
    return Boolean((await findFirmById(db, firmId))?.require_second_factor);
  }

  return {
    /** POST /v1/users/me/totp: a new secret, waiting for its first code. */
    async startEnrolment(caller: SessionUser): Promise<TotpEnrolment> {
      return begin(caller.id, caller.email);
    },

    /** POST /v1/users/me/totp/confirm: the first code turns two-factor sign-in on. */
    async confirmEnrolment(caller: SessionUser, code: string, clientAddress: string): Promise<string[]> {
      const codes = await confirm(caller.id, code);
      if (!codes) throw invalidCode(400);
      await recordActivity(db, {
        firmId: caller.firmId,
        userId: caller.id,
        action: 'secondFactor.enrolled',
        subject: caller.id,
        clientAddress,
      });
      return codes;
    },

    /** DELETE /v1/users/me/totp: a current code turns it off, unless the firm requires it. */
    async remove(caller: SessionUser, code: string, clientAddress: string): Promise<void> {
      const factor = await findSecondFactor(db, caller.id);
      if (!factor || factor.confirmed_at === null) throw new ApiError(409, 'second_factor_not_enrolled', secondFactorTexts.notEnrolled);
      if (await firmRequires(caller.firmId)) throw new ApiError(409, 'second_factor_required', secondFactorTexts.requiredCannotRemove);
      if (!(await currentCodeOf(caller.id, code))) throw invalidCode(400);
      await deleteSecondFactor(db, caller.id);
      await recordActivity(db, {
        firmId: caller.firmId,
        userId: caller.id,
        action: 'secondFactor.removed',
        subject: caller.id,
        clientAddress,
      });
    },

    /**
     * DELETE /v1/users/{id}/totp: an owner or administrator removes an employee's authenticator
     * (a lost phone). `target` passed the Edit Employee rules (an administrator never an owner's)
     * and is not the caller.
     * Recorded when there was one to remove.
     */
    async reset(caller: SessionUser, target: UserRow, clientAddress: string): Promise<void> {
      // Passkeys go too: the lost phone may hold them (docs/product/sign-in-and-session.md, Passkeys).
      const hadAuthenticator = await deleteSecondFactor(db, target.id);
      const removedPasskeys = await deleteUserPasskeys(db, target.id);
      if (hadAuthenticator || removedPasskeys > 0) {
        await recordActivity(db, {
          firmId: caller.firmId,
          userId: caller.id,
          action: 'secondFactor.reset',
          subject: target.id,
          clientAddress,
        });
      }
    },

    /** GET /v1/users/me/totp: whether the caller has a confirmed authenticator, and whether the firm requires one. */
    async status(caller: SessionUser): Promise<TotpStatus> {
      const factor = await findSecondFactor(db, caller.id);
      return { enrolled: factor !== undefined && factor.confirmed_at !== null, requiredByFirm: await firmRequires(caller.firmId) };
    },

    /**
     * After a right password: the challenge the user owes a second factor for (a code of their
     * authenticator, or one of their passkeys; an enrolment when their firm requires a second factor
     * and they have neither); undefined when none is owed.
     */
    async challengeAfterPassword(row: UserRow): Promise<SecondFactorChallenge | undefined> {
      const factor = await findSecondFactor(db, row.id);
      const totp = factor?.confirmed_at != null;
      const passkey = await hasPasskey(db, row.id);
      const methods: SecondFactorMethod[] = [
        ...(totp ? (['totp', 'recoveryCode'] as const) : []),
        ...(passkey ? (['passkey'] as const) : []),
      ];
      const purpose: ChallengePurpose | undefined = methods.length > 0 ? 'verify' : (await firmRequires(row.firm_id)) ? 'enrol' : undefined;
      if (!purpose) return undefined;
      const { challenge, id } = newChallenge();
      await insertChallenge(db, { id, userId: row.id, purpose, now: now(), lifetimeMs: CHALLENGE_LIFETIME_MS });
      return { challenge, methods: purpose === 'enrol' ? ['totpEnrolment'] : methods };
    },

    /** POST /v1/users/login/second-factor/enrolment: the secret for a sign-in that must enrol. */
    async enrolAtSignIn(challenge: string): Promise<TotpEnrolment> {
      const live = await findLiveChallenge(db, challengeId(challenge), now());
      if (!live || live.purpose !== 'enrol') throw challengeExpired();
      const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', live.user_id).executeTakeFirst();
      if (!user) throw challengeExpired();
      return begin(user.id, user.email);
    },

    /**
     * POST /v1/users/login/second-factor: a code for a live challenge. Each code counts on the
     * challenge first, then on the account's and the address's lockout counters (as a password
     * does); a wrong one is recorded as a failed sign-in.
     */
    async passChallenge(challenge: string, code: string, clientAddress: string): Promise<SecondFactorPassed> {
      const id = challengeId(challenge);
      const taken = await takeChallengeAttempt(db, id, now(), CHALLENGE_MAX_CODES);
      if (!taken) throw challengeExpired();
      const row = await db.selectFrom('users').selectAll().where('id', '=', taken.user_id).executeTakeFirst();
      if (!row || row.status !== 'Active') throw challengeExpired();
      const attempt = await throttle.reserve({ email: row.email, clientAddress });
      if (attempt.refused) throw tooManyAttempts(attempt.retryAfterMs);

      let passed: SecondFactorPassed | undefined;
      let usedRecoveryCode = false;
      if (taken.purpose === 'enrol') {
        const codes = await confirm(row.id, code);
        if (codes) passed = { row, recoveryCodes: codes };
      } else if (looksLikeRecoveryCode(code)) {
        const match = await matchRecoveryCode(await unusedRecoveryCodes(db, row.id), code);
        if (match && (await useRecoveryCode(db, match, now()))) {
          passed = { row };
          usedRecoveryCode = true;
        }
      } else if (await currentCodeOf(row.id, code)) {
        passed = { row };
      }

      if (!passed) {
        await recordActivity(db, { firmId: row.firm_id, userId: row.id, action: 'signIn.failed', clientAddress });
        const delay = await attempt.failed();
        if (delay > 0) await throttle.settings.wait(delay);
        throw invalidCode(401);
      }
      await attempt.succeeded();
      if (!(await useChallenge(db, id, now()))) throw challengeExpired();
      if (usedRecoveryCode) {
        await recordActivity(db, { firmId: row.firm_id, userId: row.id, action: 'recoveryCode.used', subject: row.id, clientAddress });
      }
      if (passed.recoveryCodes) {
        await recordActivity(db, { firmId: row.firm_id, userId: row.id, action: 'secondFactor.enrolled', subject: row.id, clientAddress });
      }
      return passed;
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
