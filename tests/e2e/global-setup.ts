// Browser tests run against the production build, served by the real server: build it once.
import { build } from 'vite';

export default async function buildClientOnce(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // Vitest sets NODE_ENV=test, and Vite builds with the NODE_ENV it finds: that would be React's
  // development build, whose StrictMode runs every effect twice (two calls for each list). The
  // tests drive what staff get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ mode: 'production', logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
