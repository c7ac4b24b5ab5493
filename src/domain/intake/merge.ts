// Two people's saves of one intake, put together field by field (docs/product/intake-form.md,
// Saved by someone else). A save refused as stale (409 intake_stale) fetches the version the other
// person stored; each field of the catalogue is then compared three ways, against the version this
// person's edits started from (the base):
// - only they changed it: their answer is taken, silently;
// - only this person changed it, or both wrote the same: this person's answer stays;
// - both changed it, differently: this person's answer stays on screen and theirs is offered beside
//   it, to take or to leave (a conflict).
// Without a base (an unsaved copy written before bases were kept) every difference is a conflict:
// nothing of either side is dropped unseen.
import { intakeFieldIds, type IntakeFieldId } from './fields';
import { readField, writePath } from './rules';
import type { GeneralCaseInformation } from './types';

/** A field both people changed, differently: the other person's stored answer, offered beside this person's. */
export interface MergeConflict {
  path: IntakeFieldId;
  theirs: unknown;
}

export interface MergedIntake {
  /** This person's answers, their answers where only they changed a field, on their stored version. */
  intake: GeneralCaseInformation;
  /** In catalogue order, so the form offers them tab by tab. */
  conflicts: MergeConflict[];
}

/** Field values are JSON (texts, numbers, Yes/No, lists of options, tick groups): equal when written alike. */
export function sameAnswer(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export function mergeIntakes(
  base: GeneralCaseInformation | null,
  mine: GeneralCaseInformation,
  theirs: GeneralCaseInformation,
): MergedIntake {
  // What the server owns (the version, status, creation, representative) is always the stored one.
  let intake: GeneralCaseInformation = {
    ...mine,
    caseId: theirs.caseId,
    status: theirs.status,
    createdAt: theirs.createdAt,
    updatedAt: theirs.updatedAt,
    representativeName: theirs.representativeName,
  };
  const conflicts: MergeConflict[] = [];
  for (const path of intakeFieldIds) {
    const my = readField(mine, path);
    const their = readField(theirs, path);
    if (sameAnswer(my, their)) continue;
    if (base && sameAnswer(my, readField(base, path))) intake = writePath(intake, path, their);
    else if (!base || !sameAnswer(their, readField(base, path))) conflicts.push({ path, theirs: their });
  }
  return { intake, conflicts };
}
