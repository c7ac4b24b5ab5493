// `npm run rotate-key` (README, "Encryption at rest"): every sealed SSN/ITIN re-sealed under a new
// key. Safe while the app runs: each value is replaced only if it is still the one read (a save in
// between wins and is sealed with the new key already, since the app re-reads the key file before
// sealing), and the old key stays in the keyring until no value needs it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { createPiiCipher, type PiiCipher, type PiiColumn } from './piiCipher';
import { newKeyId, newSecret, readKeyringFile, writeKeyringFile, type PiiKeySource } from './piiKeys';

const BATCH = 200;
/** Passes over the tables; a value saved with an old key during one is caught by the next. */
const MAX_PASSES = 5;

interface SealedRow {
  key: string;
  value: string;
}

interface SealedColumn {
  column: PiiColumn;
  read(db: Kysely<Database>, after: string): Promise<SealedRow[]>;
  /** Replaces `value` if the row still holds it; answers whether it did. */
  replace(db: Kysely<Database>, row: SealedRow, sealed: string): Promise<boolean>;
}

const columns: SealedColumn[] = [
  {
    column: 'users.ssn',
    read: (db, after) =>
      db
        .selectFrom('users')
        .select(['id as key', 'ssn as value'])
        .where('ssn', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute() as Promise<SealedRow[]>,
    replace: async (db, row, sealed) =>
      Number(
        (await db.updateTable('users').set({ ssn: sealed }).where('id', '=', row.key).where('ssn', '=', row.value).executeTakeFirst())
          .numUpdatedRows,
      ) === 1,
  },
  {
    column: 'users.itin',
    read: (db, after) =>
      db
        .selectFrom('users')
        .select(['id as key', 'itin as value'])
        .where('itin', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute() as Promise<SealedRow[]>,
    replace: async (db, row, sealed) =>
      Number(
        (await db.updateTable('users').set({ itin: sealed }).where('id', '=', row.key).where('itin', '=', row.value).executeTakeFirst())
          .numUpdatedRows,
      ) === 1,
  },
  {
    column: 'intakes.ssnItin',
    read: (db, after) =>
      db
        .selectFrom('intakes')
        .select(['case_id as key', 'ssn_itin_sealed as value'])
        .where('ssn_itin_sealed', 'is not', null)
        .where('case_id', '>', after)
        .orderBy('case_id')
        .limit(BATCH)
        .execute() as Promise<SealedRow[]>,
    replace: async (db, row, sealed) =>
      Number(
        (
          await db
            .updateTable('intakes')
            .set({ ssn_itin_sealed: sealed })
            .where('case_id', '=', row.key)
            .where('ssn_itin_sealed', '=', row.value)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,
  },
];

/** One pass: re-seals every value not under the current key; answers how many it re-sealed and how many it missed (changed meanwhile). */
async function resealPass(db: Kysely<Database>, pii: PiiCipher): Promise<{ resealed: number; missed: number }> {
  let resealed = 0;
  let missed = 0;
  for (const { column, read, replace } of columns) {
    let after = '';
    for (;;) {
      const rows = await read(db, after);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (pii.keyIdOf(row.value) === pii.currentKeyId()) continue;
        if (await replace(db, row, pii.seal(pii.open(row.value, column), column))) resealed += 1;
        else missed += 1;
      }
      after = rows[rows.length - 1]!.key;
    }
  }
  return { resealed, missed };
}

/** Re-seals until a pass finds nothing left under another key; answers the values re-sealed. */
export async function resealAll(db: Kysely<Database>, pii: PiiCipher): Promise<number> {
  let total = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { resealed, missed } = await resealPass(db, pii);
    total += resealed;
    if (resealed === 0 && missed === 0) return total;
  }
  throw new Error('Values kept changing under an old key; run rotate-key again');
}

export interface RotationResult {
  newKeyId: string;
  resealed: number;
  /** Key ids no value needs any more (dropped from the file; to drop from PII_KEYS by hand). */
  retired: string[];
}

/**
 * With the key file: adds a new key as the current one, re-seals everything, then drops the old
 * keys. With PII_KEYS: re-seals everything under its first key (the operator put the new one
 * first); the others can then be removed from PII_KEYS.
 */
export async function rotatePiiKey(db: Kysely<Database>, source: PiiKeySource): Promise<RotationResult> {
  if (source.kind === 'env') {
    const pii = createPiiCipher(source);
    const resealed = await resealAll(db, pii);
    return {
      newKeyId: source.keyring.current,
      resealed,
      retired: Object.keys(source.keyring.keys).filter((id) => id !== source.keyring.current),
    };
  }
  const before = readKeyringFile(source.file);
  const id = newKeyId();
  writeKeyringFile(source.file, { current: id, keys: { ...before.keys, [id]: newSecret() } });
  const pii = createPiiCipher(source);
  const resealed = await resealAll(db, pii);
  const after = readKeyringFile(source.file);
  writeKeyringFile(source.file, { current: after.current, keys: { [after.current]: after.keys[after.current]! } });
  return { newKeyId: id, resealed, retired: Object.keys(after.keys).filter((key) => key !== after.current) };
}
