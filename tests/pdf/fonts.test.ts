// The value font's letter caches (src/pdf/fonts.ts) give what pdf-lib gives without them: the same
// widths, so values are fitted and cut where they were, and the same glyphs, so the printed text
// is unchanged, for Latin with accents typed either way, Vietnamese, and Arabic, whose letters join.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedValueFont, measureWith } from '../../src/pdf/fonts';
import { readPdfAssets } from './support';

const texts = [
  'Maria Garcia-Núñez',
  'Jose\u0301 Ibáñez',
  'Nguyễn Thị Minh Khai',
  'Nguye\u0302\u0303n',
  "O'Brien, 1200 North Main Street, Apt. 45B",
  'محمد عبد الله',
  'Ζωή Αλεξίου',
  '',
];

describe('value font caches', () => {
  let cached: PDFFont;
  let plain: PDFFont;

  beforeAll(async () => {
    const { fontBytes } = await readPdfAssets();
    cached = await embedValueFont(await PDFDocument.create(), fontBytes);
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    plain = await doc.embedFont(fontBytes, { subset: true, features: { liga: false, clig: false, dlig: false } });
  });

  it('measures every text as pdf-lib does, at any size, twice in a row', () => {
    const measure = measureWith(cached);
    for (const text of texts) {
      for (const size of [7, 9.5, 10]) {
        expect(measure(text, size), text).toBeCloseTo(plain.widthOfTextAtSize(text, size), 9);
        expect(measure(text, size), text).toBeCloseTo(plain.widthOfTextAtSize(text, size), 9);
      }
    }
  });

  it('encodes every text to the same glyphs as pdf-lib does', () => {
    for (const text of [...texts, ...texts]) {
      expect(cached.encodeText(text).asString(), text).toBe(plain.encodeText(text).asString());
    }
  });
});
