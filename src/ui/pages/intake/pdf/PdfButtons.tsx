import { useSelector } from '@xstate/react';
import { Button } from '../../../components/Button';
import type { IntakeActor } from '../form/intakeActor';
import { PDF_TEXT } from './pdfText';
import * as css from './PdfButtons.css';
import { usePdfPreparedWhenIdle } from './preparePdf';

/**
 * Above the tabs (docs/product/pdf.md): 'Download PDF' only when the intake is final, 'Preview PDF'
 * only once it has a caseId. The machine answers both through `can`; a button stays while its
 * own work runs (the download's spinner; the preview sits under its modal).
 */
export function PdfButtons({ actor }: { actor: IntakeActor }) {
  const canDownload = useSelector(actor, (snapshot) => snapshot.can({ type: 'pdf.download' }));
  const downloading = useSelector(actor, (snapshot) => snapshot.matches({ lifecycle: { ready: { pdfDownload: 'building' } } }));
  const canPreview = useSelector(actor, (snapshot) => snapshot.can({ type: 'pdf.preview' }));
  const previewing = useSelector(actor, (snapshot) => isPreviewing(snapshot));
  const showDownload = canDownload || downloading;
  const showPreview = canPreview || previewing;
  usePdfPreparedWhenIdle();
  if (!showDownload && !showPreview) return null;

  return (
    <div className={css.buttons}>
      {showDownload && (
        <Button tone="secondary" loading={downloading} onClick={() => actor.send({ type: 'pdf.download' })}>
          {PDF_TEXT.download}
        </Button>
      )}
      {showPreview && (
        <Button tone="secondary" disabled={!canPreview} onClick={() => actor.send({ type: 'pdf.preview' })}>
          {PDF_TEXT.preview}
        </Button>
      )}
    </div>
  );
}

type Snapshot = ReturnType<IntakeActor['getSnapshot']>;

/** The preview is being built or shown (the machine's `ready.pdfPreview` region). */
export function isPreviewing(snapshot: Snapshot): boolean {
  return (
    snapshot.matches({ lifecycle: { ready: { pdfPreview: 'building' } } }) ||
    snapshot.matches({ lifecycle: { ready: { pdfPreview: 'open' } } })
  );
}
