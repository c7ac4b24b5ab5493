// `npm run pdf:pictures`: fills a made-up intake and renders each page of the result to
// docs/pdf-pages/page-N.png (80 dpi), Continued pages included, so people can see the PDF without opening it. Needs
// pdftoppm (Debian/Ubuntu: `apt-get install -y poppler-utils`).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toApiIntake } from '../src/domain/intake';
import { fillIntakePdf } from '../src/pdf/fill';
import { longValuesIntake } from '../tests/pdf/longValues';
import { readPdfAssets } from './pdf-assets';

const outputDir = fileURLToPath(new URL('../docs/pdf-pages/', import.meta.url));

if (spawnSync('pdftoppm', ['-v']).error) {
  console.error('pdftoppm was not found. Install poppler-utils (apt-get install -y poppler-utils) and run again.');
  process.exit(1);
}

// The sample shows the hardest case: every text of the field catalogue at its limit, in made-up
// words (tests/pdf/longValues.ts), so the pictures show wrapped boxes and the Continued pages.
const sample = longValuesIntake();

const { templateBytes, fontBytes } = await readPdfAssets();
const bytes = await fillIntakePdf(toApiIntake(sample), templateBytes, fontBytes);
const work = await mkdtemp(join(tmpdir(), 'intake-pdf-'));
try {
  await writeFile(join(work, 'intake.pdf'), bytes);
  execFileSync('pdftoppm', ['-png', '-r', '80', join(work, 'intake.pdf'), join(work, 'page')]);
  await mkdir(outputDir, { recursive: true });
  // pdftoppm names pages page-1.png (or page-01.png for ten pages and more): keep the plain number.
  for (const name of (await readdir(work)).filter((file) => file.endsWith('.png')).sort()) {
    const page = Number(/(\d+)\.png$/.exec(name)?.[1]);
    // Copied, not moved: the temporary folder may be on another file system.
    await copyFile(join(work, name), join(outputDir, `page-${page}.png`));
    console.log(`Wrote docs/pdf-pages/page-${page}.png`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
