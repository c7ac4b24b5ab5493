import { describe, expect, it } from 'vitest';
import { credentialsSchema, emptyCredentials } from '../../src/domain/schemas/credentials';
import { emptyFirm, firmSchema } from '../../src/domain/schemas/firm';
import { loginSchema } from '../../src/domain/schemas/login';
import { validateFields } from '../../src/domain/schemas/shared';

describe('login (docs/product/sign-in-and-session.md, Login)', () => {
  const valid = { email: 'dana@example.test', password: 'anything' };

  it('accepts an email and a password', () => {
    expect(validateFields(loginSchema, valid)).toEqual({});
  });

  it('requires both', () => {
    expect(validateFields(loginSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('needs an email in email format', () => {
    expect(validateFields(loginSchema, { ...valid, email: 'dana' })).toEqual({ email: 'Please enter a valid email' });
  });

  it('trims the email but keeps the password as typed', () => {
    expect(loginSchema.validateSync({ email: ' dana@example.test ', password: ' pass ' })).toEqual({
      email: 'dana@example.test',
      password: ' pass ',
    });
  });
});

describe('firm record', () => {
  const valid = {
    firmName: 'Example Law',
    firmContact: 'Sam Sample',
    firmMail: 'office@example.test',
    firmAddress: '1 Example Way',
    limitationYears: 2,
  };

  it('accepts a complete firm', () => {
    expect(validateFields(firmSchema, valid)).toEqual({});
  });

  it.each([0, 11, 1.5])('refuses a limitation period of %s years', (years) => {
    expect(validateFields(firmSchema, { ...valid, limitationYears: years })).toEqual({
      limitationYears: 'Limitation period must be a whole number of years from 1 to 10',
    });
  });

  it('requires every field', () => {
    expect(validateFields(firmSchema, emptyFirm)).toEqual({
      firmName: 'Firm name is required',
      firmContact: 'Firm contact is required',
      firmMail: 'Firm email is required',
      firmAddress: 'Firm address is required',
    });
  });

  it('needs an email in email format', () => {
    expect(validateFields(firmSchema, { ...valid, firmMail: 'office' })).toEqual({ firmMail: 'Please enter a valid email' });
  });

  it.each([
    ['firmName', 150, 'Firm name must be at most 150 characters'],
    ['firmContact', 100, 'Firm contact must be at most 100 characters'],
    ['firmAddress', 200, 'Firm address must be at most 200 characters'],
  ] as const)('limits %s to %i characters', (field, limit, message) => {
    expect(validateFields(firmSchema, { ...valid, [field]: 'x'.repeat(limit) })).toEqual({});
    expect(validateFields(firmSchema, { ...valid, [field]: 'x'.repeat(limit + 1) })).toEqual({ [field]: message });
  });
});

describe('integration credentials (docs/product/firm-and-neos.md)', () => {
  it('requires all three values', () => {
    expect(validateFields(credentialsSchema, emptyCredentials)).toEqual({
      companyId: 'Company Id is required',
      apiKey: 'API Key is required',
      integrationId: 'Integration Id is required',
    });
  });

  it('accepts three given values', () => {
    expect(validateFields(credentialsSchema, { companyId: 'c-1', apiKey: 'k-1', integrationId: 'i-1' })).toEqual({});
  });

  it('counts only spaces as missing', () => {
    expect(validateFields(credentialsSchema, { companyId: ' ', apiKey: 'k-1', integrationId: 'i-1' })).toEqual({
      companyId: 'Company Id is required',
    });
  });
});
