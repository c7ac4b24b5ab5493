// The viewer's chunk (PdfViewer.tsx, @react-pdf-viewer/core, pdf.js and the viewer's CSS), loaded
// on the first preview and kept for the page's life (docs/architecture.md 'PDF': pdf code only in lazy
// chunks). Only the module's type is named here; `import()` is the one way in.
import { useEffect, useState } from 'react';

export type PdfViewerModule = typeof import('./PdfViewer');

let loading: Promise<PdfViewerModule> | undefined;

export function loadPdfViewer(): Promise<PdfViewerModule> {
  loading ??= import('./PdfViewer').catch((error: unknown) => {
    // A chunk that failed to arrive (network, new deployment) is asked for again next time.
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The viewer module once `wanted` has been true and it has arrived; null before. `onFailure` (a
 * stable callback) runs when it could not be loaded.
 */
export function usePdfViewerModule(wanted: boolean, onFailure: () => void): PdfViewerModule | null {
  const [viewer, setViewer] = useState<PdfViewerModule | null>(null);
  useEffect(() => {
    if (!wanted || viewer) return;
    let current = true;
    loadPdfViewer().then(
      (module) => {
        if (current) setViewer(module);
      },
      () => {
        if (current) onFailure();
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, viewer, onFailure]);
  return viewer;
}
