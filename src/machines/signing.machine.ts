// The client's signing page at /sign/{token} (docs/product/engagement.md#screens): opened from a
// link without signing in, it asks the client's consent to sign electronically, shows each
// document filled with their data, takes a signature (drawn, or their typed name) and sends it
// once. The machine decides which page shows and what the server's answer means: 404 is an
// unknown, expired or replaced link, 410 a link already used (as the client intake link,
// docs/product/client-intake.md#public-calls). A send that fails keeps everything: the consent,
// the drawing and the typed name stay in context and the page offers to try again.
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { EngagementSignature, EngagementSubmission, PublicEngagement, SignedEngagement } from '../api/engagementPublic';
import type { ClientLanguage } from '../domain/intake';
import { errorCodeOf, statusOf } from './errorMessage';

/** How the client signs: drawing with a finger or a mouse, or typing their name. */
export type SignatureMethod = 'draw' | 'type';

/** What is missing when the client tries to go on: shown beside the control that needs it. */
export type SigningProblem = 'consent' | 'signature' | 'name' | null;

export interface SigningInput {
  token: string;
  /** The browser's language, until the link's own is known. */
  language: ClientLanguage;
}

export interface SigningContext {
  token: string;
  language: ClientLanguage;
  engagement: PublicEngagement | null;
  consent: boolean;
  /** The index of the document on screen (`engagement.documents`). */
  documentIndex: number;
  method: SignatureMethod;
  /** The drawn signature as a PNG data URL, or null while the pad is empty. */
  drawing: string | null;
  /** The signer's full name: the typed signature, and the name beside a drawn one. */
  signerName: string;
  problem: SigningProblem;
  /** The last send got no usable answer: the page says so until the next send. */
  sendFailed: boolean;
  /** The firm changed its documents since the page opened them: they were read again. */
  documentsChanged: boolean;
  signed: SignedEngagement | null;
}

export type SigningEvent =
  | { type: 'language.choose'; language: ClientLanguage }
  | { type: 'link.retry' }
  | { type: 'consent.change'; value: boolean }
  | { type: 'consent.accept' }
  | { type: 'document.next' }
  | { type: 'document.back' }
  | { type: 'method.choose'; method: SignatureMethod }
  | { type: 'signature.draw'; image: string }
  | { type: 'signature.clear' }
  | { type: 'signerName.change'; value: string }
  | { type: 'signature.submit' };

const DATA_URL_PREFIX = /^data:image\/png;base64,/;

/** The signature the client gave, as the server takes it; null while something is missing. */
export function signatureOf(context: Pick<SigningContext, 'method' | 'drawing' | 'signerName'>): EngagementSignature | null {
  const name = context.signerName.trim();
  if (!name) return null;
  if (context.method === 'type') return { kind: 'typed', name };
  return context.drawing ? { kind: 'drawn', png: context.drawing.replace(DATA_URL_PREFIX, '') } : null;
}

/** What the page sends: the consent, the signature and the documents' hash as the GET answered it. */
export function submissionOf(context: SigningContext): EngagementSubmission {
  return {
    language: context.language,
    consent: true,
    signerName: context.signerName.trim(),
    signature: signatureOf(context)!,
    documentsSha256: context.engagement?.documentsSha256 ?? '',
  };
}

