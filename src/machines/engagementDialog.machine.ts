// The engagement on the intake form (docs/product/engagement.md#screens): its state as the server
// says it (not sent, sent, opened, signed), 'Send for signature' and its dialog that makes a
// signing link and copies or emails it, and 'Signed engagement' that downloads the sealed PDF. A
// new link revokes the live one, so the dialog asks first when there is one. Whether a link may be
// made is the server's answer, given with the state (`sendRefusal`: the conflict check not cleared
// or waived, a role that may not send): the engagement then rests `refused`, 'Send for signature'
// disabled with the server's reason, until the state is read again (`status.reload`, after the
// conflict check changed). A refusal that comes only when the dialog is open (the check changed in
// between) leaves the dialog `blocked`, its buttons disabled, with the server's reason; closing it
// reads the state again.
import { assign, fromPromise, setup } from 'xstate';
import type { EngagementDelivery, EngagementLink, EngagementStatus } from '../api/engagement';
import { errorCodeOf, errorMessage, statusOf } from './errorMessage';

/** Shown when a failed call carried no message of its own. */
export const ENGAGEMENT_FAILED = 'The engagement could not be reached. Try again.';

export interface EngagementDialogContext {
  caseId: string;
  status: EngagementStatus | null;
  link: EngagementLink | null;
  delivery: EngagementDelivery;
  /** The link's address is on the clipboard. */
  copied: boolean;
  error: string | null;
}

export type EngagementDialogEvent =
  | { type: 'status.retry' }
  | { type: 'status.reload' }
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'link.copy' }
  | { type: 'link.email' }
  | { type: 'replace.confirm' }
  | { type: 'replace.cancel' }
  | { type: 'signed.download' };

