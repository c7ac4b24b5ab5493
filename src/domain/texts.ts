// Every toast and call-error text of the product, written once (docs/product/*.md quote them).
// The app shows them through src/ui/app/factToasts.ts and its forms; the server answers with them
// (server/*/service.ts). Field validation messages sit with their schemas (src/domain/schemas,
// src/domain/intake); labels and headings with their screens.

/** docs/product/sign-in-and-session.md */
export const sessionTexts = {
  welcome: (firstName: string) => `Welcome, ${firstName}!`,
  loggedOut: 'Logged out successfully',
  loginFailed: 'Email or password is incorrect',
  loginRequired: 'You must be logged in before taking any action.',
  tooManyAttempts: 'Too many failed sign-in attempts. Try again later.',
  /** The dialog of a session that ended under a page (docs/product/sign-in-and-session.md). */
  endedTitle: 'Your session has ended',
  endedReasons: {
    signedOut: 'You were signed out from another window or device.',
    passwordChanged: 'Your password was changed, which ends every session.',
    emailChanged: 'Your email address was changed, which ends every session.',
    privilegeChanged: 'Your privilege was changed by the firm, which ends every session.',
    expired: 'Your session expired.',
    unknown: 'The server no longer accepts this session.',
  },
  endedPrompt: 'Enter your password to go on where you left off. Nothing on this page is lost.',
  accessEndedTitle: 'Your access has ended',
  accessEnded:
    "Your account has been deactivated, so you can no longer use the app. What you had not saved stays in this browser tab. Ask your firm's owner or an administrator if you need access again.",
  signOut: 'Sign Out',
  expiryNotice: 'Your session ends in 5 minutes.',
  staySignedIn: 'Stay signed in',
} as const;

/**
 * 'Forgot password?' and the reset link (docs/product/sign-in-and-session.md, Password reset). Not
 * in the product spec: the wording is ours (README, Decisions).
 */
export const passwordResetTexts = {
  forgotTitle: 'Forgot password?',
  forgotPrompt: 'Enter the email address you log in with. We will email you a link to choose a new password.',
  send: 'Send reset link',
  /** The same words whether or not the address belongs to anyone. */
  sent: 'If an account uses this email address, a link to choose a new password is on its way. The link works once, for 30 minutes.',
  askStaff:
    "Passwords cannot be reset by email on this server. Ask your firm's owner or an administrator: they can make a reset link for you on the employees page.",
  resetTitle: 'Choose a new password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  save: 'Set new password',
  done: 'Your password was changed. Log in with your new password.',
  linkDead: 'This link has expired or was already used. Ask for a new one.',
  askAgain: 'Ask for a new link',
  backToLogin: 'Back to log in',
  /** Edit Employee, for owner and administrator. */
  sectionTitle: 'Password reset',
  sectionPrompt: 'Make a link that lets this employee choose a new password. It works once, for 30 minutes. Hand it to them yourself.',
  makeLink: 'Make reset link',
  linkLabel: 'Reset link',
  copy: 'Copy link',
  copied: 'Link copied',
  emailUnavailable: 'Email is not set up on this server.',
  /** The emailed message. */
  emailSubject: 'Choose a new password',
} as const;

/**
 * Two-factor sign-in with an authenticator app (docs/product/sign-in-and-session.md, Second
 * factor). Not in the product spec: the wording is ours (README, Decisions).
 */
