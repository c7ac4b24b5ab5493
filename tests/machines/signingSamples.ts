// The signing page's samples (docs/product/engagement.md#screens), shared by the model suite
// (signing.machine.test.ts) and its browser suite (tests/e2e/model/signing.test.ts).
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { PublicEngagement } from '../../src/api/engagementPublic';

export const SIGNING_TOKEN = 'sign-token-model';
export const signingInput = { token: SIGNING_TOKEN, language: 'en' as const };

/** A small image: what the pad gives after a stroke. */
export const DRAWN = 'data:image/png;base64,iVBORw0KGgo=';

const consentText = { title: 'Consent to sign electronically', paragraphs: ['You may ask for paper copies.'], agree: 'I agree' };

export const signingEngagement: PublicEngagement = {
  firmName: 'Quintanilla & Ortiz Injury Law',
  clientName: 'Marisol Quintanilla-Ortiz',
  language: 'es',
  expiresAt: '2030-01-08T00:00:00.000Z',
  consent: { en: consentText, es: consentText, vi: consentText },
  documents: [
    { kind: 'feeAgreement', title: 'Contingency Fee Agreement', text: 'The firm takes 33 1/3 %.' },
    { kind: 'medicalRecordsRelease', title: 'Authorization to Release Medical Records', text: 'I authorize.' },
    { kind: 'letterOfRepresentation', title: 'Letter of Representation', text: 'We represent.' },
  ],
  documentsSha256: 'a'.repeat(64),
};

export const signedReceipt = {
  documentId: 'ENG-0001',
  signedAt: '2030-01-02T10:00:00.000Z',
  fileName: 'engagement-ENG-0001.pdf',
  pdf: 'JVBERi0=',
};

export const signingSamples: AnyEventObject[] = [
  { type: 'xstate.done.actor.openEngagement', output: signingEngagement },
  { type: 'xstate.error.actor.openEngagement', error: { status: 404, code: 'not_found', message: 'Not found' } },
  { type: 'xstate.error.actor.openEngagement', error: { status: 410, code: 'link_used', message: 'Used' } },
  { type: 'xstate.error.actor.openEngagement', error: { status: 0, code: 'network_error', message: 'The server could not be reached' } },
  { type: 'language.choose', language: 'vi' },
  { type: 'consent.change', value: true },
  { type: 'consent.change', value: false },
  { type: 'method.choose', method: 'type' },
  { type: 'method.choose', method: 'draw' },
  { type: 'signature.draw', image: DRAWN },
  { type: 'signerName.change', value: '' },
  { type: 'xstate.done.actor.signEngagement', output: signedReceipt },
  { type: 'xstate.error.actor.signEngagement', error: { status: 404, code: 'not_found', message: 'Not found' } },
  { type: 'xstate.error.actor.signEngagement', error: { status: 410, code: 'link_used', message: 'Used' } },
  {
    type: 'xstate.error.actor.signEngagement',
    error: { status: 409, code: 'engagement_changed', message: 'The documents changed. Open the link again.' },
  },
  { type: 'xstate.error.actor.signEngagement', error: { status: 0, code: 'network_error', message: 'The server could not be reached' } },
];

/**
 * The events a screen offers where it offers them: the language picker on the consent page only
 * (it is on every page, but one page is enough to take its one transition), a drawing only with
 * the pad on screen, the name cleared once, each method chosen only when it is not already.
 */
export function signingOfferIn(event: AnyEventObject, snapshot: AnyMachineSnapshot): boolean {
  const context = snapshot.context as { method: string; drawing: string | null; signerName: string; consent: boolean };
  switch (event.type) {
    case 'language.choose':
      return snapshot.matches('consent') && !context.consent;
    case 'method.choose':
      return event.method !== context.method;
    case 'signature.draw':
      return context.method === 'draw' && context.drawing === null;
    case 'signature.clear':
      return context.method === 'draw' && context.drawing !== null;
    case 'signerName.change':
      return context.signerName !== '';
    case 'consent.change':
      return event.value !== context.consent;
    default:
      return true;
  }
}
