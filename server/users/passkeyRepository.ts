// All SQL about passkeys (migration 0029): the credentials and the ceremonies' challenges.
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { PasskeysTable } from '../auth/tables';
import type { Database } from '../db/database';

export type PasskeyRow = Selectable<PasskeysTable>;
export type WebauthnPurpose = 'register' | 'signIn' | 'secondFactor';

/** What is stored of a challenge: its SHA-256, never the challenge itself. */
export function webauthnChallengeId(challenge: string): string {
  return createHash('sha256').update(challenge).digest('hex');
}

export async function listPasskeys(db: Kysely<Database>, userId: string): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

/** Whether the user has at least one passkey. */
export async function hasPasskey(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function findPasskeyByCredential(db: Kysely<Database>, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function findOwnPasskey(db: Kysely<Database>, userId: string, id: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Stores a new credential; undefined when that credential is registered already (to anyone). */
export async function insertPasskey(
  db: Kysely<Database>,
  passkey: {
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[] | undefined;
    name: string;
    now: Date;
  },
): Promise<PasskeyRow | undefined> {
  return db
    .insertInto('passkeys')
    .values({
      id: randomUUID(),
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports ? JSON.stringify(passkey.transports) : null,
      name: passkey.name,
      created_at: passkey.now.toISOString(),
      last_used_at: null,
    })
    .onConflict((conflict) => conflict.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function renamePasskey(db: Kysely<Database>, userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  return db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}

export async function deletePasskey(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Removes every passkey of a user (the firm's reset); answers how many there were. */
export async function deleteUserPasskeys(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Records a use: the new counter and the time, only if the counter is still the one the assertion
 * was checked against, so two parallel uses of one assertion cannot both pass.
 */
export async function recordPasskeyUse(db: Kysely<Database>, id: string, before: number, counter: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: now.toISOString() })
    .where('id', '=', id)
    .where('counter', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertWebauthnChallenge(
  db: Kysely<Database>,
  challenge: { challenge: string; userId: string | null; purpose: WebauthnPurpose; now: Date; lifetimeMs: number },
): Promise<void> {
  const { now, lifetimeMs } = challenge;
  await db
    .insertInto('webauthn_challenges')
    .values({
      id: webauthnChallengeId(challenge.challenge),
      user_id: challenge.userId,
      purpose: challenge.purpose,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
      used_at: null,
    })
    .execute();
  // Challenges long expired are of no use: each new one takes them away (expiry index).
  await db
    .deleteFrom('webauthn_challenges')
    .where('expires_at', '<', new Date(now.getTime() - lifetimeMs).toISOString())
    .execute();
}

/**
 * Spends a live challenge of this purpose (and of this user, when one is given) in one statement:
 * true once; false when unknown, expired, spent, or another's.
 */
export async function takeWebauthnChallenge(
  db: Kysely<Database>,
  challenge: string,
  purpose: WebauthnPurpose,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  let query = db
    .updateTable('webauthn_challenges')
    .set({ used_at: now.toISOString() })
    .where('id', '=', webauthnChallengeId(challenge))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString());
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
