import { useSelector } from '@xstate/react';
import type { Blocker } from 'react-router-dom';
import { ConfirmModal } from '../../../components/Modal';
import { inForm, type IntakeActor } from './intakeActor';
import { INTAKE_FORM_TEXT } from './intakeFormText';

/** docs/product/intake-form.md: 'Save Changes' asks first; Save stores the draft, Cancel goes back to the form. */
export function SaveConfirmDialog({ actor }: { actor: IntakeActor }) {
  const open = useSelector(actor, (snapshot) => inForm(snapshot, 'confirmingSave'));
  if (!open) return null;
  return (
    <ConfirmModal
      title={INTAKE_FORM_TEXT.confirmSaveTitle}
      cancelLabel={INTAKE_FORM_TEXT.cancel}
      confirmLabel={INTAKE_FORM_TEXT.save}
      onCancel={() => actor.send({ type: 'confirm.cancel' })}
      onConfirm={() => actor.send({ type: 'confirm.save' })}
    >
      <p>{INTAKE_FORM_TEXT.confirmSaveText}</p>
    </ConfirmModal>
  );
}

/** Leaving the form with unsaved changes asks first. */
export function LeaveConfirmDialog({ blocker }: { blocker: Blocker }) {
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmModal
      title={INTAKE_FORM_TEXT.leaveTitle}
      cancelLabel={INTAKE_FORM_TEXT.stay}
      confirmLabel={INTAKE_FORM_TEXT.leave}
      confirmTone="danger"
      onCancel={() => blocker.reset()}
      onConfirm={() => blocker.proceed()}
    >
      <p>{INTAKE_FORM_TEXT.leaveText}</p>
    </ConfirmModal>
  );
}
