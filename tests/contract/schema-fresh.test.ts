// src/api/schema.d.ts must be exactly what `npm run gen:api` makes from openapi.yaml today, so the
// browser's types can never drift from the contract the server validates against; and openapi.yaml's
// intake sections exactly what the same command writes from the field catalogue
// (scripts/intakeContract.ts), so the contract can never drift from the form.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { withIntakeSections } from '../../scripts/intakeContract';
import { documentUrl } from './openapiDocument';

const generatedUrl = new URL('../../src/api/schema.d.ts', import.meta.url);

// The same steps as openapi-typescript's CLI (bin/cli.js generateSchema): header + printed AST,
// default options.
async function generateFromContract(): Promise<string> {
  const ast = await openapiTS(documentUrl, { silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

function firstDifference(actual: string, expected: string): string {
  const actualLines = actual.split('\n');
  const expectedLines = expected.split('\n');
  const line = expectedLines.findIndex((text, index) => actualLines[index] !== text);
  const at = line === -1 ? expectedLines.length : line;
  return `line ${at + 1}: expected ${JSON.stringify(expectedLines[at])}, found ${JSON.stringify(actualLines[at])}`;
}

describe('generated API types', () => {
  it('src/api/schema.d.ts matches openapi.yaml (if not: run `npm run gen:api`)', async () => {
    const expected = await generateFromContract();
    const actual = readFileSync(generatedUrl, 'utf8');
    const stale = actual === expected ? '' : `src/api/schema.d.ts is stale (${firstDifference(actual, expected)}): run \`npm run gen:api\``;
    expect(stale).toBe('');
  }, 30_000);

  it("openapi.yaml's intake sections match the field catalogue (if not: run `npm run gen:api`)", async () => {
    const documentPath = fileURLToPath(documentUrl);
    const actual = readFileSync(documentPath, 'utf8');
    const expected = await withIntakeSections(actual, documentPath);
    const stale =
      actual === expected ? '' : `openapi.yaml's intake sections are stale (${firstDifference(actual, expected)}): run \`npm run gen:api\``;
    expect(stale).toBe('');
  }, 30_000);
});
