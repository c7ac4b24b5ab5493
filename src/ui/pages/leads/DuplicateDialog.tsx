import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { DuplicateLead } from '../../../api/leads';
import { formatLongUsDate } from '../../../domain/dates';
import { fullName } from '../../../domain/formatters';
import type { leadRegistrationMachine } from '../../../machines/leadRegistration.machine';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { intakeFormPath } from '../../app/paths';
import * as css from './leads.css';

/** docs/product/leads.md Lead Registration: the dialog's texts, word for word. */
export const DUPLICATE_DIALOG_TEXT = {
  title: 'Similar Lead Found',
  question: 'Do you still want to register this lead?',
  cancel: 'No, Cancel',
  confirm: 'Yes, Register Anyway',
} as const;

const NOT_AVAILABLE = 'Not available';

function DuplicateEntry({ duplicate }: { duplicate: DuplicateLead }) {
  const address = [duplicate.address, duplicate.city, duplicate.state].filter(Boolean).join(', ');
  return (
    <li className={css.duplicate}>
      <span className={css.duplicateName}>{fullName(duplicate) ?? NOT_AVAILABLE}</span>
      <span className={css.duplicateDetail}>Birth Date: {formatLongUsDate(duplicate.birthDate) ?? NOT_AVAILABLE}</span>
      <span className={css.duplicateDetail}>Address: {address || NOT_AVAILABLE}</span>
      <span className={css.duplicateDetail}>
        Intake ID:{' '}
        {duplicate.intakeId ? (
          // A new tab, so the lead typed behind this dialog stays (README, Decisions).
          <a href={intakeFormPath('view', duplicate.intakeId)} target="_blank" rel="noopener">
            {duplicate.intakeId}
          </a>
        ) : (
          NOT_AVAILABLE
        )}
      </span>
    </li>
  );
}

/** The similar leads and the choice to register anyway (docs/product/leads.md). */
export function DuplicateDialog({ actor }: { actor: ActorRefFrom<typeof leadRegistrationMachine> }) {
  const duplicates = useSelector(actor, (snapshot) => snapshot.context.duplicates);
  const cancel = () => actor.send({ type: 'dialog.cancel' });
  return (
    <Modal
      title={DUPLICATE_DIALOG_TEXT.title}
      onClose={cancel}
      footer={
        <>
          <Button tone="secondary" onClick={cancel}>
            {DUPLICATE_DIALOG_TEXT.cancel}
          </Button>
          <Button onClick={() => actor.send({ type: 'dialog.confirm' })}>{DUPLICATE_DIALOG_TEXT.confirm}</Button>
        </>
      }
    >
      {/* Focusable so a keyboard can scroll a list longer than its box. */}
      <ul className={css.duplicateList} aria-label="Similar leads" tabIndex={0}>
        {duplicates.map((duplicate, index) => (
          <DuplicateEntry key={`${duplicate.intakeId ?? 'none'}-${index}`} duplicate={duplicate} />
        ))}
      </ul>
      <p className={css.question}>{DUPLICATE_DIALOG_TEXT.question}</p>
    </Modal>
  );
}
