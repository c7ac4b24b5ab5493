import { useSelector } from '@xstate/react';
import { Button } from '../../../components/Button';
import { inForm, type IntakeActor } from './intakeActor';
import { INTAKE_FORM_TEXT } from './intakeFormText';
import * as css from './intakeForm.css';

/** After a reload: the copy of what was typed before it, to take back or to drop. */
export function RestoreOffer({ actor }: { actor: IntakeActor }) {
  const offering = useSelector(actor, (snapshot) => inForm(snapshot, 'offeringRestore'));
  if (!offering) return null;
  return (
    <div role="alert" className={css.notice}>
      <span>{INTAKE_FORM_TEXT.restoreText}</span>
      <span className={css.buttonGroup}>
        <Button size="sm" onClick={() => actor.send({ type: 'restore.accept' })}>
          {INTAKE_FORM_TEXT.restore}
        </Button>
        <Button size="sm" tone="secondary" onClick={() => actor.send({ type: 'restore.decline' })}>
          {INTAKE_FORM_TEXT.discard}
        </Button>
      </span>
    </div>
  );
}

/** Loading the stored intake, and its failure with a way to try again. */
export function LoadState({ actor }: { actor: IntakeActor }) {
  const loading = useSelector(actor, (snapshot) => snapshot.matches({ lifecycle: 'loading' }));
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ lifecycle: 'loadFailed' }));
  if (loading) {
    return (
      <p role="status" className={css.status}>
        {INTAKE_FORM_TEXT.loading}
      </p>
    );
  }
  if (!failed) return null;
  return (
    <div role="alert" className={css.warning}>
      <span>{INTAKE_FORM_TEXT.loadFailed}</span>
      <Button size="sm" tone="secondary" onClick={() => actor.send({ type: 'intake.retry' })}>
        {INTAKE_FORM_TEXT.retry}
      </Button>
    </div>
  );
}
