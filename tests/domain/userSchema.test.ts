import { describe, expect, it } from 'vitest';
import {
  employeeCreateBodyFrom,
  employeeCreateBodySchema,
  employeeFormSchema,
  newEmployeeDefaults,
  onSsnStatusChange,
  profileFormSchema,
  profileFormValuesFrom,
  profileUpdateBodyFrom,
  profileUpdateBodySchema,
  type EmployeeFormValues,
  type ProfileFormValues,
} from '../../src/domain/schemas/user';
import { validateFields } from '../../src/domain/schemas/shared';
import { ValidationError } from 'yup';

const today = '2024-06-01';

function employee(
  changes: Partial<Omit<EmployeeFormValues, 'userInformation'>> = {},
  info: Partial<EmployeeFormValues['userInformation']> = {},
): EmployeeFormValues {
  return {
    ...newEmployeeDefaults,
    firstName: 'Dana',
    lastName: 'Testperson',
    email: 'dana@example.test',
    password: 'Secret#123',
    confirmPassword: 'Secret#123',
    ...changes,
    userInformation: { ...newEmployeeDefaults.userInformation, birthDate: '1990-03-05', ...info },
  };
}

function profile(
  changes: Partial<Omit<ProfileFormValues, 'userInformation'>> = {},
  info: Partial<ProfileFormValues['userInformation']> = {},
): ProfileFormValues {
  const { privilege: _privilege, ...values } = employee({ password: '', confirmPassword: '', ...changes }, info);
  return values;
}

/** Every message yup reports for the birth date, not only the first one. */
function birthDateMessages(validate: () => unknown): string[] {
  try {
    validate();
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.filter((failure) => failure.path === 'userInformation.birthDate').flatMap((failure) => failure.errors);
  }
}

const employeeErrors = (values: unknown) => validateFields(employeeFormSchema, values, { today });
const profileErrors = (values: unknown) => validateFields(profileFormSchema, values, { today });

