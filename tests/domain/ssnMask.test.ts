// The server's SSN/ITIN mask on the client: recognised, replaced by typing, accepted untouched by
// the forms' validation (docs/product/people.md, docs/product/intake-form.md).
import { describe, expect, it } from 'vitest';
import { formatSsnOver } from '../../src/domain/formatters';
import { isMaskedSsn, SSN_MASK_PATTERN } from '../../src/domain/ssnMask';
import { validateFinal } from '../../src/domain/intake';
import { fullValidIntake, TODAY, withFields } from './intake/fixtures';

describe('the mask', () => {
  it.each([
    ['***-**-6789', true, true],
    ['123-45-6789', false, false],
    // Mask-like but not the server's: no number, and not a mask a form accepts.
    ['***-**-678', true, false],
    ['', false, false],
  ])('%s: mask-like %s, the exact mask %s', (value, maskLike, exact) => {
    expect(isMaskedSsn(value)).toBe(maskLike);
    expect(SSN_MASK_PATTERN.test(value)).toBe(exact);
  });
});

describe('formatSsnOver', () => {
  it('formats as typed when the value is not a mask', () => {
    expect(formatSsnOver('123-4', '123-45')).toBe('123-45');
    expect(formatSsnOver('', '123456789')).toBe('123-45-6789');
  });

  it('starts a new number from what is typed over the mask', () => {
    expect(formatSsnOver('***-**-6789', '***-**-67895')).toBe('5');
    expect(formatSsnOver('***-**-6789', '9***-**-6789')).toBe('9');
    // The whole mask selected and replaced, or a number pasted over it.
    expect(formatSsnOver('***-**-6789', '987654321')).toBe('987-65-4321');
  });

  it('empties the field when a character of the mask is deleted', () => {
    expect(formatSsnOver('***-**-6789', '***-**-678')).toBe('');
    expect(formatSsnOver('***-**-6789', '')).toBe('');
  });
});

describe('the intake form keeps the mask valid', () => {
  it('accepts the mask as it came from the server, and refuses a broken one', () => {
    const masked = withFields(fullValidIntake(), { 'personalInformation.status': 'hasSsn', 'personalInformation.ssnItin': '***-**-6789' });
    expect(validateFinal(masked, TODAY)).toMatchObject({ ok: true });
    const broken = withFields(fullValidIntake(), { 'personalInformation.status': 'hasSsn', 'personalInformation.ssnItin': '***-**-67' });
    const result = validateFinal(broken, TODAY);
    expect(result.ok ? {} : result.errors).toEqual({ 'personalInformation.ssnItin': 'Please enter a valid SSN in the format XXX-XX-XXXX' });
  });
});
