// The real implementations of the intake machine's actors (docs/architecture.md: the app provides them with
// machine.provide; tests mock the fetchers).
import { fromPromise } from 'xstate';
import { createIntake, getIntake, revealIntakeSsn, updateIntake, type RevealPurpose, type StoredIntake } from '../../../../api/intakes';
import { isMaskedSsn } from '../../../../domain/ssnMask';
import type { LooseApiIntake } from '../../../../domain/intake/normalise';
import type { BuildPdfInput, LoadIntakeInput, SavedIntake, SaveIntakeInput } from '../../../../machines/intake.machine';
import { saveIntakePdf } from '../pdf/downloadPdf';

function savedOf(stored: StoredIntake): SavedIntake {
  return { caseId: stored.caseId, updatedAt: stored.updatedAt, status: stored.status };
}

/** GET /v1/intake/{caseId}: the stored intake, as the API answers it. */
export const loadIntake = fromPromise<LooseApiIntake, LoadIntakeInput>(({ input }) => getIntake(input.caseId));

/**
 * POST /v1/intake for an intake not stored yet, PATCH /v1/intake/{caseId} (ids stripped, with the
 * version the edit started from) for one that is (docs/product/intake-form.md). Throws the ApiError the
 * machine branches on (`intake_stale`, `intake_final`).
 */
export const saveIntake = fromPromise<SavedIntake, SaveIntakeInput>(async ({ input: { userId, intake } }) => {
  const { caseId, updatedAt } = intake;
  if (!caseId) return savedOf(await createIntake(userId, intake));
  // A stored intake always has its version; one without would be refused by the contract anyway.
  if (!updatedAt) throw new Error('The intake has no stored version to save against');
  return savedOf(await updateIntake(caseId, userId, intake, updatedAt));
});

/**
 * The filled intake PDF, built off the main thread. pdf-lib, the font and the
 * template load only now, with the first preview or download (docs/architecture.md 'PDF').
 */
async function fillIntakePdf(input: BuildPdfInput, purpose: RevealPurpose): Promise<Uint8Array> {
  const [{ fillIntakePdfInWorker }, intake] = await Promise.all([import('../../../../pdf/fillInWorker'), withRevealedSsn(input, purpose)]);
  return fillIntakePdfInWorker(intake);
}

/**
 * The intake to print. The form holds the SSN/ITIN masked, so a stored intake's number is revealed
 * for each preview and download (the server records it as a PDF preview or download,
 * docs/product/pdf.md#ssnitin). A number typed since the last save is printed as typed; an intake
 * never saved has nothing to reveal.
 */
async function withRevealedSsn(input: BuildPdfInput, purpose: RevealPurpose): Promise<BuildPdfInput['intake']> {
  if (!input.caseId) return input.intake;
  const { ssnItin } = await revealIntakeSsn(input.caseId, purpose);
  const typed = input.intake.personalInformation.ssnItin;
  if (!isMaskedSsn(typed)) return input.intake;
  return { ...input.intake, personalInformation: { ...input.intake.personalInformation, ssnItin: ssnItin ?? '' } };
}

/** The document for the preview (docs/product/intake-form.md). */
export const buildPdf = fromPromise<Uint8Array, BuildPdfInput>(({ input }) => fillIntakePdf(input, 'pdfPreview'));

/** The same document saved as 'Intake Form.pdf' (intake spec 'PDF preview, download and fill rules'). */
export const downloadPdf = fromPromise<void, BuildPdfInput>(async ({ input }) => {
  saveIntakePdf(await fillIntakePdf(input, 'pdfDownload'));
});