export const signingMachine = setup({
  types: {
    context: {} as SigningContext,
    events: {} as SigningEvent,
    input: {} as SigningInput,
  },
  actors: {
    openEngagement: fromPromise<PublicEngagement, { token: string }>(() => {
      throw new Error('provided by the app');
    }),
    signEngagement: fromPromise<SignedEngagement, { token: string; submission: EngagementSubmission }>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    isGone: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
    isUsed: ({ event }) => statusOf((event as { error?: unknown }).error) === 410,
    isChanged: ({ event }) => errorCodeOf((event as { error?: unknown }).error) === 'engagement_changed',
    consented: ({ context }) => context.consent,
    hasNextDocument: ({ context }) => context.documentIndex + 1 < (context.engagement?.documents.length ?? 0),
    hasPreviousDocument: ({ context }) => context.documentIndex > 0,
    hasName: ({ context }) => context.signerName.trim() !== '',
    hasSignature: ({ context }) => signatureOf(context) !== null,
  },
  actions: {
    chooseLanguage: assign(({ event }) => {
      assertEvent(event, 'language.choose');
      return { language: event.language };
    }),
    // A link that names no language leaves the page in the phone's (docs/product/client-intake.md#languages).
    keepEngagement: assign(({ context }, engagement: PublicEngagement) => ({
      engagement,
      language: engagement.language ?? context.language,
      signerName: context.signerName || engagement.clientName,
    })),
    setConsent: assign(({ event }) => {
      assertEvent(event, 'consent.change');
      return { consent: event.value, problem: null };
    }),
    askConsent: assign({ problem: 'consent' as const }),
    askName: assign({ problem: 'name' as const }),
    askSignature: assign({ problem: 'signature' as const }),
    firstDocument: assign({ documentIndex: 0, problem: null }),
    nextDocument: assign(({ context }) => ({ documentIndex: context.documentIndex + 1 })),
    previousDocument: assign(({ context }) => ({ documentIndex: context.documentIndex - 1 })),
    lastDocument: assign(({ context }) => ({ documentIndex: Math.max(0, (context.engagement?.documents.length ?? 1) - 1), problem: null })),
    chooseMethod: assign(({ event }) => {
      assertEvent(event, 'method.choose');
      return { method: event.method, problem: null };
    }),
    keepDrawing: assign(({ event }) => {
      assertEvent(event, 'signature.draw');
      return { drawing: event.image, problem: null };
    }),
    clearDrawing: assign({ drawing: null }),
    setSignerName: assign(({ event }) => {
      assertEvent(event, 'signerName.change');
      return { signerName: event.value, problem: null };
    }),
    startSend: assign({ sendFailed: false, problem: null, documentsChanged: false }),
    markChanged: assign({ documentsChanged: true }),
    markFailed: assign({ sendFailed: true }),
    keepSigned: assign((_, signed: SignedEngagement) => ({ signed })),
  },
}).createMachine({
  id: 'signing',
  context: ({ input }) => ({
    token: input.token,
    language: input.language,
    engagement: null,
    consent: false,
    documentIndex: 0,
    method: 'draw',
    drawing: null,
    signerName: '',
    problem: null,
    sendFailed: false,
    documentsChanged: false,
    signed: null,
  }),
  initial: 'loading',
  on: {
    'language.choose': { actions: 'chooseLanguage' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'openEngagement',
        src: 'openEngagement',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'consent', actions: { type: 'keepEngagement', params: ({ event }) => event.output } },
        onError: [{ guard: 'isGone', target: 'gone.expired' }, { guard: 'isUsed', target: 'gone.used' }, { target: 'unreachable' }],
      },
    },
    // The link could not be read (offline, server away): nothing is known yet, so try again.
    unreachable: {
      on: { 'link.retry': 'loading' },
    },
    // The consent to sign electronically (E-SIGN Act, 15 U.S.C. 7001(c)): paper copies, how to
    // withdraw, what is needed to open the documents. Nothing is shown to sign before it.
    consent: {
      on: {
        'consent.change': { actions: 'setConsent' },
        'consent.accept': [{ guard: 'consented', target: 'reading', actions: 'firstDocument' }, { actions: 'askConsent' }],
      },
    },
    // One document at a time, filled with the client's data as the server made it.
    reading: {
      on: {
        'document.next': [{ guard: 'hasNextDocument', actions: 'nextDocument' }, { target: 'signature' }],
        'document.back': [{ guard: 'hasPreviousDocument', actions: 'previousDocument' }, { target: 'consent' }],
      },
    },
    signature: {
      on: {
        'method.choose': { actions: 'chooseMethod' },
        'signature.draw': { actions: 'keepDrawing' },
        'signature.clear': { actions: 'clearDrawing' },
        'signerName.change': { actions: 'setSignerName' },
        'document.back': { target: 'reading', actions: 'lastDocument' },
        'signature.submit': [
          { guard: 'hasSignature', target: 'sending', actions: 'startSend' },
          { guard: 'hasName', actions: 'askSignature' },
          { actions: 'askName' },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'signEngagement',
        src: 'signEngagement',
        input: ({ context }) => ({ token: context.token, submission: submissionOf(context) }),
        onDone: { target: 'signed', actions: { type: 'keepSigned', params: ({ event }) => event.output } },
        onError: [
          { guard: 'isGone', target: 'gone.expired' },
          { guard: 'isUsed', target: 'gone.used' },
          // The firm changed the documents since they were opened: open them again and read them
          // again; the consent and the signature stay.
          { guard: 'isChanged', target: 'loading', actions: 'markChanged' },
          { target: 'signature', actions: 'markFailed' },
        ],
      },
    },
    // Signed: the signed copy to download. Not final: the language can still be changed.
    signed: {},
    // The link is unknown, expired or replaced (404), or already used (410).
    gone: {
      initial: 'expired',
      states: { expired: {}, used: {} },
    },
  },
});

export type SigningSnapshot = SnapshotFrom<typeof signingMachine>;
