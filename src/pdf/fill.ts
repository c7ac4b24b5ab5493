// Filling the blank intake template (intake spec 'PDF preview, download and fill rules'): the
// document is built where it is needed, in the browser (a Web Worker, fill.worker.ts) or in Node
// (tests, scripts), so nothing here touches Node or DOM APIs: the caller brings the template and
// font bytes (assets.ts fetches them in the browser).
//
// The template carries the value font (template.ts): a value whose letters it holds is drawn by
// glyph id with that font, and nothing is embedded. The template is read once and never changed;
// each fill is the template's bytes followed by its own objects (update.ts). A value with other
// letters (Arabic, a letter with marks that have no composed form) is drawn as before, with a
// subset of DejaVu Sans embedded in that document alone (docs/product/pdf.md 'Fonts').
import {
  PDFArray,
  PDFContentStream,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFObject,
  type PDFPageLeaf,
  beginText,
  decodePDFRawStream,
  endText,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFOperator,
} from 'pdf-lib';
import { VALUE_FONT_RESOURCE, embedValueFont, encodeByTemplate, measureWith, valueFontWidths } from './fonts';
import { planIntakeDrawing, type DrawOp, type PdfIntake } from './plan';
import { saveAsUpdate } from './update';

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

const valueFontName = PDFName.of(VALUE_FONT_RESOURCE);
const fontKey = PDFName.of('Font');
const contentsKey = PDFName.of('Contents');

/**
 * Each letter of the template's value font with its glyph id (4 hex digits), from the font's
 * ToUnicode map (one glyph to one letter, see embedTemplateValueFont): what a reader copies out of
 * the PDF is what is looked up here. Null for a template without the font (every value then
 * takes an embedded subset).
 */
function readTemplateFont(doc: PDFDocument): ReadonlyMap<string, string> | null {
  const fonts = doc.getPage(0).node.Resources()?.lookupMaybe(fontKey, PDFDict);
  const ref = fonts?.get(valueFontName);
  if (!(ref instanceof PDFRef)) return null;
  const toUnicode = doc.context.lookup(ref, PDFDict).lookup(PDFName.of('ToUnicode'));
  if (!(toUnicode instanceof PDFRawStream)) return null;
  const cmap = new TextDecoder().decode(decodePDFRawStream(toUnicode).decode());
  const glyphIds = new Map<string, string>();
  for (const [, id, unicode] of cmap.matchAll(/<([0-9a-f]{4})> <((?:[0-9a-f]{4})+)>/gi)) {
    const units = (unicode as string).match(/.{4}/g) ?? [];
    glyphIds.set(String.fromCharCode(...units.map((unit) => parseInt(unit, 16))), (id as string).toUpperCase());
  }
  return glyphIds;
}

/**
 * The template as pdf-lib reads it, once per template file like the font (fonts.ts): a fill whose
 * letters are all in the template's font only reads it, and writes its own objects after the
 * template's bytes (update.ts), so no fill can change what the next one starts from.
 */
interface Template {
  doc: PDFDocument;
  glyphIds: ReadonlyMap<string, string> | null;
}

const templates = new WeakMap<Uint8Array, Promise<Template>>();

function templateOf(templateBytes: Uint8Array): Promise<Template> {
  let template = templates.get(templateBytes);
  if (!template) {
    template = PDFDocument.load(templateBytes, { updateMetadata: false }).then((doc) => ({ doc, glyphIds: readTemplateFont(doc) }));
    template.catch(() => templates.delete(templateBytes));
    templates.set(templateBytes, template);
  }
  return template;
}

function glyphIdOperators(hex: string, x: number, y: number, size: number): PDFOperator[] {
  return [beginText(), setFontAndSize(valueFontName, size), setTextMatrix(1, 0, 0, 1, x, y), showText(PDFHexString.of(hex)), endText()];
}

/** A page's values drawn by glyph id, in one stream (stored uncompressed: a few hundred bytes). */
function valueStream(doc: PDFDocument, operators: PDFOperator[]): PDFContentStream {
  const colour = setFillingRgbColor(valueColour.red, valueColour.green, valueColour.blue);
  return PDFContentStream.of(doc.context.obj({}), [pushGraphicsState(), colour, ...operators, popGraphicsState()], false);
}

