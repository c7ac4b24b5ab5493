// One made-up lead, Marisol Quillfeather, registered by the contract, machine, page and browser
// tests alike (docs/product/leads.md Lead form). Each test spreads it and changes only what it is about.
import type { LeadInput } from '../../src/domain/schemas/lead';

/** What a person types into the Lead form's text fields. */
export const typedLead = {
  lastName: 'Quillfeather',
  firstName: 'Marisol',
  birthDate: '1988-07-14',
  address: '12 Test Lane',
  city: 'Sampleton',
  county: 'Example County',
  state: 'TX',
  country: 'USA',
  zipCode: '75001',
  email: 'marisol@example.test',
  phone: '555-010-0101',
};

/** The whole lead, with Female and minor No chosen and no middle name. */
export const sampleLead: LeadInput = { ...typedLead, middleName: null, gender: 'Female', minor: 'No' };
