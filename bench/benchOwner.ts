// An owner written straight into a bench database, to own the made-up intakes a bench loads.
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/database';
import { insertUser } from '../server/users/repository';

export async function insertBenchOwner(db: Kysely<Database>, firmId: string, name: { first: string; last: string }, passwordHash: string) {
  return insertUser(db, {
    firm_id: firmId,
    first_name: name.first,
    middle_name: null,
    last_name: name.last,
    email: `${name.first.toLowerCase()}-${name.last.toLowerCase()}-${Date.now()}@example.test`,
    password_hash: passwordHash,
    privilege: 'owner',
    phone_number: null,
    usage: null,
    civil_status: null,
    gender: null,
    birth_date: null,
    ssn: null,
    ssn_status: null,
    itin: null,
  });
}