const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const engagementDialogMachine = setup({
  types: {
    context: {} as EngagementDialogContext,
    events: {} as EngagementDialogEvent,
    input: {} as { caseId: string },
  },
  actors: {
    loadStatus: fromPromise<EngagementStatus, { caseId: string }>(() => {
      throw new Error('provided by the app');
    }),
    createLink: fromPromise<EngagementLink, { caseId: string; delivery: EngagementDelivery }>(() => {
      throw new Error('provided by the app');
    }),
    copyText: fromPromise<void, { text: string }>(() => {
      throw new Error('provided by the app');
    }),
    downloadSigned: fromPromise<void, { caseId: string }>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    /** The server refuses a link whatever is pressed; once signed it is the download instead. */
    refusesSending: (_, status: EngagementStatus) => status.sendRefusal !== null && status.state !== 'signed',
    isSigned: ({ context }) => context.status?.state === 'signed',
    /** Once signed there is nothing to send: the PDF instead. */
    notSigned: ({ context }) => context.status?.state !== 'signed',
    canEmail: ({ context }) => context.status?.emailAvailable === true,
    /** A link the client can still use: a new one would revoke it. */
    hasLiveLink: ({ context }) => context.status?.live === true,
    canEmailOverLiveLink: ({ context }) => context.status?.emailAvailable === true && context.status.live,
    deliversByCopy: ({ context }) => context.delivery === 'copy',
    /** The server refuses whatever is retried: no cleared or waived conflict check, already signed, not allowed. */
    isRefusedForGood: ({ event }) => {
      const code = errorCodeOf(errorOf(event));
      return code === 'conflict_check_required' || code === 'engagement_signed' || statusOf(errorOf(event)) === 403;
    },
  },
  actions: {
    keepStatus: assign((_, status: EngagementStatus) => ({ status })),
    keepRefusal: assign((_, status: EngagementStatus) => ({ status, error: status.sendRefusal?.message ?? null })),
    keepLink: assign((_, link: EngagementLink) => ({ link, error: null })),
    byCopy: assign({ delivery: 'copy' as const }),
    byEmail: assign({ delivery: 'email' as const }),
    markCopied: assign({ copied: true }),
    // Only the invokes' error events run it.
    keepError: assign(({ event }) => ({ error: errorMessage(errorOf(event)) ?? ENGAGEMENT_FAILED })),
    startOver: assign({ copied: false, error: null }),
    forget: assign({ link: null, copied: false, error: null }),
  },
}).createMachine({
  id: 'engagementDialog',
  context: ({ input }) => ({ caseId: input.caseId, status: null, link: null, delivery: 'copy', copied: false, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        input: ({ context }) => ({ caseId: context.caseId }),
        onDone: [
          {
            guard: { type: 'refusesSending', params: ({ event }) => event.output },
            target: 'refused',
            actions: { type: 'keepStatus', params: ({ event }) => event.output },
          },
          { target: 'idle', actions: { type: 'keepStatus', params: ({ event }) => event.output } },
        ],
        onError: { target: 'unavailable', actions: 'keepError' },
      },
    },
    unavailable: {
      on: { 'status.retry': { target: 'loading', actions: 'forget' } },
    },
    // The state on the form; the dialog closed.
    idle: {
      on: {
        'dialog.open': { guard: 'notSigned', target: 'dialog', actions: 'forget' },
        'signed.download': { guard: 'isSigned', target: 'downloading', actions: 'forget' },
        'status.reload': { target: 'loading', actions: 'forget' },
      },
    },
    // 'Send for signature' disabled with the server's reason (`status.sendRefusal`).
    refused: {
      on: { 'status.reload': { target: 'loading', actions: 'forget' } },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'downloadSigned',
        src: 'downloadSigned',
        input: ({ context }) => ({ caseId: context.caseId }),
        onDone: { target: 'idle' },
        onError: { target: 'idle', actions: 'keepError' },
      },
    },
    dialog: {
      tags: ['open'],
      initial: 'ready',
      states: {
        ready: {
          on: {
            'link.copy': [
              { guard: 'hasLiveLink', target: 'confirming', actions: 'byCopy' },
              { target: 'creating', actions: ['byCopy', 'startOver'] },
            ],
            'link.email': [
              { guard: 'canEmailOverLiveLink', target: 'confirming', actions: 'byEmail' },
              { guard: 'canEmail', target: 'creating', actions: ['byEmail', 'startOver'] },
            ],
            'dialog.close': '#engagementDialog.idle',
          },
        },
        // 'A new link stops the one the client has': asked before it is made.
        confirming: {
          on: {
            'replace.confirm': { target: 'creating', actions: 'startOver' },
            'replace.cancel': 'ready',
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createLink',
            src: 'createLink',
            input: ({ context }) => ({ caseId: context.caseId, delivery: context.delivery }),
            onDone: [
              { guard: 'deliversByCopy', target: 'copying', actions: { type: 'keepLink', params: ({ event }) => event.output } },
              { target: 'refreshing', actions: { type: 'keepLink', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: 'isRefusedForGood', target: 'blocked', actions: 'keepError' },
              { target: 'ready', actions: 'keepError' },
            ],
          },
        },
        copying: {
          tags: ['busy'],
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: context.link?.url ?? '' }),
            // Copying can be refused (no permission); the address stays on screen to copy by hand.
            onDone: { target: 'refreshing', actions: 'markCopied' },
            onError: { target: 'refreshing' },
          },
        },
        // The new link's state (sent) as the server now says it.
        refreshing: {
          tags: ['busy'],
          invoke: {
            id: 'loadStatus',
            src: 'loadStatus',
            input: ({ context }) => ({ caseId: context.caseId }),
            onDone: [
              {
                guard: { type: 'refusesSending', params: ({ event }) => event.output },
                target: 'blocked',
                actions: { type: 'keepRefusal', params: ({ event }) => event.output },
              },
              { target: 'ready', actions: { type: 'keepStatus', params: ({ event }) => event.output } },
            ],
            onError: { target: 'ready' },
          },
        },
        // Closed, the state is read again: the panel then shows why no link can be made.
        blocked: {
          on: { 'dialog.close': { target: '#engagementDialog.loading', actions: 'forget' } },
        },
      },
    },
  },
});
