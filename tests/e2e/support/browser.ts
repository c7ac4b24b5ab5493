// Debian's Chromium driven by playwright-core (docs/toolchain.md: no browser downloads on these
// machines; the network flags stop Chromium from calling hosts it cannot reach).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

/** The whole browser: what the Lighthouse bench measures, as staff's browsers draw pages. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What the browser tests drive: Debian's headless shell (package chromium-headless-shell), the same
 * Blink and V8 as /usr/bin/chromium without the browser around them, as Playwright itself drives
 * headless Chromium. On two cores it spent half the CPU per page of the whole browser, and the
 * browser tests are bound by CPU (docs/toolchain.md). The whole browser where it is missing.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM_PATH = process.env.TEST_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

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

/** The benches pass CHROMIUM_PATH: they measure what staff wait for in the whole browser. */
export function launchChromium(executablePath = TEST_CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: chromiumFlags });
}

export const desktopViewport = { width: 1280, height: 800 };
export const phoneViewport = { width: 390, height: 844 };

/** What a context starts with: a signed-in session's storage (`signedInStorage` in ./app.ts). */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export function newContext(
  browser: Browser,
  baseURL: string,
  viewport = desktopViewport,
  storageState?: StorageState,
): Promise<BrowserContext> {
  // Reduced motion: toasts and transitions appear at rest at once, so no check reads a page in motion.
  return browser.newContext({ baseURL, viewport, reducedMotion: 'reduce', storageState });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = desktopViewport,
  storageState?: StorageState,
): Promise<{ context: BrowserContext; page: Page; pageErrors: Error[] }> {
  const context = await newContext(browser, baseURL, viewport, storageState);
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
  storageState?: StorageState,
): Promise<void> {
  const { context, page, pageErrors } = await newPage(browser, baseURL, viewport, storageState);
  try {
    await work(page);
    if (pageErrors.length > 0) throw new Error(`The page threw: ${pageErrors.map((error) => error.message).join('; ')}`);
  } finally {
    await context.close();
  }
}

/**
 * Resolves once the page has run the work it had queued, a few task turns deep (React's scheduler
 * posts each render as a message, and an effect's state change posts the next): what a check that
 * something did *not* happen waits for, instead of a length of time. Messages are not timers, so
 * this holds with the page's clock stopped too.
 */
export function queuedWorkRun(page: Page, turns = 5): Promise<void> {
  return page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        let left = count;
        channel.port1.onmessage = () => {
          left -= 1;
          if (left === 0) {
            channel.port1.close();
            resolve();
          } else channel.port2.postMessage(null);
        };
        channel.port2.postMessage(null);
      }),
    turns,
  );
}

/**
 * Gives this page's browser a platform authenticator that verifies its person (a fingerprint, say):
 * Chromium's virtual authenticator (CDP WebAuthn domain: ctap2, internal, resident keys, user
 * verification), present at once. Its id, for a test that adds credentials to it.
 */
export async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
