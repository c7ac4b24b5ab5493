// Profile edit and employee registration (docs/product/people.md, "Profile and employee
// forms"). The server validates the API bodies with the *BodySchema variants; the forms add
// confirmPassword on top of them, so both sides run the same rules.
import { object, string, type InferType } from 'yup';
import { MINIMUM_AGE, PASSWORD_MIN_LENGTH } from '../constants';
import {
  civilStatuses,
  genders,
  phoneUsages,
  privileges,
  ssnStatuses,
  type CivilStatus,
  type Gender,
  type PhoneUsage,
  type Privilege,
  type SsnStatus,
} from '../enums';
import { toCalendarIso } from '../dates';
import { SSN_MASK_PATTERN } from '../ssnMask';
import type { components } from '../../api/schema';
import { birthDate, hasAge, isOldEnough, optionalText, requiredEmail, requiredText } from './shared';

export const userMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  birthDateRequired: 'Birth date is required',
  tooYoung: 'You must be at least 18 years old',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooSimple: 'Password must contain letters, numbers, and special characters',
  passwordsDiffer: 'Passwords do not match',
  ssnRequired: 'SSN is required when status is "Has SSN"',
  ssnFormat: 'SSN must be in the format "123-45-6789"',
  itinFormat: 'ITIN must be in the format "123-45-6789"',
} as const;

/** 123-45-6789, or the server's mask sent back untouched, which keeps the stored number (docs/product/people.md). */
const ssnOrMaskPattern = new RegExp(`^\\d{3}-\\d{2}-\\d{4}$|${SSN_MASK_PATTERN.source}`);

