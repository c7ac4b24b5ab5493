// Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"; the lockout rules
// are in docs/product/sign-in-and-session.md). A browser that signed in as a user gets a cookie that
// names that user's email and a random nonce, signed with a key only the server knows. When it signs
// in as that email again, its attempts are counted per device (the nonce) instead of per account
// and address, so wrong passwords for the same email sent from elsewhere cannot lock it out.
//
// One cookie per email, its name a keyed hash of the email: several people may share a browser,
// and the name tells nobody which emails signed in there.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { normaliseEmail } from '../users/repository';

/** How long a browser stays known without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** The cookie is sent to the sign-in call only (the Path attribute). */
export const DEVICE_COOKIE_PATH = '/v1/users/login';

export interface DeviceCookie {
  name: string;
  value: string;
}

export interface DeviceCookies {
  /** A fresh cookie for a browser that has just signed in as `email`. */
  issue(email: string, now: Date): DeviceCookie;
  /** The nonce of a valid, unexpired cookie for `email` among the request's cookies; undefined otherwise. */
  deviceOf(email: string, cookies: Record<string, string | undefined>, now: Date): string | undefined;
}

export function createDeviceCookies(secret: string): DeviceCookies {
  // Its own key, derived from the token secret, so the two signatures can never be swapped.
  const key = createHmac('sha256', secret).update('intake device cookie key').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const nameFor = (email: string) => `device_${mac(`name|${normaliseEmail(email)}`).slice(0, 16)}`;
  const signature = (email: string, nonce: string, issuedAt: string) => mac(`device|${normaliseEmail(email)}|${nonce}|${issuedAt}`);

  return {
    issue(email, now) {
      const nonce = randomBytes(16).toString('base64url');
      const issuedAt = String(Math.floor(now.getTime() / 1000));
      return { name: nameFor(email), value: `${nonce}.${issuedAt}.${signature(email, nonce, issuedAt)}` };
    },

    deviceOf(email, cookies, now) {
      const value = cookies[nameFor(email)];
      const [nonce, issuedAt, given, ...rest] = value?.split('.') ?? [];
      if (!nonce || !issuedAt || !given || rest.length > 0 || !/^\d{1,12}$/.test(issuedAt)) return undefined;
      const expected = Buffer.from(signature(email, nonce, issuedAt));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
      const age = now.getTime() / 1000 - Number(issuedAt);
      // A few minutes ahead is another instance's clock, not a forgery.
      return age >= -300 && age <= DEVICE_COOKIE_MAX_AGE_SECONDS ? nonce : undefined;
    },
  };
}
