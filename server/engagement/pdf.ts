// The signed engagement as a PDF (docs/product/engagement.md#the-signed-file): each document on its
// own pages with the client's signature under it, then a last page 'Certificate of completion';
// the whole file then sealed with a PAdES signature (seal.ts). Text is DejaVu Sans embedded as a
// subset with ligatures off, as the intake PDF does (src/pdf/fonts.ts), so every letter of every
// name prints and is found again by copying or searching; lines wrap at word boundaries and
// continue on a new page: nothing is shrunk or cut.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { embedValueFont } from '../../src/pdf/fonts';
import type { FilledDocument } from './documents';
import type { ClientLanguage } from './consent';

const require = createRequire(import.meta.url);

/** Letter size, in points. */
const PAGE = { width: 612, height: 792 };
const MARGIN = 60;
const BODY_SIZE = 10.5;
const LINE = 14.5;
const TITLE_SIZE = 15;
const TYPED_SIGNATURE_SIZE = 20;
const SIGNATURE_BOX = { width: 220, height: 70 };
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);

let fontFiles: { regular: Buffer; bold: Buffer; oblique: Buffer } | undefined;

function fonts() {
  fontFiles ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    oblique: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf')),
  };
  return fontFiles;
}

export type SignatureMark = { kind: 'drawn'; png: Buffer } | { kind: 'typed'; name: string };

/** The events of the certificate, ISO timestamps (UTC). */
export interface EngagementEvents {
  created: string;
  sent: string;
  opened: string;
  consented: string;
  signed: string;
}

export interface SignedEngagementContent {
  documentId: string;
  caseId: string;
  firmName: string;
  documents: readonly FilledDocument[];
  documentsSha256: string;
  signerName: string;
  signerAddress: string;
  signerUserAgent: string;
  signature: SignatureMark;
  language: ClientLanguage;
  events: EngagementEvents;
  /** The sealing certificate's name. */
  sealedBy: string;
}

const languageNames: Record<ClientLanguage, string> = { en: 'English', es: 'Español (Spanish)', vi: 'Tiếng Việt (Vietnamese)' };

/** An ISO timestamp as the certificate prints it: '2026-11-28 10:15:03 UTC'. */
export function utcTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** Characters a font has no glyph for that still mean something: tabs as spaces, other controls dropped. */
function printable(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\t/g, '    ')
    .replace(/[^\P{Cc}\n]/gu, '');
}

/**
 * Breaks one line of text into lines no wider than `width` at `size`: at spaces where it can, and
 * inside a word only when the word alone is wider than a line. Runs of spaces inside a line stay;
 * spaces at a break are dropped.
 */
export function wrapToWidth(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const token of text.split(/(\s+)/).filter((part) => part !== '')) {
    const isSpace = /^\s+$/.test(token);
    if (fits(line + token)) {
      line += token;
      continue;
    }
    if (isSpace) {
      lines.push(line.trimEnd());
      line = '';
      continue;
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    // A word wider than the line: as many letters as fit, then the rest on the next lines.
    let rest = Array.from(token);
    while (rest.length > 0 && !fits(rest.join(''))) {
      let take = 1;
      while (take < rest.length && fits(rest.slice(0, take + 1).join(''))) take += 1;
      lines.push(rest.slice(0, take).join(''));
      rest = rest.slice(take);
    }
    line = rest.join('');
  }
  if (line !== '' || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly oblique: PDFFont,
    private readonly footer: string,
  ) {}

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
    this.page.drawText(this.footer, { x: MARGIN, y: MARGIN / 2, size: 8, font: this.regular, color: MUTED });
  }

  private room(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** Lines of `text` (its own line breaks kept, blank lines as gaps), wrapped to the text width. */
  text(text: string, options: { font?: PDFFont; size?: number; lineHeight?: number; color?: ReturnType<typeof rgb> } = {}): void {
    const font = options.font ?? this.regular;
    const size = options.size ?? BODY_SIZE;
    const lineHeight = options.lineHeight ?? LINE;
    for (const source of printable(text).split('\n')) {
      if (source.trim() === '') {
        this.gap(lineHeight * 0.6);
        continue;
      }
      for (const line of wrapToWidth(source, font, size, TEXT_WIDTH)) {
        this.room(lineHeight);
        this.y -= lineHeight;
        this.page.drawText(line, { x: MARGIN, y: this.y + (lineHeight - size) / 2, size, font, color: options.color ?? INK });
      }
    }
  }

  gap(height: number): void {
    this.y -= height;
  }

  image(image: PDFImage): void {
    const scale = Math.min(SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.room(height + 4);
    this.y -= height + 4;
    this.page.drawImage(image, { x: MARGIN, y: this.y, width, height });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 2 },
      end: { x: MARGIN + SIGNATURE_BOX.width, y: this.y - 2 },
      thickness: 0.6,
      color: MUTED,
    });
  }
}

