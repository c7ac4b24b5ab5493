// The login form's checks, in their own chunk with yup (see LoginPage: kept out of the entry).
import { ValidationError } from 'yup';
import { loginSchema, type LoginInput } from '../../../domain/schemas/login';

export { loginSchema };

export type LoginFieldErrors = Partial<Record<keyof LoginInput, string>>;

/** The first message of each field, or an empty object when the form may be sent. */
export function loginErrors(values: LoginInput): LoginFieldErrors {
  try {
    loginSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: LoginFieldErrors = {};
    for (const issue of error.inner) {
      const field = issue.path as keyof LoginInput | undefined;
      if (field && errors[field] === undefined) errors[field] = issue.message;
    }
    return errors;
  }
}
