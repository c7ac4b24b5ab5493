// The PDF preview's first opening waits for nothing that could have come earlier (docs/architecture.md
// 'PDF'): while the form sits idle after it is drawn, the fill worker starts and fetches pdf-lib,
// the template and the font (fillInWorker.ts), all off the page's thread, and the browser fetches
// pdf.js's worker into its cache at low priority. Nothing of it runs on the page's thread, so
// typing stays as quick as before; the viewer's own chunk still loads with the first preview.
import { useEffect } from 'react';
// The same address the viewer gives pdf.js (PdfViewer.tsx); importing it as a URL loads no code.
import pdfJsWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.js?url';

let prepared = false;

function preparePdfPreview(): void {
  if (prepared) return;
  prepared = true;
  import('../../../../pdf/fillInWorker')
    .then(({ warmPdfFill }) => warmPdfFill())
    // Not there now: the first preview loads it and reports a failure then.
    .catch(() => {
      prepared = false;
    });
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = pdfJsWorkerUrl;
  document.head.append(link);
}

/** Prepares the first preview once the browser is idle after the form is drawn. */
export function usePdfPreparedWhenIdle(): void {
  useEffect(() => {
    // Browsers without idle callbacks (and the test DOM) fetch it all with the first preview.
    if (typeof globalThis.requestIdleCallback !== 'function') return;
    const idle = requestIdleCallback(preparePdfPreview);
    return () => cancelIdleCallback(idle);
  }, []);
}
