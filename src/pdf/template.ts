// The blank four-page intake template, drawn from the same layout table the filler uses
// (docs/architecture.md 'PDF'). `npm run build:template` writes it to public/intake-template.pdf, and
// tests/pdf/template-fresh.test.ts fails when the committed file is not what this draws.
//
// Byte-for-byte reproducible: fixed metadata and dates (no "now"), labels in standard fonts, the
// value font embedded under a fixed name (fonts.ts, embedTemplateValueFont), nothing random.
import { PDFDocument, PDFName, rgb, type PDFPage } from 'pdf-lib';
import { VALUE_FONT_RESOURCE, embedLabelFonts, embedTemplateValueFont, type LabelFonts } from './fonts';
import {
  BOX_LABEL_SIZE,
  HEADING_RULE_DROP,
  INLINE_LABEL_SIZE,
  OPTION_LABEL_OFFSET,
  OPTION_LABEL_SIZE,
  PAGE_COUNT,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  TITLE,
  boxLabelPosition,
  inlineLabelX,
  intakeLayout,
  markBox,
  markOptions,
  ssnPartBox,
  templateTexts,
  valueBox,
  type PrintedField,
  type Rect,
} from './layout';

/** The template's fixed dates: when this layout was drawn, not when the file was written. */
export const TEMPLATE_DATE = new Date('2024-01-01T00:00:00.000Z');
export const TEMPLATE_PRODUCER = 'intake-staff-app (pdf-lib)';
export const TEMPLATE_CREATOR = 'scripts/build-intake-template.ts';

const ink = rgb(0, 0, 0);
const boxInk = rgb(0.45, 0.45, 0.45);
const labelInk = rgb(0.2, 0.2, 0.2);

function drawBox(page: PDFPage, rect: Rect): void {
  page.drawRectangle({
    x: rect.left,
    y: rect.bottom,
    width: rect.right - rect.left,
    height: rect.top - rect.bottom,
    borderColor: boxInk,
    borderWidth: 0.6,
  });
}

function drawField(page: PDFPage, field: PrintedField, fonts: LabelFonts): void {
  const label = (text: string, x: number, y: number, size: number) =>
    page.drawText(text, { x, y, size, font: fonts.regular, color: labelInk });
  switch (field.kind) {
    case 'text': {
      const box = valueBox(field);
      drawBox(page, box);
      // Witness text starts after its caption on the first line (layout.ts); others are labelled above.
      if (field.firstLineX !== undefined) label(field.label, field.x, field.y, INLINE_LABEL_SIZE);
      else label(field.label, boxLabelPosition(box).x, boxLabelPosition(box).y, BOX_LABEL_SIZE);
      return;
    }
    case 'splitSsn': {
      const boxes = field.parts.map((part) => ssnPartBox(field, part));
      boxes.forEach((box) => drawBox(page, box));
      // The hyphens between the parts, centred in the gaps.
      for (let index = 1; index < boxes.length; index += 1) {
        const gapLeft = (boxes[index - 1] as Rect).right;
        const gapRight = (boxes[index] as Rect).left;
        const middle = (gapLeft + gapRight) / 2;
        page.drawLine({ start: { x: middle - 2, y: field.y + 4 }, end: { x: middle + 2, y: field.y + 4 }, thickness: 0.8, color: ink });
      }
      const at = boxLabelPosition(boxes[0] as Rect);
      label(field.label, at.x, at.y, BOX_LABEL_SIZE);
      return;
    }
    default:
      label(field.label, inlineLabelX(field), field.y, INLINE_LABEL_SIZE);
      for (const option of markOptions(field)) {
        drawBox(page, markBox(option));
        label(option.label, option.x + OPTION_LABEL_OFFSET, option.y, OPTION_LABEL_SIZE);
      }
  }
}

/**
 * The blank template as PDF bytes; the same bytes on every run. `fontBytes` is the value font,
 * DejaVuSans.ttf: every page carries it, so that a fill draws values without embedding a font.
 */
export async function buildIntakeTemplate(fontBytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(TITLE);
  doc.setProducer(TEMPLATE_PRODUCER);
  doc.setCreator(TEMPLATE_CREATOR);
  doc.setCreationDate(TEMPLATE_DATE);
  doc.setModificationDate(TEMPLATE_DATE);
  const fonts = await embedLabelFonts(doc);
  const pages = Array.from({ length: PAGE_COUNT }, () => doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]));
  const valueFont = await embedTemplateValueFont(doc, fontBytes);
  for (const page of pages) page.node.setFontDictionary(PDFName.of(VALUE_FONT_RESOURCE), valueFont.ref);
  for (const text of templateTexts) {
    const page = pages[text.page] as PDFPage;
    page.drawText(text.text, {
      x: text.x,
      y: text.y,
      size: text.size,
      font: text.kind === 'footer' ? fonts.regular : fonts.bold,
      color: ink,
    });
    if (text.kind === 'heading') {
      page.drawLine({
        start: { x: text.x, y: text.y - HEADING_RULE_DROP },
        end: { x: PAGE_WIDTH - text.x, y: text.y - HEADING_RULE_DROP },
        thickness: 0.8,
        color: ink,
      });
    }
  }
  for (const field of intakeLayout) drawField(pages[field.page] as PDFPage, field, fonts);
  // A plain cross-reference table, which each fill's update points back to (src/pdf/update.ts).
  return doc.save({ useObjectStreams: false });
}
