// The committed blank template (public/intake-template.pdf) must be exactly what the layout table
// and the value font draw today; otherwise labels and filled values would disagree (docs/architecture.md 'PDF').
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { PAGE_COUNT, PAGE_HEIGHT, PAGE_WIDTH, TITLE } from '../../src/pdf/layout';
import { buildIntakeTemplate } from '../../src/pdf/template';
import { TEMPLATE_PATH, readFontBytes } from '../../scripts/pdf-assets';
import { extractText } from './support';

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** Subsetting the value font takes seconds on a busy machine; this is no speed check. */
const BUILD_TIMEOUT = 60_000;

let fontBytes: Uint8Array;

beforeAll(async () => {
  fontBytes = await readFontBytes();
});

describe('the blank intake template', () => {
  it(
    'is built the same, byte for byte, on every run',
    async () => {
      const [first, second] = await Promise.all([buildIntakeTemplate(fontBytes), buildIntakeTemplate(fontBytes)]);
      expect(sameBytes(first, second)).toBe(true);
    },
    BUILD_TIMEOUT,
  );

  it(
    'is committed as the layout draws it today',
    async () => {
      const committed = new Uint8Array(await readFile(TEMPLATE_PATH));
      const fresh = await buildIntakeTemplate(fontBytes);
      if (!sameBytes(committed, fresh)) {
        expect.fail('public/intake-template.pdf is out of date with src/pdf/layout.ts: run `npm run build:template` and commit the file.');
      }
    },
    BUILD_TIMEOUT,
  );

  it(
    "has four US Letter pages titled Client Intake Form, with each field's label",
    async () => {
      const bytes = await buildIntakeTemplate(fontBytes);
      const doc = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(doc.getPageCount()).toBe(PAGE_COUNT);
      for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: PAGE_WIDTH, height: PAGE_HEIGHT });
      expect(doc.getTitle()).toBe(TITLE);
      const texts = (await extractText(bytes)).map((text) => text.str);
      expect(texts).toEqual(
        expect.arrayContaining([TITLE, 'Client Personal Information', 'SSN/ITIN', 'Yes', 'No', 'Vietnamese', 'Need to Get']),
      );
    },
    BUILD_TIMEOUT,
  );
});
