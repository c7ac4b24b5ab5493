// Pieces the form schemas share, and the one way to turn a yup failure into field messages, used
// by the forms (message under each field) and by the server (the error body's `fields`).
import { string, ValidationError, type Schema, type TestContext } from 'yup';
import { isAtLeast, isFuture, parseCalendarDate, todayIso } from '../dates';

/**
 * What a validation may be given through yup's `context` option. `today` ('YYYY-MM-DD') pins the
 * date for the birth-date rules; without it they use the local date of the machine running them.
 */
export interface ValidationContext {
  today?: string;
}

export const emailFormatMessage = 'Please enter a valid email';
export const birthDateInvalidMessage = 'Birth date must be a valid date';
export const birthDateFutureMessage = 'Birth date cannot be in the future';

export function todayOf(context: TestContext): string {
  return (context.options.context as ValidationContext | undefined)?.today ?? todayIso();
}

/** A text that must be given; surrounding spaces are dropped, so only spaces counts as empty. */
export function requiredText(message: string) {
  return string().trim().required(message);
}

/** An optional text: null, undefined and '' are all "not given". */
export function optionalText() {
  return string().trim().nullable();
}

export function requiredEmail(message: string) {
  return string().trim().required(message).email(emailFormatMessage);
}

/** A valid calendar date ('YYYY-MM-DD' or an ISO timestamp) that is not after today. */
export function birthDate(requiredMessage: string) {
  return string()
    .trim()
    .required(requiredMessage)
    .test('calendar-date', birthDateInvalidMessage, (value) => !value || parseCalendarDate(value) !== null)
    .test('not-future', birthDateFutureMessage, function (value) {
      if (!value || !parseCalendarDate(value)) return true;
      return !isFuture(value, todayOf(this));
    });
}

/**
 * Whether an age rule applies to this value: only to a valid date that is not in the future, so a
 * field shows one message at a time (the other rules report the rest).
 */
export function hasAge(value: string | undefined, context: TestContext): value is string {
  return !!value && parseCalendarDate(value) !== null && !isFuture(value, todayOf(context));
}

export function isOldEnough(value: string, years: number, context: TestContext): boolean {
  return isAtLeast(value, years, todayOf(context));
}

/** Dot-separated field path -> first message for that field, e.g. {'userInformation.ssn': '...'}. */
export type FieldErrors = Record<string, string>;

/**
 * Each failing field's first failure as its rule gave it: a message, or a code with its arguments
 * (yup keeps a message that is not a string as it is; src/domain/intake/ruleIssues.ts).
 */
function firstFailures(error: ValidationError): Record<string, unknown> {
  const failures = error.inner.length > 0 ? error.inner : [error];
  const fields: Record<string, unknown> = {};
  for (const failure of failures) {
    const path = failure.path ?? '';
    if (!(path in fields)) fields[path] = (failure.errors as unknown[])[0] ?? failure.message;
  }
  return fields;
}

/** Every failing field's first failure, each read by `read`; an empty object when the values are valid. */
export function checkFields<T>(
  schema: Schema,
  values: unknown,
  context: ValidationContext,
  read: (failure: unknown, path: string) => T,
): Record<string, T> {
  try {
    schema.validateSync(values, { abortEarly: false, context });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(Object.entries(firstFailures(error)).map(([path, failure]) => [path, read(failure, path)]));
  }
}

/** Every failing field's first message; an empty object when the values are valid. */
export function validateFields(schema: Schema, values: unknown, context: ValidationContext = {}): FieldErrors {
  return checkFields(schema, values, context, String);
}
