// The client's answers kept in their own browser until they submit (docs/product/client-intake.md#the-page):
// a reload, a closed tab or a dropped connection loses nothing. localStorage, one entry per link
// (keyed by its token, which this browser already holds in its address bar and history); the form
// asks no SSN, so none is ever kept. The entry goes once the answers are sent, once the link no
// longer works, and is not read after the link's expiry.
import { clientLanguages } from '../../domain/intake';
import type { SavedClientAnswers } from '../../machines/clientIntake.machine';

const KEY_PREFIX = 'clientIntake.answers.';

interface StoredEntry {
  /** The link's expiry (ISO): after it the entry is dropped unread. */
  expiresAt: string;
  saved: SavedClientAnswers;
}

/** The entry's key in localStorage (exported for the browser tests that look for it). */
export function keyOf(token: string): string {
  return `${KEY_PREFIX}${token}`;
}

/** Storage can be off (private mode, a full quota): the form then simply keeps nothing. */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function isSaved(value: unknown): value is SavedClientAnswers {
  if (!value || typeof value !== 'object') return false;
  const saved = value as Partial<SavedClientAnswers>;
  return (
    Array.isArray(saved.changes) &&
    saved.changes.every((change) => change && typeof change === 'object' && typeof change.path === 'string') &&
    typeof saved.step === 'number' &&
    typeof saved.fullName === 'string' &&
    typeof saved.consent === 'boolean' &&
    (clientLanguages as readonly unknown[]).includes(saved.language)
  );
}

/** What an earlier visit of this link kept, unless the link has expired since. */
export function readSavedAnswers(token: string, now: Date = new Date()): SavedClientAnswers | null {
  const text = storage()?.getItem(keyOf(token));
  if (!text) return null;
  try {
    const entry = JSON.parse(text) as Partial<StoredEntry>;
    if (typeof entry.expiresAt === 'string' && Date.parse(entry.expiresAt) > now.getTime() && isSaved(entry.saved)) return entry.saved;
  } catch {
    // Not ours, or cut short: dropped below.
  }
  forgetSavedAnswers(token);
  return null;
}

export function writeSavedAnswers(token: string, expiresAt: string, saved: SavedClientAnswers): void {
  try {
    storage()?.setItem(keyOf(token), JSON.stringify({ expiresAt, saved } satisfies StoredEntry));
  } catch {
    // Quota reached: the form goes on without a copy.
  }
}

export function forgetSavedAnswers(token: string): void {
  storage()?.removeItem(keyOf(token));
}
