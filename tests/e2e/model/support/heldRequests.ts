// Holds the app's calls to one endpoint until a path step settles them, the way runPath settles a
// machine's promise actor: the invoked actor stays pending (the screen shows its busy state) until
// the step says done (the real server answers) or error (the answer the step asks for).
import type { Page, Request, Route } from 'playwright-core';
import { until } from './modelDrive';

export interface HeldRequests {
  /** Every request held so far, settled or not, oldest first. */
  readonly seen: readonly Request[];
  /** Waits until a still-pending request satisfies `matches`. */
  waitFor(matches: (request: Request) => boolean, what: string): Promise<Request>;
  /**
   * Answers the newest pending request that satisfies `matches` with `answer`, and lets every other
   * pending one reach the server: the machine stopped listening to those (a restarted load).
   */
  settle(matches: (request: Request) => boolean, what: string, answer: (route: Route) => Promise<void>): Promise<void>;
}

export async function holdRequests(page: Page, method: string, pathname: string): Promise<HeldRequests> {
  const pending: Route[] = [];
  const seen: Request[] = [];
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      seen.push(route.request());
      pending.push(route);
    },
  );
  const newest = (matches: (request: Request) => boolean) => [...pending].reverse().find((route) => matches(route.request()));
  return {
    seen,
    async waitFor(matches, what) {
      await until(() => newest(matches) !== undefined, `${method} ${pathname}: ${what}`);
      return (newest(matches) as Route).request();
    },
    async settle(matches, what, answer) {
      await until(() => newest(matches) !== undefined, `${method} ${pathname}: ${what}`);
      const chosen = newest(matches) as Route;
      const others = pending.splice(0).filter((route) => route !== chosen);
      await Promise.all(others.map((route) => route.continue()));
      await answer(chosen);
    },
  };
}
