// The login route's first download, from a production build: every script the entry loads before
// anything else (the entry and its static imports) and the stylesheets they bring, each
// gzip-compressed as the server sends it, beside the goal of at most 100 KB. Then the same bytes
// shared out by package: each module's share of its chunk's compressed size is its share of the
// chunk's modules compressed one by one (an estimate; the chunk is compressed as a whole).
// Alone: `npx tsx bench/bundle.bench.ts`.
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

export async function runBundleBenchRows(): Promise<GoalRow[]> {
  const result = await build({ logLevel: 'silent', build: { write: false } });
  const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
  const byName = new Map(output.output.map((item) => [item.fileName, item]));
  // The staff app's page (index.html), not the client intake page, the build's other entry.
  const entry = output.output.find(
    (item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry && (item.facadeModuleId?.endsWith('/index.html') ?? false),
  );
  if (!entry) throw new Error('the build has no entry chunk for index.html');
  const chunks: Rollup.OutputChunk[] = [];
  const css = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (chunks.includes(chunk)) return;
    chunks.push(chunk);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const file of chunk.imports) {
      const imported = byName.get(file);
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(entry);
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
    { benchmark: 'login route: initial JavaScript + CSS, gzip (build)', value: kb(scripts + styles), unit: 'KB', goal: '<= 100 KB' },
    { benchmark: `login route: of which CSS (${css.size} files)`, value: kb(styles), unit: 'KB', goal: '' },
    ...[...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, PACKAGES_SHOWN)
      .map(([name, bytes]) => ({ benchmark: `login route: of which ${name} (estimate)`, value: kb(bytes), unit: 'KB', goal: '' })),
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
