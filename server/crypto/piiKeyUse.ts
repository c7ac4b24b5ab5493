// Which PII keys the stored SSN/ITIN need, and whether a server has them (README, Backups). A
// database restored, copied or moved without its keys would otherwise start, and then answer 500
// for every intake holding an SSN: the start and `npm run restore` refuse instead, naming the key
// ids that are missing and how to pass them.
import { sql, type Kysely } from 'kysely';
import { databaseKind, type Database } from '../db/database';
import type { PiiCipher, PiiColumn } from './piiCipher';

/** One sealed value per key id in use, to try opening it. */
export interface KeyUse {
  keyId: string;
  column: PiiColumn;
  sealed: string;
}

/** Lookups the skip over the intakes' index may make before giving up: far more keys than any firm rotates through. */
const MAX_KEY_LOOKUPS = 1000;

function keyIdOf(sealed: string): string | undefined {
  const [version, keyId] = sealed.split(':');
  return version === 'v1' && keyId ? keyId : undefined;
}

/**
 * The intakes' key ids by a skip over their index (migration 0023): the first value after each
 * key's `v1:<keyId>:~` belongs to the next key (the base64url after the id sorts below '~'), so
 * the cost is one lookup per key, at any number of intakes.
 */
async function intakeKeyUse(db: Kysely<Database>): Promise<KeyUse[]> {
  const postgres = databaseKind(db) === 'postgres';
  const found: KeyUse[] = [];
  let after = '';
  for (let lookup = 0; lookup < MAX_KEY_LOOKUPS; lookup += 1) {
    const column = postgres ? sql`ssn_itin_sealed collate "C"` : sql`ssn_itin_sealed`;
    const { rows } = await sql<{ sealed: string }>`
      select ssn_itin_sealed as sealed from intakes
      where ssn_itin_sealed is not null and ${column} > ${after}
      order by ${column} limit 1`.execute(db);
    const sealed = rows[0]?.sealed;
    if (sealed === undefined) break;
    const keyId = keyIdOf(sealed);
    if (keyId) {
      found.push({ keyId, column: 'intakes.ssnItin', sealed });
      after = `v1:${keyId}:~`;
    } else {
      after = sealed;
    }
  }
  return found;
}

/** One sealed value per key id in use, over users (a firm's staff: read whole) and intakes. */
export async function sealedValuePerKey(db: Kysely<Database>): Promise<KeyUse[]> {
  const byKey = new Map<string, KeyUse>();
  const users = await db
    .selectFrom('users')
    .select(['ssn', 'itin'])
    .where((eb) => eb.or([eb('ssn', 'is not', null), eb('itin', 'is not', null)]))
    .execute();
  for (const user of users) {
    for (const [sealed, column] of [
      [user.ssn, 'users.ssn'],
      [user.itin, 'users.itin'],
    ] as const) {
      const keyId = sealed ? keyIdOf(sealed) : undefined;
      if (sealed && keyId && !byKey.has(keyId)) byKey.set(keyId, { keyId, column, sealed });
    }
  }
  // Authenticator secrets (migration 0025): one per enrolled user, a firm's staff at most.
  const secrets = await db.selectFrom('user_second_factors').select('secret_sealed').execute();
  for (const { secret_sealed: sealed } of secrets) {
    const keyId = keyIdOf(sealed);
    if (keyId && !byKey.has(keyId)) byKey.set(keyId, { keyId, column: 'users.totpSecret', sealed });
  }
  // Signed engagements (migration 0027): each file's key id from its first characters; one whole
  // file read per key id not seen yet.
  const files = await db
    .selectFrom('engagement_files')
    .select(['engagement_id', sql<string>`substr(pdf_sealed, 1, 80)`.as('head')])
    .execute();
  for (const file of files) {
    const keyId = keyIdOf(file.head);
    if (!keyId || byKey.has(keyId)) continue;
    const whole = await db
      .selectFrom('engagement_files')
      .select('pdf_sealed')
      .where('engagement_id', '=', file.engagement_id)
      .executeTakeFirst();
    if (whole) byKey.set(keyId, { keyId, column: 'engagements.signedPdf', sealed: whole.pdf_sealed });
  }
  for (const use of await intakeKeyUse(db)) if (!byKey.has(use.keyId)) byKey.set(use.keyId, use);
  return [...byKey.values()];
}

/** The key ids among `uses` whose value does not open with `cipher` (the key is missing, or its secret is another). */
export function keysThatDoNotOpen(uses: KeyUse[], cipher: PiiCipher | undefined): string[] {
  return uses
    .filter((use) => {
      if (!cipher) return true;
      try {
        cipher.open(use.sealed, use.column);
        return false;
      } catch {
        return true;
      }
    })
    .map((use) => use.keyId);
}

export class MissingPiiKeysError extends Error {
  override name = 'MissingPiiKeysError';
  constructor(readonly keyIds: string[]) {
    super(missingKeysMessage(keyIds));
  }
}

/** The one message the start and `npm run restore` give (README, Backups). */
export function missingKeysMessage(keyIds: string[]): string {
  const list = keyIds.join(', ');
  return (
    `The database holds SSN/ITIN sealed with PII key(s) ${list}, which this configuration cannot open. ` +
    `Pass every key the data needs as PII_KEYS=<id>:<secret>,... (the ids ${list} with their secrets, from the PII_KEYS ` +
    'or the DATA_DIR/pii-keys file of the server the data came from), or copy that pii-keys file into DATA_DIR. ' +
    'Nothing was changed (README, Backups).'
  );
}

/** Refuses (MissingPiiKeysError) when a key id in use does not open with `cipher`. */
export async function checkPiiKeys(db: Kysely<Database>, cipher: PiiCipher): Promise<void> {
  const missing = keysThatDoNotOpen(await sealedValuePerKey(db), cipher);
  if (missing.length > 0) throw new MissingPiiKeysError(missing);
}
