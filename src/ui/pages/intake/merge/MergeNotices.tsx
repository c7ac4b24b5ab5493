// A save someone else beat (docs/product/intake-form.md, Someone else saved first): while their
// version is fetched, when it could not be, and while fields both changed wait for a choice. What
// shows is the intake machine's state (editable.stale.*) and its `conflicts`; 'Reload intake' asks
// first (ReloadConfirmDialog), since it drops what was typed.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { intakeTexts } from '../../../../domain/texts';
import { Button } from '../../../components/Button';
import type { IntakeActor, IntakeSnapshot } from '../form/intakeActor';
import { ConfirmModal } from '../../../components/Modal';
import * as formCss from '../form/intakeForm.css';
import { MERGE_TEXT } from './mergeText';
import type { MergeChoices } from './TheirAnswerMark';

const staleStep = (snapshot: IntakeSnapshot) =>
  snapshot.matches({ lifecycle: { ready: { form: { editable: { stale: 'fetching' } } } } })
    ? 'fetching'
    : snapshot.matches({ lifecycle: { ready: { form: { editable: { stale: 'failed' } } } } })
      ? 'failed'
      : null;

function ReloadButton({ actor }: { actor: IntakeActor }) {
  return (
    <Button size="sm" tone="secondary" onClick={() => actor.send({ type: 'intake.reload' })}>
      {MERGE_TEXT.reload}
    </Button>
  );
}

export function StaleNotice({ actor }: { actor: IntakeActor }) {
  const step = useSelector(actor, staleStep);
  if (step === 'fetching') {
    return (
      <p role="status" className={formCss.notice}>
        {MERGE_TEXT.fetching}
      </p>
    );
  }
  if (step !== 'failed') return null;
  return (
    <div role="alert" className={formCss.warning}>
      <span>{MERGE_TEXT.fetchFailed}</span>
      <span className={formCss.buttonGroup}>
        <Button size="sm" onClick={() => actor.send({ type: 'stale.retry' })}>
          {MERGE_TEXT.retry}
        </Button>
        <ReloadButton actor={actor} />
      </span>
    </div>
  );
}

export function ConflictsNotice({ actor }: { actor: IntakeActor }) {
  const count = useSelector(actor, (snapshot) => snapshot.context.conflicts.length);
  if (count === 0) return null;
  return (
    <div role="alert" className={formCss.warning}>
      <span>{intakeTexts.conflicts(count)}</span>
      <span className={formCss.buttonGroup}>
        <Button size="sm" tone="secondary" onClick={() => actor.send({ type: 'merge.useAllTheirs' })}>
          {MERGE_TEXT.useAllTheirs}
        </Button>
        <Button size="sm" tone="secondary" onClick={() => actor.send({ type: 'merge.keepAllMine' })}>
          {MERGE_TEXT.keepAllMine}
        </Button>
        <ReloadButton actor={actor} />
      </span>
    </div>
  );
}

export function ReloadConfirmDialog({ actor }: { actor: IntakeActor }) {
  const open = useSelector(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { form: 'confirmingReload' } } }));
  if (!open) return null;
  return (
    <ConfirmModal
      title={MERGE_TEXT.reloadTitle}
      cancelLabel={MERGE_TEXT.cancel}
      confirmLabel={MERGE_TEXT.discardAndReload}
      confirmTone="danger"
      onCancel={() => actor.send({ type: 'reload.cancel' })}
      onConfirm={() => actor.send({ type: 'reload.confirm' })}
    >
      <p>{MERGE_TEXT.reloadText}</p>
    </ConfirmModal>
  );
}

/** The fields both changed, their answers by path, and the way to choose: for TheirAnswerMark. */
export function useMergeChoices(actor: IntakeActor): MergeChoices {
  const conflicts = useSelector(actor, (snapshot) => snapshot.context.conflicts);
  return useMemo(
    () => ({
      theirs: Object.fromEntries(conflicts.map(({ path, theirs }) => [path, theirs])),
      choose: (choice) => actor.send(choice),
    }),
    [actor, conflicts],
  );
}
