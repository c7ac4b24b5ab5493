// The stored form of a lead's identity (src/domain/leadMatching.ts, leadIdentity): a fixed-length
// hash, so the unique index stays small whatever the lengths of the fields.
import { createHash } from 'node:crypto';
import { leadIdentity } from '../../src/domain/leadMatching';

/** A stored lead row, or the values about to be stored (snake_case columns). */
export interface LeadIdentityColumns {
  first_name: string;
  middle_name?: string | null;
  last_name: string;
  birth_date: string;
  address: string;
  city: string;
  county: string;
  state: string;
  country: string;
  zip_code: string;
  email?: string | null;
  gender: string;
  phone: string;
  minor: string;
}

export function leadIdentityKey(row: LeadIdentityColumns): string {
  const identity = leadIdentity({
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    birthDate: row.birth_date,
    address: row.address,
    city: row.city,
    county: row.county,
    state: row.state,
    country: row.country,
    zipCode: row.zip_code,
    email: row.email,
    gender: row.gender,
    phone: row.phone,
    minor: row.minor,
  });
  return createHash('sha256').update(identity).digest('hex');
}
