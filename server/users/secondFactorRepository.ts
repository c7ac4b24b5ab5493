// All SQL about second factors (migration 0025): authenticators, recovery codes and the sign-in
// challenges between a right password and a right code.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { LoginChallengesTable, UserSecondFactorsTable } from '../auth/tables';

export type SecondFactorRow = Selectable<UserSecondFactorsTable>;
export type ChallengeRow = Selectable<LoginChallengesTable>;
export type ChallengePurpose = 'verify' | 'enrol';

export async function findSecondFactor(db: Kysely<Database>, userId: string): Promise<SecondFactorRow | undefined> {
  return db.selectFrom('user_second_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Whether the user has a confirmed authenticator. */
export async function hasSecondFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_second_factors')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new authenticator waiting for its first code, replacing one that was waiting; undefined when a
 * confirmed one exists (it is removed first, with a code, or reset by the firm).
 */
export async function startPendingSecondFactor(
  db: Kysely<Database>,
  userId: string,
  secretSealed: string,
  now: Date,
): Promise<'started' | 'confirmedExists'> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_second_factors').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
    const inserted = await trx
      .insertInto('user_second_factors')
      .values({ user_id: userId, secret_sealed: secretSealed, created_at: now.toISOString(), confirmed_at: null, last_time_step: null })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? 'started' : 'confirmedExists';
  });
}

/**
 * Confirms the waiting authenticator with the step of its first code, and replaces the user's
 * recovery codes; false when nothing was waiting (another tab confirmed it meanwhile).
 */
export async function confirmSecondFactor(
  db: Kysely<Database>,
  userId: string,
  timeStep: number,
  recoveryHashes: readonly string[],
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const confirmed = await trx
      .updateTable('user_second_factors')
      .set({ confirmed_at: now.toISOString(), last_time_step: timeStep })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (Number(confirmed.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(recoveryHashes.map((hash) => ({ id: randomUUID(), user_id: userId, code_hash: hash, used_at: null })))
      .execute();
    return true;
  });
}

/** Takes a code's time step, unless that step or a later one was taken already (a replay). */
export async function takeTimeStep(db: Kysely<Database>, userId: string, timeStep: number): Promise<boolean> {
  const result = await db
    .updateTable('user_second_factors')
    .set({ last_time_step: timeStep })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the user's authenticator and recovery codes; answers whether there was a confirmed one. */
export async function deleteSecondFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('user_second_factors').where('user_id', '=', userId).returning('confirmed_at').execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    return removed.some((row) => row.confirmed_at !== null);
  });
}

export async function unusedRecoveryCodes(db: Kysely<Database>, userId: string): Promise<{ id: string; code_hash: string }[]> {
  return db.selectFrom('recovery_codes').select(['id', 'code_hash']).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Spends one recovery code; false when it was spent meanwhile. */
export async function useRecoveryCode(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertChallenge(
  db: Kysely<Database>,
  challenge: { id: string; userId: string; purpose: ChallengePurpose; now: Date; lifetimeMs: number },
): Promise<void> {
  const { id, userId, purpose, now, lifetimeMs } = challenge;
  await db
    .insertInto('login_challenges')
    .values({
      id,
      user_id: userId,
      purpose,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
      attempts: 0,
      used_at: null,
    })
    .execute();
  // The user's challenges long expired are of no use: they go with each new one (user index).
  await db
    .deleteFrom('login_challenges')
    .where('user_id', '=', userId)
    .where('expires_at', '<', new Date(now.getTime() - lifetimeMs).toISOString())
    .execute();
}

/** A live, unused challenge, without counting a code (the enrolment's secret is asked for with it). */
export async function findLiveChallenge(db: Kysely<Database>, id: string, now: Date): Promise<ChallengeRow | undefined> {
  return db
    .selectFrom('login_challenges')
    .selectAll()
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/**
 * Counts one code against a live, unused challenge in one statement, so parallel guesses cannot
 * pass the limit; undefined when the challenge is unknown, expired, used or has taken its codes.
 */
export async function takeChallengeAttempt(
  db: Kysely<Database>,
  id: string,
  now: Date,
  maxCodes: number,
): Promise<ChallengeRow | undefined> {
  return db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb(eb.ref('attempts'), '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('attempts', '<', maxCodes)
    .returningAll()
    .executeTakeFirst();
}

/** Spends the challenge on its right code; false when another request spent it first. */
export async function useChallenge(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('login_challenges')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
