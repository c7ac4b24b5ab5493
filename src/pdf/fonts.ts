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
export async function embedValueFont(doc: PDFDocument, fontBytes: Uint8Array, letters: LetterGlyphs = new Map()): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fontBytes, { subset: true, features: { liga: false, clig: false, dlig: false } });
  layOutByLetter(font, letters);
  return font;
}

/**
 * Each letter's glyphs as fontkit laid them out, keyed by the letter. Shareable by every document
 * embedding the same font bytes: a glyph's id, code points and advance width come from the bytes,
 * and pdf-lib's subset keeps only the glyph's id (the subset copies the outline from its own font).
 */
export type LetterGlyphs = Map<string, unknown[]>;

/** Scripts whose letters never change shape with their neighbours (Arabic, Indic ones do). */
const unshapedText = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** What pdf-lib uses of fontkit's font: `layout(...).glyphs`, to encode and to measure text. */
interface FontkitLayout {
  layout(text: string, features?: unknown): { glyphs: unknown[] };
}

/**
 * pdf-lib lays each drawn text out with fontkit's full OpenType shaping, about a millisecond a
 * value; filling the form drew a hundred of them. For scripts whose letters keep their shape
 * whatever is beside them (ligatures are off), a text's glyphs are its letters' glyphs in order,
 * so each letter is laid out once and reused (by every document given the same `letters`: laying out
 * a letter the first time in a document parsed its OpenType tables again, most of a fill's time). Other scripts (Arabic joins its
 * letters) keep fontkit's layout of the whole text. pdf-lib keeps the fontkit font in its
 * embedder, which it does not expose in its types.
 */
function layOutByLetter(font: PDFFont, letters: LetterGlyphs): void {
  const fontkitFont = (font as unknown as { embedder?: { font?: FontkitLayout } }).embedder?.font;
  if (!fontkitFont || typeof fontkitFont.layout !== 'function') return;
  const layout = fontkitFont.layout.bind(fontkitFont);
  fontkitFont.layout = (text, features) => {
    if (!unshapedText.test(text)) return layout(text, features);
    const glyphs: unknown[] = [];
    for (const { segment } of graphemes.segment(text)) {
      let letter = letters.get(segment);
      if (!letter) {
        letter = layout(segment, features).glyphs;
        letters.set(segment, letter);
      }
      glyphs.push(...letter);
    }
    return { glyphs };
  };
}

export interface LabelFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export async function embedLabelFonts(doc: PDFDocument): Promise<LabelFonts> {
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  return { regular, bold };
}

/** Widths are cached at this size and scaled: pdf-lib's widths are linear in the size. */
const CACHED_SIZE = 1000;

/**
 * The width of a text in `font`, from a cache of each letter's width. pdf-lib lays the whole text
 * out again with fontkit on every call, and fitting a value into its box measures it many times
 * (text.ts); a letter's width never changes. pdf-lib adds up the glyphs' advance widths without
 * kerning, and ligatures are off (embedValueFont), so the sum of the letters is the same width.
 * A letter is a grapheme (a base letter with its accents), measured whole so that combining
 * marks are laid out as pdf-lib would; scripts that join their letters are measured whole. `widths` may be shared by every document using the same
 * font bytes.
 */
export function measureWith(font: PDFFont, widths: Map<string, number> = new Map()): Measure {
  return (text, size) => {
    if (!unshapedText.test(text)) return font.widthOfTextAtSize(text, size);
    let total = 0;
    for (const { segment } of graphemes.segment(text)) {
      let width = widths.get(segment);
      if (width === undefined) {
        width = font.widthOfTextAtSize(segment, CACHED_SIZE);
        widths.set(segment, width);
      }
      total += width;
    }
    return (total * size) / CACHED_SIZE;
  };
}
