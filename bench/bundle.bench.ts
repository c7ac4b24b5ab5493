// The login route's first download, from a production build: every script the entry loads before
// anything else (the entry and its static imports) and the stylesheets they bring, each
// gzip-compressed as the server sends it, beside the goal of at most 100 KB. Then the same bytes
// shared out by package: each module's share of its chunk's compressed size is its share of the
// chunk's modules compressed one by one (an estimate; the chunk is compressed as a whole).
// The same for the client's intake page (client-intake.html), and a count of the staff app's
// modules in its bundle, which must be none. Alone: `npx tsx bench/bundle.bench.ts`.
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { build, type Rollup } from 'vite';
import { round, type GoalRow } from './support';

const PACKAGES_SHOWN = 8;

function gzipSize(code: string | Uint8Array): number {
  return gzipSync(code, { level: 9 }).length;
}

/** `react-dom` for a module under node_modules, 'app code' for the project's own. */
function packageOf(moduleId: string): string {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId)?.[1] ?? 'app code';
}

interface Download {
  /** Every chunk the page's entry loads at once (the entry and its static imports). */
  chunks: Rollup.OutputChunk[];
  /** Those and every chunk they may load later (dynamic imports). */
  withLazy: Rollup.OutputChunk[];
  css: Set<string>;
}

/** What the build's page `html` (index.html, client-intake.html) downloads. */
function downloadOf(output: Rollup.RollupOutput, html: string): Download {
  const byName = new Map(output.output.map((item) => [item.fileName, item]));
  const entry = output.output.find(
    (item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry && (item.facadeModuleId?.endsWith(`/${html}`) ?? false),
  );
  if (!entry) throw new Error(`the build has no entry chunk for ${html}`);
  const css = new Set<string>();
  const walk = (lazy: boolean) => {
    const chunks: Rollup.OutputChunk[] = [];
    const visit = (chunk: Rollup.OutputChunk) => {
      if (chunks.includes(chunk)) return;
      chunks.push(chunk);
      if (!lazy) for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
      for (const file of lazy ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports) {
        const imported = byName.get(file);
        if (imported?.type === 'chunk') visit(imported);
      }
    };
    visit(entry);
    return chunks;
  };
  return { chunks: walk(false), withLazy: walk(true), css };
}

/** The first download of a page, gzip, beside `goal`, and shared out by package. */
function downloadRows(output: Rollup.RollupOutput, html: string, name: string, goal: string): GoalRow[] {
  const byName = new Map(output.output.map((item) => [item.fileName, item]));
  const { chunks, css } = downloadOf(output, html);
  let scripts = 0;
  const byPackage = new Map<string, number>();
  for (const chunk of chunks) {
    const size = gzipSize(chunk.code);
    scripts += size;
    const parts = Object.entries(chunk.modules).map(([id, module]) => [packageOf(id), gzipSize(module.code ?? '')] as const);
    const whole = parts.reduce((sum, [, part]) => sum + part, 0) || 1;
    for (const [name, part] of parts) byPackage.set(name, (byPackage.get(name) ?? 0) + (size * part) / whole);
  }
  let styles = 0;
  for (const file of css) {
    const asset = byName.get(file);
    if (asset?.type === 'asset') styles += gzipSize(asset.source);
  }
  const kb = (bytes: number) => round(bytes / 1000, 1);
  return [
    { benchmark: `${name}: initial JavaScript + CSS, gzip (build)`, value: kb(scripts + styles), unit: 'KB', goal },
    { benchmark: `${name}: of which CSS (${css.size} files)`, value: kb(styles), unit: 'KB', goal: '' },
    ...[...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, PACKAGES_SHOWN)
      .map(([pkg, bytes]) => ({ benchmark: `${name}: of which ${pkg} (estimate)`, value: kb(bytes), unit: 'KB', goal: '' })),
  ];
}

// The staff app in the client's page (docs/product/client-intake.md#the-page): its pages, shell,
// forms and machines, and the router. The client's page may share only the domain rules, the API
// calls, the theme and React/XState with it.
const staffModule =
  /\/src\/ui\/(?!clientIntake\/|theme\/)|\/src\/machines\/(?!clientIntake\.machine\.ts$|errorMessage\.ts$)|\/node_modules\/react-router/;

/** Modules of the staff app anywhere in the client page's bundle, loaded at once or later. */
function staffModulesRow(output: Rollup.RollupOutput): GoalRow {
  const found = downloadOf(output, 'client-intake.html')
    .withLazy.flatMap((chunk) => Object.keys(chunk.modules))
    .filter((id) => staffModule.test(id));
  if (found.length > 0) console.warn(`Staff app modules in the client page's bundle:\n  ${found.join('\n  ')}`);
  return { benchmark: 'client page: staff app modules in its bundle (with lazy chunks)', value: found.length, unit: 'modules', goal: '0' };
}

export async function runBundleBenchRows(): Promise<GoalRow[]> {
  const result = await build({ logLevel: 'silent', build: { write: false } });
  const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
  return [
    // The staff app's page (index.html), not the client intake page, the build's other entry.
    ...downloadRows(output, 'index.html', 'login route', '<= 100 KB'),
    ...downloadRows(output, 'client-intake.html', 'client page', ''),
    staffModulesRow(output),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBundleBenchRows()
    .then((rows) => console.table(rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
