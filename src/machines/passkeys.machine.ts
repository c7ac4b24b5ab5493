// Passkeys on the profile page (docs/product/sign-in-and-session.md, Passkeys): the list (name,
// added, last used), adding one (named first, then the browser's prompt and the server's check),
// renaming one, and removing one after asking. A failure says the server's message (or the
// browser's prompt given up) where the step was, and keeps the step; a list that could not be
// read says so and offers to read it again.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { PASSKEY_NAME_MAX, passkeyTexts } from '../domain/texts';
import { errorMessage } from './errorMessage';

export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeysContext {
  passkeys: PasskeyItem[];
  /** The passkey being renamed or removed. */
  selectedId?: string;
  /** What is said where the step failed (or under the name field). */
  error?: string;
  /** What was done last, for the status line. */
  notice?: string;
}

export type PasskeysEvent =
  | { type: 'passkeys.add' }
  | { type: 'passkeys.name'; name: string }
  | { type: 'passkeys.rename'; id: string }
  | { type: 'passkeys.remove'; id: string }
  | { type: 'passkeys.confirm' }
  | { type: 'passkeys.cancel' }
  | { type: 'passkeys.retry' };

export interface RenameInput {
  id: string;
  name: string;
}

interface Refusal {
  code?: unknown;
  message?: unknown;
}

function messageOf(error: unknown, fallback: string): string {
  const { code, message } = (error ?? {}) as Refusal;
  if (code === 'passkey_ceremony') return fallback;
  return typeof message === 'string' && message ? message : fallback;
}

/** The name's own rule (openapi.yaml, PasskeyName): 1 to 60 characters, not only spaces. */
export function passkeyNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return passkeyTexts.nameRequired;
  if (trimmed.length > PASSKEY_NAME_MAX) return passkeyTexts.nameTooLong;
  return undefined;
}

/** Why the list is not shown: the server's reason, or that it could not be reached, after the plain fact. */
function loadFailureOf(error: unknown): string {
  const reason = errorMessage(error);
  return reason ? `${passkeyTexts.loadFailed} ${reason}` : passkeyTexts.loadFailed;
}

function nameOf({ event }: { event: PasskeysEvent }): string {
  assertEvent(event, 'passkeys.name');
  return event.name.trim();
}

export const passkeysMachine = setup({
  types: {
    context: {} as PasskeysContext,
    events: {} as PasskeysEvent,
  },
  actors: {
    loadPasskeys: fromPromise<PasskeyItem[]>(() => {
      throw new Error('provided by the app');
    }),
    addPasskey: fromPromise<PasskeyItem, string>(() => {
      throw new Error('provided by the app');
    }),
    renamePasskey: fromPromise<PasskeyItem, RenameInput>(() => {
      throw new Error('provided by the app');
    }),
    removePasskey: fromPromise<void, string>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    // Only a passkey on the list is renamed or removed.
    isListed: ({ context, event }) =>
      (event.type === 'passkeys.rename' || event.type === 'passkeys.remove') && context.passkeys.some((passkey) => passkey.id === event.id),
    isBadName: ({ event }) => event.type === 'passkeys.name' && passkeyNameError(event.name) !== undefined,
  },
  actions: {
    storeList: assign((_, passkeys: PasskeyItem[]) => ({ passkeys })),
    select: assign(({ event }) => {
      assertEvent(event, ['passkeys.rename', 'passkeys.remove']);
      return { selectedId: event.id, error: undefined, notice: undefined };
    }),
    startOver: assign({ selectedId: undefined, error: undefined, notice: undefined }),
    reportNameError: assign(({ event }) => {
      assertEvent(event, 'passkeys.name');
      return { error: passkeyNameError(event.name) };
    }),
    appendAdded: assign(({ context }, added: PasskeyItem) => ({
      // Once, at the end of the list (a repeated answer does not add it twice).
      passkeys: [...context.passkeys.filter((passkey) => passkey.id !== added.id), added],
      error: undefined,
      notice: passkeyTexts.added,
    })),
    replaceRenamed: assign(({ context }, renamed: PasskeyItem) => ({
      passkeys: context.passkeys.map((passkey) => (passkey.id === renamed.id ? renamed : passkey)),
      selectedId: undefined,
      error: undefined,
      notice: passkeyTexts.renamed,
    })),
    dropRemoved: assign(({ context }) => ({
      passkeys: context.passkeys.filter((passkey) => passkey.id !== context.selectedId),
      selectedId: undefined,
      error: undefined,
      notice: passkeyTexts.removed,
    })),
    reportLoadError: assign((_, error: unknown) => ({ error: loadFailureOf(error) })),
    reportAddError: assign((_, error: unknown) => ({ error: messageOf(error, passkeyTexts.addFailed) })),
    reportError: assign((_, error: unknown) => ({ error: messageOf(error, passkeyTexts.addFailed) })),
    // A failed removal goes back to the list with the reason; nothing stays selected.
    reportRemovalError: assign((_, error: unknown) => ({ error: messageOf(error, passkeyTexts.addFailed), selectedId: undefined })),
  },
}).createMachine({
  id: 'passkeys',
  context: { passkeys: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPasskeys',
        src: 'loadPasskeys',
        onDone: { target: 'listing', actions: { type: 'storeList', params: ({ event }) => event.output } },
        onError: {
          target: 'unavailable',
          actions: { type: 'reportLoadError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    // The list could not be read: why, and a way to read it again; nothing else is offered.
    unavailable: {
      on: { 'passkeys.retry': { target: 'loading', actions: 'startOver' } },
    },
    listing: {
      on: {
        'passkeys.add': { target: 'naming', actions: 'startOver' },
        'passkeys.rename': { guard: 'isListed', target: 'renaming', actions: 'select' },
        'passkeys.remove': { guard: 'isListed', target: 'confirmingRemoval', actions: 'select' },
      },
    },
    // 'Add a passkey': its name first.
    naming: {
      on: {
        'passkeys.name': [{ guard: 'isBadName', actions: 'reportNameError' }, { target: 'adding' }],
        'passkeys.cancel': { target: 'listing', actions: 'startOver' },
      },
    },
    // The browser's prompt, then the server's check.
    adding: {
      tags: ['busy'],
      invoke: {
        id: 'addPasskey',
        src: 'addPasskey',
        input: nameOf,
        onDone: { target: 'listing', actions: { type: 'appendAdded', params: ({ event }) => event.output } },
        onError: {
          target: 'naming',
          actions: { type: 'reportAddError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    renaming: {
      on: {
        'passkeys.name': [{ guard: 'isBadName', actions: 'reportNameError' }, { target: 'savingName' }],
        'passkeys.cancel': { target: 'listing', actions: 'startOver' },
      },
    },
    savingName: {
      tags: ['busy'],
      invoke: {
        id: 'renamePasskey',
        src: 'renamePasskey',
        input: ({ context, event }) => ({ id: context.selectedId ?? '', name: nameOf({ event }) }),
        onDone: { target: 'listing', actions: { type: 'replaceRenamed', params: ({ event }) => event.output } },
        onError: {
          target: 'renaming',
          actions: { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    // Removal asks first.
    confirmingRemoval: {
      on: {
        'passkeys.confirm': { target: 'removing' },
        'passkeys.cancel': { target: 'listing', actions: 'startOver' },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => context.selectedId ?? '',
        onDone: { target: 'listing', actions: 'dropRemoved' },
        onError: {
          target: 'listing',
          actions: { type: 'reportRemovalError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
  },
});
