// Debian's Chromium driven by playwright-core (docs/toolchain.md: no browser downloads on these
// machines; the network flags stop Chromium from calling hosts it cannot reach).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: chromiumFlags });
}

export const desktopViewport = { width: 1280, height: 800 };
export const phoneViewport = { width: 390, height: 844 };

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = desktopViewport,
): Promise<{ context: BrowserContext; page: Page; pageErrors: Error[] }> {
  // Reduced motion: toasts and transitions appear at rest at once, so no check reads a page in motion.
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  // Uncaught errors in the page are collected so that each test can assert there were none.
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

/**
 * Runs `work` in a fresh browser context (its own storage: no session leaks between tests) and
 * fails the test when the page threw an uncaught error.
 */
export async function withPage(
  browser: Browser,
  baseURL: string,
  work: (page: Page) => Promise<void>,
  viewport = desktopViewport,
): Promise<void> {
  const { context, page, pageErrors } = await newPage(browser, baseURL, viewport);
  try {
    await work(page);
    if (pageErrors.length > 0) throw new Error(`The page threw: ${pageErrors.map((error) => error.message).join('; ')}`);
  } finally {
    await context.close();
  }
}
