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
  PDFNumber,
  PDFRawStream,
  PDFRef,
  type PDFObject,
  type PDFPage,
  type PDFPageLeaf,
  beginText,
  decodePDFRawStream,
  endText,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  setTextMatrix,
  showText,
  stroke,
  type PDFOperator,
} from 'pdf-lib';
import { VALUE_FONT_RESOURCE, embedValueFont, encodeByTemplate, measureWith, valueFontWidths } from './fonts';
import { PAGE_COUNT, PAGE_HEIGHT, PAGE_WIDTH } from './layout';
import { planIntakeDrawing, type DrawOp, type PdfIntake, type RuleOp } from './plan';
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
const resourcesKey = PDFName.of('Resources');

/** The template's label fonts (standard Helvetica), which Continued pages use for their labels. */
interface LabelFontNames {
  label: PDFName;
  heading: PDFName;
}

/** The names page 1 of the template gives Helvetica and Helvetica-Bold in its font resources. */
function readLabelFonts(doc: PDFDocument): LabelFontNames | null {
  const fonts = doc.getPage(0).node.Resources()?.lookupMaybe(fontKey, PDFDict);
  if (!fonts) return null;
  const named = (baseFont: string) =>
    fonts.keys().find((key) => fonts.lookupMaybe(key, PDFDict)?.get(PDFName.of('BaseFont')) === PDFName.of(baseFont));
  const label = named('Helvetica');
  const heading = named('Helvetica-Bold');
  return label && heading ? { label, heading } : null;
}

/** A label in a standard font's WinAnsi encoding: labels are ASCII (the field catalogue's). */
function winAnsiHex(text: string): string {
  return Array.from(text, (letter) => {
    const code = letter.codePointAt(0) ?? 0x3f;
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) ? code : 0x3f;
  })
    .map((code) => code.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

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
  labelFonts: LabelFontNames | null;
}

const templates = new WeakMap<Uint8Array, Promise<Template>>();

function templateOf(templateBytes: Uint8Array): Promise<Template> {
  let template = templates.get(templateBytes);
  if (!template) {
    template = PDFDocument.load(templateBytes, { updateMetadata: false }).then((doc) => ({
      doc,
      glyphIds: readTemplateFont(doc),
      labelFonts: readLabelFonts(doc),
    }));
    template.catch(() => templates.delete(templateBytes));
    templates.set(templateBytes, template);
  }
  return template;
}

function textOperators(font: PDFName, hex: string, x: number, y: number, size: number): PDFOperator[] {
  return [beginText(), setFontAndSize(font, size), setTextMatrix(1, 0, 0, 1, x, y), showText(PDFHexString.of(hex)), endText()];
}

