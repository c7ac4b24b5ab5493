// The one error type every fetcher throws. Views and machines branch on `code` (docs/architecture.md, API)
// and on whether the server sent an error body at all: docs/product/app-shell.md shows the server's
// message when there is one and a fixed toast when there is none.
import type { components } from './schema';

export type ErrorBody = components['schemas']['Error'];
/** The codes the server answers (openapi.yaml, ErrorCode). */
export type ErrorCode = components['schemas']['ErrorCode'];
/** What an ApiError's `code` can be: the server's, or this client's own when no error body came. */
export type ApiErrorCode = ErrorCode | 'network_error' | `http_${number}`;

/** Status used for a request that never got an answer (offline, DNS, refused connection). */
export const NO_RESPONSE_STATUS = 0;

function asErrorBody(value: unknown): ErrorBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { message, code, fields } = value as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return undefined;
  // The server answers only the contract's codes (the API tests refuse any other, checkAnswers in
  // server/http/openapi.ts); the body is not checked again here.
  const body: ErrorBody = { message, code: code as ErrorCode };
  if (typeof fields === 'object' && fields !== null) {
    body.fields = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }
  return body;
}

type ResponseLike = Pick<Response, 'status' | 'statusText'>;

interface ApiErrorOptions extends ErrorOptions {
  /** Message and code to use when there is no error body. */
  fallback?: { message: string; code: ApiErrorCode };
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Field path (dot separated, e.g. `personalInformation.email`) to the server's message. */
  readonly fields: Readonly<Record<string, string>>;
  /** The server's error body, or undefined when the answer carried none (or not one of ours). */
  readonly body: ErrorBody | undefined;

  /**
   * @param error what openapi-fetch returned as `error`: the parsed body, its raw text, or
   *   undefined for an empty body
   * @param response the answer it came with
   */
  constructor(error: unknown, response: ResponseLike, options: ApiErrorOptions = {}) {
    const { fallback, ...errorOptions } = options;
    const body = asErrorBody(error);
    const statusText = response.statusText ? ` ${response.statusText}` : '';
    super(body?.message ?? fallback?.message ?? `Request failed with status ${response.status}${statusText}`, errorOptions);
    this.status = response.status;
    this.code = body?.code ?? fallback?.code ?? `http_${response.status}`;
    this.fields = body?.fields ?? {};
    this.body = body;
  }

  /** The request never reached the server or its answer never arrived. */
  static noResponse(cause: unknown): ApiError {
    return new ApiError(
      undefined,
      { status: NO_RESPONSE_STATUS, statusText: '' },
      {
        cause,
        fallback: { message: 'The server could not be reached', code: 'network_error' },
      },
    );
  }
}

/** What an openapi-fetch call resolves to: the payload of a success, or the error of a refusal. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The one place a fetcher throws: the body of a success, or an ApiError. An error answer with an
 * empty body leaves both `data` and `error` undefined (openapi-fetch), hence the `data` check.
 */
export async function bodyOf<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (error || !data) throw new ApiError(error, response);
  return data;
}

/** The `data` of a success body (most answers wrap their payload in it, openapi.yaml), or an ApiError. */
export async function dataOf<T>(call: Promise<Answer<{ data: T }>>): Promise<T> {
  return (await bodyOf(call)).data;
}

/** For a call whose success carries nothing to read: throws an ApiError unless `succeeded`. */
export async function settledOf(
  call: Answer<unknown> | Promise<Answer<unknown>>,
  succeeded: (status: number) => boolean = isOk,
): Promise<void> {
  const { error, response } = await call;
  if (!succeeded(response.status)) throw new ApiError(error, response);
}

function isOk(status: number): boolean {
  return status >= 200 && status < 300;
}