/** `page` with `stream` drawn after its own contents: a new dictionary, `page` is left as it was. */
function withStream(page: PDFPageLeaf, stream: PDFRef): PDFPageLeaf {
  const copy = page.clone();
  const contents = page.get(contentsKey);
  const before = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  copy.set(contentsKey, page.context.obj([...before, stream]));
  return copy;
}

type Planned = DrawOp & { hex: string | undefined };

/** Every value in the template's font: only new objects, numbered after the template's. */
function fillByGlyphIds(template: Template, templateBytes: Uint8Array, planned: readonly Planned[]): Uint8Array {
  const { doc } = template;
  const byPage = new Map<number, PDFOperator[]>();
  for (const { page, x, y, size, hex } of planned) {
    const operators = byPage.get(page) ?? [];
    operators.push(...glyphIdOperators(hex as string, x, y, size));
    byPage.set(page, operators);
  }
  const pages = doc.getPages();
  const objects: [PDFRef, PDFObject][] = [];
  let next = doc.context.largestObjectNumber + 1;
  for (const [index, operators] of byPage) {
    const page = pages[index];
    if (!page) continue;
    const streamRef = PDFRef.of(next);
    next += 1;
    objects.push([page.ref, withStream(page.node, streamRef)], [streamRef, valueStream(doc, operators)]);
  }
  return saveAsUpdate(templateBytes, doc.context.trailerInfo, objects, next);
}

/**
 * Some value has a letter the template's font lacks: a copy of the template of its own, where
 * pdf-lib embeds a subset of DejaVu Sans for those values (as every fill did before the template
 * carried the font) and the others are drawn by glyph id.
 */
async function fillWithSubset(templateBytes: Uint8Array, fontBytes: Uint8Array, planned: readonly Planned[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(templateBytes, { updateMetadata: false });
  const firstNew = doc.context.largestObjectNumber + 1;
  const pages = doc.getPages();
  const embedded = await embedValueFont(doc, fontBytes);
  const byPage = new Map<number, PDFOperator[]>();
  for (const { page, text, x, y, size, hex } of planned) {
    if (hex === undefined) {
      pages[page]?.drawText(text, { x, y, size, font: embedded, color: valueColour });
      continue;
    }
    const operators = byPage.get(page) ?? [];
    operators.push(...glyphIdOperators(hex, x, y, size));
    byPage.set(page, operators);
  }
  for (const [index, operators] of byPage) {
    const page = pages[index];
    if (!page) continue;
    page.node.addContentStream(doc.context.register(valueStream(doc, operators)));
  }
  await doc.flush();
  const changed = new Set(planned.map(({ page }) => pages[page]).filter((page) => page !== undefined));
  const objects: [PDFRef, PDFObject][] = [...changed].flatMap((page): [PDFRef, PDFObject][] => {
    // pdf-lib adds the subset to the page's fonts: an indirect resource dictionary is written too.
    const resources = page.node.get(PDFName.of('Resources'));
    return resources instanceof PDFRef
      ? [
          [page.ref, page.node],
          [resources, doc.context.lookup(resources) as PDFObject],
        ]
      : [[page.ref, page.node]];
  });
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) if (ref.objectNumber >= firstNew) objects.push([ref, object]);
  return saveAsUpdate(templateBytes, doc.context.trailerInfo, objects, doc.context.largestObjectNumber + 1);
}

/**
 * The intake drawn onto a copy of the template: `intake` in the form's shape or the API's (see
 * plan.ts), `templateBytes` public/intake-template.pdf, `fontBytes` DejaVuSans.ttf. The filled
 * file keeps the template's fixed metadata: it says it is the intake form, not when.
 */
export async function fillIntakePdf(intake: PdfIntake, templateBytes: Uint8Array, fontBytes: Uint8Array): Promise<Uint8Array> {
  const template = await templateOf(templateBytes);
  const measure = measureWith(valueFontWidths(fontBytes), widthsOf(fontBytes));
  const planned = planIntakeDrawing(intake, measure).map((op) => ({
    ...op,
    hex: template.glyphIds ? encodeByTemplate(op.text, template.glyphIds) : undefined,
  }));
  if (planned.every(({ hex }) => hex !== undefined)) return fillByGlyphIds(template, templateBytes, planned);
  return fillWithSubset(templateBytes, fontBytes, planned);
}
