import { describe, expect, it } from 'vitest';
import { capitalize, formatItin, formatSsn, fullName, maskSsn, phoneDigits } from '../../src/domain/formatters';

describe('formatSsn (docs/product/app-shell.md: 3-2-4 groups with dashes, at most 9 digits)', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['123', '123'],
    ['1234', '123-4'],
    ['12345', '123-45'],
    ['123456', '123-45-6'],
    ['123456789', '123-45-6789'],
    ['1234567890123', '123-45-6789'],
    ['123-45-6789', '123-45-6789'],
    ['12a3 4-5/6789', '123-45-6789'],
    ['abc', ''],
  ])('formats %j as %j', (typed, shown) => {
    expect(formatSsn(typed)).toBe(shown);
  });

  it('re-formats a value while the person deletes digits', () => {
    expect(formatSsn('123-4')).toBe('123-4');
    expect(formatSsn('123-')).toBe('123');
  });

  it('treats a missing value as empty', () => {
    expect(formatSsn(null)).toBe('');
    expect(formatSsn(undefined)).toBe('');
  });

  it('formats an ITIN the same way', () => {
    expect(formatItin('9001234567')).toBe('900-12-3456');
    expect(formatItin('90012')).toBe('900-12');
  });
});

describe('maskSsn', () => {
  it('shows only the last four digits', () => {
    expect(maskSsn('123-45-6789')).toBe('***-**-6789');
    expect(maskSsn('123456789')).toBe('***-**-6789');
  });

  it('leaves an already masked value as it is', () => {
    expect(maskSsn('***-**-6789')).toBe('***-**-6789');
  });

  it('gives null when there is nothing to mask, for the fallback text', () => {
    expect(maskSsn(null)).toBeNull();
    expect(maskSsn(undefined)).toBeNull();
    expect(maskSsn('')).toBeNull();
  });
});

describe('capitalize and fullName (docs/product/people.md, Profile)', () => {
  it('capitalises the first letter of every word and keeps the rest as typed', () => {
    expect(capitalize('ana')).toBe('Ana');
    expect(capitalize('mary-jane')).toBe('Mary-Jane');
    expect(capitalize('de la cruz')).toBe('De La Cruz');
    expect(capitalize('McDonald')).toBe('McDonald');
    expect(capitalize('élodie')).toBe('Élodie');
    expect(capitalize('  ana ')).toBe('Ana');
    expect(capitalize(null)).toBe('');
  });

  it('joins first, middle and last name, each capitalised', () => {
    expect(fullName({ firstName: 'ana', middleName: 'lucía', lastName: 'pérez' })).toBe('Ana Lucía Pérez');
  });

  it('skips a missing middle name', () => {
    expect(fullName({ firstName: 'ana', middleName: null, lastName: 'pérez' })).toBe('Ana Pérez');
    expect(fullName({ firstName: 'ana', middleName: '', lastName: 'pérez' })).toBe('Ana Pérez');
  });

  it('gives null without any name, for the fallback text', () => {
    expect(fullName({ firstName: '', middleName: null, lastName: '' })).toBeNull();
    expect(fullName(null)).toBeNull();
  });
});

describe('phoneDigits', () => {
  it('keeps only the digits', () => {
    expect(phoneDigits('(555) 010-0199')).toBe('5550100199');
    expect(phoneDigits('+1 555.010.0199')).toBe('15550100199');
    expect(phoneDigits(null)).toBe('');
  });
});
