// One-use links: the client intake link (docs/product/client-intake.md#the-link), the engagement's
// signing link (docs/product/engagement.md) and the password reset link
// (docs/product/sign-in-and-session.md, Password reset). A link carries a token of 256 random bits,
// base64url, handed out once inside its address; only the token's SHA-256 is stored, so a copy of
// the database opens nothing, and a link is looked up by that hash.
//
// The two links staff make for a client also share the rest: an expiry in days, an address under
// PUBLIC_URL, a mail sent before the link is stored, one answer (404) for an unknown, replaced or
// expired token, and 410 for a used one, and the public calls' cap per address.
import { createHash, randomBytes } from 'node:crypto';
import { ApiError, notFound } from '../http/errors';

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A fresh token and the hash stored in its place. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: sha256(token) };
}

/** The stored form of a token; undefined for text that cannot be one (it is then simply not found). */
export function linkTokenHash(token: string): string | undefined {
  return TOKEN_PATTERN.test(token) ? sha256(token) : undefined;
}

export interface IssuedLink {
  token: string;
  hash: string;
  url: string;
  createdAt: Date;
  expiresAt: string;
}

/** A new link for a client: its token, its address on `page` under PUBLIC_URL (else the origin staff called), its expiry. */
export function issueClientLink(options: { publicUrl?: string; origin: string; page: string; days: number; now: Date }): IssuedLink {
  const { token, hash } = newLinkToken();
  return {
    token,
    hash,
    url: `${(options.publicUrl ?? options.origin).replace(/\/+$/, '')}${options.page}${token}`,
    createdAt: options.now,
    expiresAt: new Date(options.now.getTime() + options.days * DAY_MS).toISOString(),
  };
}

/** Why a link cannot be emailed to the client, before anything is made; undefined when it can (or is copied). */
export function deliveryRefusal(delivery: 'copy' | 'email', mailerPresent: boolean, email: string): ApiError | undefined {
  if (delivery !== 'email') return undefined;
  if (!mailerPresent) return new ApiError(409, 'email_unavailable', 'Email is not set up on this server. Copy the link instead.');
  if (!email) return new ApiError(400, 'email_missing', "The intake has no email address. Add the client's email first.");
  return undefined;
}

/** Sends the link's mail before the link is stored: a message the mail server refused leaves no link behind. */
export async function mailBeforeStoring(send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch {
    throw new ApiError(502, 'email_failed', 'The email could not be sent. Copy the link instead, or try again later.');
  }
}

/** One answer for an unknown, malformed, replaced or expired token, so tokens cannot be probed. */
export function linkNotFound(): ApiError {
  return notFound();
}

/** A used client link's answer, word for word the same for each kind. */
export function linkUsed(): ApiError {
  return new ApiError(410, 'link_used', 'These answers were already sent. Thank you.');
}

/** The columns that say whether a stored link still opens. */
interface StoredLink {
  revoked_at: string | null;
  expires_at: string;
}

/**
 * The link behind a token, or what the public calls answer. Past its expiry a link is not found,
 * used or not: 410 only tells a client who used the link while it still works.
 */
export function usableLink<Row extends StoredLink>(link: Row | undefined, now: string, used: (row: Row) => boolean): Row {
  if (!link || link.revoked_at !== null || link.expires_at <= now) throw linkNotFound();
  if (used(link)) throw linkUsed();
  return link;
}

/** The public link calls' cap per address and minute, as route config; none when the app runs without flood caps. */
export function publicLinkRateLimit(perMinute: number | false) {
  return perMinute === false ? {} : { rateLimit: { max: perMinute, timeWindow: 60_000 } };
}
