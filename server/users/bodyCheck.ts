// The profile and employee bodies are checked twice over (docs/product/people.md, docs/architecture.md API): by the
// contract (openapi.yaml: shape, types, unknown fields, lengths) and by the same yup schemas the
// forms run (src/domain/schemas/user.ts), so a person's mistake comes back in the spec's words,
// e.g. fields['userInformation.ssn'] = 'SSN must be in the format "123-45-6789"'.
//
// The routes take the contract's verdict with `attachValidation` and hand it here. Where both judge
// the same field for missing or malformed content (an empty first name, a bad email), the spec's
// message wins; where only the contract has a view (a wrong type, an unknown field, an oversized
// string) its message stands.
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { AnyObjectSchema, InferType } from 'yup';
import { validateFields } from '../../src/domain/schemas/shared';
import { userMessages } from '../../src/domain/schemas/user';
import { ApiError, toApiError, validationFields } from '../http/errors';

type ContractFailure = FastifyRequest['validationError'];

/** Contract keywords about content the spec words itself; type and shape errors stay the contract's. */
const specWordedKeywords = new Set(['required', 'minLength', 'format', 'pattern']);

/** The spec's password format messages; the client branches on the code (docs/product/people.md). */
const passwordFormatMessages: ReadonlySet<string> = new Set([userMessages.passwordTooShort, userMessages.passwordTooSimple]);

const HOURS_AHEAD_OF_UTC_AT_MOST = 14;

/**
 * Today for the birth-date rules, as the date in the earliest time zone (UTC+14). The server does
 * not know the person's zone, so it refuses only a date that is in the future, or under 18, for
 * everyone; the form has already applied the person's own date.
 */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + HOURS_AHEAD_OF_UTC_AT_MOST * 3_600_000).toISOString().slice(0, 10);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body with the SSN cleared unless the status is hasSsn (docs/product/people.md: leaving hasSsn
 * clears the SSN). Applied before the rules, as the form applies it before it validates.
 */
export function withSsnRule(body: unknown): unknown {
  if (!isPlainObject(body) || !isPlainObject(body.userInformation)) return body;
  const info = body.userInformation;
  if (info.ssnStatus === 'hasSsn' || info.ssn === undefined) return body;
  return { ...body, userInformation: { ...info, ssn: null } };
}

function contractFieldsOf(errors: readonly FastifySchemaValidationError[], ruleFields: Record<string, string>) {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    for (const [path, message] of Object.entries(validationFields([error], 'body'))) {
      // Own keys only: a field named `constructor` must not find Object.prototype's.
      if (specWordedKeywords.has(error.keyword) && Object.hasOwn(ruleFields, path)) continue;
      if (!Object.hasOwn(fields, path)) fields[path] = message;
    }
  }
  return fields;
}

/**
 * The form's rules on the body. They are written for bodies of the right shape: on a list where a
 * text belongs, or a key such as `constructor` that an object already has, yup itself can throw.
 * When the contract has already refused the body, its answer (400) stands; a throw on a body the
 * contract accepted is a real fault and stays one.
 */
function ruleFieldsOf(schema: AnyObjectSchema, body: unknown, contractFailure: ContractFailure): Record<string, string> {
  if (!isPlainObject(body)) return {};
  try {
    return validateFields(schema, body, { today: latestToday() });
  } catch (error) {
    if (contractFailure) return {};
    throw error;
  }
}

/**
 * The body as the schema casts it (trimmed texts, defaults) when both checks pass; otherwise throws
 * 400 `validation_failed`, or `invalid_password_format` when the password breaks its format rules.
 */
export function checkedBody<S extends AnyObjectSchema>(schema: S, rawBody: unknown, contractFailure: ContractFailure): InferType<S> {
  // A bad path or query string is not a form mistake: the contract's answer as it is.
  if (contractFailure && contractFailure.validationContext !== 'body') {
    throw toApiError(contractFailure as Parameters<typeof toApiError>[0]) ?? contractFailure;
  }
  const body = withSsnRule(rawBody);
  const ruleFields = ruleFieldsOf(schema, body, contractFailure);
  const contractFields = contractFieldsOf((contractFailure?.validation ?? []) as FastifySchemaValidationError[], ruleFields);
  const fields = { ...ruleFields, ...contractFields };

  const [firstContract] = Object.entries(contractFields);
  const [firstRule] = Object.values(ruleFields);
  if (firstContract) {
    throw new ApiError(400, 'validation_failed', `Invalid request: ${firstContract[0]} ${firstContract[1]}`, fields);
  }
  if (fields.password && passwordFormatMessages.has(fields.password)) {
    throw new ApiError(400, 'invalid_password_format', fields.password, fields);
  }
  if (firstRule) throw new ApiError(400, 'validation_failed', firstRule, fields);
  return schema.cast(body) as InferType<S>;
}
