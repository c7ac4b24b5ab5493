// Fonts of the intake PDF. Values are printed in DejaVu Sans, embedded as a subset through fontkit,
// so that every client's name prints whatever its letters ('Nguyễn Thị Minh Khai', 'Muñoz'): the
// 14 standard PDF fonts only know Latin-1. Template labels are ASCII and use standard Helvetica,
// which needs no embedding and keeps the template small and byte-for-byte reproducible.
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFName, PDFNumber, StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';
import type { Measure } from './text';

/** Ligatures off: with them 'Springfield' would store an 'fi' glyph (see embedValueFont). */
const noLigatures = { liga: false, clig: false, dlig: false };

/** The letter drawn in a box for a Yes/No answer, a tick and a choice. */
export const MARK = 'X';

/**
 * DejaVu Sans embedded as a subset (only the glyphs used are stored, ~20 KB instead of 740 KB).
 * Ligatures are off: with them 'Springfield' would store an 'fi' glyph, and copying or searching
 * the text of the PDF would not find the letters f and i.
 */
export async function embedValueFont(doc: PDFDocument, fontBytes: Uint8Array): Promise<PDFFont> {
  doc.registerFontkit(parsedOnce);
  return doc.embedFont(fontBytes, { subset: true, features: noLigatures });
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

/** The name of the value font in every template page's font resources (template.ts, fill.ts). */
export const VALUE_FONT_RESOURCE = 'IntakeValue';

/**
 * The letters the template carries in its own copy of the value font, so that a fill draws them
 * by glyph id and embeds nothing (docs/product/pdf.md 'Fonts'): Latin with every accent
 * (Vietnamese included), Greek, Cyrillic, their punctuation, currency and letterlike signs. Other
 * letters (Arabic, whose letters join; a base letter with marks that have no composed form) are
 * embedded by the fill as a subset of their own, as every letter was before.
 */
const TEMPLATE_REPERTOIRE: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x24f],
  [0x2b0, 0x2ff],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x1e00, 0x1eff],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
  [0x2100, 0x214f],
];

interface FontkitGlyphs {
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string, features?: unknown): { glyphs: { codePoints: number[]; advanceWidth: number }[] };
}

/**
 * DejaVu Sans embedded in the blank template, once for every fill: a subset of the repertoire
 * above, under a fixed name (the template is byte-for-byte reproducible). Each letter is laid out
 * as a fill lays it out, and kept only when it is one glyph that reads back as that letter, so the
 * template's ToUnicode map is one glyph to one letter and a reader copies exactly what was typed.
 */
export async function embedTemplateValueFont(doc: PDFDocument, fontBytes: Uint8Array): Promise<PDFFont> {
  doc.registerFontkit(parsedOnce);
  const font = await doc.embedFont(fontBytes, { subset: true, customName: 'DejaVuSans', features: noLigatures });
  const parsed = parsedOnce.create(fontBytes) as unknown as FontkitGlyphs;
  const letters: { letter: string; width: number }[] = [];
  for (const [first, last] of TEMPLATE_REPERTOIRE) {
    for (let codePoint = first; codePoint <= last; codePoint += 1) {
      if (!parsed.hasGlyphForCodePoint(codePoint)) continue;
      const letter = String.fromCodePoint(codePoint);
      const [glyph, ...others] = parsed.layout(letter, noLigatures).glyphs;
      if (glyph && others.length === 0 && String.fromCodePoint(...glyph.codePoints) === letter) {
        letters.push({ letter, width: glyph.advanceWidth });
      }
    }
  }
  // Glyph ids follow the order letters are added: by width, so that glyphs of one width are a run
  // of ids and the font's width table is one entry a width (compactWidths).
  letters.sort((a, b) => a.width - b.width || a.letter.codePointAt(0)! - b.letter.codePointAt(0)!);
  for (const { letter } of letters) font.encodeText(letter);
  // Written now so that its width table can be rewritten; save() does not write it again.
  await font.embed();
  compactWidths(doc, font);
  return font;
}

/**
 * pdf-lib writes a CID font's widths as one number a glyph; every fill loads the template and saves
 * it again, parsing and compressing the table each time (1,400 numbers cost more than the rest of
 * the template). Runs of glyphs of one width are written `first last width` instead (PDF 32000-1
 * 9.7.4.3), a few hundred numbers.
 */
function compactWidths(doc: PDFDocument, font: PDFFont): void {
  const type0 = doc.context.lookup(font.ref, PDFDict);
  const cidFont = type0.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
  const table = cidFont.lookup(PDFName.of('W'), PDFArray).asArray();
  const widths: [number, number][] = [];
  for (let index = 0; index + 1 < table.length; index += 2) {
    const first = (table[index] as PDFNumber).asNumber();
    (table[index + 1] as PDFArray).asArray().forEach((width, offset) => widths.push([first + offset, (width as PDFNumber).asNumber()]));
  }
  const runs: number[] = [];
  for (const [id, width] of widths) {
    const last = runs.length - 3;
    if (runs.length > 0 && runs[last + 1] === id - 1 && runs[last + 2] === width) runs[last + 1] = id;
    else runs.push(id, id, width);
  }
  cidFont.set(PDFName.of('W'), doc.context.obj(runs));
}

/**
 * `text` as the template's value font prints it, a hex string of glyph ids for a `Tj`, from the
 * template's map of letters to glyph ids (fill.ts reads it from the font's ToUnicode map);
 * undefined when some letter is not in the template's font, or the script joins its letters.
 */
export function encodeByTemplate(text: string, glyphIds: ReadonlyMap<string, string>): string | undefined {
  if (!unshapedText.test(text)) return undefined;
  let hex = '';
  for (const letter of lettersOf(text)) {
    const id = glyphIds.get(letter);
    if (id === undefined) return undefined;
    hex += id;
  }
  return hex;
}

interface FontkitWidths {
  unitsPerEm: number;
  layout(text: string, features?: unknown): { glyphs: { advanceWidth: number }[] };
}

/**
 * The value font's widths as pdf-lib computes them (the glyphs' advance widths, in thousandths of
 * the size), without embedding the font in a document: a fill that draws every value with the
 * template's font must not carry a second copy of it.
 */
export function valueFontWidths(fontBytes: Uint8Array): Pick<PDFFont, 'widthOfTextAtSize'> {
  const font = parsedOnce.create(fontBytes) as unknown as FontkitWidths;
  const scale = 1000 / font.unitsPerEm;
  return {
    widthOfTextAtSize(text, size) {
      let total = 0;
      for (const glyph of font.layout(text, noLigatures).glyphs) total += glyph.advanceWidth * scale;
      return (total * size) / 1000;
    },
  };
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
export function measureWith(font: Pick<PDFFont, 'widthOfTextAtSize'>, widths: Map<string, number> = new Map()): Measure {
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
