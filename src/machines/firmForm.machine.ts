// Firm edit (docs/product/firm-and-neos.md /edit-firm, content not shown; docs/product/firm-and-neos.md owner and administrator): load
// the firm, save the typed fields, and store Neos credentials once they validated. The form's
// values live in the view, so they stay as typed after a failed save; the machine keeps the firm
// as the server last returned it.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { Firm, FirmUpdate } from '../api/firm';
import type { CredentialsInput } from '../domain/schemas/credentials';
import type { FirmInput } from '../domain/schemas/firm';
import { serverMessage } from './errorMessage';

export interface FirmFormContext {
  /** The firm as the server last returned it. */
  firm?: Firm;
  /** The body of the save that is running or ran last. */
  request?: FirmUpdate;
}

export type FirmFormEvent =
  { type: 'firm.reload' } | { type: 'form.submit'; values: FirmInput } | { type: 'credentials.save'; credentials: CredentialsInput };

/** Facts; `message` is the server's, when its refusal carried one. */
export type FirmFormEmitted =
  | { type: 'loadFailed' }
  | { type: 'saved'; firm: Firm }
  | { type: 'saveFailed'; message?: string }
  | { type: 'credentialsSaved' }
  | { type: 'credentialsSaveFailed'; message?: string };

interface Failure {
  error: unknown;
}

/** The firm's stored fields: saving credentials never saves half-typed edits along with them. */
function storedFields(firm: Firm | undefined): FirmUpdate {
  return {
    firmName: firm?.firmName ?? '',
    firmContact: firm?.firmContact ?? null,
    firmMail: firm?.firmMail ?? null,
    firmAddress: firm?.firmAddress ?? null,
  };
}

export const firmFormMachine = setup({
  types: {
    context: {} as FirmFormContext,
    events: {} as FirmFormEvent,
    emitted: {} as FirmFormEmitted,
  },
  actors: {
    loadFirm: fromPromise<Firm, void>(() => {
      throw new Error('provided by the app');
    }),
    saveFirm: fromPromise<Firm, FirmUpdate>(() => {
      throw new Error('provided by the app');
    }),
  },
  actions: {
    storeFirm: assign((_, firm: Firm) => ({ firm })),
    prepareFirmSave: assign(({ event }) => {
      assertEvent(event, 'form.submit');
      return { request: { ...event.values } };
    }),
    prepareCredentialsSave: assign(({ context, event }) => {
      assertEvent(event, 'credentials.save');
      return { request: { ...storedFields(context.firm), neosCredentials: event.credentials } };
    }),
    announceLoadFailed: emit({ type: 'loadFailed' as const }),
    announceSaved: emit((_, firm: Firm) => ({ type: 'saved' as const, firm })),
    announceSaveFailed: emit((_, { error }: Failure) => ({ type: 'saveFailed' as const, message: serverMessage(error) })),
    announceCredentialsSaved: emit({ type: 'credentialsSaved' as const }),
    announceCredentialsSaveFailed: emit((_, { error }: Failure) => ({
      type: 'credentialsSaveFailed' as const,
      message: serverMessage(error),
    })),
  },
}).createMachine({
  id: 'firmForm',
  context: {},
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadFirm',
        src: 'loadFirm',
        onDone: { target: 'editing', actions: { type: 'storeFirm', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: 'announceLoadFailed' },
      },
    },
    loadFailed: { on: { 'firm.reload': 'loading' } },
    editing: {
      on: {
        'form.submit': { target: 'saving', actions: 'prepareFirmSave' },
        'credentials.save': { target: 'savingCredentials', actions: 'prepareCredentialsSave' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveFirm',
        src: 'saveFirm',
        input: ({ context }) => context.request as FirmUpdate,
        onDone: {
          target: 'saved',
          actions: [
            { type: 'storeFirm', params: ({ event }) => event.output },
            { type: 'announceSaved', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'editing', actions: { type: 'announceSaveFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // After the credentials validated (docs/product/firm-and-neos.md) they are stored at once, so the firm
    // shows as connected without a second button.
    savingCredentials: {
      tags: ['savingCredentials'],
      invoke: {
        id: 'saveFirm',
        src: 'saveFirm',
        input: ({ context }) => context.request as FirmUpdate,
        onDone: {
          target: 'editing',
          actions: [{ type: 'storeFirm', params: ({ event }) => event.output }, 'announceCredentialsSaved'],
        },
        onError: {
          target: 'editing',
          actions: { type: 'announceCredentialsSaveFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: { type: 'final' },
  },
});
