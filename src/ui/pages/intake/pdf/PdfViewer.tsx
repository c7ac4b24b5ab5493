// The one file that knows the PDF viewer: @react-pdf-viewer/core over pdfjs-dist
// 3.11.174 (docs/toolchain.md). Replacing the viewer means replacing this file, keeping its two exports.
// Loaded only by `loadPdfViewer()` (lazyPdfViewer.ts) when a preview is asked for, together with
// the viewer's stylesheet: none of it is in the entry or the form page's chunk.
import { SpecialZoomLevel, Viewer, Worker, type PdfJs } from '@react-pdf-viewer/core';
import '@react-pdf-viewer/core/lib/styles/index.css';
// Vite serves pdf.js's worker as a file of our own origin: the CSP's worker-src 'self' allows it.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.js?url';
import { useMemo, type ReactElement } from 'react';
import * as css from './PdfViewer.css';

/**
 * Points pdf.js at its worker. Mounted once for the page, outside the preview modal that opens
 * and closes (docs/toolchain.md), and before any viewer is rendered.
 */
export function PdfWorker() {
  return <Worker workerUrl={workerUrl} />;
}

/**
 * The server's CSP allows no eval (script-src 'self'): pdf.js must not even try to compile fonts
 * or functions with `new Function`, which would be refused and reported as a violation. The
 * viewer's typing of the parameters lacks pdf.js's `isEvalSupported`, hence the widening.
 */
function withoutEval(params: PdfJs.GetDocumentParams): PdfJs.GetDocumentParams {
  const safe = { ...params, isEvalSupported: false };
  return safe;
}

export interface PdfViewerProps {
  /** The filled document; the viewer is given a copy, as pdf.js detaches the bytes it reads. */
  bytes: Uint8Array;
  /** Shown while pdf.js reads the document. */
  loading: ReactElement;
  /** Shown when pdf.js cannot read it. */
  failure: ReactElement;
}

/** The document's pages, one under the other, as wide as the frame. */
export function PdfViewer({ bytes, loading, failure }: PdfViewerProps) {
  const copy = useMemo(() => bytes.slice(), [bytes]);
  return (
    <div className={css.viewer}>
      <Viewer
        fileUrl={copy}
        defaultScale={SpecialZoomLevel.PageWidth}
        transformGetDocumentParams={withoutEval}
        renderLoader={() => loading}
        renderError={() => failure}
      />
    </div>
  );
}
