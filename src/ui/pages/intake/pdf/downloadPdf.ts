// Saving the filled intake PDF as a file, in the browser (intake spec 'PDF preview, download and
// fill rules': the document is built in the browser and not sent anywhere, and the file is named
// 'Intake Form.pdf'). Plain DOM, no PDF library: this module sits in the form page's chunk.
import { INTAKE_PDF_FILE_NAME } from './pdfText';

/**
 * How long the object URL outlives the click. Chromium reads a blob URL after the click returns
 * and Firefox can drop a download whose URL was revoked at once, so it stays a while (as
 * FileSaver.js does) and is freed after: the bytes are not kept for the page's life.
 */
export const OBJECT_URL_LIFETIME_MS = 30_000;

export function saveIntakePdf(bytes: Uint8Array, doc: Document = document): void {
  // A copy typed on a plain ArrayBuffer: BlobPart refuses views over a SharedArrayBuffer.
  const blob = new Blob([bytes.slice()], { type: 'application/pdf' });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = INTAKE_PDF_FILE_NAME;
  link.hidden = true;
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  }
}
