import type { ReactNode } from 'react';
import { Button } from '../Button';
import { Modal } from './Modal';

export interface ConfirmModalProps {
  title: string;
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** 'danger' where confirming drops something (leaving unsaved work, discarding it). */
  confirmTone?: 'primary' | 'danger';
  onCancel(): void;
  onConfirm(): void;
}

/** A question with two answers: cancel (also Escape and the close button) or confirm. */
export function ConfirmModal({ title, children, cancelLabel, confirmLabel, confirmTone, onCancel, onConfirm }: ConfirmModalProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button tone="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button tone={confirmTone} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
