export { Modal, MODAL_CLOSE_LABEL, type ModalProps } from './Modal';
export { ConfirmModal, type ConfirmModalProps } from './ConfirmModal';
