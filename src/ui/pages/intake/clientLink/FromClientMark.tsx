// 'From client' beside a field the client answered through their link, and the client's
// different answer beside staff's own value, to choose (docs/product/client-intake.md#staff-review).
// The domain decides which (clientAnswerMark); the answers are read by src/machines/clientAnswers.machine.ts.
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { fromPromise } from 'xstate';
import { getClientAnswers } from '../../../../api/clientIntake';
import { clientAnswerMark, readField, type FieldPath } from '../../../../domain/intake';
import { shownAnswer } from '../fields/shownAnswer';
import { clientAnswersMachine, type ClientAnswersByPath, type ClientAnswersInput } from '../../../../machines/clientAnswers.machine';
import { useMachineActor } from '../../../app/inspect';
import { Button } from '../../../components/Button';
import { useIntakeReadOnly, useIntakeSelector, useIntakeStore } from '../form/intakeFieldBinding';

export const FROM_CLIENT_TEXT = {
  fromClient: 'From client',
  clientAnswered: (value: string) => `Client answered: ${value}`,
  useClient: "Use client's answer",
  yes: 'Yes',
  no: 'No',
};

export type ClientAnswerMap = ClientAnswersByPath;

export const ClientAnswersContext = createContext<ClientAnswerMap>({});

const appClientAnswersMachine = clientAnswersMachine.provide({
  actors: { loadClientAnswers: fromPromise(({ input }) => getClientAnswers(input.caseId)) },
});

/** The client's answers for the form the route opens; the machine decides whether there are any to read. */
export function useClientAnswers(route: ClientAnswersInput): ClientAnswerMap {
  const actor = useMachineActor(appClientAnswersMachine, { input: route });
  return useSelector(actor, (snapshot) => snapshot.context.answers);
}

/**
 * Nothing, and no subscription, for a field the client did not answer (most of them): every
 * subscription to the intake runs on every keystroke (intakeFieldBinding.tsx).
 */
export function FromClientMark({ path }: { path: FieldPath }) {
  const answer = useContext(ClientAnswersContext)[path];
  return answer ? <ClientAnswerMark path={path} answer={answer} /> : null;
}

function ClientAnswerMark({ path, answer }: { path: FieldPath; answer: NonNullable<ClientAnswerMap[string]> }) {
  const store = useIntakeStore();
  const current = useIntakeSelector((intake) => readField(intake, path));
  // A read-only intake (a final one) shows the client's answer but offers no change.
  const readOnly = useIntakeReadOnly();
  const mark = clientAnswerMark(current, answer);
  if (mark === 'fromClient') return <small data-origin="client">{FROM_CLIENT_TEXT.fromClient}</small>;
  if (mark === 'differs') {
    return (
      <small data-origin="client-differs">
        {FROM_CLIENT_TEXT.clientAnswered(shownAnswer(path, answer.value, FROM_CLIENT_TEXT))}{' '}
        {readOnly ? null : (
          <Button tone="secondary" size="sm" onClick={() => store.send({ type: 'field.change', path, value: answer.value })}>
            {FROM_CLIENT_TEXT.useClient}
          </Button>
        )}
      </small>
    );
  }
  return null;
}
