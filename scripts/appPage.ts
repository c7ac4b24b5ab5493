// The staff app's page for every address but the login screen's (server/http/spa.ts,
// docs/product/app-shell.md, Direct links): index.html with the routed app's code preloaded, that
// is the routes and what the signed-in screens share, with their stylesheets. A page opened at
// its address then fetches that code beside the app's own instead of after it has run. The login
// screen keeps index.html, whose first download stays small.
import type { Plugin, Rollup } from 'vite';

/** `routedApp`: the end of the routed app's module path ('src/ui/app/RoutedApp.tsx'). */
export function appPage(routedApp: string): Plugin {
  let base = '/';
  return {
    name: 'app-page',
    apply: 'build',
    // After Vite has written index.html into the bundle.
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const routed = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(routedApp));
      if (!routed) return this.error(`app-page: no chunk is made of ${routedApp}`);
      const html = String(index.source);
      const named = (file: string) => html.includes(`"${base}${file}"`);
      const scripts: string[] = [];
      const styles: string[] = [];
      const visit = (chunk: Rollup.OutputChunk) => {
        if (scripts.includes(chunk.fileName) || named(chunk.fileName)) return;
        scripts.push(chunk.fileName);
        for (const file of chunk.viteMetadata?.importedCss ?? []) if (!named(file) && !styles.includes(file)) styles.push(file);
        for (const file of chunk.imports) {
          const imported = bundle[file];
          if (imported?.type === 'chunk') visit(imported);
        }
      };
      visit(routed);
      const tags = [
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
        ...styles.map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
      ];
      this.emitFile({ type: 'asset', fileName: 'app.html', source: html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`) });
    },
  };
}