describe('employee and profile forms (docs/product/people.md)', () => {
  it('accept a complete employee and a profile without a new password', () => {
    expect(employeeErrors(employee())).toEqual({});
    expect(profileErrors(profile())).toEqual({});
  });

  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
  ] as const)('require %s with %j', (field, message) => {
    expect(employeeErrors(employee({ [field]: '' }))[field]).toBe(message);
    expect(profileErrors(profile({ [field]: '' }))[field]).toBe(message);
  });

  it('count a name of only spaces as missing', () => {
    expect(employeeErrors(employee({ firstName: '   ' })).firstName).toBe('First name is required');
  });

  it('reject an email that is not an email', () => {
    expect(employeeErrors(employee({ email: 'dana@' })).email).toBe('Please enter a valid email');
    expect(profileErrors(profile({ email: 'dana.example.test' })).email).toBe('Please enter a valid email');
  });

  it('accept a missing middle name', () => {
    expect(employeeErrors(employee({ middleName: '' }))).toEqual({});
  });

  describe('birth date', () => {
    it("requires it: 'Birth date is required'", () => {
      expect(employeeErrors(employee({}, { birthDate: '' }))['userInformation.birthDate']).toBe('Birth date is required');
      expect(profileErrors(profile({}, { birthDate: '' }))['userInformation.birthDate']).toBe('Birth date is required');
    });

    it('accepts the 18th birthday today', () => {
      expect(employeeErrors(employee({}, { birthDate: '2006-06-01' }))).toEqual({});
    });

    it("refuses one day short of 18: 'You must be at least 18 years old'", () => {
      expect(employeeErrors(employee({}, { birthDate: '2006-06-02' }))['userInformation.birthDate']).toBe(
        'You must be at least 18 years old',
      );
      expect(profileErrors(profile({}, { birthDate: '2010-01-01' }))['userInformation.birthDate']).toBe(
        'You must be at least 18 years old',
      );
    });

    it("refuses a future date with 'Birth date cannot be in the future' alone", () => {
      const values = employee({}, { birthDate: '2024-06-02' });
      const messages = birthDateMessages(() => employeeFormSchema.validateSync(values, { abortEarly: false, context: { today } }));
      expect(messages).toEqual(['Birth date cannot be in the future']);
    });

    it('refuses a date that does not exist', () => {
      expect(employeeErrors(employee({}, { birthDate: '2001-02-30' }))['userInformation.birthDate']).toBe(
        'Birth date must be a valid date',
      );
    });

    it('uses the real date when the caller gives no today', () => {
      const errors = validateFields(employeeFormSchema, employee({}, { birthDate: '2999-01-01' }));
      expect(errors['userInformation.birthDate']).toBe('Birth date cannot be in the future');
    });
  });

  describe('password', () => {
    it("is required on employee create: 'Password is required'", () => {
      expect(employeeErrors(employee({ password: '', confirmPassword: '' })).password).toBe('Password is required');
    });

    it('is optional on profile edit, where empty keeps the current one', () => {
      expect(profileErrors(profile({ password: '', confirmPassword: '' }))).toEqual({});
    });

    it("needs 8 characters: 'Password must be at least 8 characters long'", () => {
      expect(employeeErrors(employee({ password: 'Ab1!xyz', confirmPassword: 'Ab1!xyz' })).password).toBe(
        'Password must be at least 8 characters long',
      );
      expect(profileErrors(profile({ password: 'Ab1!', confirmPassword: 'Ab1!' })).password).toBe(
        'Password must be at least 8 characters long',
      );
    });

    it('accepts exactly 8 characters', () => {
      expect(employeeErrors(employee({ password: 'Abcde1!x', confirmPassword: 'Abcde1!x' }))).toEqual({});
    });

    it.each([
      ['no special character', 'Abcdefg1'],
      ['no digit', 'Abcdefg!'],
      ['no letter', '1234567!'],
      ['a special character outside !@#$%^&*', 'Abcdef1?'],
    ])('needs letters, numbers and !@#$%%^&* (%s)', (_case, password) => {
      const message = 'Password must contain letters, numbers, and special characters';
      expect(employeeErrors(employee({ password, confirmPassword: password })).password).toBe(message);
      expect(profileErrors(profile({ password, confirmPassword: password })).password).toBe(message);
    });

    it.each(['!', '@', '#', '$', '%', '^', '&', '*'])('accepts %s as the special character', (special) => {
      const password = `Abcdef1${special}`;
      expect(employeeErrors(employee({ password, confirmPassword: password }))).toEqual({});
    });

    it("must be confirmed: 'Passwords do not match'", () => {
      expect(employeeErrors(employee({ confirmPassword: 'Secret#124' })).confirmPassword).toBe('Passwords do not match');
      expect(profileErrors(profile({ password: 'Secret#123', confirmPassword: '' })).confirmPassword).toBe('Passwords do not match');
      expect(profileErrors(profile({ password: '', confirmPassword: 'Secret#123' })).confirmPassword).toBe('Passwords do not match');
    });
  });

  describe('SSN and ITIN', () => {
    it(`requires the SSN when the status is hasSsn: 'SSN is required when status is "Has SSN"'`, () => {
      expect(employeeErrors(employee({}, { ssnStatus: 'hasSsn', ssn: '' }))['userInformation.ssn']).toBe(
        'SSN is required when status is "Has SSN"',
      );
      expect(profileErrors(profile({}, { ssnStatus: 'hasSsn', ssn: '' }))['userInformation.ssn']).toBe(
        'SSN is required when status is "Has SSN"',
      );
    });

    it.each(['noSsn', 'pending', 'needToGet'] as const)('does not require the SSN when the status is %s', (ssnStatus) => {
      expect(employeeErrors(employee({}, { ssnStatus, ssn: '' }))).toEqual({});
    });

    it(`checks the SSN format: 'SSN must be in the format "123-45-6789"'`, () => {
      for (const ssn of ['123-45-678', '123456789', '123-456-789']) {
        expect(employeeErrors(employee({}, { ssnStatus: 'hasSsn', ssn }))['userInformation.ssn']).toBe(
          'SSN must be in the format "123-45-6789"',
        );
      }
      expect(employeeErrors(employee({}, { ssnStatus: 'hasSsn', ssn: '123-45-6789' }))).toEqual({});
    });

    it("accepts the server's mask sent back untouched, and nothing else with stars", () => {
      expect(profileErrors(profile({}, { ssnStatus: 'hasSsn', ssn: '***-**-6789', itin: '***-**-4321' }))).toEqual({});
      expect(profileErrors(profile({}, { ssnStatus: 'hasSsn', ssn: '***-**-67' }))['userInformation.ssn']).toBe(
        'SSN must be in the format "123-45-6789"',
      );
      expect(profileErrors(profile({}, { itin: '***-45-6789' }))['userInformation.itin']).toBe('ITIN must be in the format "123-45-6789"');
    });

    it(`checks a given ITIN: 'ITIN must be in the format "123-45-6789"'`, () => {
      expect(employeeErrors(employee({}, { itin: '900-12' }))['userInformation.itin']).toBe('ITIN must be in the format "123-45-6789"');
      expect(profileErrors(profile({}, { itin: '900-12' }))['userInformation.itin']).toBe('ITIN must be in the format "123-45-6789"');
      expect(employeeErrors(employee({}, { itin: '900-12-3456' }))).toEqual({});
      expect(employeeErrors(employee({}, { itin: '' }))).toEqual({});
    });
  });

  it('reports every failing field at once', () => {
    const errors = employeeErrors({});
    expect(errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      'userInformation.birthDate': 'Birth date is required',
    });
  });
});

describe('new employee defaults (docs/product/people.md)', () => {
  it('start with call, single, male, No SSN and representative', () => {
    expect(newEmployeeDefaults.userInformation).toMatchObject({ usage: 'call', civilStatus: 'single', gender: 'male', ssnStatus: 'noSsn' });
    expect(newEmployeeDefaults.privilege).toBe('representative');
  });

  it('cannot be changed by a form that edits them in place', () => {
    expect(Object.isFrozen(newEmployeeDefaults)).toBe(true);
    expect(Object.isFrozen(newEmployeeDefaults.userInformation)).toBe(true);
  });
});

