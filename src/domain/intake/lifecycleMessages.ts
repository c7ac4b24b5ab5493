// Texts of the intake form's lifecycle, shown by the form page (docs/product/intake-form.md).
// Quoted by the product: updated, created, saveFailed. Ours, where it gives none: draftSaved,
// stale, alreadyFinal, pdfFailed.
export const intakeLifecycleMessages = {
  draftSaved: 'Draft saved',
  updated: 'Intake updated successfully!',
  created: 'Intake created successfully!',
  saveFailed: 'An error occurred while creating the intake. Please try again later.',
  stale:
    'Someone else changed this intake since you opened it. Your changes are kept here: reload the intake to see theirs, or copy what you need.',
  alreadyFinal: 'This intake has already been submitted and can no longer be changed.',
  pdfFailed: 'The PDF could not be built. Please try again.',
} as const;
