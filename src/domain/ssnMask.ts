// How an SSN or ITIN is shown until someone reveals it (docs/product/people.md, docs/product/intake-form.md):
// the last four digits only, `***-**-6789`. The server answers this form; the client sends it back
// unchanged when the field was not touched, and the server then keeps the stored number.
export const SSN_MASK_PREFIX = '***-**-';

export function maskSsn(value: string): string;
export function maskSsn(value: string | null): string | null;
export function maskSsn(value: string | null): string | null {
  if (value === null) return null;
  if (value === '') return '';
  return `${SSN_MASK_PREFIX}${value.replace(/\D/g, '').slice(-4)}`;
}

export function isMaskedSsn(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.startsWith(SSN_MASK_PREFIX);
}

/** Exactly the mask the server sends, '***-**-' and four digits: what a form accepts untouched. */
export const SSN_MASK_PATTERN = /^\*{3}-\*{2}-\d{4}$/;
