// The client's own form (docs/product/client-intake.md): opened from a link without signing in,
// a language chosen, three pages of answers and a confirmation, submitted once. The machine
// decides which page shows (each page is a state), whether a page may be left (the form's own
// rules on that page's fields), and what the server's answer means: 404 is an expired (or
// replaced) link, 410 a link already used. The page only draws what it says. Answers kept in the
// browser from an earlier visit of the same link (src/ui/clientIntake/savedAnswers.ts) come back
// once the link is read: the client is back on the page they left, with everything they typed.
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../api/errors';
import type { ClientIntakeSubmission, PublicClientIntake } from '../api/clientIntakePublic';
import {
  clientAnswerIssues,
  clientFieldPaths,
  clientSteps,
  clientSubmissionAnswers,
  emptyIntake,
  readField,
  type ClientLanguage,
  type ClientStepId,
  type GeneralCaseInformation,
} from '../domain/intake';
import type { ClientFieldError } from '../domain/intake/clientTexts';
import { applyChanges, type FieldChange } from '../domain/intake/editing';
import { statusOf } from './errorMessage';

/** The pages of the form in order: the three pages of answers, then the confirmation. */
export type ClientPage = ClientStepId | 'confirm';
export const clientPages: readonly ClientPage[] = [...clientSteps.map((step) => step.id), 'confirm'];
/** The confirmation's index among the pages (as the saved answers and 'Step n of 4' count them). */
export const CONFIRM_STEP = clientSteps.length;

/** What the page keeps in the browser until the submit: the client's fields, never the SSN (the form has none). */
export interface SavedClientAnswers {
  changes: FieldChange[];
  /** The index of the page the client was on (`clientPages`). */
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
  fullName: string;
  consent: boolean;
  /** What each field shows, by its path (and the confirmation's own keys): rendered in the page's language. */
  errors: ClientErrors;
  /** Answers of an earlier visit, laid over the form once the link proves live. */
  saved: SavedClientAnswers | null;
}

export type ClientIntakeEvent =
  | { type: 'language.choose'; language: ClientLanguage }
  | { type: 'link.retry' }
  | { type: 'answers.start' }
  | { type: 'answers.change'; changes: ReadonlyArray<FieldChange> }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'fullName.change'; value: string }
  | { type: 'consent.change'; value: boolean }
  | { type: 'answers.submit' };

export type ClientErrors = Partial<Record<string, ClientFieldError>>;

/** Keys of the confirmation's own errors (beside field paths). */
export const FULL_NAME_ERROR = 'fullName';
export const CONSENT_ERROR = 'consent';

function fieldsOf(page: ClientStepId): ReadonlySet<string> {
  return new Set<string>(clientSteps.find((step) => step.id === page)?.fields ?? []);
}

function errorsOfPage(answers: GeneralCaseInformation, page: ClientStepId): ClientErrors {
  const fields = fieldsOf(page);
  return Object.fromEntries(Object.entries(clientAnswerIssues(answers)).filter(([path]) => fields.has(path)));
}

function confirmationErrors(context: Pick<ClientIntakeContext, 'fullName' | 'consent'>): ClientErrors {
  const errors: ClientErrors = {};
  if (context.fullName.trim() === '') errors[FULL_NAME_ERROR] = { code: 'required' };
  if (!context.consent) errors[CONSENT_ERROR] = { code: 'required' };
  return errors;
}

/** The server's reasons for a refusal: its own words, since only its own rules (or its day) can differ from the page's. */
function serverErrors(error: ApiError | undefined): ClientErrors {
  return Object.fromEntries(Object.entries(error?.fields ?? {}).map(([path, message]) => [path, { code: 'server', message }]));
}

