// The client's own form (docs/product/client-intake.md): opened from a link without signing in,
// a language chosen, three pages of answers and a confirmation, submitted once. The machine
// decides which page shows, whether a page may be left (the form's own rules on that page's
// fields), and what the server's answer means: 404 is an expired (or replaced) link, 410 a link
// already used. The page only draws what it says. Answers kept in the browser from an earlier visit
// of the same link (src/ui/clientIntake/savedAnswers.ts) come back once the link is read: the
// client is back on the page they left, with everything they typed.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../api/errors';
import type { ClientIntakeSubmission, PublicClientIntake } from '../api/clientIntakePublic';
import {
  clientFieldPaths,
  clientSteps,
  clientSubmissionAnswers,
  emptyIntake,
  readField,
  validateClientAnswers,
  type ClientLanguage,
  type FieldErrors,
  type GeneralCaseInformation,
} from '../domain/intake';
import { applyChanges, type FieldChange } from '../domain/intake/editing';
import { statusOf } from './errorMessage';

/** The three pages of answers, then the confirmation. */
export const CONFIRM_STEP = clientSteps.length;

/** What the page keeps in the browser until the submit: the client's fields, never the SSN (the form has none). */
export interface SavedClientAnswers {
  changes: FieldChange[];
  step: number;
  fullName: string;
  consent: boolean;
  language: ClientLanguage;
}

export interface ClientIntakeInput {
  token: string;
  /** The browser's language, until the link's own is known. */
  language: ClientLanguage;
  /** Kept from an earlier visit of this link, if any. */
  saved?: SavedClientAnswers | null;
}

export interface ClientIntakeContext {
  token: string;
  language: ClientLanguage;
  greeting: PublicClientIntake | null;
  answers: GeneralCaseInformation;
  /** 0..2: a page of answers; CONFIRM_STEP: the full name and consent. */
  step: number;
  fullName: string;
  consent: boolean;
  errors: FieldErrors;
  /** The link was already used (410): the thanks page says so. */
  alreadySent: boolean;
  /** A submit that got no usable answer: the confirmation page says to try again. */
  submitFailed: boolean;
  /** Answers of an earlier visit, laid over the form once the link proves live. */
  saved: SavedClientAnswers | null;
}

export type ClientIntakeEvent =
  | { type: 'language.choose'; language: ClientLanguage }
  | { type: 'start' }
  | { type: 'field.change'; path: FieldChange['path']; value: unknown }
  | { type: 'fields.change'; changes: ReadonlyArray<FieldChange> }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'fullName.change'; value: string }
  | { type: 'consent.change'; value: boolean }
  | { type: 'submit' }
  | { type: 'retry' };

/** Keys of the confirmation's own errors (beside field paths). */
export const FULL_NAME_ERROR = 'fullName';
export const CONSENT_ERROR = 'consent';

function errorsOfStep(answers: GeneralCaseInformation, step: number): FieldErrors {
  const fields = new Set<string>(clientSteps[step]?.fields ?? []);
  const all = validateClientAnswers(answers);
  return Object.fromEntries(Object.entries(all).filter(([path]) => fields.has(path)));
}

function confirmationErrors(context: Pick<ClientIntakeContext, 'fullName' | 'consent'>): FieldErrors {
  const errors: FieldErrors = {};
  if (context.fullName.trim() === '') errors[FULL_NAME_ERROR] = FULL_NAME_ERROR;
  if (!context.consent) errors[CONSENT_ERROR] = CONSENT_ERROR;
  return errors;
}

function firstFailingStep(errors: FieldErrors): number {
  const index = clientSteps.findIndex((step) => step.fields.some((path) => path in errors));
  return index === -1 ? CONFIRM_STEP : index;
}

/** What the page keeps of the form (the client's fields only). */
export function savedAnswersOf(context: ClientIntakeContext): SavedClientAnswers {
  return {
    changes: clientFieldPaths.map((path) => ({ path, value: readField(context.answers, path) })),
    step: context.step,
    fullName: context.fullName,
    consent: context.consent,
    language: context.language,
  };
}

export function submissionOf(context: ClientIntakeContext): ClientIntakeSubmission {
  return {
    language: context.language,
    fullName: context.fullName.trim(),
    consent: true,
    answers: clientSubmissionAnswers(context.answers) as ClientIntakeSubmission['answers'],
  };
}

