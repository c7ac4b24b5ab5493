// `npm run rotate-key` (README, "Encryption at rest"): every sealed SSN/ITIN (and authenticator secret) re-sealed under a new
// key. Safe while the app runs: each value is replaced only if it is still the one read (a save in
// between wins and is sealed with the new key already, since the app re-reads the key file before
// sealing), and the old key stays in the keyring until no value needs it.
import { sql, type Kysely } from 'kysely';
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

/** Where each sealed value lives: its table, the row's key column and the sealed column. */
interface SealedColumn {
  column: PiiColumn;
  table: 'users' | 'intakes' | 'user_second_factors' | 'engagement_files';
  keyColumn: string;
  valueColumn: string;
  /** Rows read at a time; fewer for large values. */
  batch?: number;
}

const columns: readonly SealedColumn[] = [
  { column: 'users.ssn', table: 'users', keyColumn: 'id', valueColumn: 'ssn' },
  { column: 'users.itin', table: 'users', keyColumn: 'id', valueColumn: 'itin' },
  { column: 'intakes.ssnItin', table: 'intakes', keyColumn: 'case_id', valueColumn: 'ssn_itin_sealed' },
  { column: 'users.totpSecret', table: 'user_second_factors', keyColumn: 'user_id', valueColumn: 'secret_sealed' },
  // A signed engagement's PDF (migration 0027): hundreds of kilobytes each, so a few at a time.
  { column: 'engagements.signedPdf', table: 'engagement_files', keyColumn: 'engagement_id', valueColumn: 'pdf_sealed', batch: 10 },
];

/** The next batch of sealed values after `after`, in key order. */
async function read(
  db: Kysely<Database>,
  { table, keyColumn, valueColumn, batch = BATCH }: SealedColumn,
  after: string,
): Promise<SealedRow[]> {
  const key = sql.ref(keyColumn);
  const value = sql.ref(valueColumn);
  const { rows } = await sql<SealedRow>`select ${key} as "key", ${value} as "value" from ${sql.table(table)}
    where ${value} is not null and ${key} > ${after} order by ${key} limit ${batch}`.execute(db);
  return rows;
}

/** Replaces `row.value` if the row still holds it; answers whether it did. */
async function replace(
  db: Kysely<Database>,
  { table, keyColumn, valueColumn }: SealedColumn,
  row: SealedRow,
  sealed: string,
): Promise<boolean> {
  const value = sql.ref(valueColumn);
  const result = await sql`update ${sql.table(table)} set ${value} = ${sealed}
    where ${sql.ref(keyColumn)} = ${row.key} and ${value} = ${row.value}`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** One pass: re-seals every value not under the current key; answers how many it re-sealed and how many it missed (changed meanwhile). */
async function resealPass(db: Kysely<Database>, pii: PiiCipher): Promise<{ resealed: number; missed: number }> {
  let resealed = 0;
  let missed = 0;
  for (const place of columns) {
    let after = '';
    for (;;) {
      const rows = await read(db, place, after);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (pii.keyIdOf(row.value) === pii.currentKeyId()) continue;
        const sealed = pii.seal(pii.open(row.value, place.column), place.column);
        if (await replace(db, place, row, sealed)) resealed += 1;
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
