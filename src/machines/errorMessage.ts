// What the machines read from a failed call. The fetchers throw ApiError; the machines read it
// structurally, so model-based tests can reject with plain objects (an Error serialises as {}).
import type { ApiErrorCode } from '../api/errors';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The message of the server's error body, or undefined when the answer carried none. */
export function serverMessage(error: unknown): string | undefined {
  if (!isRecord(error) || !isRecord(error.body)) return undefined;
  return typeof error.body.message === 'string' && error.body.message !== '' ? error.body.message : undefined;
}

/** The server's message, else the error's own (e.g. 'The server could not be reached'). */
export function errorMessage(error: unknown): string | undefined {
  const fromServer = serverMessage(error);
  if (fromServer !== undefined) return fromServer;
  return isRecord(error) && typeof error.message === 'string' && error.message !== '' ? error.message : undefined;
}

/** The HTTP status of a failed call; undefined for anything that is not a call failure. */
export function statusOf(error: unknown): number | undefined {
  return isRecord(error) && typeof error.status === 'number' ? error.status : undefined;
}

/** The `code` of a failed call (ApiError, or a plain object in tests). */
export function errorCodeOf(error: unknown): ApiErrorCode | undefined {
  return isRecord(error) && typeof error.code === 'string' ? (error.code as ApiErrorCode) : undefined;
}

/** The server's per-field messages of a refused call (`fields` of the error body). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isRecord(error) || !isRecord(error.fields)) return {};
  return Object.fromEntries(Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
