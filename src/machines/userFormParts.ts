// What the profile and employee form machines share (docs/product/people.md Edit Profile and Employee
// Registration: "Same fields"): the field events, how a change lands in the values, how a server
// refusal becomes messages under fields (docs/product/app-shell.md), and the request bodies (docs/product/app-shell.md).
import type { ErrorCode } from '../api/errors';
import type { EmployeeCreateRequest, EmployeeUpdateRequest, UserUpdateRequest } from '../api/users';
import type { CivilStatus, Gender, PhoneUsage, Privilege, SsnStatus } from '../domain/enums';
import type { FieldErrors } from '../domain/schemas/shared';
import type { FieldChange, FormState } from './formParts';
import {
  onSsnStatusChange,
  profileUpdateBodyFrom,
  type EmployeeFormValues,
  type ProfileFormValues,
  type UserInformationFormValues,
} from '../domain/schemas/user';

/** The value each field of the two forms holds, by its dot path (the keys of FieldErrors). */
export interface UserFieldValues {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  'userInformation.phoneNumber': string;
  'userInformation.usage': PhoneUsage;
  'userInformation.civilStatus': CivilStatus;
  'userInformation.gender': Gender;
  'userInformation.birthDate': string;
  'userInformation.ssnStatus': SsnStatus;
  'userInformation.ssn': string;
  'userInformation.itin': string;
  /** Employee registration only. */
  privilege: Privilege;
}

export type UserField = keyof UserFieldValues;

/** One keystroke or choice in a field. */
export type FieldChangeEvent = FieldChange<UserFieldValues>;

/** docs/product/people.md: the text shown on the password field for `invalid_password_format`. */
export const PASSWORD_FORMAT_MESSAGE = 'Password must contain at least 8 characters, including letters, numbers, and special characters';

export const INVALID_PASSWORD_CODE = 'invalid_password_format' satisfies ErrorCode;
export const EMAIL_TAKEN_CODE = 'email_taken' satisfies ErrorCode;

const informationPrefix = 'userInformation.';

/** The field's current value, for a field that subscribes to its own slice of the form. */
export function valueOf<Field extends UserField>(
  values: ProfileFormValues & { privilege?: Privilege },
  field: Field,
): UserFieldValues[Field] | null {
  const read: string | null | undefined = field.startsWith(informationPrefix)
    ? values.userInformation[field.slice(informationPrefix.length) as keyof UserInformationFormValues]
    : (values as Partial<Record<UserField, string>>)[field];
  // Each path holds the type UserFieldValues names for it; the one cast is here, not in the views.
  return (read ?? null) as UserFieldValues[Field] | null;
}

/** The values after one change; a new SSN status clears the SSN when it leaves hasSsn (docs/product/people.md). */
export function withChange<Values extends ProfileFormValues>(values: Values, change: FieldChangeEvent): Values {
  if (change.field === 'userInformation.ssnStatus') return onSsnStatusChange(values, change.value);
  if (change.field.startsWith(informationPrefix)) {
    const key = change.field.slice(informationPrefix.length) as keyof UserInformationFormValues;
    return { ...values, userInformation: { ...values.userInformation, [key]: change.value } };
  }
  return { ...values, [change.field]: change.value };
}

/**
 * The messages left once a field changes: its own message goes (the person is fixing it), and a
 * cleared SSN takes its message with it.
 */
export function withoutMessagesFor(errors: FieldErrors, change: FieldChangeEvent): FieldErrors {
  const cleared = new Set<string>([change.field]);
  if (change.field === 'userInformation.ssnStatus') cleared.add('userInformation.ssn');
  if (change.field === 'password') cleared.add('confirmPassword');
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !cleared.has(field)));
}

/** The fields in the order the forms show them (docs/product/people.md, Edit Profile), for focusing the first error. */
export const fieldOrder: readonly UserField[] = [
  'firstName',
  'middleName',
  'lastName',
  'userInformation.civilStatus',
  'password',
  'confirmPassword',
  'email',
  'userInformation.phoneNumber',
  'userInformation.usage',
  'userInformation.gender',
  'userInformation.birthDate',
  'userInformation.ssnStatus',
  'userInformation.ssn',
  'userInformation.itin',
  'privilege',
];

/** One change in either form: the value lands, and the messages it settles go (`formActions`' `change`). */
export function changeUserField<Values extends ProfileFormValues>(form: FormState<Values>, change: FieldChangeEvent): FormState<Values> {
  return { values: withChange(form.values, change), errors: withoutMessagesFor(form.errors, change) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether the refusal came with our error body. Read by shape rather than `instanceof ApiError`,
 * so the machines' model tests can use plain objects (an Error does not serialise; docs/toolchain.md).
 */
export function hasErrorBody(error: unknown): boolean {
  return isRecord(error) && isRecord(error.body);
}

/**
 * Messages under fields for a refused save (docs/product/people.md, Profile update and Employee create):
 * - `invalid_password_format`: the spec's own text on the password field;
 * - `email_taken` (409): the server's message under Email;
 * - any other error with a body: the server's message on the password field, and the messages it
 *   gives for other fields under those fields;
 * - no error body: nothing under fields (the view shows its toast).
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isRecord(error) || !hasErrorBody(error)) return {};
  const message = typeof error.message === 'string' ? error.message : '';
  const fields: FieldErrors = {};
  if (isRecord(error.fields)) {
    for (const [field, text] of Object.entries(error.fields)) if (typeof text === 'string') fields[field] = text;
  }
  if (error.code === INVALID_PASSWORD_CODE) return { password: PASSWORD_FORMAT_MESSAGE };
  if (error.code === EMAIL_TAKEN_CODE) return { email: fields.email ?? message };
  return { ...fields, password: fields.password ?? message };
}

/** '' and spaces are "not given": the API carries null then, never an empty string. */
function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function userInformationRequest(info: UserInformationFormValues): UserUpdateRequest['userInformation'] {
  return {
    phoneNumber: textOrNull(info.phoneNumber),
    usage: info.usage,
    civilStatus: info.civilStatus,
    gender: info.gender,
    birthDate: textOrNull(info.birthDate),
    ssnStatus: info.ssnStatus,
    // A hidden SSN is never sent (docs/product/people.md): the field shows only for hasSsn.
    ssn: info.ssnStatus === 'hasSsn' ? textOrNull(info.ssn) : null,
    itin: textOrNull(info.itin),
  };
}

/** PUT /v1/user/{id} body (docs/product/people.md): no confirmPassword, no password when it was left empty. */
export function profileUpdateRequest(values: ProfileFormValues): UserUpdateRequest {
  const body = profileUpdateBodyFrom(values);
  return {
    firstName: values.firstName.trim(),
    middleName: textOrNull(values.middleName),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    ...(body.password ? { password: body.password } : {}),
    userInformation: userInformationRequest(values.userInformation),
  };
}

/** POST /v1/firmUser body (docs/product/people.md), with the chosen privilege. */
export function employeeCreateRequest(values: EmployeeFormValues): EmployeeCreateRequest {
  return {
    firstName: values.firstName.trim(),
    middleName: textOrNull(values.middleName),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    password: values.password,
    privilege: values.privilege,
    userInformation: userInformationRequest(values.userInformation),
  };
}

/** PATCH /v1/users/{id} body (docs/product/people.md, Edit employee): only what that page edits. */
export function employeeUpdateRequest(values: EmployeeFormValues): EmployeeUpdateRequest {
  return {
    firstName: values.firstName.trim(),
    middleName: textOrNull(values.middleName),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phoneNumber: textOrNull(values.userInformation.phoneNumber),
    privilege: values.privilege,
  };
}
