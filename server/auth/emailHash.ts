// What the activity trail keeps of a failed sign-in's email that matches no user: a keyed hash
// (HMAC-SHA256 under a key derived from the token secret). Repeated tries at one address can be
// told apart from a spray of many, yet nobody holding the database alone can test guesses of who
// was targeted, as they could against a plain hash of a well-known address.
import { createHmac } from 'node:crypto';
import { normaliseEmail } from '../users/repository';

export type EmailHasher = (email: string) => string;

export function createEmailHasher(secret: string): EmailHasher {
  const key = createHmac('sha256', secret).update('intake activity email hash key').digest();
  return (email) => createHmac('sha256', key).update(normaliseEmail(email), 'utf8').digest('hex');
}
