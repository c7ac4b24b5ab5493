// One error body for every failure (docs/architecture.md, API and server): { message, code, fields? }.
// `code` is what the client branches on. Bad input is always a 4xx, never a 500; a 500 is logged
// with the error only, never the request body or headers (they carry personal data and tokens).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Schemas } from './contractTypes';

export type ErrorBody = Schemas['Error'];
/** The codes an error answer may carry: openapi.yaml's ErrorCode, so a new one is added there first. */
export type ErrorCode = Schemas['ErrorCode'];

/** An expected failure a service reports; the error handler turns it into its status and body. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get body(): ErrorBody {
    return this.fields ? { message: this.message, code: this.code, fields: this.fields } : { message: this.message, code: this.code };
  }
}

export const notFoundBody: ErrorBody = { message: 'Not found', code: 'not_found' };
export const internalErrorBody: ErrorBody = { message: 'Internal server error', code: 'internal' };

/** Seconds a client is asked to wait when the database is away (Retry-After of a 503). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function databaseUnavailable(): ApiError {
  return new ApiError(503, 'database_unavailable', 'The service is temporarily unavailable. Try again shortly.', undefined, {
    'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });
}

export function notFound(message = notFoundBody.message): ApiError {
  return new ApiError(404, 'not_found', message);
}

/** Fastify's body-parsing failures, by the code Fastify gives them. */
const malformedBodyCodes = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_EMPTY_TYPE',
  'FST_ERR_CTP_INVALID_TYPE',
]);

/** '/userInformation/ssn' -> 'userInformation.ssn'. */
function dotted(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function join(parent: string, child: string): string {
  return parent ? `${parent}.${child}` : child;
}

/** Ajv's errors as { 'path.to.field': message }, first message per field. */
export function validationFields(errors: readonly FastifySchemaValidationError[], part: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const at = dotted(error.instancePath);
    const params = error.params as Record<string, unknown>;
    let field = at || part;
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
      field = join(at, params.missingProperty);
      message = 'is required';
    } else if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      field = join(at, params.additionalProperty);
      message = 'is not allowed';
    } else if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      message = `must be one of: ${params.allowedValues.map(String).join(', ')}`;
    }
    // Own keys only: a field named `constructor` must not find Object.prototype's.
    if (!Object.hasOwn(fields, field)) fields[field] = message;
  }
  return fields;
}

function validationError(error: FastifyError): ApiError {
  const fields = validationFields(error.validation ?? [], error.validationContext ?? 'body');
  const [first] = Object.entries(fields);
  const message = first ? `Invalid request: ${first[0]} ${first[1]}` : 'Invalid request';
  return new ApiError(400, 'validation_failed', message, fields);
}

/** The ApiError a thrown error stands for, or undefined for an unexpected one (a 500). */
export function toApiError(error: FastifyError | ApiError): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  // PostgreSQL refuses text it cannot store (a NUL character, \u0000, is valid JSON): the
  // client's input, so 400 like any other malformed text. SQLite stores it.
  if (error.code === '22021' || error.code === '22P05') {
    return new ApiError(400, 'bad_request', 'Text may not contain NUL (\\u0000) characters');
  }
  if (error.validation) return validationError(error);
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ApiError(400, 'body_too_large', 'Request body is too large');
  if (malformedBodyCodes.has(error.code)) {
    return new ApiError(400, 'malformed_body', 'Request body must be JSON sent as application/json');
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return new ApiError(429, 'rate_limited', 'Too many requests. Try again later.');
  if (status === 404) return notFound();
  // Any other client error Fastify raises (a bad URL, a bad header) is still the client's fault.
  if (status >= 400 && status < 500) return new ApiError(400, 'bad_request', 'Bad request');
  return undefined;
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    if (apiError?.statusCode === 503) request.log.warn({ code: (error as { code?: string }).code }, 'Database unavailable');
    if (apiError) return sendError(reply, apiError);
    request.log.error({ err: error }, 'Unexpected error');
    return reply.code(500).type('application/json; charset=utf-8').send(internalErrorBody);
  });
}

/** 400 for input that breaks a rule of the spec's forms (the yup schemas): fields as the client sent them. */
export function validationFailed(fields: Record<string, string>): ApiError {
  const [first] = Object.values(fields);
  return new ApiError(400, 'validation_failed', first ? `Invalid request: ${first}` : 'Invalid request', fields);
}
