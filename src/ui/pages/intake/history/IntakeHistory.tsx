import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getIntakeHistory } from '../../../../api/intakes';
import { activityLines, activityWho, withoutRepeatedOpens, type ActivityAction } from '../../../../domain/activity';
import { formatLocalDateTime } from '../../../../domain/dates';
import { intakeHistoryMachine, type HistoryEntry } from '../../../../machines/intakeHistory.machine';
import { useMachineActor } from '../../../app/inspect';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import type { IntakeActor } from '../form/intakeActor';
import { ClientAttestation } from './ClientAttestation';
import * as css from './IntakeHistory.css';

/** The panel's texts (docs/product/intake-form.md#history). */
export const HISTORY_TEXT = {
  button: 'History',
  title: 'History',
  loading: 'Loading history...',
  failed: 'The history could not be loaded.',
  retry: 'Try again',
  empty: 'Nothing has been recorded for this intake yet.',
} as const;

const appIntakeHistoryMachine = intakeHistoryMachine.provide({
  // Repeated 'Opened' rows would crowd out the saves (docs/product/intake-form.md#history).
  actors: { loadHistory: fromPromise(async ({ input }) => withoutRepeatedOpens(await getIntakeHistory(input.caseId))) },
});

/** 'History' beside the PDF buttons, once the intake has a caseId, and the panel it opens. */
export function IntakeHistory({ actor }: { actor: IntakeActor }) {
  const caseId = useSelector(actor, (snapshot) => snapshot.context.intake.caseId);
  const history = useMachineActor(appIntakeHistoryMachine);
  const shown = useSelector(history, (snapshot) => snapshot.hasTag('shown'));
  if (caseId === null) return null;
  return (
    <div className={css.bar}>
      <Button tone="secondary" onClick={() => history.send({ type: 'history.open', caseId })}>
        {HISTORY_TEXT.button}
      </Button>
      {shown && (
        <Modal title={HISTORY_TEXT.title} onClose={() => history.send({ type: 'history.close' })}>
          <HistoryBody history={history} />
        </Modal>
      )}
    </div>
  );
}

type HistoryActor = ReturnType<typeof useMachineActor<typeof appIntakeHistoryMachine>>;

function HistoryBody({ history }: { history: HistoryActor }) {
  const loading = useSelector(history, (snapshot) => snapshot.matches('loading'));
  const failed = useSelector(history, (snapshot) => snapshot.matches('failed'));
  const entries = useSelector(history, (snapshot) => snapshot.context.entries);
  if (loading) return <p role="status">{HISTORY_TEXT.loading}</p>;
  if (failed) {
    return (
      <div role="alert">
        <p>{HISTORY_TEXT.failed}</p>
        <Button tone="secondary" onClick={() => history.send({ type: 'history.retry' })}>
          {HISTORY_TEXT.retry}
        </Button>
      </div>
    );
  }
  if (entries.length === 0) return <p>{HISTORY_TEXT.empty}</p>;
  return (
    <ol className={css.list} aria-label="Intake history">
      {entries.map((entry) => (
        <HistoryItem key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const [what, ...changes] = activityLines({ action: entry.action as ActivityAction, fields: entry.fields });
  return (
    <li className={css.item}>
      <p className={css.what}>{what}</p>
      {changes.map((line) => (
        <p key={line} className={css.change}>
          {line}
        </p>
      ))}
      {entry.attestation ? <ClientAttestation attestation={entry.attestation} /> : null}
      <p className={css.meta}>
        {activityWho({ action: entry.action as ActivityAction, userName: entry.userName })} ·{' '}
        <time dateTime={entry.at}>{formatLocalDateTime(entry.at)}</time>
      </p>
    </li>
  );
}
