// The client's page is its own bundle that holds none of the staff app
// (docs/product/client-intake.md#the-page): everything its entry imports, at once or lazily, is
// read the way the bundler reads it (type-only imports leave nothing in the bundle), and no staff
// page, shell or staff machine, nor the router, is among it. `npm run bench` counts the same in
// the real build's chunks (bench/bundle.bench.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
};

/** Module names a file imports in a way that puts them in the bundle. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((element) => element.isTypeOnly)));
      if (!onlyTypes) names.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      names.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [name] = node.arguments;
      if (name && ts.isStringLiteral(name)) names.push(name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The project's files (relative to the root) and the packages an entry reaches. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [path.join(root, entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    const relative = path.relative(root, file);
    if (files.has(relative)) continue;
    files.add(relative);
    for (const name of runtimeImports(file)) {
      if (!name.startsWith('.')) {
        packages.add(/^(@[^/]+\/)?[^/]+/.exec(name)![0]);
        continue;
      }
      const resolved = ts.resolveModuleName(name, file, options, ts.sys).resolvedModule;
      // Stylesheets and assets are not code of either app.
      if (resolved && !resolved.isExternalLibraryImport && /\.tsx?$/.test(resolved.resolvedFileName))
        pending.push(resolved.resolvedFileName);
    }
  }
  return { files, packages };
}

/** The staff app: its pages, shell and components, and the machines only it drives. */
function staffFiles(files: Set<string>): string[] {
  const clientOwn = /^src\/(ui\/(clientIntake|theme)\/|machines\/(clientIntake\.machine|errorMessage)\.ts$)/;
  return [...files].filter((file) => /^src\/(ui|machines)\//.test(file) && !clientOwn.test(file));
}

describe("the client's page bundle", () => {
  it('reaches the staff app from the staff entry, so the walk sees what the bundler sees', () => {
    const staff = reach('src/main.tsx');
    expect(staffFiles(staff.files).filter((file) => file.startsWith('src/ui/pages/')).length).toBeGreaterThan(10);
    expect(staff.packages).toContain('react-router-dom');
  });

  it('holds its own page, machine and rules, and nothing of the staff app', () => {
    const client = reach('src/ui/clientIntake/main.tsx');
    expect(client.files).toContain('src/ui/clientIntake/ClientIntakePage.tsx');
    expect(client.files).toContain('src/machines/clientIntake.machine.ts');
    expect(staffFiles(client.files)).toEqual([]);
    expect([...client.packages].filter((name) => name.startsWith('react-router'))).toEqual([]);
  });

  it("the signing page's bundle (docs/product/engagement.md#screens) holds its page, machine and pad, and nothing of the staff app", () => {
    const signing = reach('src/ui/signing/main.tsx');
    expect(signing.files).toContain('src/ui/signing/SigningPage.tsx');
    expect(signing.files).toContain('src/machines/signing.machine.ts');
    expect(signing.files).toContain('src/ui/components/SignaturePad/SignaturePad.tsx');
    const signingOwn =
      /^src\/(ui\/(signing\/|theme\/|clientIntake\/(browserLanguage|clientIntake\.css)\.ts$|components\/SignaturePad\/)|machines\/(signing\.machine|errorMessage)\.ts$)/;
    expect([...signing.files].filter((file) => /^src\/(ui|machines)\//.test(file) && !signingOwn.test(file))).toEqual([]);
    expect([...signing.packages].filter((name) => name.startsWith('react-router'))).toEqual([]);
  });
});
