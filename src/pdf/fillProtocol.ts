// The messages between the page and the fill worker (fill.worker.ts, fillInWorker.ts).
import type { PdfIntake } from './plan';

export interface FillRequest {
  id: number;
  intake: PdfIntake;
}

/** Fetch the template and the font now, while the form is idle, so that the first fill finds them (fillInWorker.ts). */
export interface WarmRequest {
  warm: true;
}

export type FillResponse = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string };
