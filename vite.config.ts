import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { precompress } from './scripts/precompress';
import { appPage } from './scripts/appPage';
import { entryChunks } from './scripts/entryChunks';

// The API lives under these prefixes (see openapi.yaml); in `npm run dev` Vite proxies them to the
// Fastify server so the browser talks to one origin, exactly as in production.
const apiPrefixes = ['/v1', '/cases', '/neos', '/api', '/public'];
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

// The client's intake page and signing page are their own entries (docs/product/client-intake.md,
// docs/product/engagement.md#screens): HTML pages whose bundles hold none of the staff app. In
// `npm run dev` their addresses get those pages, as the server's page fallback does in production
// (server/http/spa.ts).
const clientIntakePage: Plugin = {
  name: 'client-intake-page',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url?.startsWith('/client-intake/')) request.url = '/client-intake.html';
      else if (request.url?.startsWith('/sign/')) request.url = '/sign.html';
      next();
    });
  },
};

const chunks = entryChunks('/index.html');

export default defineConfig({
  // precompress: Brotli and gzip copies of dist/ for the server to send as they are.
  plugins: [react(), vanillaExtractPlugin(), precompress(), clientIntakePage, chunks.plugin, appPage('src/ui/app/RoutedApp.tsx')],
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, apiTarget])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself; the polyfill would be half a KB of
    // the login route's first download (docs/product/app-shell.md) that nothing needs.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { main: 'index.html', clientIntake: 'client-intake.html', signing: 'sign.html' },
      output: { codeSplitting: { groups: chunks.groups } },
    },
  },
  test: {
    // The API files run first, two at a time, then the unit and UI files two at a time, then the
    // browser files two at a time: each file is independent (its own server, database and Chromium
    // on ports of their own), and the whole suite is bound by CPU on two cores, so a second worker
    // fills the core that one file leaves idle while it waits (README, Decisions). Projects of one
    // group share a worker count, hence three groups.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/{machines,domain,contract,pdf,docs}/**/*.test.ts'],
          environment: 'node',
          // Limits for a busy machine, as for the other projects: Vitest's own 5 s / 10 s were met
          // by a setup hook and a contract test on two shared cores. Never expectations of speed.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/ui/setup.ts'],
          // Limits for a busy machine (CI runs on two shared cores), never expectations of speed:
          // a test that waits for what it checks passes as soon as the thing is there.
          testTimeout: 20_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // The files of a worker share its modules: each starts its own server on its own database
          // and changes no module's state, and loading the server's modules again for each of them
          // was a third of the group's CPU.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll waits up to this long for what the page shows (Vitest's default is 1 s).
          expect: { poll: { timeout: 15_000 } },
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
