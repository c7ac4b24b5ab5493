// The words of a save someone else beat (docs/product/intake-form.md, Someone else saved first).
// The spec shows none of them: they are ours. The toasts of the same flow are intakeTexts
// (src/domain/texts.ts), since the machine's facts carry them.
export const MERGE_TEXT = {
  fetching: 'Loading the version they saved...',
  fetchFailed: 'The version they saved could not be loaded. What you typed is kept.',
  retry: 'Try again',
  reload: 'Reload intake',
  useAllTheirs: 'Use all of theirs',
  keepAllMine: 'Keep all of mine',
  theySaved: (answer: string) => `They saved: ${answer}`,
  theyLeftItEmpty: 'They left it empty',
  useTheirs: 'Use their answer',
  keepMine: 'Keep my answer',
  yes: 'Yes',
  no: 'No',
  reloadTitle: 'Reload intake?',
  reloadText: 'Reloading shows the intake as it is stored and discards what you typed since your last save.',
  discardAndReload: 'Discard and reload',
  cancel: 'Cancel',
} as const;
