// Filling the blank intake template (intake spec 'PDF preview, download and fill rules'): the
// document is built where it is needed, in the browser (a Web Worker, fill.worker.ts) or in Node
// (tests, scripts), so nothing here touches Node or DOM APIs: the caller brings the template and
// font bytes (assets.ts fetches them in the browser).
import { PDFDocument, rgb } from 'pdf-lib';
import { embedValueFont, measureWith } from './fonts';
import { planIntakeDrawing, type PdfIntake } from './plan';

export type { PdfIntake } from './plan';

const valueColour = rgb(0, 0, 0);

/** Each letter's width in each font file, kept from one fill to the next (measureWith). */
const widthsByFont = new WeakMap<Uint8Array, Map<string, number>>();

function widthsOf(fontBytes: Uint8Array): Map<string, number> {
  let widths = widthsByFont.get(fontBytes);
  if (!widths) {
    widths = new Map();
    widthsByFont.set(fontBytes, widths);
  }
  return widths;
}

/**
 * The intake drawn onto a copy of the template: `intake` in the form's shape or the API's (see
 * plan.ts), `templateBytes` public/intake-template.pdf, `fontBytes` DejaVuSans.ttf.
 */
export async function fillIntakePdf(intake: PdfIntake, templateBytes: Uint8Array, fontBytes: Uint8Array): Promise<Uint8Array> {
  // The template's fixed metadata is kept: the filled file says it is the intake form, not when.
  const doc = await PDFDocument.load(templateBytes, { updateMetadata: false });
  const font = await embedValueFont(doc, fontBytes);
  const pages = doc.getPages();
  for (const op of planIntakeDrawing(intake, measureWith(font, widthsOf(fontBytes)))) {
    pages[op.page]?.drawText(op.text, { x: op.x, y: op.y, size: op.size, font, color: valueColour });
  }
  return doc.save();
}
