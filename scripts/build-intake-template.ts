// `npm run build:template`: writes the blank intake template, public/intake-template.pdf, from
// src/pdf/layout.ts. Run it after changing the layout and commit the file; the test
// tests/pdf/template-fresh.test.ts fails until you do.
import { writeFile } from 'node:fs/promises';
import { buildIntakeTemplate } from '../src/pdf/template';
import { TEMPLATE_PATH, readFontBytes } from './pdf-assets';

const bytes = await buildIntakeTemplate(await readFontBytes());
await writeFile(TEMPLATE_PATH, bytes);
console.log(`Wrote ${TEMPLATE_PATH} (${bytes.length} bytes)`);