export const secondFactorTexts = {
  /** The login screen's step after a right password. */
  codeLabel: 'Authentication code',
  codePrompt: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  verify: 'Verify',
  cancel: 'Back to log in',
  invalidCode: 'The code is not valid. Try again.',
  challengeExpired: 'This sign-in has expired. Log in again.',
  /** Enrolment, on the profile page and at a sign-in the firm requires it for. */
  sectionTitle: 'Two-factor sign-in',
  off: 'Two-factor sign-in is off. Set up an authenticator app to ask for a code at each sign-in.',
  on: 'Two-factor sign-in is on.',
  setUp: 'Set up authenticator',
  requiredByFirm: 'Your firm requires two-factor sign-in. Set up an authenticator app to continue.',
  scanPrompt: 'Scan this QR code with your authenticator app, or type the key below into it, then enter the code it shows.',
  secretLabel: 'Key',
  confirm: 'Confirm',
  recoveryTitle: 'Recovery codes',
  recoveryPrompt: 'Each code signs you in once if you lose your authenticator. Keep them somewhere safe: they are shown only now.',
  recoveryDone: 'I have saved these codes',
  remove: 'Turn off two-factor sign-in',
  removePrompt: 'Enter a current code from your authenticator app to turn two-factor sign-in off.',
  removed: 'Two-factor sign-in is off.',
  enrolled: 'Two-factor sign-in is on.',
  alreadyEnrolled: 'Two-factor sign-in is already set up.',
  nothingPending: 'Start the set-up again: no authenticator is waiting for its first code.',
  notEnrolled: 'Two-factor sign-in is not set up.',
  requiredCannotRemove: 'Your firm requires two-factor sign-in, so it cannot be turned off.',
  /** Edit Employee and Edit Firm. */
  reset: 'Reset two-factor sign-in',
  resetDone: 'Two-factor sign-in was reset. The employee sets it up again at their next sign-in if the firm requires it.',
  cannotResetSelf: 'Turn off your own two-factor sign-in from your profile.',
  requireLabel: 'Require two-factor sign-in',
  ownerOnly: 'Only the owner can change whether two-factor sign-in is required.',
} as const;

/**
 * Passkeys (docs/product/sign-in-and-session.md, Passkeys). Not in the product spec: the wording is
 * ours (README, Decisions).
 */
export const passkeyTexts = {
  /** The login screen. */
  signIn: 'Sign in with a passkey',
  useAsSecondFactor: 'Use a passkey',
  secondFactorPrompt: 'Confirm it is you with one of your passkeys.',
  signInFailed: 'The passkey did not sign you in. Try again, or log in with your password.',
  refused: 'The passkey was not accepted. Try again.',
  /** The profile's section. */
  sectionTitle: 'Passkeys',
  none: 'No passkeys yet. A passkey signs you in with your fingerprint, face or screen lock instead of the password.',
  add: 'Add a passkey',
  nameLabel: 'Passkey name',
  namePlaceholder: 'e.g. Office laptop',
  nameRequired: 'Name the passkey',
  nameTooLong: 'Use at most 60 characters',
  create: 'Create passkey',
  cancel: 'Cancel',
  added: 'Passkey added.',
  addFailed: 'The passkey was not added. Try again.',
  rename: 'Rename',
  save: 'Save',
  renamed: 'Passkey renamed.',
  remove: 'Remove',
  removePrompt: (name: string) => `Remove the passkey '${name}'? It will no longer sign you in.`,
  confirmRemove: 'Remove passkey',
  removed: 'Passkey removed.',
  addedOn: 'Added',
  lastUsed: 'Last used',
  neverUsed: 'Never',
  loadFailed: 'Your passkeys could not be loaded.',
  retry: 'Try again',
  unsupported: 'This browser cannot use passkeys.',
  notFound: 'Passkey not found',
  requiredCannotRemove: 'Your firm requires two-factor sign-in: this is your last second factor, so it cannot be removed.',
  alreadyRegistered: 'This passkey is already registered.',
} as const;

/** The longest passkey name. */
export const PASSKEY_NAME_MAX = 60;

/** docs/product/leads.md */
export const leadTexts = {
  creating: 'Creating lead...',
  created: 'Lead created successfully',
  createFailed: (message: string) => `Error creating lead: ${message}`,
  /** What 'Error creating lead: {message}' says when the failure carries no message. */
  unknownError: 'Unknown error',
  duplicateRefused: 'Cannot register duplicate lead',
  checkFailed: 'Error checking for duplicate leads',
  /** The leads list could not be loaded. */
  loadFailed: 'Error fetching leads',
  duplicateWithoutIntake: 'A similar lead without an intake ID already exists',
} as const;

