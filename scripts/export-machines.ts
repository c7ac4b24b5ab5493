// `npm run machines:export`: writes docs/machines/<id>.json and <id>.md for every machine in
// src/machines (see machineDocs.ts), and removes the files of machines that no longer exist.
// tests/machines/export-fresh.test.ts fails until this has been run after a machine changed.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadMachines } from '../src/machines/registry';
import { DOCS_DIR, machineDocs } from './machineDocs';

const root = path.resolve(import.meta.dirname, '..');
const docsDir = path.join(root, DOCS_DIR);

function readOrNothing(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const docs = machineDocs(await loadMachines());
mkdirSync(docsDir, { recursive: true });

let written = 0;
for (const doc of docs) {
  const file = path.join(root, doc.path);
  if (readOrNothing(file) === doc.text) continue;
  writeFileSync(file, doc.text);
  written++;
  console.log(`wrote ${doc.path}`);
}

const expected = new Set(docs.map((doc) => path.basename(doc.path)));
for (const name of readdirSync(docsDir)) {
  if (/\.(json|md)$/.test(name) && !expected.has(name)) {
    rmSync(path.join(docsDir, name));
    console.log(`removed ${DOCS_DIR}/${name} (no such machine any more)`);
  }
}
console.log(`${docs.length / 2} machine(s) exported to ${DOCS_DIR}/, ${written} file(s) changed`);
