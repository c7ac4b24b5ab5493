// Enumerations of the product (docs/product/intake-form.md). Each is a tuple so that
// yup schemas, the OpenAPI contract and select options all read the same list.

export const privileges = ['owner', 'administrator', 'representative'] as const;
export type Privilege = (typeof privileges)[number];

export const civilStatuses = ['single', 'married'] as const;
export type CivilStatus = (typeof civilStatuses)[number];

export const genders = ['male', 'female'] as const;
export type Gender = (typeof genders)[number];

/** Leads spell the gender with a capital (docs/product/leads.md, Lead). */
export const leadGenders = ['Male', 'Female'] as const;
export type LeadGender = (typeof leadGenders)[number];

export const yesNo = ['Yes', 'No'] as const;
export type YesNo = (typeof yesNo)[number];

export const phoneUsages = ['call', 'text'] as const;
export type PhoneUsage = (typeof phoneUsages)[number];

export const ssnStatuses = ['noSsn', 'pending', 'needToGet', 'hasSsn'] as const;
export type SsnStatus = (typeof ssnStatuses)[number];

export const languages = ['spanish', 'english', 'vietnamese'] as const;
export type Language = (typeof languages)[number];

export const intakeStatuses = ['draft', 'final'] as const;
export type IntakeStatus = (typeof intakeStatuses)[number];

/** Whether an employee may sign in (docs/product/people.md); the API spells them capitalised. */
export const userStatuses = ['Active', 'Deactivated'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const privilegeLabels: Record<Privilege, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  representative: 'Representative',
};

export const ssnStatusLabels: Record<SsnStatus, string> = {
  noSsn: 'No SSN',
  pending: 'Pending',
  needToGet: 'Need to Get',
  hasSsn: 'Has SSN',
};
