// Text formatting shared by the inputs, the profile view and the server.
import { SSN_DIGITS } from './constants';
import { isMaskedSsn } from './ssnMask';

/** Only the digits of a value; empty for null or undefined. */
export function digitsOf(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/**
 * SSN as the user types (docs/product/people.md): digits only, at most 9, grouped 3-2-4 with dashes.
 * '1234' -> '123-4', '123456789' -> '123-45-6789'; anything past the ninth digit is dropped.
 */
export function formatSsn(input: string | null | undefined): string {
  const digits = digitsOf(input).slice(0, SSN_DIGITS);
  return [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5)].filter(Boolean).join('-');
}

/** ITIN inputs auto-format exactly like SSN inputs (docs/product/people.md). */
export const formatItin = formatSsn;

/**
 * An SSN or ITIN shown with only its last four digits: '***-**-6789'. Null when there is
 * nothing to show, so the view can use its fallback text. Already masked values stay the same.
 */
export function maskSsn(value: string | null | undefined): string | null {
  const digits = digitsOf(value);
  if (!digits) return null;
  return `***-**-${digits.slice(-4)}`;
}

/**
 * What an SSN/ITIN input holds after a change. Over the server's mask, whatever the person types
 * replaces the whole number (the mask is not a number to edit: appending to '***-**-6789' starts
 * a new one, deleting a character empties it); otherwise it formats as typed (formatSsn).
 */
export function formatSsnOver(previous: string | null | undefined, typed: string): string {
  if (!isMaskedSsn(previous)) return formatSsn(typed);
  const before = previous ?? '';
  let start = 0;
  while (start < before.length && start < typed.length && before[start] === typed[start]) start++;
  let end = 0;
  while (end < before.length - start && end < typed.length - start && before[before.length - 1 - end] === typed[typed.length - 1 - end])
    end++;
  return formatSsn(typed.slice(start, typed.length - end));
}

/**
 * Upper-cases the first letter of every word (words split at spaces and hyphens) and leaves
 * the rest as typed, so 'mary-jane' reads 'Mary-Jane' and 'McDonald' keeps its capital D.
 */
export function capitalize(name: string | null | undefined): string {
  return (name ?? '').trim().replace(/(^|[\s-])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase());
}

export interface PersonName {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
}

/**
 * The profile's full name (docs/product/people.md, Profile): first, optional middle, last, each
 * capitalised. Null when no part is given, for the 'Name not available' fallback.
 */
export function fullName(user: PersonName | null | undefined): string | null {
  if (!user) return null;
  const parts = [user.firstName, user.middleName, user.lastName].map(capitalize).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** A phone number's digits only: '(555) 010-0199' -> '5550100199'. */
export function phoneDigits(phone: string | null | undefined): string {
  return digitsOf(phone);
}
