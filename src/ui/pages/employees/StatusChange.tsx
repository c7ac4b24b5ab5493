import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { User } from '../../../api/users';
import { fullName } from '../../../domain/formatters';
import type { StatusChange } from '../../../machines/employeeStatus.machine';
import { employeeStatusToasts } from '../../app/factToasts';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import type { appEmployeeStatusMachine } from './employeeActors';

export type EmployeeStatusActor = ActorRefFrom<typeof appEmployeeStatusMachine>;

/** The texts of the Status column, its buttons and their confirmation (docs/product/people.md). */
export const STATUS_TEXT = {
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  cancel: 'No, Cancel',
  confirm: { deactivate: 'Yes, Deactivate', reactivate: 'Yes, Reactivate' },
  title: { deactivate: 'Deactivate employee', reactivate: 'Reactivate employee' },
  question: {
    deactivate: (name: string) => `Deactivate ${name}? They are signed out at once and cannot sign in until reactivated.`,
    reactivate: (name: string) => `Reactivate ${name}? They can sign in again.`,
  },
} as const;

/** 'Deactivate' for an active employee, 'Reactivate' for a deactivated one. */
export function StatusButton({ actor, user }: { actor: EmployeeStatusActor; user: User }) {
  const change: StatusChange = user.status === 'Deactivated' ? 'reactivate' : 'deactivate';
  const name = fullName(user) ?? user.email;
  return (
    <Button
      tone="secondary"
      size="sm"
      aria-label={`${STATUS_TEXT[change]} ${name}`}
      onClick={() => actor.send({ type: 'status.ask', target: { userId: user.id, name, change } })}
    >
      {STATUS_TEXT[change]}
    </Button>
  );
}

/** The confirmation, and what follows the answer: a toast, and the list reloaded after a change. */
export function StatusConfirmation({ actor, onChanged }: { actor: EmployeeStatusActor; onChanged: () => void }) {
  const target = useSelector(actor, (snapshot) => snapshot.context.target);
  const asking = useSelector(actor, (snapshot) => snapshot.matches('confirming') || snapshot.matches('changing'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  useToastEvents(actor, employeeStatusToasts);

  useEffect(() => {
    const subscriptions = [actor.on('changed', () => onChanged())];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, onChanged]);

  if (!asking || !target) return null;
  const cancel = () => actor.send({ type: 'status.cancel' });
  return (
    <Modal
      title={STATUS_TEXT.title[target.change]}
      onClose={busy ? undefined : cancel}
      footer={
        <>
          <Button tone="secondary" onClick={cancel} disabled={busy}>
            {STATUS_TEXT.cancel}
          </Button>
          <Button loading={busy} onClick={() => actor.send({ type: 'status.confirm' })}>
            {STATUS_TEXT.confirm[target.change]}
          </Button>
        </>
      }
    >
      <p>{STATUS_TEXT.question[target.change](target.name)}</p>
    </Modal>
  );
}
