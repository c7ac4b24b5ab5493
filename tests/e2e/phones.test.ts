// Every screen on a 375 px phone (docs/product/app-shell.md, Tables; docs/product/intake-form.md,
// Tabs): signed in as an owner whose firm has intakes, leads and employees (set up through the
// API), each route of src/ui/app/paths.ts is no wider than the window, the intake list shows its
// key columns on screen, and axe finds nothing serious on any of them, at 375 px and at 1366 px.
//
// The owner signs in once through the login form (signedInStorage); every screen then opens in a
// page of its own at its address, signed in from that storage, and is measured and analysed once
// per size: at 375 px the width check and axe read the same page at rest.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import { withPage, newContext } from './support/browser';
import { everyScreen, overflowWidth, screenAtRest, screenSuite, type Screen } from './support/everyScreen';

const phone = { width: 375, height: 812 };
const laptop = { width: 1366, height: 800 };
/** One visit and one axe analysis per screen, twenty-odd screens: a limit for a busy machine. */
const EVERY_SCREEN_TIMEOUT_MS = 1_200_000;

const screens = screenSuite();

async function open(page: Page, screen: Screen): Promise<void> {
  page.setDefaultTimeout(15_000);
  await page.goto(screen.address);
  await screenAtRest(page);
}

/**
 * Opens every screen at `viewport`, each in a page of its own, and hands it to `check` at rest. The
 * signed-in screens share one context and the login screens another: their pages share the
 * browser's cache, so the client's bundles are fetched once per size rather than once per screen.
 */
async function eachScreen(viewport: { width: number; height: number }, check: (page: Page, screen: Screen) => Promise<void>) {
  const contexts = new Map<boolean, BrowserContext>();
  const contextFor = async (signedOut: boolean) => {
    const found = contexts.get(signedOut);
    if (found) return found;
    const context = await newContext(screens.browser, screens.app.baseUrl, viewport, signedOut ? undefined : screens.signedIn);
    contexts.set(signedOut, context);
    return context;
  };
  try {
    for (const screen of everyScreen(screens.data)) {
      const page = await (await contextFor(screen.signedOut === true)).newPage();
      const pageErrors: Error[] = [];
      page.on('pageerror', (error) => pageErrors.push(error));
      try {
        await open(page, screen);
        await check(page, screen);
        expect(
          pageErrors.map((error) => error.message),
          screen.address,
        ).toEqual([]);
      } finally {
        await page.close();
      }
    }
  } finally {
    await Promise.all([...contexts.values()].map((context) => context.close()));
  }
}

describe('on a 375 px phone', () => {
  it(
    'no screen is wider than the window, and axe finds nothing serious on any',
    async () => {
      const tooWide: string[] = [];
      const found: string[] = [];
      await eachScreen(phone, async (page, screen) => {
        // Where the screen came to rest: a signed-in screen is not the login page, and back.
        expect(new URL(page.url()).pathname).toBe(screen.name === 'root' ? '/' : screen.address);
        const overflow = await overflowWidth(page);
        if (overflow > 0) tooWide.push(`${screen.address}: ${overflow} px too wide`);
        found.push(...(await seriousViolations(page)).map((violation) => `${screen.address}: ${violation}`));
      });
      expect(tooWide).toEqual([]);
      expect(found).toEqual([]);
    },
    EVERY_SCREEN_TIMEOUT_MS,
  );

  it('shows the intake list as cards whose every column, the row click and the action are on screen', async () => {
    await withPage(
      screens.browser,
      screens.app.baseUrl,
      async (page) => {
        await open(page, { name: 'intakeList', address: '/intake-list' });
        const row = page.getByRole('row', { name: new RegExp(screens.data.draftClientName) });
        for (const text of [screens.data.draftClientName, 'Olivia Owner', 'Draft']) {
          const box = await row.getByText(text, { exact: true }).boundingBox();
          expect(box, text).not.toBeNull();
          expect(box!.x + box!.width, text).toBeLessThanOrEqual(phone.width);
        }
        const edit = row.getByRole('button', { name: 'Edit' });
        const editBox = await edit.boundingBox();
        expect(editBox!.x + editBox!.width).toBeLessThanOrEqual(phone.width);
        // Each cell names its column on a phone.
        expect(await row.getByText('Date Created', { exact: true }).isVisible()).toBe(true);
        // The status filter is still there, and the pager below the cards.
        expect(await page.getByRole('combobox', { name: 'Status' }).isVisible()).toBe(true);
        expect(await page.getByText('Page 1', { exact: true }).isVisible()).toBe(true);

        await edit.click();
        await page.waitForURL(`**/intake-details/edit/${screens.data.draftCaseId}`);
        await page.goBack();
        await page
          .getByRole('row', { name: new RegExp(screens.data.draftClientName) })
          .getByText('Date Updated')
          .click();
        await page.waitForURL(`**/intake-details/edit/${screens.data.draftCaseId}`);
        await page.getByRole('heading', { level: 1, name: 'Edit Intake' }).waitFor();
      },
      phone,
      screens.signedIn,
    );
  });

  it('draws the dashboard deadlines as cards with their deadline and days left', async () => {
    await withPage(
      screens.browser,
      screens.app.baseUrl,
      async (page) => {
        await open(page, { name: 'dashboard', address: '/dashboard' });
        expect(await overflowWidth(page)).toBe(0);
        // Recharts draws each bar's words at its end: none overlaps another.
        const labels = await page.locator('[data-chart="representatives"] .recharts-label').evaluateAll((elements) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
          }),
        );
        for (const [index, a] of labels.entries()) {
          for (const b of labels.slice(index + 1)) {
            const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            expect(overlap).toBe(false);
          }
        }
      },
      phone,
      screens.signedIn,
    );
  });
});

describe('on a 1366 px laptop', () => {
  it(
    'axe finds nothing serious on any screen',
    async () => {
      const found: string[] = [];
      await eachScreen(laptop, async (page, screen) => {
        found.push(...(await seriousViolations(page)).map((violation) => `${screen.address}: ${violation}`));
      });
      expect(found).toEqual([]);
    },
    EVERY_SCREEN_TIMEOUT_MS,
  );
});