/** The unsealed PDF: documents, signatures and the certificate page. */
export async function buildEngagementPdf(content: SignedEngagementContent): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const files = fonts();
  // The intake PDF's embedding (src/pdf/fonts.ts): a subset, ligatures off, each font file parsed once per process.
  const [regular, bold, oblique] = await Promise.all([
    embedValueFont(doc, files.regular),
    embedValueFont(doc, files.bold),
    embedValueFont(doc, files.oblique),
  ]);
  doc.setTitle(`Engagement of ${content.signerName} with ${content.firmName}`);
  doc.setSubject(`Signed engagement, document id ${content.documentId}`);
  doc.setProducer('Intake app');
  doc.setCreator('Intake app');
  doc.setCreationDate(new Date(content.events.signed));
  doc.setModificationDate(new Date(content.events.signed));
  const signatureImage = content.signature.kind === 'drawn' ? await doc.embedPng(content.signature.png) : undefined;
  const writer = new Writer(doc, regular, bold, oblique, `Document id ${content.documentId}`);

  for (const document of content.documents) {
    writer.newPage();
    writer.text(document.title, { font: bold, size: TITLE_SIZE, lineHeight: TITLE_SIZE * 1.5 });
    writer.gap(6);
    writer.text(document.text);
    writer.gap(LINE);
    writer.text('Signature:', { font: bold });
    if (signatureImage) writer.image(signatureImage);
    else if (content.signature.kind === 'typed') {
      writer.text(content.signature.name, { font: oblique, size: TYPED_SIGNATURE_SIZE, lineHeight: TYPED_SIGNATURE_SIZE * 1.4 });
    }
    writer.text(`Signed electronically by ${content.signerName} on ${utcTime(content.events.signed)}.`, { color: MUTED });
  }

  writer.newPage();
  writer.text('Certificate of completion', { font: bold, size: TITLE_SIZE, lineHeight: TITLE_SIZE * 1.5 });
  writer.gap(6);
  const rows: [string, string][] = [
    ['Document id', content.documentId],
    ['Case id', content.caseId],
    ['Firm', content.firmName],
    ['Documents', content.documents.map((document) => document.title).join('; ')],
    ['SHA-256 of the documents as shown', content.documentsSha256],
  ];
  for (const [label, value] of rows) writer.text(`${label}: ${value}`);
  writer.gap(LINE / 2);
  writer.text('Events (UTC)', { font: bold });
  const events: [string, string][] = [
    ['Created', content.events.created],
    ['Sent', content.events.sent],
    ['Opened', content.events.opened],
    ['Consented', content.events.consented],
    ['Signed', content.events.signed],
  ];
  for (const [label, at] of events) writer.text(`${label}: ${utcTime(at)}`);
  writer.gap(LINE / 2);
  writer.text('Signer', { font: bold });
  writer.text(`Name: ${content.signerName}`);
  writer.text(`Address: ${content.signerAddress}`);
  writer.text(`User agent: ${content.signerUserAgent || 'not sent'}`);
  writer.text(`Signature: ${content.signature.kind === 'drawn' ? 'drawn on the screen' : 'typed name'}`);
  writer.text(`Language of the signing page: ${languageNames[content.language]}`);
  writer.gap(LINE / 2);
  writer.text(
    `The signer consented to sign electronically before the documents were shown. This file is sealed with a PAdES signature made with the certificate '${content.sealedBy}': any change to the file after sealing shows as an invalid signature in a PDF reader.`,
    { color: MUTED },
  );
  return doc;
}
