// The intake form's unsaved copy (docs/product/intake-form.md): what was typed since the last save, kept in
// this tab's sessionStorage so that a reload or a crash does not lose it. One copy per user and
// intake ('new' before the first save). Never with SSN/ITIN digits (docs/architecture.md: no SSN or ITIN
// digits outside the server and the form being edited). Beside what was typed it keeps the stored
// version it was typed over, so that a copy taken back over a version someone has since changed is
// put together with theirs field by field (src/domain/intake/merge.ts). The session machine clears this tab's
// sessionStorage on logout, so a copy never outlives the session that typed it.
import { emptyIntake } from '../../../../domain/intake/empty';
import { withoutSsnDigits } from '../../../../domain/intake/normalise';
import type { GeneralCaseInformation } from '../../../../domain/intake/types';
import type { UnsavedCopy } from '../../../../machines/intakeMachineTypes';

export interface UnsavedCopyOwner {
  userId: string;
  /** null before the intake's first save (/new-intake). */
  caseId: string | null;
}

interface StoredCopy {
  userId: string;
  caseId: string | null;
  intake: GeneralCaseInformation;
  /** Absent in copies written before the base was kept. */
  base?: GeneralCaseInformation | null;
}

const KEY_PREFIX = 'intake.unsavedCopy';

export function unsavedCopyKey({ userId, caseId }: UnsavedCopyOwner): string {
  return `${KEY_PREFIX}.${userId}.${caseId ?? 'new'}`;
}

/** This tab's sessionStorage, or null where there is none (node) or it is refused (privacy modes). */
export function browserSessionStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function writeUnsavedCopy(storage: Storage, owner: UnsavedCopyOwner, { intake, base }: UnsavedCopy): void {
  const stored: StoredCopy = {
    userId: owner.userId,
    caseId: owner.caseId,
    intake: withoutSsnDigits(intake),
    base: base && withoutSsnDigits(base),
  };
  try {
    storage.setItem(unsavedCopyKey(owner), JSON.stringify(stored));
  } catch {
    // A full storage (QuotaExceededError) only costs the safety copy; the form keeps working.
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The stored copy as a complete intake: each section over the blank one, so a copy written by an
 * older build (a field missing) still fills every input.
 */
function completeIntake(stored: Record<string, unknown>): GeneralCaseInformation {
  const blank = emptyIntake();
  const merged: Record<string, unknown> = { ...blank };
  for (const [key, empty] of Object.entries(blank)) {
    const value = stored[key];
    if (value === undefined) continue;
    merged[key] = isRecord(empty) && isRecord(value) ? { ...empty, ...value } : value;
  }
  return merged as unknown as GeneralCaseInformation;
}

/** The copy this user left for this intake, or null (none, another user's, unreadable). */
export function readUnsavedCopy(storage: Storage, owner: UnsavedCopyOwner): UnsavedCopy | null {
  let parsed: unknown;
  try {
    const raw = storage.getItem(unsavedCopyKey(owner));
    if (raw === null) return null;
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.userId !== owner.userId || (parsed.caseId ?? null) !== owner.caseId) return null;
  if (!isRecord(parsed.intake)) return null;
  return {
    intake: withoutSsnDigits(completeIntake(parsed.intake)),
    base: isRecord(parsed.base) ? withoutSsnDigits(completeIntake(parsed.base)) : null,
  };
}

export function removeUnsavedCopy(storage: Storage, owner: UnsavedCopyOwner): void {
  try {
    storage.removeItem(unsavedCopyKey(owner));
  } catch {
    // Nothing to do: a storage that refuses access holds no copy either.
  }
}

/** What the intake machine knows that the copy's storage needs. */
interface CopyHolder {
  context: { userId: string } & UnsavedCopy;
}

/**
 * The intake machine's two storage actions over `storage`: the app provides them with this tab's
 * sessionStorage (`browserSessionStorage`), tests with one kept in memory.
 */
export function unsavedCopyActions(storage: () => Storage | null) {
  return {
    storeUnsavedCopy: ({ context }: CopyHolder) => {
      const target = storage();
      if (target) writeUnsavedCopy(target, { userId: context.userId, caseId: context.intake.caseId }, context);
    },
    clearUnsavedCopy: ({ context }: CopyHolder) => {
      const target = storage();
      if (target) removeUnsavedCopy(target, { userId: context.userId, caseId: context.intake.caseId });
    },
  };
}
