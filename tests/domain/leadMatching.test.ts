import { describe, expect, it } from 'vitest';
import {
  isIdenticalLead,
  isSimilarLead,
  leadMatchKeys,
  normaliseEmail,
  normaliseName,
  phoneDigits,
  phoneMatchKey,
  type MatchableLead,
} from '../../src/domain/leadMatching';

const stored: MatchableLead = {
  firstName: 'José',
  middleName: 'Luis',
  lastName: 'Núñez',
  birthDate: '1988-07-14',
  address: '1 Example Way',
  city: 'Sampletown',
  county: 'Sample County',
  state: 'TX',
  country: 'USA',
  zipCode: '75001',
  email: 'Jose.Nunez@Example.test',
  gender: 'Male',
  phone: '(555) 010-0199',
  minor: 'No',
};

/** Another person entirely: no field in common with `stored`. */
const stranger: MatchableLead = {
  firstName: 'Robin',
  lastName: 'Sample',
  birthDate: '1975-01-02',
  email: 'robin@example.test',
  phone: '555-010-0000',
};

describe('normalisation', () => {
  it('ignores case and accents', () => {
    expect(normaliseName('José Núñez')).toBe('jose nunez');
    expect(normaliseName('JOSÉ NÚÑEZ')).toBe(normaliseName('jose nunez'));
  });

  it('reads hyphens as spaces and collapses spacing', () => {
    expect(normaliseName('  Mary-Jane   Smith-Jones ')).toBe('mary jane smith jones');
    expect(normaliseName('Mary Jane Smith Jones')).toBe('mary jane smith jones');
  });

  it('treats a missing name as empty', () => {
    expect(normaliseName(null)).toBe('');
  });

  it('lower-cases and trims emails', () => {
    expect(normaliseEmail('  Jose.Nunez@Example.TEST ')).toBe('jose.nunez@example.test');
    expect(normaliseEmail(undefined)).toBe('');
  });

  it('compares phones by their digits, with or without the US country code', () => {
    expect(phoneDigits('(555) 010-0199')).toBe('5550100199');
    expect(phoneMatchKey('555.010.0199')).toBe('5550100199');
    expect(phoneMatchKey('+1 (555) 010-0199')).toBe('5550100199');
  });
});

describe('leadMatchKeys', () => {
  it('builds the name from first and last name only, and the date from a timestamp too', () => {
    expect(leadMatchKeys({ ...stored, birthDate: '1988-07-14T00:00:00.000Z' })).toEqual({
      nameKey: 'jose nunez',
      birthDate: '1988-07-14',
      phoneDigits: '5550100199',
      email: 'jose.nunez@example.test',
    });
  });
});

describe('isSimilarLead (docs/architecture.md, Leads)', () => {
  it('matches the same name written differently with the same birth date', () => {
    const candidate = { firstName: 'jose', lastName: 'nunez', birthDate: '1988-07-14' };
    expect(isSimilarLead(stored, candidate)).toBe(true);
  });

  it('matches names that differ only in hyphens and spaces', () => {
    const a = { firstName: 'Mary-Jane', lastName: 'Smith  Jones', birthDate: '1990-01-01' };
    const b = { firstName: 'mary jane', lastName: ' smith-jones', birthDate: '1990-01-01T00:00:00.000Z' };
    expect(isSimilarLead(a, b)).toBe(true);
  });

  it('matches regardless of the middle name', () => {
    expect(isSimilarLead(stored, { firstName: 'Jose', middleName: 'L.', lastName: 'Nunez', birthDate: '1988-07-14' })).toBe(true);
  });

  it('does not match the same name with another birth date', () => {
    expect(isSimilarLead(stored, { firstName: 'José', lastName: 'Núñez', birthDate: '1988-07-15' })).toBe(false);
  });

  it('does not match the same name when neither has a birth date', () => {
    expect(isSimilarLead({ firstName: 'Ana', lastName: 'Ruiz' }, { firstName: 'Ana', lastName: 'Ruiz' })).toBe(false);
  });

  it('matches the same phone with and without punctuation', () => {
    expect(isSimilarLead(stored, { ...stranger, phone: '5550100199' })).toBe(true);
    expect(isSimilarLead(stored, { ...stranger, phone: '+1 555.010.0199' })).toBe(true);
  });

  it('matches emails that differ in case and spacing', () => {
    expect(isSimilarLead(stored, { ...stranger, email: ' jose.nunez@example.TEST' })).toBe(true);
  });

  it('never matches on empty phones or emails', () => {
    expect(isSimilarLead({ ...stranger, phone: '', email: '' }, { firstName: 'Kim', lastName: 'Other', phone: '', email: null })).toBe(
      false,
    );
  });

  it('does not match a different person', () => {
    expect(isSimilarLead(stored, stranger)).toBe(false);
  });
});

describe('isIdenticalLead', () => {
  it('is true when every field is equal after normalising', () => {
    const retyped: MatchableLead = {
      ...stored,
      firstName: 'jose',
      middleName: ' LUIS ',
      lastName: 'NUNEZ',
      birthDate: '1988-07-14T00:00:00.000Z',
      address: '1  example way',
      city: 'sampletown',
      email: 'jose.nunez@example.test',
      phone: '555.010.0199',
    };
    expect(isIdenticalLead(stored, retyped)).toBe(true);
  });

  it('treats a missing and an empty middle name alike', () => {
    expect(isIdenticalLead({ ...stored, middleName: null }, { ...stored, middleName: '' })).toBe(true);
  });

  it.each(['middleName', 'address', 'city', 'county', 'state', 'country', 'zipCode', 'gender', 'minor'] as const)(
    'is false when %s differs, even though the lead is similar',
    (field) => {
      const changed = { ...stored, [field]: 'Something Else' };
      expect(isSimilarLead(stored, changed)).toBe(true);
      expect(isIdenticalLead(stored, changed)).toBe(false);
    },
  );
});
