// Browser tests run against the production build, served by the real server: build it once.
import { build } from 'vite';

export default async function buildClientOnce(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  await build({ logLevel: 'warn' });
}