describe('onSsnStatusChange (docs/product/people.md)', () => {
  const withSsn = employee({}, { ssnStatus: 'hasSsn', ssn: '123-45-6789' });

  it.each(['noSsn', 'pending', 'needToGet'] as const)('clears the SSN when the status changes to %s', (status) => {
    const next = onSsnStatusChange(withSsn, status);
    expect(next.userInformation).toMatchObject({ ssnStatus: status, ssn: '' });
    expect(next.userInformation.itin).toBe(withSsn.userInformation.itin);
    expect(next.firstName).toBe('Dana');
  });

  it('keeps the SSN while the status stays hasSsn', () => {
    expect(onSsnStatusChange(withSsn, 'hasSsn').userInformation.ssn).toBe('123-45-6789');
  });

  it('does not change the values it was given', () => {
    onSsnStatusChange(withSsn, 'noSsn');
    expect(withSsn.userInformation.ssn).toBe('123-45-6789');
  });
});

describe('API bodies (docs/product/people.md)', () => {
  it('send no confirmPassword, and no password when the profile leaves it empty', () => {
    const body = profileUpdateBodyFrom(profile());
    expect(body).not.toHaveProperty('confirmPassword');
    expect(body).not.toHaveProperty('password');
    expect(profileUpdateBodyFrom(profile({ password: 'Secret#123', confirmPassword: 'Secret#123' })).password).toBe('Secret#123');
    expect(employeeCreateBodyFrom(employee())).not.toHaveProperty('confirmPassword');
  });

  it('pass the server-side schemas, which hold the same rules', () => {
    expect(validateFields(profileUpdateBodySchema, profileUpdateBodyFrom(profile()), { today })).toEqual({});
    expect(validateFields(employeeCreateBodySchema, employeeCreateBodyFrom(employee()), { today })).toEqual({});
    const tooYoung = employeeCreateBodyFrom(employee({ password: 'short1!' }, { birthDate: '2010-01-01', ssnStatus: 'hasSsn', ssn: '' }));
    expect(validateFields(employeeCreateBodySchema, tooYoung, { today })).toEqual({
      password: 'Password must be at least 8 characters long',
      'userInformation.birthDate': 'You must be at least 18 years old',
      'userInformation.ssn': 'SSN is required when status is "Has SSN"',
    });
  });

  it('accept the nulls the API uses for empty optional values', () => {
    const body = {
      firstName: 'Dana',
      middleName: null,
      lastName: 'Testperson',
      email: 'dana@example.test',
      userInformation: {
        phoneNumber: null,
        usage: null,
        civilStatus: null,
        gender: null,
        birthDate: '1990-03-05T00:00:00.000Z',
        ssn: null,
        ssnStatus: null,
        itin: null,
      },
    };
    expect(validateFields(profileUpdateBodySchema, body, { today })).toEqual({});
  });

  it('default the privilege of a new employee to representative and refuse unknown ones', () => {
    const { privilege: _privilege, ...body } = employeeCreateBodyFrom(employee());
    expect(employeeCreateBodySchema.validateSync(body, { context: { today } }).privilege).toBe('representative');
    expect(validateFields(employeeCreateBodySchema, { ...body, privilege: 'superuser' }, { today })).toHaveProperty('privilege');
  });

  it('refuse enumeration values outside the spec', () => {
    const errors = validateFields(
      profileUpdateBodySchema,
      { ...profile(), userInformation: { ...profile().userInformation, usage: 'fax', ssnStatus: 'unknown' } },
      { today },
    );
    expect(Object.keys(errors).sort()).toEqual(['userInformation.ssnStatus', 'userInformation.usage']);
  });

  it('trim names and email in the validated value', () => {
    const value = profileUpdateBodySchema.validateSync(
      { ...profileUpdateBodyFrom(profile()), firstName: '  Dana ', email: ' dana@example.test ' },
      { context: { today } },
    );
    expect(value.firstName).toBe('Dana');
    expect(value.email).toBe('dana@example.test');
  });
});

describe('profileFormValuesFrom', () => {
  it('fills the edit form from the stored user, with empty password fields', () => {
    const values = profileFormValuesFrom({
      firstName: 'Dana',
      middleName: null,
      lastName: 'Testperson',
      email: 'dana@example.test',
      userInformation: {
        phoneNumber: null,
        usage: 'text',
        civilStatus: 'married',
        gender: 'female',
        birthDate: '1990-03-05T00:00:00.000Z',
        ssn: '123-45-6789',
        ssnStatus: 'hasSsn',
        itin: null,
      },
    });
    expect(values).toEqual({
      firstName: 'Dana',
      middleName: '',
      lastName: 'Testperson',
      email: 'dana@example.test',
      password: '',
      confirmPassword: '',
      userInformation: {
        phoneNumber: '',
        usage: 'text',
        civilStatus: 'married',
        gender: 'female',
        birthDate: '1990-03-05',
        ssn: '123-45-6789',
        ssnStatus: 'hasSsn',
        itin: '',
      },
    });
    expect(profileErrors(values)).toEqual({});
  });
});
