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

/** `pathname`: the endpoint's path, or a test for paths with an id in them. */
export async function holdRequests(page: Page, method: string, pathname: string | ((pathname: string) => boolean)): Promise<HeldRequests> {
  const matchesPath = typeof pathname === 'string' ? (candidate: string) => candidate === pathname : pathname;
  const what = typeof pathname === 'string' ? pathname : 'request';
  const pending: Route[] = [];
  const seen: Request[] = [];
  await page.route(
    (url) => matchesPath(url.pathname),
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      seen.push(route.request());
      pending.push(route);
    },
  );
  const newest = (matches: (request: Request) => boolean) => [...pending].reverse().find((route) => matches(route.request()));
  return {
    seen,
    async waitFor(matches, description) {
      await until(() => newest(matches) !== undefined, `${method} ${what}: ${description}`);
      return (newest(matches) as Route).request();
    },
    async settle(matches, description, answer) {
      await until(() => newest(matches) !== undefined, `${method} ${what}: ${description}`);
      const chosen = newest(matches) as Route;
      const others = pending.splice(0).filter((route) => route !== chosen);
      await Promise.all(others.map((route) => route.continue()));
      await answer(chosen);
    },
  };
}

/** Answers a held call with `body` as JSON. */
export function fulfilJson(route: Route, status: number, body: unknown): Promise<void> {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

/** Answers a held call with a sample's error: status 0 is no answer at all (the server unreachable). */
export function answerError(
  route: Route,
  error: { status?: number; code?: string; message?: string; fields?: Record<string, string> },
): Promise<void> {
  if (error.status === 0) return route.abort('connectionrefused');
  return fulfilJson(route, error.status ?? 500, { code: error.code, message: error.message, fields: error.fields });
}
