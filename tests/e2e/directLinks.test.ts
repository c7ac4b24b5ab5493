// A signed-in page opened at its address (a bookmark, a reload) starts its first call with the
// entry and uses that answer, instead of waiting for its own code first (src/ui/app/earlyStart.ts):
// the page shows what its call answered, the call went to the server once (the early one and the
// page's own are the same request, so a drift between the two would send it twice), the token
// travelled in the Authorization header and never in the address, and a signed-out visitor fetches
// nothing and lands on /login. The page a direct link gets preloads the routes' code, which the
// login screen's page leaves out (scripts/appPage.ts).
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { intakeFormPath, paths } from '../../src/ui/app/paths';
import { withPage } from './support/browser';
import { screenAtRest, screenSuite } from './support/everyScreen';

const screens = screenSuite();

/** The API calls a page sent, as method and address. */
function recordApiCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/')) calls.push(request);
  });
  return calls;
}

const sent = (calls: readonly Request[], pathname: string) =>
  calls.filter((call) => call.method() === 'GET' && new URL(call.url()).pathname === pathname);

interface DirectLink {
  name: string;
  address: () => string;
  /** The page's first call. */
  call: () => string;
  /** What the page shows from that call's answer: a text, or a value in one of its inputs. */
  shows: () => string;
  inInput?: true;
}

const directLinks: DirectLink[] = [
  { name: 'the intake list', address: () => paths.intakeList, call: () => '/v1/intake', shows: () => screens.data.draftClientName },
  {
    name: 'an intake',
    address: () => intakeFormPath('edit', screens.data.draftCaseId),
    call: () => `/v1/intake/${screens.data.draftCaseId}`,
    shows: () => 'Featherstonehaugh',
    inInput: true,
  },
  { name: 'the dashboard', address: () => paths.dashboard, call: () => '/v1/dashboard', shows: () => 'Lead funnel, last 90 days' },
  { name: 'the leads list', address: () => paths.leadsList, call: () => '/v1/leads', shows: () => 'Marisol' },
  { name: 'the profile', address: () => paths.profile, call: () => '/v1/users/me', shows: () => screens.app.owner.email },
  { name: 'the firm', address: () => paths.firm, call: () => '/v1/firm', shows: () => screens.app.firm.firm_name },
  { name: 'the employees', address: () => paths.employees, call: () => '/v1/users', shows: () => 'theo.0@example.test' },
];

describe('a signed-in page opened at its address', () => {
  for (const link of directLinks) {
    it(`${link.name}: its first call sent once and its answer shown`, async () => {
      await withPage(
        screens.browser,
        screens.app.baseUrl,
        async (page) => {
          const calls = recordApiCalls(page);
          await page.goto(link.address());
          await screenAtRest(page);
          if (link.inInput) {
            await expect
              .poll(() =>
                page
                  .locator('input')
                  .evaluateAll((inputs, value) => inputs.some((input) => (input as HTMLInputElement).value === value), link.shows()),
              )
              .toBe(true);
          } else {
            await page.getByText(link.shows()).first().waitFor();
          }
          expect(new URL(page.url()).pathname).toBe(link.address());
          const first = sent(calls, link.call());
          expect(first).toHaveLength(1);
          expect(await first[0]!.headerValue('authorization')).toMatch(/^Bearer /);
          const token = (await first[0]!.headerValue('authorization'))!.slice('Bearer '.length);
          expect(calls.every((call) => !call.url().includes(token))).toBe(true);
        },
        undefined,
        screens.signedIn,
      );
    });
  }

  it("preloads the routes' code on a direct link's page, and not on the login screen's", async () => {
    /** The code the page the server sent preloads. */
    const preloads = async (page: Page, address: string) => {
      const sentPage = await (await page.goto(address))?.text();
      return [...(sentPage ?? '').matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((found) => found[1] ?? '');
    };
    const routes = /^\/assets\/RoutedApp-[\w-]+\.js$/;
    await withPage(
      screens.browser,
      screens.app.baseUrl,
      async (page) => {
        expect((await preloads(page, paths.dashboard)).some((href) => routes.test(href))).toBe(true);
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      },
      undefined,
      screens.signedIn,
    );
    await withPage(screens.browser, screens.app.baseUrl, async (page) => {
      const hrefs = await preloads(page, paths.login);
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.some((href) => routes.test(href))).toBe(false);
      await page.getByRole('button', { name: 'Log in' }).waitFor();
    });
  });

  it("shows 'Please wait ...' when the page's code is slow to come, then the page once it has arrived", async () => {
    await withPage(
      screens.browser,
      screens.app.baseUrl,
      async (page) => {
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/assets\/DashboardPage-[\w-]+\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(paths.dashboard);
        // The first render waits for the page's code for 3 s at most (src/main.tsx), then shows the overlay.
        await page.getByRole('status').filter({ hasText: 'Please wait ...' }).waitFor();
        release();
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        await page.getByText('Lead funnel, last 90 days').first().waitFor();
        expect(await page.getByText('Please wait ...').count()).toBe(0);
      },
      undefined,
      screens.signedIn,
    );
  });

  it('signed out: nothing is fetched and the visitor lands on /login', async () => {
    await withPage(screens.browser, screens.app.baseUrl, async (page) => {
      const calls = recordApiCalls(page);
      await page.goto(paths.intakeList);
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      expect(sent(calls, '/v1/intake')).toEqual([]);
    });
  });
});
