// First-start data (docs/architecture.md, `npm start`): on an empty database, a demo firm and its owner, so a
// fresh install can be signed in to at once. Every value is made up; the .test domain is reserved
// and never delivers mail.
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../auth/password';
import { hasAnyFirm, insertFirm } from '../firms/repository';
import { insertUser } from '../users/repository';
import type { PiiCipher } from '../crypto/piiCipher';
import { databaseKind, type Database } from './database';
import { addDemoData } from './demoData';

export const DEMO_OWNER_EMAIL = 'owner@demo.test';

/** The first owner's made-up profile (a reserved 555-01xx number; an adult's birth date). */
export const DEMO_OWNER_PROFILE = { phoneNumber: '555-010-0100', birthDate: '1980-01-15' } as const;

export const demoFirm = {
  firmName: 'Demo Law Firm',
  firmContact: 'Demo Front Desk',
  firmMail: 'contact@demo.test',
  firmAddress: '100 Example Street, Springfield, ZZ 00000',
} as const;

export interface SeedOptions {
  ownerEmail?: string;
  ownerPassword?: string;
  /** Also add the demo's sample data (server/db/demoData.ts), its SSNs sealed with this cipher. */
  demoData?: { pii: PiiCipher };
}

export interface SeedResult {
  firmId: string;
  ownerEmail: string;
  /** Only when the password was generated here: shown once, never stored in clear. */
  generatedPassword?: string;
  /** Whether the sample data was added. */
  demoData: boolean;
}

// Any constant; instances seeding one PostgreSQL together wait on it, so only one creates the firm.
const SEED_LOCK_ID = 7_302_114;

const letters = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const digits = '23456789';
const specials = '!@#$%^&*';

function pick(alphabet: string): string {
  return alphabet[randomInt(alphabet.length)] as string;
}

/**
 * A strong random password that passes the spec's rule (docs/product/people.md: a letter, a digit and one
 * of !@#$%^&*). Look-alike characters (0/O, 1/l/I) are left out, as a person copies it by hand.
 */
export function generatePassword(length = 16): string {
  const characters = [pick(letters), pick(digits), pick(specials)];
  const any = letters + digits;
  while (characters.length < length) characters.push(pick(any));
  for (let i = characters.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j] as string, characters[i] as string];
  }
  return characters.join('');
}

/** Creates the demo firm and owner when there is no firm yet; undefined when there already is one. */
export async function seedDemoData(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedResult | undefined> {
  if (await hasAnyFirm(db)) return undefined;
  const password = options.ownerPassword ?? generatePassword();
  const generatedPassword = options.ownerPassword ? undefined : password;
  const passwordHash = await hashPassword(password);
  const ownerEmail = (options.ownerEmail ?? DEMO_OWNER_EMAIL).toLowerCase();

  return db.transaction().execute(async (trx) => {
    if (databaseKind(db) === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`.execute(trx);
    if (await hasAnyFirm(trx)) return undefined;
    const firm = await insertFirm(trx, demoFirm);
    await insertUser(trx, {
      firm_id: firm.id,
      first_name: 'Demo',
      middle_name: null,
      last_name: 'Owner',
      email: ownerEmail,
      password_hash: passwordHash,
      privilege: 'owner',
      // A complete, made-up profile: the first sign-in's advice (change the password on the
      // profile page) saves the whole profile form, which requires a birth date.
      phone_number: DEMO_OWNER_PROFILE.phoneNumber,
      usage: 'call',
      civil_status: 'single',
      gender: 'female',
      birth_date: DEMO_OWNER_PROFILE.birthDate,
      ssn: null,
      ssn_status: 'noSsn',
      itin: null,
    });
    // In the same transaction: a start that fails half-way leaves an empty database, which the
    // next start seeds again, never a firm with half its sample data.
    if (options.demoData) await addDemoData(trx, { firmId: firm.id, pii: options.demoData.pii });
    return { firmId: firm.id, ownerEmail, generatedPassword, demoData: Boolean(options.demoData) };
  });
}