/** A letter, a digit and one of !@#$%^&* (docs/product/people.md). Other characters are allowed. */
export function isStrongPassword(password: string): boolean {
  return /[A-Za-z]/.test(password) && /\d/.test(password) && /[!@#$%^&*]/.test(password);
}

/**
 * Password rules for a password that is given. An empty password passes them: on profile edit it
 * means "unchanged" (docs/product/people.md), on employee create `.required` reports it. The strength
 * rule waits for the length rule so the field shows one message at a time.
 * Passwords are not trimmed: spaces are part of them.
 */
export const password = string()
  .test('min-length', userMessages.passwordTooShort, (value) => !value || value.length >= PASSWORD_MIN_LENGTH)
  .test('strength', userMessages.passwordTooSimple, (value) => !value || value.length < PASSWORD_MIN_LENGTH || isStrongPassword(value));

const userInformationSchema = object({
  phoneNumber: optionalText(),
  usage: string().oneOf(phoneUsages).nullable(),
  civilStatus: string().oneOf(civilStatuses).nullable(),
  gender: string().oneOf(genders).nullable(),
  birthDate: birthDate(userMessages.birthDateRequired).test('minimum-age', userMessages.tooYoung, function (value) {
    return !hasAge(value, this) || isOldEnough(value, MINIMUM_AGE, this);
  }),
  ssnStatus: string().oneOf(ssnStatuses).nullable(),
  ssn: optionalText()
    .matches(ssnOrMaskPattern, { message: userMessages.ssnFormat, excludeEmptyString: true })
    .when('ssnStatus', {
      is: 'hasSsn',
      then: (schema) => schema.required(userMessages.ssnRequired),
    }),
  // The spec names the ITIN rule for employee create; the profile edits the same field with the
  // same auto-formatting input, so both forms hold it to the same format.
  itin: optionalText().matches(ssnOrMaskPattern, { message: userMessages.itinFormat, excludeEmptyString: true }),
});

/** PUT /v1/user/{id} body (docs/product/people.md): the password is optional. */
export const profileUpdateBodySchema = object({
  firstName: requiredText(userMessages.firstNameRequired),
  middleName: optionalText(),
  lastName: requiredText(userMessages.lastNameRequired),
  email: requiredEmail(userMessages.emailRequired),
  password,
  userInformation: userInformationSchema,
});

/** POST /v1/firmUser body: a password is required and the privilege defaults to representative. */
export const employeeCreateBodySchema = profileUpdateBodySchema.shape({
  password: password.required(userMessages.passwordRequired),
  privilege: string().oneOf(privileges).default('representative'),
});

/**
 * PATCH /v1/users/{id} body (docs/product/people.md, Edit employee): what an owner or administrator
 * changes of an employee. The rest of a profile (birth date, SSN, password) is the employee's own.
 */
export const employeeUpdateBodySchema = object({
  firstName: requiredText(userMessages.firstNameRequired),
  middleName: optionalText(),
  lastName: requiredText(userMessages.lastNameRequired),
  email: requiredEmail(userMessages.emailRequired),
  phoneNumber: optionalText(),
  privilege: string().oneOf(privileges).required(),
});

/** The Edit Employee form: the same fields at the paths the shared user form pieces use. */
export const employeeEditFormSchema = object({
  firstName: requiredText(userMessages.firstNameRequired),
  middleName: optionalText(),
  lastName: requiredText(userMessages.lastNameRequired),
  email: requiredEmail(userMessages.emailRequired),
  privilege: string().oneOf(privileges).required(),
  userInformation: object({ phoneNumber: optionalText() }),
});

export type EmployeeUpdateBody = InferType<typeof employeeUpdateBodySchema>;

/** Form-only: the API bodies carry no confirmPassword (docs/product/people.md). */
const confirmPassword = string()
  .default('')
  .test('matches-password', userMessages.passwordsDiffer, function (value) {
    return (value ?? '') === ((this.parent as { password?: string }).password ?? '');
  });

export const profileFormSchema = profileUpdateBodySchema.shape({ confirmPassword });
export const employeeFormSchema = employeeCreateBodySchema.shape({ confirmPassword });

/** POST /public/v1/password-reset/{token} body (docs/product/sign-in-and-session.md, Password reset). */
export const passwordResetBodySchema = object({ password: password.required(userMessages.passwordRequired) });
/** The reset page's form: the new password twice. */
export const passwordResetFormSchema = passwordResetBodySchema.shape({ confirmPassword });

export type PasswordResetForm = InferType<typeof passwordResetFormSchema>;

export type ProfileUpdateBody = InferType<typeof profileUpdateBodySchema>;
export type EmployeeCreateBody = InferType<typeof employeeCreateBodySchema>;

/** What the profile and employee forms hold while a person edits them. */
export interface UserInformationFormValues {
  phoneNumber: string;
  usage: PhoneUsage | null;
  civilStatus: CivilStatus | null;
  gender: Gender | null;
  /** 'YYYY-MM-DD', as the date input holds it; '' when empty. */
  birthDate: string;
  ssn: string;
  ssnStatus: SsnStatus | null;
  itin: string;
}

export interface ProfileFormValues {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  /** '' on profile edit keeps the current password. */
  password: string;
  confirmPassword: string;
  userInformation: UserInformationFormValues;
}

export interface EmployeeFormValues extends ProfileFormValues {
  privilege: Privilege;
}

/** A new employee's form (docs/product/people.md): call, single, male, No SSN, representative. */
export const newEmployeeDefaults: Readonly<EmployeeFormValues> = Object.freeze({
  firstName: '',
  middleName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  privilege: 'representative',
  userInformation: Object.freeze({
    phoneNumber: '',
    usage: 'call',
    civilStatus: 'single',
    gender: 'male',
    birthDate: '',
    ssn: '',
    ssnStatus: 'noSsn',
    itin: '',
  }),
});

/**
 * The values after the SSN status changes: leaving hasSsn clears the SSN (docs/product/people.md), so
 * a hidden field never sends a number the person can no longer see.
 */
export function onSsnStatusChange<T extends { userInformation: Pick<UserInformationFormValues, 'ssn' | 'ssnStatus'> }>(
  values: T,
  status: SsnStatus,
): T {
  return {
    ...values,
    userInformation: {
      ...values.userInformation,
      ssnStatus: status,
      ssn: status === 'hasSsn' ? values.userInformation.ssn : '',
    },
  };
}

/** A user's stored information as the API carries it (openapi.yaml UserInformation): null where nothing is stored. */
export type StoredUserInformation = Required<components['schemas']['UserInformation']>;

/** The stored user as the API returns it (GET /v1/users/me): nulls where nothing is stored. */
export interface UserRecord {
  firstName: string;
  middleName?: string | null;
  lastName: string;
  email: string;
  userInformation?: Partial<StoredUserInformation> | null;
}

/** The edit-profile form filled from the stored user; the password fields start empty. */
export function profileFormValuesFrom(user: UserRecord): ProfileFormValues {
  const info = user.userInformation ?? {};
  return {
    firstName: user.firstName,
    middleName: user.middleName ?? '',
    lastName: user.lastName,
    email: user.email,
    password: '',
    confirmPassword: '',
    userInformation: {
      phoneNumber: info.phoneNumber ?? '',
      usage: info.usage ?? null,
      civilStatus: info.civilStatus ?? null,
      gender: info.gender ?? null,
      birthDate: toCalendarIso(info.birthDate) ?? '',
      ssn: info.ssn ?? '',
      ssnStatus: info.ssnStatus ?? null,
      itin: info.itin ?? '',
    },
  };
}

/** PUT body from the form: no confirmPassword, and no password when it was left empty. */
export function profileUpdateBodyFrom(values: ProfileFormValues): ProfileUpdateBody {
  const { confirmPassword: _confirmation, password: newPassword, ...rest } = values;
  return newPassword ? { ...rest, password: newPassword } : rest;
}

/** POST body from the form: everything but confirmPassword. */
export function employeeCreateBodyFrom(values: EmployeeFormValues): EmployeeCreateBody {
  const { confirmPassword: _confirmation, ...body } = values;
  return body;
}
