// The intake form's texts. Quoted ones come from docs/product/intake-form.md; the others are ours (the spec
// does not show them). The lifecycle's toasts and the stale text live with the machine.
export const INTAKE_FORM_TEXT = {
  // Ours: one title per route mode (docs/product/intake-form.md routes).
  titles: { create: 'New Intake', edit: 'Edit Intake', view: 'View Intake' },
  tabsLabel: 'Intake sections',
  buttonsLabel: 'Intake actions',
  // Quoted (docs/product/intake-form.md Intake form screen).
  back: 'Back',
  next: 'Next',
  submit: 'Submit',
  saveAsDraft: 'Save As Draft',
  saveChanges: 'Save Changes',
  confirmSaveTitle: 'Save changes',
  confirmSaveText: 'Are you sure you want to save the changes you made?',
  cancel: 'Cancel',
  save: 'Save',
  // Ours (nothing typed is lost).
  leaveTitle: 'Leave this page?',
  leaveText: 'You have unsaved changes. Leave without saving?',
  stay: 'Stay',
  leave: 'Leave',
  restoreText: 'You have unsaved changes from before the page was reloaded.',
  restore: 'Restore',
  discard: 'Discard',
  loading: 'Loading intake...',
  loadFailed: 'The intake could not be loaded.',
  retry: 'Try again',
} as const;