function ruleOperators({ from, to, y }: RuleOp): PDFOperator[] {
  return [
    pushGraphicsState(),
    setLineWidth(0.8),
    setStrokingRgbColor(0, 0, 0),
    moveTo(from, y),
    lineTo(to, y),
    stroke(),
    popGraphicsState(),
  ];
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

/** A drawn text with what shows it: the font resource and the hex string, or undefined when the template's font lacks a letter. */
type Planned = DrawOp & { resource: PDFName; hex: string | undefined };

/** Each page's operators for what can be drawn without embedding: texts by hex string, and rules. */
function operatorsByPage(planned: readonly Planned[], rules: readonly RuleOp[]): Map<number, PDFOperator[]> {
  const byPage = new Map<number, PDFOperator[]>();
  const add = (page: number, operators: PDFOperator[]) => byPage.set(page, [...(byPage.get(page) ?? []), ...operators]);
  for (const { page, resource, x, y, size, hex } of planned) if (hex !== undefined) add(page, textOperators(resource, hex, x, y, size));
  for (const rule of rules) add(rule.page, ruleOperators(rule));
  return byPage;
}

const pagesKey = PDFName.of('Pages');

/** The template's page tree root (a flat list of its pages, as pdf-lib writes it). */
function pageTreeRoot(doc: PDFDocument): { ref: PDFRef; root: PDFDict } {
  const ref = doc.catalog.get(pagesKey);
  if (!(ref instanceof PDFRef)) throw new Error('The PDF template has no page tree');
  return { ref, root: doc.context.lookup(ref, PDFDict) };
}

/** Every value in the template's font: only new objects, numbered after the template's. */
function fillByGlyphIds(
  template: Template,
  templateBytes: Uint8Array,
  planned: readonly Planned[],
  rules: readonly RuleOp[],
  pageCount: number,
): Uint8Array {
  const { doc } = template;
  const byPage = operatorsByPage(planned, rules);
  const pages = doc.getPages();
  const objects: [PDFRef, PDFObject][] = [];
  let next = doc.context.largestObjectNumber + 1;
  const newRef = () => {
    const ref = PDFRef.of(next);
    next += 1;
    return ref;
  };
  for (const [index, operators] of byPage) {
    const page = pages[index];
    if (!page) continue;
    const streamRef = newRef();
    objects.push([page.ref, withStream(page.node, streamRef)], [streamRef, valueStream(doc, operators)]);
  }
  if (pageCount > pages.length) {
    // Continued pages: new pages with the template's fonts, appended to a new version of its page tree.
    const { ref: treeRef, root } = pageTreeRoot(doc);
    const resources = (pages[0] as PDFPage).node.get(resourcesKey);
    const added: PDFRef[] = [];
    for (let index = pages.length; index < pageCount; index += 1) {
      const pageRef = newRef();
      const streamRef = newRef();
      const page = doc.context.obj({
        Type: 'Page',
        Parent: treeRef,
        MediaBox: [0, 0, PAGE_WIDTH, PAGE_HEIGHT],
        Resources: resources ?? {},
        Contents: streamRef,
      });
      objects.push([pageRef, page], [streamRef, valueStream(doc, byPage.get(index) ?? [])]);
      added.push(pageRef);
    }
    const tree = root.clone();
    tree.set(PDFName.of('Kids'), doc.context.obj([...root.lookup(PDFName.of('Kids'), PDFArray).asArray(), ...added]));
    tree.set(PDFName.of('Count'), PDFNumber.of(pageCount));
    objects.push([treeRef, tree]);
  }
  return saveAsUpdate(templateBytes, doc.context.trailerInfo, objects, next);
}

/**
 * Some value has a letter the template's font lacks: a copy of the template of its own, where
 * pdf-lib embeds a subset of DejaVu Sans for those values (as every fill did before the template
 * carried the font) and the others are drawn by glyph id.
 */
async function fillWithSubset(
  templateBytes: Uint8Array,
  fontBytes: Uint8Array,
  planned: readonly Planned[],
  rules: readonly RuleOp[],
  pageCount: number,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(templateBytes, { updateMetadata: false });
  const firstNew = doc.context.largestObjectNumber + 1;
  const templateFonts = doc.getPage(0).node.Resources()?.lookupMaybe(fontKey, PDFDict);
  while (doc.getPageCount() < pageCount) {
    // A Continued page takes the template's fonts, under the names the operators use.
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    for (const key of templateFonts?.keys() ?? []) {
      const font = templateFonts?.get(key);
      if (font instanceof PDFRef) page.node.setFontDictionary(key, font);
    }
  }
  const pages = doc.getPages();
  const embedded = await embedValueFont(doc, fontBytes);
  for (const { page, text, x, y, size, hex } of planned) {
    if (hex === undefined) pages[page]?.drawText(text, { x, y, size, font: embedded, color: valueColour });
  }
  for (const [index, operators] of operatorsByPage(planned, rules)) {
    const page = pages[index];
    if (!page) continue;
    page.node.addContentStream(doc.context.register(valueStream(doc, operators)));
  }
  await doc.flush();
  const objects = new Map<number, [PDFRef, PDFObject]>();
  const changed = new Set(planned.map(({ page }) => pages[page]).filter((page) => page !== undefined));
  for (const page of changed) {
    objects.set(page.ref.objectNumber, [page.ref, page.node]);
    // pdf-lib adds the subset to the page's fonts: an indirect resource dictionary is written too.
    const resources = page.node.get(resourcesKey);
    if (resources instanceof PDFRef) objects.set(resources.objectNumber, [resources, doc.context.lookup(resources) as PDFObject]);
  }
  if (pageCount > PAGE_COUNT) {
    const { ref, root } = pageTreeRoot(doc);
    objects.set(ref.objectNumber, [ref, root]);
  }
  for (const [ref, object] of doc.context.enumerateIndirectObjects())
    if (ref.objectNumber >= firstNew) objects.set(ref.objectNumber, [ref, object]);
  return saveAsUpdate(templateBytes, doc.context.trailerInfo, [...objects.values()], doc.context.largestObjectNumber + 1);
}

/**
 * The intake drawn onto a copy of the template: `intake` in the form's shape or the API's (see
 * plan.ts), `templateBytes` public/intake-template.pdf, `fontBytes` DejaVuSans.ttf. The filled
 * file keeps the template's fixed metadata: it says it is the intake form, not when.
 */
export async function fillIntakePdf(intake: PdfIntake, templateBytes: Uint8Array, fontBytes: Uint8Array): Promise<Uint8Array> {
  const template = await templateOf(templateBytes);
  const measure = measureWith(valueFontWidths(fontBytes), widthsOf(fontBytes));
  const { texts, rules, pageCount } = planIntakeDrawing(intake, measure);
  const { glyphIds, labelFonts } = template;
  if (pageCount > PAGE_COUNT && !labelFonts) throw new Error('The PDF template has no label fonts for a Continued page');
  const planned: Planned[] = texts.map((op) =>
    op.font && labelFonts
      ? { ...op, resource: labelFonts[op.font], hex: winAnsiHex(op.text) }
      : { ...op, resource: valueFontName, hex: glyphIds ? encodeByTemplate(op.text, glyphIds) : undefined },
  );
  if (planned.every(({ hex }) => hex !== undefined)) return fillByGlyphIds(template, templateBytes, planned, rules, pageCount);
  return fillWithSubset(templateBytes, fontBytes, planned, rules, pageCount);
}
