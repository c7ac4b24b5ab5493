// The intake machine's interface: its input, context, events, emitted facts and the calls the app
// provides (src/machines/intake.machine.ts runs them; docs/product/intake-form.md).
import type { IntakeStatus } from '../domain/enums';
import type { FieldChange } from '../domain/intake/editing';
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
  unsavedCopy?: GeneralCaseInformation | null;
}

export interface IntakeContext {
  userId: string;
  /** null until the first save of a new intake. */
  caseId: string | null;
  intake: GeneralCaseInformation;
  /** Dotted field path -> message; a tab shows its mark while it holds one (`errorsByTab`). */
  errors: FieldErrors;
  /** Index into `intakeTabs`, 0..6. */
  currentTab: number;
  /** The stored version the edits started from, sent with every PATCH (409 intake_stale when old). */
  updatedAt: string | null;
  /** Status of the stored intake ('Download PDF' only for final, the draft overlay on the preview). */
  status: IntakeStatus;
  /** A copy of unsaved edits on offer (state offeringRestore). */
  unsavedCopy: GeneralCaseInformation | null;
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
  | { type: 'intake.reload' }
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
  /** Back or Next moved to another tab. */
  | { type: 'tabMoved' };

export type IntakeTag = 'busy' | 'readOnly' | 'locked' | 'dirty';

export interface LoadIntakeInput {
  caseId: string;
}

export interface SaveIntakeInput {
  /** null: POST /v1/intake; a caseId: PATCH /v1/intake/{caseId}. */
  caseId: string | null;
  userId: string;
  intake: ApiGeneralCaseInformation;
  status: IntakeStatus;
  updatedAt: string | null;
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
