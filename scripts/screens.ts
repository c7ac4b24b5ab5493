// `npm run screens`: draws every screen of the app (tests/e2e/support/everyScreen.ts) at a phone's
// width (375 px) and a laptop's (1366 px) into docs/screens/, signed in as an owner whose firm has
// intakes, leads and employees. Run by hand after a layout change, then look at the pictures; the
// width itself is checked by tests/e2e/phones.test.ts on every run.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { addScreenData, everyScreen, overflowWidth, screenAtRest } from '../tests/e2e/support/everyScreen';
import { signIn, startE2eApp } from '../tests/e2e/support/app';
import { launchChromium, newPage } from '../tests/e2e/support/browser';

const widths = [
  { width: 375, height: 812 },
  { width: 1366, height: 800 },
];
const outDir = path.resolve('docs/screens');

async function main() {
  if (process.env.SCREENS_SKIP_BUILD !== '1') await build({ mode: 'production', logLevel: 'warn' });
  await mkdir(outDir, { recursive: true });
  const [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  try {
    const data = await addScreenData(app);
    const only = process.argv[2];
    for (const viewport of widths) {
      for (const screen of everyScreen(data).filter((candidate) => !only || candidate.name === only)) {
        const { context, page } = await newPage(browser, app.baseUrl, viewport);
        try {
          if (!screen.signedOut) await signIn(page, app.owner);
          await page.goto(screen.address);
          await screenAtRest(page);
          const file = path.join(outDir, `${screen.name}-${viewport.width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          const overflow = await overflowWidth(page);
          console.log(`${screen.name} at ${viewport.width}: ${overflow > 0 ? `${overflow} px too wide` : 'fits'}`);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
