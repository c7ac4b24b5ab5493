// One made-up employee, Theo Sample, registered by the machine and page tests of Employee
// Registration (docs/product/people.md Employee create). Only the privilege and the ITIN vary.
import type { EmployeeCreateRequest, User } from '../../src/api/users';
import type { Privilege } from '../../src/domain/enums';

/** What a person types into an empty registration form to make it valid. */
export const typedEmployee = {
  firstName: 'Theo',
  lastName: 'Sample',
  email: 'theo@firm.test',
  password: 'Str0ng!pass',
  birthDate: '1985-11-30',
} as const;

/** The POST /v1/firmUser body for `typedEmployee` over the form's defaults (docs/product/people.md: call, single, male, No SSN). */
export function typedEmployeeRequest(privilege: Privilege, itin: string | null): EmployeeCreateRequest {
  return {
    firstName: typedEmployee.firstName,
    middleName: null,
    lastName: typedEmployee.lastName,
    email: typedEmployee.email,
    password: typedEmployee.password,
    privilege,
    userInformation: {
      phoneNumber: null,
      usage: 'call',
      civilStatus: 'single',
      gender: 'male',
      birthDate: typedEmployee.birthDate,
      ssnStatus: 'noSsn',
      ssn: null,
      itin,
    },
  };
}

/** The employee the server answers with for such a body. */
export function createdEmployee(id: string, privilege: Privilege, itin: string | null): User {
  const { password: _password, ...request } = typedEmployeeRequest(privilege, itin);
  return { ...request, id, privilege, status: 'Active', createdAt: '2024-05-06T07:08:09.000Z' };
}
