// Valid bodies for POST /v1/firmUser and PUT /v1/user/{id} (openapi.yaml), made up for the tests,
// and dates relative to today for the birth-date rules (docs/product/app-shell.md).
import type { components } from '../../../src/api/schema';

export type EmployeeCreateRequest = components['schemas']['EmployeeCreateRequest'];
export type UserUpdateRequest = components['schemas']['UserUpdateRequest'];
export type UserInformation = components['schemas']['UserInformation'];

function isoDateYearsFromToday(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), 15)).toISOString().slice(0, 10);
}

export const adultBirthDate = '1985-06-15';
/** Ten years old: under the minimum age of 18. */
export const childBirthDate = isoDateYearsFromToday(-10);
/** A year from now. */
export const futureBirthDate = isoDateYearsFromToday(1);

export function userInformation(overrides: Partial<UserInformation> = {}): UserInformation {
  return {
    phoneNumber: '555-010-0100',
    usage: 'call',
    civilStatus: 'single',
    gender: 'male',
    birthDate: adultBirthDate,
    ssn: null,
    ssnStatus: 'noSsn',
    itin: null,
    ...overrides,
  };
}

export function employeeBody(overrides: Partial<EmployeeCreateRequest> = {}): EmployeeCreateRequest {
  return {
    firstName: 'Nora',
    middleName: null,
    lastName: 'Sample',
    email: `nora.${Math.random().toString(36).slice(2, 10)}@example.test`,
    password: 'Sample#Pass9',
    userInformation: userInformation(),
    ...overrides,
  };
}

export function profileBody(overrides: Partial<UserUpdateRequest> = {}): UserUpdateRequest {
  return {
    firstName: 'Ivo',
    middleName: null,
    lastName: 'Example',
    email: `ivo.${Math.random().toString(36).slice(2, 10)}@example.test`,
    userInformation: userInformation(),
    ...overrides,
  };
}