/** docs/product/people.md */
export const employeeTexts = {
  creating: 'Creating employee...',
  created: 'Employee created successfully',
  createFailed: 'Failed to create employee',
  /** The employee list could not be loaded. */
  loadFailed: 'Error fetching employee data:',
  deactivated: 'Employee deactivated',
  reactivated: 'Employee reactivated',
  deactivateFailed: 'The employee could not be deactivated',
  reactivateFailed: 'The employee could not be reactivated',
  emailTaken: 'This email is already in use',
  cannotDeactivateSelf: 'You cannot deactivate yourself',
  lastOwner: 'The firm must keep an active owner',
  cannotEditSelf: 'Edit your own record on your profile page',
  saving: 'Saving employee...',
  saved: 'Employee updated successfully',
  saveFailed: 'Failed to update employee',
  /** The employee to edit could not be loaded. */
  loadOneFailed: 'Error fetching the employee:',
} as const;

/** docs/product/activity.md */
export const activityTexts = {
  loadFailed: 'Error fetching activity:',
} as const;

/** docs/product/people.md */
export const profileTexts = {
  saved: 'Profile updated successfully',
  saveFailed: 'Failed to update user data',
} as const;

/** docs/product/firm-and-neos.md */
export const firmTexts = {
  loadFailed: 'Error fetching firm data',
  saved: 'Firm updated successfully',
  saveFailed: 'Failed to update firm',
  credentialsValidated: 'Neos Credentials Validated',
  credentialsInvalid: 'Error Validating Neos Credentials',
  credentialsSaved: 'Neos credentials saved',
  credentialsSaveFailed: 'Failed to save Neos credentials',
  neosRefused: 'Neos did not accept these credentials',
  neosUnreachable: 'Neos could not be reached. Try again later.',
  /** docs/product/engagement.md#screens */
  termsSaved: 'Engagement terms saved',
  termsSaveFailed: 'Failed to save the engagement terms',
} as const;

const bothChangedShow = (count: number) => (count === 1 ? '1 field you both changed shows' : `${count} fields you both changed show`);

/**
 * docs/product/intake-form.md. Quoted by the product: updated, created, saveFailed. Ours, where
 * it gives none: draftSaved, merged, conflicts, alreadyFinal, pdfFailed and the server's refusals.
 */
export const intakeTexts = {
  draftSaved: 'Draft saved',
  updated: 'Intake updated successfully!',
  created: 'Intake created successfully!',
  saveFailed: 'An error occurred while creating the intake. Please try again later.',
  /** Their stored version and this person's edits, put together (docs/product/intake-form.md, Someone else saved first). */
  merged: (conflicts: number) =>
    conflicts === 0
      ? 'Their changes are now in the form with yours. Save to keep both.'
      : `Their changes are now in the form with yours. ${bothChangedShow(conflicts)} their answer beside yours: choose, then save.`,
  conflicts: (conflicts: number) => `${bothChangedShow(conflicts)} their answer beside yours.`,
  alreadyFinal: 'This intake has already been submitted and can no longer be changed.',
  pdfFailed: 'The PDF could not be built. Please try again.',
  /** A final submit with a required field left empty; the server's refusal says the same. */
  requiredFields: (tabName: string) => `Please fill required fields in the "${tabName}" tab.`,
  /** Ours: the form's button bar after a refused save or submit (docs/product/intake-form.md, Button bar). */
  fieldsNeedAttention: (count: number) => (count === 1 ? '1 field needs attention' : `${count} fields need attention`),
  /** The server's 409 intake_stale. */
  staleRefused: 'Someone else changed this intake since you opened it.',
  /** The server's 409 intake_final. */
  finalRefused: 'This intake is final and can no longer be changed.',
} as const;
