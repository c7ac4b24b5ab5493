// The messages between the page and the fill worker (fill.worker.ts, fillInWorker.ts).
import type { PdfIntake } from './plan';

export interface FillRequest {
  id: number;
  intake: PdfIntake;
}

export type FillResponse = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string };
