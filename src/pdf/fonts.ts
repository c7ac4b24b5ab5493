// Fonts of the intake PDF. Values are printed in DejaVu Sans, embedded as a subset through fontkit,
// so that every client's name prints whatever its letters ('Nguyễn Thị Minh Khai', 'Muñoz'): the
// 14 standard PDF fonts only know Latin-1. Template labels are ASCII and use standard Helvetica,
// which needs no embedding and keeps the template small and byte-for-byte reproducible.
import fontkit from '@pdf-lib/fontkit';
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';
import type { Measure } from './text';

/** The letter drawn in a box for a Yes/No answer, a tick and a choice. */
export const MARK = 'X';

/**
 * DejaVu Sans embedded as a subset (only the glyphs used are stored, ~20 KB instead of 740 KB).
 * Ligatures are off: with them 'Springfield' would store an 'fi' glyph, and copying or searching
 * the text of the PDF would not find the letters f and i.
 */
export async function embedValueFont(doc: PDFDocument, fontBytes: Uint8Array): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(fontBytes, { subset: true, features: { liga: false, clig: false, dlig: false } });
}

export interface LabelFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export async function embedLabelFonts(doc: PDFDocument): Promise<LabelFonts> {
  const [regular, bold] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
  ]);
  return { regular, bold };
}

export function measureWith(font: PDFFont): Measure {
  return (text, size) => font.widthOfTextAtSize(text, size);
}
