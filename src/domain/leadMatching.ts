// How the server decides that two leads are the same person (docs/architecture.md, Leads): same normalised
// name with the same birth date, or the same phone digits, or the same email. An identical lead
// (every field equal after normalising) is refused outright.
import { toCalendarIso } from './dates';
import { phoneDigits } from './formatters';

export { phoneDigits };

/** Any lead-shaped record: the form, an API body or a stored row (where fields may be null). */
export interface MatchableLead {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  birthDate?: string | null;
  address?: string | null;
  city?: string | null;
  county?: string | null;
  state?: string | null;
  country?: string | null;
  zipCode?: string | null;
  email?: string | null;
  gender?: string | null;
  phone?: string | null;
  minor?: string | null;
}

/**
 * Lower-case, accents removed ('José Núñez' -> 'jose nunez'), hyphens read as spaces
 * ('Smith-Jones' = 'Smith Jones'), runs of spaces collapsed, ends trimmed.
 */
export function normaliseName(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\p{Pd}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function normaliseEmail(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/**
 * Phone digits for comparison. A US number written with its country code ('+1 555 010 0199') is
 * the same line as without it ('555-010-0199'), so an 11-digit number starting with 1 loses the 1.
 */
export function phoneMatchKey(value: string | null | undefined): string {
  const digits = phoneDigits(value);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

export interface LeadMatchKeys {
  /** 'first last', normalised. */
  nameKey: string;
  /** 'YYYY-MM-DD', or '' when the lead has no valid birth date. */
  birthDate: string;
  phoneDigits: string;
  email: string;
}

/**
 * The keys a duplicate search compares. The middle name is left out of `nameKey` on purpose:
 * staff often skip it or type only an initial, and first name + last name + birth date already
 * singles a person out. `isIdenticalLead` does compare middle names.
 */
export function leadMatchKeys(lead: MatchableLead): LeadMatchKeys {
  const nameKey = [normaliseName(lead.firstName), normaliseName(lead.lastName)].filter(Boolean).join(' ');
  return {
    nameKey,
    birthDate: toCalendarIso(lead.birthDate) ?? '',
    phoneDigits: phoneMatchKey(lead.phone),
    email: normaliseEmail(lead.email),
  };
}

function sameNonEmpty(a: string, b: string): boolean {
  return a !== '' && a === b;
}

/** Same name and birth date, or same phone, or same email. Empty values never match. */
export function isSimilarLead(a: MatchableLead, b: MatchableLead): boolean {
  const left = leadMatchKeys(a);
  const right = leadMatchKeys(b);
  return (
    (sameNonEmpty(left.nameKey, right.nameKey) && sameNonEmpty(left.birthDate, right.birthDate)) ||
    sameNonEmpty(left.phoneDigits, right.phoneDigits) ||
    sameNonEmpty(left.email, right.email)
  );
}

/** Every field of a lead in its compared form: text like names, email, phone and date by their own rules. */
function identityOf(lead: MatchableLead): string[] {
  return [
    normaliseName(lead.firstName),
    normaliseName(lead.middleName),
    normaliseName(lead.lastName),
    toCalendarIso(lead.birthDate) ?? '',
    normaliseName(lead.address),
    normaliseName(lead.city),
    normaliseName(lead.county),
    normaliseName(lead.state),
    normaliseName(lead.country),
    normaliseName(lead.zipCode),
    normaliseEmail(lead.email),
    normaliseName(lead.gender),
    phoneMatchKey(lead.phone),
    normaliseName(lead.minor),
  ];
}

/**
 * One text for every field in its compared form: two leads are identical exactly when their
 * identities are equal. The server keeps a unique index on it (per firm), so two identical leads
 * sent at once cannot both be stored.
 */
export function leadIdentity(lead: MatchableLead): string {
  return identityOf(lead).join('\u001f');
}

/** All fields equal after normalising: registering it again is refused (docs/architecture.md, Leads). */
export function isIdenticalLead(a: MatchableLead, b: MatchableLead): boolean {
  const left = identityOf(a);
  const right = identityOf(b);
  return left.every((value, index) => value === right[index]);
}