export const clientIntakeMachine = setup({
  types: {
    context: {} as ClientIntakeContext,
    events: {} as ClientIntakeEvent,
    input: {} as ClientIntakeInput,
  },
  actors: {
    openLink: fromPromise<PublicClientIntake, { token: string }>(() => {
      throw new Error('provided by the app');
    }),
    submitAnswers: fromPromise<{ fields: number }, { token: string; submission: ClientIntakeSubmission }>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    isExpired: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
    isUsed: ({ event }) => statusOf((event as { error?: unknown }).error) === 410,
    isRefused: ({ event }) => statusOf((event as { error?: unknown }).error) === 400,
    /** A page of answers whose fields meet the form's rules (the confirmation is no page to leave forward). */
    stepComplete: ({ context }) => context.step < CONFIRM_STEP && Object.keys(errorsOfStep(context.answers, context.step)).length === 0,
    hasSaved: ({ context }) => context.saved !== null,
    hasPreviousStep: ({ context }) => context.step > 0,
    hasNextStep: ({ context }) => context.step < CONFIRM_STEP,
    readyToSend: ({ context }) =>
      Object.keys(validateClientAnswers(context.answers)).length === 0 && Object.keys(confirmationErrors(context)).length === 0,
  },
  actions: {
    chooseLanguage: assign(({ event }) => {
      assertEvent(event, 'language.choose');
      return { language: event.language };
    }),
    // An intake that names no language leaves the page in the phone's (docs/product/client-intake.md#languages).
    keepGreeting: assign(({ context }, greeting: PublicClientIntake) => ({ greeting, language: greeting.language ?? context.language })),
    restoreSaved: assign(({ context }) => {
      const saved = context.saved;
      if (!saved) return {};
      const known = new Set<string>(clientFieldPaths);
      const changes = saved.changes.filter((change) => known.has(change.path));
      return {
        answers: applyChanges({ intake: emptyIntake(), errors: {} }, changes).intake,
        step: Math.min(Math.max(0, Math.trunc(saved.step)), CONFIRM_STEP),
        fullName: saved.fullName,
        consent: saved.consent,
        language: saved.language,
        saved: null,
      };
    }),
    applyChanges: assign(({ context, event }) => {
      assertEvent(event, ['field.change', 'fields.change']);
      const changes = event.type === 'field.change' ? [{ path: event.path, value: event.value }] : event.changes;
      const next = applyChanges({ intake: context.answers, errors: context.errors }, changes);
      return { answers: next.intake, errors: next.errors };
    }),
    nextStep: assign(({ context }) => ({ step: context.step + 1, errors: {} })),
    previousStep: assign(({ context }) => ({ step: context.step - 1, errors: {} })),
    showStepErrors: assign(({ context }) => ({ errors: errorsOfStep(context.answers, context.step) })),
    setFullName: assign(({ context, event }) => {
      assertEvent(event, 'fullName.change');
      const { [FULL_NAME_ERROR]: _gone, ...errors } = context.errors;
      return { fullName: event.value, errors };
    }),
    setConsent: assign(({ context, event }) => {
      assertEvent(event, 'consent.change');
      const { [CONSENT_ERROR]: _gone, ...errors } = context.errors;
      return { consent: event.value, errors };
    }),
    showSubmitErrors: assign(({ context }) => {
      const fields = validateClientAnswers(context.answers);
      const errors = { ...fields, ...confirmationErrors(context) };
      return { errors, step: firstFailingStep(fields) };
    }),
    showServerErrors: assign(({ event }) => {
      const fields = ((event as { error?: ApiError }).error?.fields ?? {}) as FieldErrors;
      return { errors: { ...fields }, step: firstFailingStep(fields), submitFailed: false };
    }),
    markSubmitFailed: assign({ submitFailed: true }),
    clearSubmitFailed: assign({ submitFailed: false }),
    markAlreadySent: assign({ alreadySent: true }),
  },
}).createMachine({
  id: 'clientIntake',
  context: ({ input }) => ({
    token: input.token,
    language: input.language,
    greeting: null,
    answers: emptyIntake(),
    step: 0,
    fullName: '',
    consent: false,
    errors: {},
    alreadySent: false,
    submitFailed: false,
    saved: input.saved ?? null,
  }),
  initial: 'loading',
  on: {
    'language.choose': { actions: 'chooseLanguage' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'openLink',
        src: 'openLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: 'hasSaved',
            target: 'filling',
            actions: [{ type: 'keepGreeting', params: ({ event }) => event.output }, 'restoreSaved'],
          },
          { target: 'language', actions: { type: 'keepGreeting', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'isExpired', target: 'expired' },
          { guard: 'isUsed', target: 'done', actions: 'markAlreadySent' },
          { target: 'unreachable' },
        ],
      },
    },
    // The link could not be read (offline, server away): nothing is known yet, so try again.
    unreachable: {
      on: { retry: 'loading' },
    },
    language: {
      on: { start: 'filling' },
    },
    filling: {
      on: {
        'field.change': { actions: 'applyChanges' },
        'fields.change': { actions: 'applyChanges' },
        'step.next': [
          { guard: 'stepComplete', actions: 'nextStep' },
          { guard: 'hasNextStep', actions: 'showStepErrors' },
        ],
        'step.back': { guard: 'hasPreviousStep', actions: 'previousStep' },
        'fullName.change': { actions: 'setFullName' },
        'consent.change': { actions: 'setConsent' },
        submit: [{ guard: 'readyToSend', target: 'submitting', actions: 'clearSubmitFailed' }, { actions: 'showSubmitErrors' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitAnswers',
        src: 'submitAnswers',
        input: ({ context }) => ({ token: context.token, submission: submissionOf(context) }),
        onDone: { target: 'done' },
        onError: [
          { guard: 'isExpired', target: 'expired' },
          { guard: 'isUsed', target: 'done', actions: 'markAlreadySent' },
          { guard: 'isRefused', target: 'filling', actions: 'showServerErrors' },
          { target: 'filling', actions: 'markSubmitFailed' },
        ],
      },
    },
    // Not final: the language can still be changed on these pages.
    done: {},
    expired: {},
  },
});
