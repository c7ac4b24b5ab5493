// The engagement dialog's samples (docs/product/engagement.md#screens), shared by the model suite
// (engagementDialog.machine.test.ts) and its browser suite (tests/e2e/model/engagementDialog.test.ts).
import type { AnyEventObject } from 'xstate';
import type { EngagementStatus } from '../../src/api/engagement';

export const notSent: EngagementStatus = {
  state: 'notSent',
  emailAvailable: false,
  live: false,
  createdAt: null,
  expiresAt: null,
  openedAt: null,
  consentedAt: null,
  signedAt: null,
  signerName: null,
  documentId: null,
  sendRefusal: null,
};
export const sentWithEmail: EngagementStatus = {
  ...notSent,
  state: 'sent',
  emailAvailable: true,
  live: true,
  createdAt: '2030-01-01T10:00:00.000Z',
  expiresAt: '2030-01-08T10:00:00.000Z',
};
export const signed: EngagementStatus = {
  ...sentWithEmail,
  state: 'signed',
  live: false,
  openedAt: '2030-01-01T11:00:00.000Z',
  consentedAt: '2030-01-01T11:01:00.000Z',
  signedAt: '2030-01-01T11:02:00.000Z',
  signerName: 'Marisol Quintanilla-Ortiz',
  documentId: 'ENG-0001',
  sendRefusal: { code: 'engagement_signed', message: 'The client already signed the engagement. Download it from the intake.' },
};

export const engagementLink = { url: 'https://intake.example.test/sign/abc', expiresAt: '2030-01-08T10:00:00.000Z', emailedTo: null };
export const emailedLink = { ...engagementLink, emailedTo: 'marisol@example.test' };

export const conflictRefusal = {
  status: 409,
  code: 'conflict_check_required',
  message: 'The conflict check must be cleared or waived before the engagement is sent.',
};

/** The state before the conflict check is cleared or waived: no link may be made yet. */
export const notCleared: EngagementStatus = {
  ...notSent,
  sendRefusal: { code: 'conflict_check_required', message: conflictRefusal.message },
};

export const engagementDialogSamples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadStatus', output: notSent },
  { type: 'xstate.done.actor.loadStatus', output: notCleared },
  { type: 'xstate.done.actor.loadStatus', output: sentWithEmail },
  { type: 'xstate.done.actor.loadStatus', output: signed },
  { type: 'xstate.error.actor.loadStatus', error: { status: 0, code: 'network_error', message: 'The server could not be reached' } },
  { type: 'xstate.done.actor.createLink', output: engagementLink },
  { type: 'xstate.done.actor.createLink', output: emailedLink },
  { type: 'xstate.error.actor.createLink', error: conflictRefusal },
  { type: 'xstate.error.actor.createLink', error: { status: 502, code: 'email_failed', message: 'The email could not be sent.' } },
  { type: 'xstate.done.actor.copyText' },
  { type: 'xstate.error.actor.copyText', error: { message: 'Write permission denied.' } },
  { type: 'xstate.done.actor.downloadSigned' },
  { type: 'xstate.error.actor.downloadSigned', error: { status: 0, code: 'network_error', message: 'The server could not be reached' } },
];
