// The intake machine's interface: its input, context, events, emitted facts and the calls the app
// provides (src/machines/intake.machine.ts runs them; docs/product/intake-form.md).
import type { IntakeStatus } from '../domain/enums';
import type { FieldChange } from '../domain/intake/editing';
import type { IntakeFieldId } from '../domain/intake/fields';
import type { MergeConflict } from '../domain/intake/merge';
import { intakeTabs } from '../domain/intake/tabs';
import type { ApiGeneralCaseInformation, FieldErrors, FieldPath, GeneralCaseInformation } from '../domain/intake/types';

/** Quiet time after the last keystroke before the unsaved copy is written. */
export const UNSAVED_COPY_DELAY_MS = 500;

export const LAST_TAB_INDEX = intakeTabs.length - 1;

/** The route's mode (/new-intake is 'create' without a caseId; /intake-details/{mode}/{id}). */
export type IntakeRouteMode = 'create' | 'edit' | 'view';

export interface IntakeMachineInput {
  /** Read once, into the machine's `mode` region: a state from then on, not context. */
  mode: IntakeRouteMode;
  caseId?: string | null;
  userId: string;
  /**
   * The copy of unsaved edits this user left for this intake in sessionStorage, read by the page
   * with `readUnsavedCopy(sessionStorage, { userId, caseId })` (src/ui/pages/intake/form/unsavedCopy.ts).
   */
  unsavedCopy?: UnsavedCopy | null;
}

/** What was typed and never saved, with the stored version it was typed over (null: not known). */
export interface UnsavedCopy {
  intake: GeneralCaseInformation;
  base: GeneralCaseInformation | null;
}

export interface IntakeContext {
  userId: string;
  /**
   * The intake on screen, and the stored record it belongs to, each said once: `caseId` (null
   * until the first save of a new intake), `updatedAt` (the stored version the edits started from,
   * sent with every PATCH: 409 intake_stale when old) and `status` (the stored intake's: 'Download
   * PDF' only for final, the draft overlay on the preview).
   */
  intake: GeneralCaseInformation;
  /** Dotted field path -> message; a tab shows its mark while it holds one (`errorsByTab`). */
  errors: FieldErrors;
  /** Index into `intakeTabs`, 0..6. */
  currentTab: number;
  /**
   * That stored version's answers: when someone else saved first, each field is compared against
   * it to tell whose change it is (src/domain/intake/merge.ts). null before a first save.
   */
  base: GeneralCaseInformation | null;
  /** What the save on its way sent: the base once the server has stored it. */
  sent: GeneralCaseInformation | null;
  /** Fields both people changed: this person's answer on screen, theirs offered beside it. */
  conflicts: readonly MergeConflict[];
  /** A copy of unsaved edits on offer (state offeringRestore). */
  unsavedCopy: UnsavedCopy | null;
  /** The built PDF while the preview is open. */
  pdf: Uint8Array | null;
}

export type IntakeEvent =
  | { type: 'field.change'; path: FieldPath; value: unknown }
  | { type: 'fields.change'; changes: ReadonlyArray<FieldChange> }
  | { type: 'tab.select'; index: number }
  | { type: 'tab.next' }
  | { type: 'tab.back' }
  | { type: 'draft.save' }
  | { type: 'confirm.save' }
  | { type: 'confirm.cancel' }
  | { type: 'final.submit' }
  | { type: 'intake.retry' }
  /** 'Reload intake': asks first, since it drops what was typed. */
  | { type: 'intake.reload' }
  | { type: 'reload.confirm' }
  | { type: 'reload.cancel' }
  /** Their stored version could not be fetched after a stale save: 'Try again'. */
  | { type: 'stale.retry' }
  /** A field both people changed: take their answer, or keep this person's. */
  | { type: 'merge.useTheirs'; path: IntakeFieldId }
  | { type: 'merge.keepMine'; path: IntakeFieldId }
  | { type: 'merge.useAllTheirs' }
  | { type: 'merge.keepAllMine' }
  | { type: 'restore.accept' }
  | { type: 'restore.decline' }
  | { type: 'pdf.preview' }
  | { type: 'pdf.close' }
  /** 'Download PDF': the filled PDF saved as a file (docs/product/pdf.md). */
  | { type: 'pdf.download' }
  /** The page sends it on pagehide/beforeunload: the unsaved copy is written at once. */
  | { type: 'unsavedCopy.flush' };

/**
 * The facts the machine tells the app; src/ui/app/factToasts.ts says what each one shows.
 * `saved`: a draft kept in create mode, changes saved in edit mode, or a final submit.
 * `refused`: a final submit with a required field missing (`tab`: the tab shown), or a save the
 * server refused: stale (someone saved first), final (submitted elsewhere), failed (anything else).
 */
export type IntakeEmitted =
  /** `caseId`: the stored intake's, a first save's new one included. */
  | { type: 'saved'; as: 'draft' | 'changes' | 'final'; caseId: string }
  | { type: 'refused'; reason: 'incomplete'; tab: number }
  /** 'Save As Draft' or 'Save Changes' without the names a draft needs; `tab` shows them. */
  | { type: 'refused'; reason: 'draftIncomplete'; tab: number }
  | { type: 'refused'; reason: 'stale' | 'final' | 'failed' }
  | { type: 'pdfFailed' }
  /**
   * Someone else's stored version was put together with this person's edits (a stale save, or an
   * unsaved copy typed over an older version); `conflicts`: the fields both changed.
   */
  | { type: 'merged'; conflicts: number }
  /** Back or Next moved to another tab. */
  | { type: 'tabMoved' };

export type IntakeTag = 'busy' | 'readOnly' | 'locked' | 'dirty';

export interface LoadIntakeInput {
  caseId: string;
}

export interface SaveIntakeInput {
  userId: string;
  /**
   * The intake to store, with the status the save asks for. Its caseId null: POST /v1/intake;
   * otherwise PATCH /v1/intake/{caseId} against its `updatedAt`.
   */
  intake: ApiGeneralCaseInformation;
}

export interface SavedIntake {
  caseId: string;
  updatedAt: string;
  status: IntakeStatus;
}

export interface BuildPdfInput {
  /** The stored intake whose SSN/ITIN the PDF reveals ('' before the first save). */
  caseId: string;
  intake: GeneralCaseInformation;
}
