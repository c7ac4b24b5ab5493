// One Idempotency-Key per save attempt (openapi.yaml, IdempotencyKey): the creating fetchers make
// a key, send it, and when the request fails on the way (the connection dropped, the answer was
// lost) send the same request with the same key again, so a save the server did store is answered
// from the server's record instead of being created twice (README, Decisions).

import { ApiError } from './errors';

/** Tries of one save attempt: the first and up to two retries after a lost connection. */
export const SAVE_ATTEMPT_TRIES = 3;

/**
 * 128 random bits as hex. crypto.getRandomValues, unlike crypto.randomUUID, also exists on pages
 * served over plain http (an office server on its LAN address).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A request that never got an answer (client.ts turns those into `network_error`); not an abort. */
function isLostRequest(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network_error';
}

/** Runs `send` with one key, again with the same key after a lost request. */
export async function saveOnce<T>(send: (headers: { 'Idempotency-Key': string }) => Promise<T>): Promise<T> {
  const headers = { 'Idempotency-Key': newIdempotencyKey() };
  for (let tries = 1; ; tries += 1) {
    try {
      return await send(headers);
    } catch (error) {
      if (tries >= SAVE_ATTEMPT_TRIES || !isLostRequest(error)) throw error;
    }
  }
}