/** The page an earlier visit was left on; a step out of range is the nearest page. */
function savedPageOf(saved: SavedClientAnswers): ClientPage {
  return clientPages[Math.min(Math.max(0, Math.trunc(saved.step)), CONFIRM_STEP)]!;
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
    savedOn: ({ context }, params: { page: ClientPage }) => context.saved !== null && savedPageOf(context.saved) === params.page,
    /** The page's fields meet the form's rules: it may be left forward. */
    pageComplete: ({ context }, params: { page: ClientStepId }) => Object.keys(errorsOfPage(context.answers, params.page)).length === 0,
    hasErrorsOn: ({ context }, params: { page: ClientStepId }) =>
      Object.keys(context.errors).some((path) => fieldsOf(params.page).has(path)),
    readyToSend: ({ context }) =>
      Object.keys(clientAnswerIssues(context.answers)).length === 0 && Object.keys(confirmationErrors(context)).length === 0,
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
        fullName: saved.fullName,
        consent: saved.consent,
        language: saved.language,
        saved: null,
      };
    }),
    applyChanges: assign(({ context, event }) => {
      assertEvent(event, 'answers.change');
      const next = applyChanges({ intake: context.answers, errors: context.errors }, event.changes);
      return { answers: next.intake, errors: next.errors };
    }),
    clearErrors: assign({ errors: {} }),
    showPageErrors: assign(({ context }, params: { page: ClientStepId }) => ({ errors: errorsOfPage(context.answers, params.page) })),
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
    showSubmitErrors: assign(({ context }) => ({ errors: { ...clientAnswerIssues(context.answers), ...confirmationErrors(context) } })),
    showServerErrors: assign(({ event }) => ({ errors: serverErrors((event as { error?: ApiError }).error) })),
  },
}).createMachine({
  id: 'clientIntake',
  context: ({ input }) => ({
    token: input.token,
    language: input.language,
    greeting: null,
    answers: emptyIntake(),
    fullName: '',
    consent: false,
    errors: {},
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
          // Back from an earlier visit: on the page it was left.
          ...clientPages.map((page) => ({
            guard: { type: 'savedOn' as const, params: { page } },
            target: `filling.page.${page}`,
            actions: [
              { type: 'keepGreeting' as const, params: ({ event }: { event: { output: PublicClientIntake } }) => event.output },
              'restoreSaved' as const,
            ],
          })),
          { target: 'language', actions: { type: 'keepGreeting', params: ({ event }) => event.output } },
        ],
        onError: [{ guard: 'isExpired', target: 'expired' }, { guard: 'isUsed', target: 'done.alreadySent' }, { target: 'unreachable' }],
      },
    },
    // The link could not be read (offline, server away): nothing is known yet, so try again.
    unreachable: {
      on: { 'link.retry': 'loading' },
    },
    language: {
      on: { 'answers.start': 'filling' },
    },
    // The page of the form on screen, and beside it whether the last submit got no usable answer
    // (the notice to try again stays on every page until the next submit).
    filling: {
      type: 'parallel',
      on: { 'answers.change': { actions: 'applyChanges' } },
      states: {
        page: {
          initial: 'personal',
          states: {
            personal: {
              on: {
                'step.next': [
                  { guard: { type: 'pageComplete', params: { page: 'personal' } }, target: 'incident', actions: 'clearErrors' },
                  { actions: { type: 'showPageErrors', params: { page: 'personal' } } },
                ],
              },
            },
            incident: {
              on: {
                'step.next': [
                  { guard: { type: 'pageComplete', params: { page: 'incident' } }, target: 'injuries', actions: 'clearErrors' },
                  { actions: { type: 'showPageErrors', params: { page: 'incident' } } },
                ],
                'step.back': { target: 'personal', actions: 'clearErrors' },
              },
            },
            injuries: {
              on: {
                'step.next': [
                  { guard: { type: 'pageComplete', params: { page: 'injuries' } }, target: 'confirm', actions: 'clearErrors' },
                  { actions: { type: 'showPageErrors', params: { page: 'injuries' } } },
                ],
                'step.back': { target: 'incident', actions: 'clearErrors' },
              },
            },
            confirm: {
              on: {
                'step.back': { target: 'injuries', actions: 'clearErrors' },
                'fullName.change': { actions: 'setFullName' },
                'consent.change': { actions: 'setConsent' },
                'answers.submit': [
                  { guard: 'readyToSend', target: '#clientIntake.submitting' },
                  { target: 'firstError', actions: 'showSubmitErrors' },
                ],
              },
            },
            // Refused answers (by the form's rules or by the server) show the first page with an
            // error; only the name or the consent missing leaves the confirmation.
            firstError: {
              always: [
                { guard: { type: 'hasErrorsOn', params: { page: 'personal' } }, target: 'personal' },
                { guard: { type: 'hasErrorsOn', params: { page: 'incident' } }, target: 'incident' },
                { guard: { type: 'hasErrorsOn', params: { page: 'injuries' } }, target: 'injuries' },
                { target: 'confirm' },
              ],
            },
          },
        },
        lastSubmit: {
          initial: 'none',
          states: { none: {}, failed: {} },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitAnswers',
        src: 'submitAnswers',
        input: ({ context }) => ({ token: context.token, submission: submissionOf(context) }),
        onDone: { target: 'done.sent' },
        onError: [
          { guard: 'isExpired', target: 'expired' },
          { guard: 'isUsed', target: 'done.alreadySent' },
          { guard: 'isRefused', target: 'filling.page.firstError', actions: 'showServerErrors' },
          { target: ['filling.page.confirm', 'filling.lastSubmit.failed'] },
        ],
      },
    },
    // Thanks for these answers, or the link was already used (410). Not final: the language can
    // still be changed on these pages.
    done: {
      initial: 'sent',
      states: { sent: {}, alreadySent: {} },
    },
    expired: {},
  },
});

export type ClientIntakeSnapshot = SnapshotFrom<typeof clientIntakeMachine>;

/** The page of the form on screen: the one being filled, or the confirmation while it is sent. */
export function pageOf(snapshot: ClientIntakeSnapshot): ClientPage | null {
  if (snapshot.matches('submitting')) return 'confirm';
  return clientPages.find((page) => snapshot.matches({ filling: { page } })) ?? null;
}

/** What the page keeps of the form (the client's fields only). */
export function savedAnswersOf(snapshot: ClientIntakeSnapshot): SavedClientAnswers {
  const { context } = snapshot;
  const page = pageOf(snapshot);
  return {
    changes: clientFieldPaths.map((path) => ({ path, value: readField(context.answers, path) })),
    step: page ? clientPages.indexOf(page) : 0,
    fullName: context.fullName,
    consent: context.consent,
    language: context.language,
  };
}
