// The intake PDF's texts. Quoted ones come from docs/product/pdf.md and 'PDF preview, download and fill
// rules'; the modal's title is ours (the spec shows none). A failure reuses the machine's
// 'pdfFailed' text (intakeTexts, src/domain/texts.ts), so every PDF failure reads the same.
export const PDF_TEXT = {
  download: 'Download PDF',
  preview: 'Preview PDF',
  loading: 'Loading PDF...',
  // Ours.
  previewTitle: 'Intake Form',
  frameLabel: 'Intake form PDF',
} as const;

/** The downloaded file's name (intake spec 'PDF preview, download and fill rules'). */
export const INTAKE_PDF_FILE_NAME = 'Intake Form.pdf';
