import { describe, expect, it } from 'vitest';
import { emptyLead, leadSchema, type LeadFormValues } from '../../src/domain/schemas/lead';
import { validateFields } from '../../src/domain/schemas/shared';

const today = '2024-06-01';

function lead(changes: Partial<LeadFormValues> = {}): LeadFormValues {
  return {
    ...emptyLead,
    lastName: 'Testperson',
    firstName: 'Robin',
    birthDate: '1990-03-05',
    address: '1 Example Way',
    city: 'Sampletown',
    county: 'Sample County',
    state: 'TX',
    country: 'USA',
    zipCode: '75001',
    gender: 'Female',
    phone: '(555) 010-0199',
    minor: 'No',
    ...changes,
  };
}

const errorsOf = (values: unknown) => validateFields(leadSchema, values, { today });

describe('lead form (docs/product/leads.md, Lead form)', () => {
  it('accepts a complete lead without middle name or email', () => {
    expect(errorsOf(lead())).toEqual({});
  });

  it.each([
    ['firstName', 'First Name is required'],
    ['lastName', 'Last Name is required'],
    ['address', 'Address is required'],
    ['city', 'City is required'],
    ['county', 'County is required'],
    ['state', 'State is required'],
    ['country', 'Country is required'],
    ['zipCode', 'Zip Code is required'],
    ['birthDate', 'Birth Date is required'],
    ['gender', 'Please select a gender'],
    ['minor', 'Please indicate if the person is a minor'],
    ['phone', 'Phone is required'],
  ] as const)('requires %s: %j', (field, message) => {
    expect(errorsOf(lead({ [field]: '' }))).toEqual({ [field]: message });
  });

  it('reports every missing field of an empty form', () => {
    expect(Object.keys(errorsOf(emptyLead)).sort()).toEqual([
      'address',
      'birthDate',
      'city',
      'country',
      'county',
      'firstName',
      'gender',
      'lastName',
      'minor',
      'phone',
      'state',
      'zipCode',
    ]);
  });

  it('counts only spaces as missing', () => {
    expect(errorsOf(lead({ city: '   ' }))).toEqual({ city: 'City is required' });
  });

  it('accepts only Male or Female as gender', () => {
    expect(errorsOf(lead({ gender: 'Male' }))).toEqual({});
    expect(errorsOf({ ...lead(), gender: 'male' })).toEqual({ gender: 'Please select a gender' });
  });

  it('accepts only Yes or No as minor', () => {
    expect(errorsOf({ ...lead(), minor: 'Maybe' })).toEqual({ minor: 'Please indicate if the person is a minor' });
  });

  it("checks a given email: 'Please enter a valid email'", () => {
    expect(errorsOf(lead({ email: 'robin@' }))).toEqual({ email: 'Please enter a valid email' });
    expect(errorsOf(lead({ email: 'robin@example.test' }))).toEqual({});
    expect(errorsOf({ ...lead(), email: null })).toEqual({});
  });

  it("refuses a birth date in the future: 'Birth date cannot be in the future'", () => {
    expect(errorsOf(lead({ birthDate: '2024-06-02' }))).toEqual({ birthDate: 'Birth date cannot be in the future' });
    expect(errorsOf(lead({ birthDate: '2024-06-02', minor: 'Yes' }))).toEqual({ birthDate: 'Birth date cannot be in the future' });
  });

  describe("minimum age when minor is No: 'Must be at least 18 years old'", () => {
    it('accepts the 18th birthday today', () => {
      expect(errorsOf(lead({ birthDate: '2006-06-01', minor: 'No' }))).toEqual({});
    });

    it('refuses one day short of 18', () => {
      expect(errorsOf(lead({ birthDate: '2006-06-02', minor: 'No' }))).toEqual({ birthDate: 'Must be at least 18 years old' });
    });

    it('does not apply to a minor', () => {
      expect(errorsOf(lead({ birthDate: '2015-01-01', minor: 'Yes' }))).toEqual({});
    });
  });

  it('accepts the ISO birth date that FromLead carries (docs/product/leads.md)', () => {
    expect(errorsOf(lead({ birthDate: '1990-03-05T00:00:00.000Z' }))).toEqual({});
  });

  it('starts empty, with no radio chosen', () => {
    expect(emptyLead.gender).toBe('');
    expect(emptyLead.minor).toBe('');
    expect(Object.isFrozen(emptyLead)).toBe(true);
  });
});
