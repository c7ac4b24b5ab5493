// Edit Firm's engagement terms (docs/product/engagement.md#screens): the contingency fees before
// and after suit, how costs are handled, and the three documents' texts with their placeholders,
// previewed filled with the sample client before they are saved. Its own machine beside the firm
// form's (firmForm.machine.ts): the terms are their own resource with their own save, and the
// firm form's save leaves the page (README, Decisions).
//
// - loading -> editing | loadFailed (`terms.reload` tries again).
// - editing: `terms.change` sets fields; `terms.preview` -> previewing -> editing with the filled
//   documents; `terms.save` -> saving -> editing (emits `termsSaved`, or `termsSaveFailed` with the
//   server's message and its per-field messages). What is typed stays through every call.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { EngagementDocument, EngagementTerms, EngagementTermsUpdate } from '../api/engagement';
import { errorMessage, fieldErrorsOf } from './errorMessage';

export interface EngagementTermsContext {
  /** The terms as the server last answered them (which documents are still samples, the placeholders). */
  terms: EngagementTerms | null;
  values: EngagementTermsUpdate;
  /** The documents filled from `values`, as the last preview answered. */
  preview: EngagementDocument[] | null;
  /** The last call's refusal, and its per-field messages (`documents.feeAgreement`, `feeBeforeSuit`, ...). */
  error: string | null;
  fieldErrors: Record<string, string>;
}

export type EngagementTermsEvent =
  | { type: 'terms.reload' }
  | {
      type: 'terms.change';
      values: Partial<Omit<EngagementTermsUpdate, 'documents'>> & { documents?: Partial<EngagementTermsUpdate['documents']> };
    }
  | { type: 'terms.preview' }
  | { type: 'terms.save' };

export type EngagementTermsEmitted = { type: 'termsSaved' } | { type: 'termsSaveFailed'; message?: string };

/** Shown when a failed call carried no message of its own. */
export const ENGAGEMENT_TERMS_FAILED = 'The engagement terms could not be saved. Try again.';

const emptyValues: EngagementTermsUpdate = {
  feeBeforeSuit: '',
  feeAfterSuit: '',
  costsDeducted: 'beforeFee',
  costsWhenNoRecovery: 'waived',
  documents: { feeAgreement: '', medicalRecordsRelease: '', letterOfRepresentation: '' },
};

export function termsValues(terms: EngagementTerms): EngagementTermsUpdate {
  const { feeBeforeSuit, feeAfterSuit, costsDeducted, costsWhenNoRecovery, documents } = terms;
  return { feeBeforeSuit, feeAfterSuit, costsDeducted, costsWhenNoRecovery, documents: { ...documents } };
}

const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const engagementTermsMachine = setup({
  types: {
    context: {} as EngagementTermsContext,
    events: {} as EngagementTermsEvent,
    emitted: {} as EngagementTermsEmitted,
  },
  actors: {
    loadTerms: fromPromise<EngagementTerms, void>(() => {
      throw new Error('provided by the app');
    }),
    previewTerms: fromPromise<EngagementDocument[], EngagementTermsUpdate>(() => {
      throw new Error('provided by the app');
    }),
    saveTerms: fromPromise<EngagementTerms, EngagementTermsUpdate>(() => {
      throw new Error('provided by the app');
    }),
  },
  actions: {
    keepTerms: assign((_, terms: EngagementTerms) => ({ terms, values: termsValues(terms), error: null, fieldErrors: {} })),
    storeTerms: assign((_, terms: EngagementTerms) => ({ terms, error: null, fieldErrors: {} })),
    change: assign(({ context, event }) => {
      assertEvent(event, 'terms.change');
      const { documents, ...rest } = event.values;
      return { values: { ...context.values, ...rest, documents: { ...context.values.documents, ...documents } } };
    }),
    keepPreview: assign((_, preview: EngagementDocument[]) => ({ preview, error: null, fieldErrors: {} })),
    // Only the invokes' error events run it.
    keepError: assign(({ event }) => ({
      error: errorMessage(errorOf(event)) ?? ENGAGEMENT_TERMS_FAILED,
      fieldErrors: fieldErrorsOf(errorOf(event)),
    })),
    announceSaved: emit({ type: 'termsSaved' as const }),
    announceSaveFailed: emit(({ event }) => ({ type: 'termsSaveFailed' as const, message: errorMessage(errorOf(event)) })),
  },
}).createMachine({
  id: 'engagementTerms',
  context: { terms: null, values: emptyValues, preview: null, error: null, fieldErrors: {} },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        onDone: { target: 'editing', actions: { type: 'keepTerms', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: { on: { 'terms.reload': 'loading' } },
    editing: {
      on: {
        'terms.change': { actions: 'change' },
        'terms.preview': 'previewing',
        'terms.save': 'saving',
      },
    },
    previewing: {
      tags: ['busy'],
      on: { 'terms.change': { actions: 'change' } },
      invoke: {
        id: 'previewTerms',
        src: 'previewTerms',
        input: ({ context }) => context.values,
        onDone: { target: 'editing', actions: { type: 'keepPreview', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
    saving: {
      tags: ['busy'],
      on: { 'terms.change': { actions: 'change' } },
      invoke: {
        id: 'saveTerms',
        src: 'saveTerms',
        input: ({ context }) => context.values,
        onDone: { target: 'editing', actions: [{ type: 'storeTerms', params: ({ event }) => event.output }, 'announceSaved'] },
        onError: { target: 'editing', actions: ['keepError', 'announceSaveFailed'] },
      },
    },
  },
});
