import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { intakeTexts } from '../../../../domain/texts';
import { Modal } from '../../../components/Modal';
import { toasts } from '../../../components/Toaster';
import type { IntakeActor } from '../form/intakeActor';
import { usePdfViewerModule, type PdfViewerModule } from './lazyPdfViewer';
import { isPreviewing } from './PdfButtons';
import { PDF_TEXT } from './pdfText';
import * as css from './PdfPreviewModal.css';

/**
 * The PDF preview of the intake form (docs/product/pdf.md): the viewer's chunk is asked for with the
 * first 'Preview PDF', in parallel with the filling; its worker setting is mounted here, once for
 * the page, and the modal comes and goes with the machine's `ready.pdfPreview` region.
 */
export function PdfPreview({ actor }: { actor: IntakeActor }) {
  const previewing = useSelector(actor, isPreviewing);
  const close = useCallback(() => actor.send({ type: 'pdf.close' }), [actor]);
  const viewerFailed = useCallback(() => {
    toasts.error(intakeTexts.pdfFailed);
    actor.send({ type: 'pdf.close' });
  }, [actor]);
  const viewer = usePdfViewerModule(previewing, viewerFailed);

  return (
    <>
      {viewer && <viewer.PdfWorker />}
      {previewing && <PdfPreviewModal actor={actor} viewer={viewer} onClose={close} />}
    </>
  );
}

interface PdfPreviewModalProps {
  actor: IntakeActor;
  viewer: PdfViewerModule | null;
  onClose: () => void;
}

/**
 * 'Loading PDF...' until the document is built, the viewer has arrived and pdf.js has read it
 * (docs/product/pdf.md). A draft's preview carries a transparent overlay over its top 10% (docs/product/pdf.md and
 * 'PDF preview, download and fill rules'): a draft is not a document to take away.
 */
function PdfPreviewModal({ actor, viewer, onClose }: PdfPreviewModalProps) {
  const pdf = useSelector(actor, (snapshot) => snapshot.context.pdf);
  const draft = useSelector(actor, (snapshot) => snapshot.context.intake.status === 'draft');
  const loading = (
    <p role="status" className={css.message}>
      {PDF_TEXT.loading}
    </p>
  );
  const failure = (
    <p role="alert" className={css.message}>
      {intakeTexts.pdfFailed}
    </p>
  );

  return (
    <Modal title={PDF_TEXT.previewTitle} onClose={onClose} size="wide">
      <div className={css.frame} role="region" aria-label={PDF_TEXT.frameLabel} data-testid="pdf-frame">
        {pdf && viewer ? <viewer.PdfViewer bytes={pdf} loading={loading} failure={failure} /> : loading}
        {draft && <div className={css.draftOverlay} data-testid="pdf-draft-overlay" aria-hidden="true" />}
      </div>
    </Modal>
  );
}
