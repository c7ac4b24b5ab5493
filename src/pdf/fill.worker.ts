// The fill worker: builds the intake PDF off the main thread, so the page stays responsive while
// pdf-lib reads the template and writes the file (intake spec 'PDF preview': 'Loading PDF...' shows
// meanwhile). The template and font are fetched once per worker and reused.
import { loadPdfAssets, type PdfAssets } from './assets';
import { fillIntakePdf } from './fill';
import type { FillRequest, FillResponse, WarmRequest } from './fillProtocol';

declare const self: DedicatedWorkerGlobalScope;

let assets: Promise<PdfAssets> | undefined;

function pdfAssets(): Promise<PdfAssets> {
  assets ??= loadPdfAssets().catch((error: unknown) => {
    // A failed download is not cached: the next preview tries again.
    assets = undefined;
    throw error;
  });
  return assets;
}

self.addEventListener('message', (event: MessageEvent<FillRequest | WarmRequest>) => {
  if ('warm' in event.data) {
    // A failed warm-up is tried again by the first fill, which reports its own failure.
    pdfAssets().catch(() => undefined);
    return;
  }
  const { id, intake } = event.data;
  pdfAssets()
    .then(({ templateBytes, fontBytes }) => fillIntakePdf(intake, templateBytes, fontBytes))
    .then((bytes) => {
      const response: FillResponse = { id, ok: true, bytes };
      // Transferred, not copied: the worker has no further use for them.
      self.postMessage(response, [bytes.buffer]);
    })
    .catch((error: unknown) => {
      const response: FillResponse = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
      self.postMessage(response);
    });
});
