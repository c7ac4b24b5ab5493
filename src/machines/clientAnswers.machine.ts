// The client's answers beside the staff form's fields (docs/product/client-intake.md#staff-review):
// a stored intake opened in edit mode reads them once (GET /v1/intake/{caseId}/client-answers), so
// each field the client answered can say 'From client', or show the client's different answer to
// choose. Any other route has none to show; a failed read shows none and the form works as usual.
// The page starts it with the route's mode and caseId, as it starts the intake machine.
import { assign, fromPromise, setup } from 'xstate';
import type { ClientAnswers } from '../api/clientIntake';
import { providedByTheApp, routeModeOf } from './intakeMachineCalls';
import type { IntakeRouteMode } from './intakeMachineTypes';

export interface ClientAnswersInput {
  mode: IntakeRouteMode;
  caseId?: string | null;
}

/** One answered field's value, and whether the draft took it (false: staff's own value stayed). */
export interface ClientAnswerShown {
  value: unknown;
  applied: boolean;
}

/** The client's answers by field path; empty when there are none to show. */
export type ClientAnswersByPath = Readonly<Partial<Record<string, ClientAnswerShown>>>;

export interface ClientAnswersContext {
  caseId: string | null;
  answers: ClientAnswersByPath;
}

function byPath(loaded: ClientAnswers): ClientAnswersByPath {
  return Object.fromEntries(loaded.answers.map(({ path, value, applied }) => [path, { value, applied }]));
}

export const clientAnswersMachine = setup({
  types: {
    input: {} as ClientAnswersInput,
    context: {} as ClientAnswersContext,
  },
  actors: {
    loadClientAnswers: fromPromise<ClientAnswers, { caseId: string }>(providedByTheApp),
  },
  guards: {
    // The route's mode is read once, from the input the machine starts with ('Send to client' is an
    // edit-mode action, and so is reviewing what came back).
    opensStoredIntakeForEditing: ({ context, event }) => routeModeOf(event) === 'edit' && context.caseId !== null,
  },
  actions: {
    storeAnswers: assign((_, loaded: ClientAnswers) => ({ answers: byPath(loaded) })),
  },
}).createMachine({
  id: 'clientAnswers',
  context: ({ input }) => ({ caseId: input.caseId ?? null, answers: {} }),
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'opensStoredIntakeForEditing', target: 'loading' }, { target: 'none' }] },
    loading: {
      invoke: {
        id: 'loadClientAnswers',
        src: 'loadClientAnswers',
        input: ({ context }) => ({ caseId: context.caseId ?? '' }),
        onDone: { target: 'shown', actions: { type: 'storeAnswers', params: ({ event }) => event.output } },
        onError: { target: 'none' },
      },
    },
    shown: {},
    none: {},
  },
});
