// How the profile shows the user's choices, and the options of the forms' choice fields
// (docs/product/people.md Enumerations; docs/product/people.md Profile for the SSN status labels and the privilege label).
import {
  civilStatuses,
  genders,
  phoneUsages,
  privilegeLabels,
  ssnStatuses,
  ssnStatusLabels,
  type CivilStatus,
  type Gender,
  type PhoneUsage,
  type Privilege,
} from '../../../domain/enums';

export const civilStatusLabels: Record<CivilStatus, string> = { single: 'Single', married: 'Married' };
export const genderLabels: Record<Gender, string> = { male: 'Male', female: 'Female' };
export const phoneUsageLabels: Record<PhoneUsage, string> = { call: 'Call', text: 'Text' };

function optionsOf<T extends string>(values: readonly T[], labels: Record<T, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

export const civilStatusOptions = optionsOf(civilStatuses, civilStatusLabels);
export const genderOptions = optionsOf(genders, genderLabels);
export const phoneUsageOptions = optionsOf(phoneUsages, phoneUsageLabels);
export const ssnStatusOptions = optionsOf(ssnStatuses, ssnStatusLabels);

/**
 * The privileges a signed-in user may give a new employee: Representative first (the default),
 * then Administrator; Owner only when the signed-in user is an owner.
 */
export function assignablePrivilegeOptions(signedIn: Privilege | undefined) {
  const allowed: Privilege[] = signedIn === 'owner' ? ['representative', 'administrator', 'owner'] : ['representative', 'administrator'];
  return optionsOf(allowed, privilegeLabels);
}

/** The label of a stored choice, or undefined when none is stored (the view shows its fallback). */
export function labelOf<T extends string>(labels: Record<T, string>, value: T | null | undefined): string | undefined {
  return value ? labels[value] : undefined;
}
