// The page's way to get a filled intake PDF: `const { fillIntakePdfInWorker } = await
// import('../../pdf/fillInWorker')`, so pdf-lib and the font load only when a preview or download
// is asked for (docs/architecture.md 'PDF'). One worker serves every request; a worker that crashes is
// replaced on the next request.
import type { FillRequest, FillResponse, WarmRequest } from './fillProtocol';
import type { PdfIntake } from './plan';

export type { PdfIntake } from './plan';

interface Pending {
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const request of pending.values()) request.reject(error);
  pending.clear();
  worker?.terminate();
  worker = undefined;
}

function fillWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL('./fill.worker.ts', import.meta.url), { type: 'module' });
  created.addEventListener('message', (event: MessageEvent<FillResponse>) => {
    const response = event.data;
    const request = pending.get(response.id);
    if (!request) return;
    pending.delete(response.id);
    if (response.ok) request.resolve(response.bytes);
    else request.reject(new Error(response.message));
  });
  created.addEventListener('error', (event) => {
    event.preventDefault();
    failAll(new Error(event.message || 'The PDF worker stopped'));
  });
  created.addEventListener('messageerror', () => failAll(new Error('The PDF worker could not read the intake')));
  worker = created;
  return created;
}

/**
 * Starts the worker and has it fetch the template and the font, so that the first preview waits
 * for none of them (src/ui/pages/intake/pdf/preparePdf.ts).
 */
export function warmPdfFill(): void {
  const request: WarmRequest = { warm: true };
  fillWorker().postMessage(request);
}

/** The filled intake PDF's bytes (fill.ts), built in a Web Worker. */
export function fillIntakePdfInWorker(intake: PdfIntake): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const id = nextId;
    nextId += 1;
    pending.set(id, { resolve, reject });
    const request: FillRequest = { id, intake };
    try {
      fillWorker().postMessage(request);
    } catch (error) {
      // The intake could not be cloned (it should be plain data): nothing was sent.
      pending.delete(id);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
