// `npm run gen:api`, first step: openapi.yaml's intake sections from the field catalogue
// (scripts/intakeContract.ts); openapi-typescript then writes src/api/schema.d.ts from the result.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withIntakeSections } from './intakeContract';

const documentPath = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
const before = readFileSync(documentPath, 'utf8');
const after = await withIntakeSections(before, documentPath);
if (after !== before) writeFileSync(documentPath, after);
