import { useSelector } from '@xstate/react';
import type { Blocker } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { inForm, type IntakeActor } from './intakeActor';
import { INTAKE_FORM_TEXT } from './intakeFormText';

/** docs/product/intake-form.md: 'Save Changes' asks first; Save stores the draft, Cancel goes back to the form. */
export function SaveConfirmDialog({ actor }: { actor: IntakeActor }) {
  const open = useSelector(actor, (snapshot) => inForm(snapshot, 'confirmingSave'));
  if (!open) return null;
  const cancel = () => actor.send({ type: 'confirm.cancel' });
  return (
    <Modal
      title={INTAKE_FORM_TEXT.confirmSaveTitle}
      onClose={cancel}
      footer={
        <>
          <Button tone="secondary" onClick={cancel}>
            {INTAKE_FORM_TEXT.cancel}
          </Button>
          <Button onClick={() => actor.send({ type: 'confirm.save' })}>{INTAKE_FORM_TEXT.save}</Button>
        </>
      }
    >
      <p>{INTAKE_FORM_TEXT.confirmSaveText}</p>
    </Modal>
  );
}

/** Leaving the form with unsaved changes asks first. */
export function LeaveConfirmDialog({ blocker }: { blocker: Blocker }) {
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      title={INTAKE_FORM_TEXT.leaveTitle}
      onClose={() => blocker.reset()}
      footer={
        <>
          <Button tone="secondary" onClick={() => blocker.reset()}>
            {INTAKE_FORM_TEXT.stay}
          </Button>
          <Button tone="danger" onClick={() => blocker.proceed()}>
            {INTAKE_FORM_TEXT.leave}
          </Button>
        </>
      }
    >
      <p>{INTAKE_FORM_TEXT.leaveText}</p>
    </Modal>
  );
}
