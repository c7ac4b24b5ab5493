// Saving a filled template as an incremental update (PDF 32000-1 7.5.6): the template's bytes as
// they are, followed by the objects the fill added or changed and a cross-reference section for
// them alone. pdf-lib's save() writes every object of the document again, compressing the
// template's objects on every fill; the template does not change, so its bytes are reused.
// Readers (pdf.js, Chromium's viewer, Poppler) take the last definition of each object.
import type { PDFObject, PDFRef } from 'pdf-lib';

const encoder = new TextEncoder();

/** Where the template's own cross-reference section starts: the number after its last `startxref`. */
function previousXrefOffset(templateBytes: Uint8Array): number {
  const tail = new TextDecoder('latin1').decode(templateBytes.subarray(Math.max(0, templateBytes.length - 1024)));
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) throw new Error('The PDF template has no cross-reference offset');
  return Number(match[1]);
}

/** What the update's trailer repeats of the template's (pdf-lib's `context.trailerInfo`). */
export interface TrailerInfo {
  Root?: PDFObject;
  Info?: PDFObject;
  ID?: PDFObject;
}

/**
 * `templateBytes` followed by an update holding `objects` (new ones, and new versions of the
 * template's), `size` being one more than the highest object number.
 */
export function saveAsUpdate(
  templateBytes: Uint8Array,
  trailer: TrailerInfo,
  written: readonly [PDFRef, PDFObject][],
  size: number,
): Uint8Array {
  const objects = [...written].sort(([a], [b]) => a.objectNumber - b.objectNumber);
  const headers = objects.map(([ref]) => encoder.encode(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
  const endObject = encoder.encode('\nendobj\n');
  // The template ends with '%%EOF' and maybe a newline; the update starts on a line of its own.
  const start = encoder.encode('\n');
  const offsets: number[] = [];
  let end = templateBytes.length + start.length;
  objects.forEach(([, object], index) => {
    offsets.push(end);
    end += (headers[index] as Uint8Array).length + object.sizeInBytes() + endObject.length;
  });

  let xref = 'xref\n0 1\n0000000000 65535 f \n';
  objects.forEach(([ref], index) => {
    const entry = `${String(offsets[index]).padStart(10, '0')} ${String(ref.generationNumber).padStart(5, '0')} n \n`;
    xref += `${ref.objectNumber} 1\n${entry}`;
  });
  const { Root, Info, ID } = trailer;
  if (!Root) throw new Error('The PDF template has no catalog');
  const entries = [`/Size ${size}`, `/Root ${String(Root)}`, `/Prev ${previousXrefOffset(templateBytes)}`];
  if (Info) entries.push(`/Info ${String(Info)}`);
  if (ID) entries.push(`/ID ${String(ID)}`);
  const tail = encoder.encode(`${xref}trailer\n<< ${entries.join(' ')} >>\nstartxref\n${end}\n%%EOF\n`);

  const bytes = new Uint8Array(end + tail.length);
  bytes.set(templateBytes, 0);
  bytes.set(start, templateBytes.length);
  objects.forEach(([, object], index) => {
    let offset = offsets[index] as number;
    const header = headers[index] as Uint8Array;
    bytes.set(header, offset);
    offset += header.length;
    offset += object.copyBytesInto(bytes, offset);
    bytes.set(endObject, offset);
  });
  bytes.set(tail, end);
  return bytes;
}
