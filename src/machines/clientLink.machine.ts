// 'Send to client' on a draft intake (docs/product/client-intake.md#the-link): the dialog that
// makes a link and copies it, or emails it when the server can send mail. Opening the dialog reads
// whether email is set up; each 'Copy link' or 'Send by email' makes a new link (the server
// revokes the older one), so what was copied or sent is always the live link.
import { assign, fromPromise, setup } from 'xstate';
import type { ClientLink, ClientLinkStatus, LinkDelivery } from '../api/clientIntake';
import { errorMessage } from './errorMessage';

/** Shown when a failed call carried no message of its own. */
export const CLIENT_LINK_FAILED = 'The link could not be made. Try again.';

export interface ClientLinkContext {
  caseId: string;
  emailAvailable: boolean;
  link: ClientLink | null;
  /** The link's address is on the clipboard. */
  copied: boolean;
  error: string | null;
}

export type ClientLinkEvent =
  { type: 'dialog.open' } | { type: 'dialog.close' } | { type: 'link.copy' } | { type: 'link.email' } | { type: 'link.retry' };

export const clientLinkMachine = setup({
  types: {
    context: {} as ClientLinkContext,
    events: {} as ClientLinkEvent,
    input: {} as { caseId: string },
  },
  actors: {
    loadStatus: fromPromise<ClientLinkStatus, { caseId: string }>(() => {
      throw new Error('provided by the app');
    }),
    createLink: fromPromise<ClientLink, { caseId: string; delivery: LinkDelivery }>(() => {
      throw new Error('provided by the app');
    }),
    copyText: fromPromise<void, { text: string }>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    canEmail: ({ context }) => context.emailAvailable,
  },
  actions: {
    keepStatus: assign((_, status: ClientLinkStatus) => ({ emailAvailable: status.emailAvailable })),
    keepLink: assign((_, link: ClientLink) => ({ link, error: null })),
    markCopied: assign({ copied: true }),
    // Only the invokes' error events run it.
    keepError: assign(({ event }) => ({ error: errorMessage((event as { error?: unknown }).error) ?? CLIENT_LINK_FAILED })),
    startOver: assign({ copied: false, error: null }),
    forget: assign({ link: null, copied: false, error: null }),
  },
}).createMachine({
  id: 'clientLink',
  context: ({ input }) => ({ caseId: input.caseId, emailAvailable: false, link: null, copied: false, error: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.open': { target: 'loading', actions: 'forget' } },
    },
    loading: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        input: ({ context }) => ({ caseId: context.caseId }),
        onDone: { target: 'ready', actions: { type: 'keepStatus', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'keepError' },
      },
      on: { 'dialog.close': 'closed' },
    },
    failed: {
      tags: ['open'],
      on: { 'link.retry': { target: 'loading', actions: 'forget' }, 'dialog.close': 'closed' },
    },
    ready: {
      tags: ['open'],
      on: {
        'link.copy': { target: 'copying', actions: 'startOver' },
        'link.email': { target: 'emailing', guard: 'canEmail', actions: 'startOver' },
        'dialog.close': 'closed',
      },
    },
    copying: {
      tags: ['open', 'busy'],
      initial: 'creating',
      states: {
        creating: {
          invoke: {
            id: 'createLink',
            src: 'createLink',
            input: ({ context }) => ({ caseId: context.caseId, delivery: 'copy' as const }),
            onDone: { target: 'toClipboard', actions: { type: 'keepLink', params: ({ event }) => event.output } },
            onError: { target: '#clientLink.ready', actions: 'keepError' },
          },
        },
        toClipboard: {
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: context.link?.url ?? '' }),
            // Copying can be refused (no permission); the address stays on screen to copy by hand.
            onDone: { target: '#clientLink.ready', actions: 'markCopied' },
            onError: { target: '#clientLink.ready' },
          },
        },
      },
    },
    emailing: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'createLink',
        src: 'createLink',
        input: ({ context }) => ({ caseId: context.caseId, delivery: 'email' as const }),
        onDone: { target: 'ready', actions: { type: 'keepLink', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'keepError' },
      },
    },
  },
});
