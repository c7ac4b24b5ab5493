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
  doc.registerFontkit(parsedOnce);
  return doc.embedFont(fontBytes, { subset: true, features: { liga: false, clig: false, dlig: false } });
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitFont = ReturnType<Fontkit['create']>;

const parsedFonts = new WeakMap<Uint8Array, FontkitFont>();

/**
 * fontkit as pdf-lib uses it, but parsing each font file once per process: pdf-lib asks fontkit to
 * parse the 740 KB file for every document, and after that only reads the parsed font (each
 * document's subset is an object of its own). The shared font also keeps what fontkit decoded
 * lazily, its OpenType tables and glyph outlines, from one document to the next.
 */
const parsedOnce: Fontkit = {
  create(bytes, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(bytes, postscriptName);
    let font = parsedFonts.get(bytes);
    if (!font) {
      font = fontkit.create(bytes);
      layOutByLetter(font as unknown as FontkitLayout);
      parsedFonts.set(bytes, font);
    }
    return font;
  },
};

/** Scripts whose letters never change shape with their neighbours (Arabic, Indic ones do). */
const unshapedText = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Printable ASCII: each character is a letter of its own, so no segmenter is needed. */
const printableAscii = /^[\x20-\x7e]*$/;

/** The letters (graphemes: a base letter with its accents) of `text`, in order. */
function lettersOf(text: string): Iterable<string> {
  if (printableAscii.test(text)) return text;
  return Array.from(graphemes.segment(text), ({ segment }) => segment);
}

/** What pdf-lib uses of fontkit's font: `layout(...).glyphs`, to encode and to measure text. */
interface FontkitLayout {
  layout(text: string, features?: unknown): { glyphs: unknown[] };
}

/**
 * pdf-lib lays each drawn text out with fontkit's full OpenType shaping, about a millisecond a
 * value; filling the form drew a hundred of them. For scripts whose letters keep their shape
 * whatever is beside them (ligatures are off), a text's glyphs are its letters' glyphs in order,
 * so each letter is laid out once per parsed font and reused by every document. A glyph's id, code
 * points and advance width come from the font file, and pdf-lib's subset keeps only the glyph's id.
 * Other scripts (Arabic joins its letters) keep fontkit's layout of the whole text.
 */
function layOutByLetter(font: FontkitLayout): void {
  if (typeof font.layout !== 'function') return;
  const layout = font.layout.bind(font);
  const letters = new Map<string, unknown[]>();
  font.layout = (text, features) => {
    if (!unshapedText.test(text)) return layout(text, features);
    const glyphs: unknown[] = [];
    for (const segment of lettersOf(text)) {
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
    for (const segment of lettersOf(text)) {
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
