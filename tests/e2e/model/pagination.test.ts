// The pagination machine's planned paths driven through /employees in Chromium, against the real
// server (docs/architecture.md, model-based tests; docs/product/intake-list.md Employees, docs/product/intake-list.md Pagination, docs/product/intake-list.md Search, docs/product/intake-list.md
// Employee list load failure). The unit suite runs every planned path on the machine alone; here
// the fewest paths that still take every transition run on the real screen: each event becomes
// what a person does (a pager button, typing, the Privilege dropdown) or what the server does
// (the held list call answered, or failed), and each state is checked on the screen.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { SEARCH_DEBOUNCE_MS } from '../../../src/domain/constants';
import { privileges } from '../../../src/domain/enums';
import { paginationMachine, totalPages, type PaginationContext } from '../../../src/machines/pagination.machine';
import { bearer } from '../../api/support/testServer';
import { coverageSummary, describePath, planModel, traversedTransitions } from '../../machines/modelCoverage';
import { signedInStorage, startE2eApp, type E2eApp } from '../support/app';
import { launchChromium, newPage, queuedWorkRun, type StorageState } from '../support/browser';
import { holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, drivePath, expectEveryStateAndTransition, type Drive, type PlannedPath } from './support/modelDrive';
import { cellTexts } from '../support/cells';

type PaginationSnapshot = SnapshotFrom<typeof paginationMachine>;

/** Every representative is a "Pager", so the search and the filter each still leave 3 pages. */
const SEARCH = 'pager';
const FILTER = 'representative';
const REPRESENTATIVES = 25;
/** docs/product/intake-list.md Employees: the dropdown's label for the filter value. */
const FILTER_LABEL = 'Representatives';
const LOAD_FAILED = 'Error fetching employee data:';
const LOADING = 'Please wait while your items are loading';
const EMPTY = 'No users for the desired search.';

// The unit suite's samples, with a search and a filter the real list understands. The answers'
// contents are the server's business; their 25 records give the guards 3 pages, as the server's
// 25 or 26 do (checked at every loaded state).
const samples = [
  { type: 'xstate.done.actor.load', output: { rows: [], totalRecords: REPRESENTATIVES } },
  { type: 'xstate.error.actor.load', error: { message: 'Service Unavailable' } },
  { type: 'search.input', value: SEARCH },
  { type: 'filter.change', value: FILTER },
];

const plan = planModel(paginationMachine, { events: samples });

/**
 * Paths a person can drive: no control sends list.reload (the debounce raises it, taking the same
 * transition), and choosing the option a dropdown already shows fires no change.
 */
function drivable({ steps }: PlannedPath['path']): boolean {
  return steps.every((step, index) => {
    if (step.event.type === 'list.reload') return false;
    if (step.event.type !== 'filter.change') return true;
    return (steps[index - 1].state.context as PaginationContext).filter !== step.event.value;
  });
}

const driven = coveringPaths(
  plan.paths.filter(drivable).map((path) => ({ path, transitions: traversedTransitions(paginationMachine, [path]) })),
);
const completed: PlannedPath[] = [];

let app: E2eApp;
let browser: Browser;
let ownerToken: string;
/** The owner signed in once through the login form: each path opens a fresh context with it. */
let signedIn: StorageState;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  for (let index = 1; index <= REPRESENTATIVES; index++) {
    await app.server.createUser({
      firmId: app.firm.id,
      privilege: 'representative',
      firstName: `Rep${index}`,
      lastName: 'Pager',
      email: `rep-${String(index).padStart(2, '0')}@example.test`,
    });
  }
  [ownerToken, signedIn] = await Promise.all([
    app.server.login(app.owner.email, app.owner.password),
    signedInStorage(browser, app.baseUrl, app.owner),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Whether a GET /v1/users asks for exactly the page the machine's context names. */
function asksFor(context: PaginationContext) {
  return (request: Request) => {
    const query = new URL(request.url()).searchParams;
    return (
      query.get('pageSize') === String(context.pageSize) &&
      query.get('offSetValue') === String(context.offset) &&
      (query.get('search') ?? '') === context.search &&
      (query.get('privilege') ?? null) === context.filter
    );
  };
}

function describeRequest(context: PaginationContext): string {
  return `page ${context.page} (offset ${context.offset}, search '${context.search}', filter ${context.filter})`;
}

/** The same page asked of the server directly: what the table must show. */
async function serverPage(context: PaginationContext) {
  const { data } = await app.server.api.GET('/v1/users', {
    params: {
      query: {
        pageSize: context.pageSize,
        offSetValue: context.offset,
        search: context.search || undefined,
        privilege: privileges.find((privilege) => privilege === context.filter),
      },
    },
    headers: bearer(ownerToken),
  });
  if (!data) throw new Error('The list call failed for the test itself');
  return { emails: data.data.map((user) => user.email), totalRecords: data.totalRecords };
}

function pagerButton(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true });
}

async function pagerEnabled(page: Page) {
  const names = ['First page', 'Previous page', 'Next page', 'Last page'];
  const enabled = await Promise.all(names.map((name) => pagerButton(page, name).isEnabled()));
  return { first: enabled[0], previous: enabled[1], next: enabled[2], last: enabled[3] };
}

async function shownEmails(page: Page): Promise<string[]> {
  if ((await page.locator('tbody td[colspan]').count()) > 0) return [];
  return cellTexts(page.locator('tbody tr td:nth-child(2)'));
}

function employeesDrive(page: Page, loads: HeldRequests): Drive {
  const searchBox = page.getByRole('searchbox', { name: 'Search employees' });
  const buttons: Record<string, string> = {
    'page.first': 'First page',
    'page.previous': 'Previous page',
    'page.next': 'Next page',
    'page.last': 'Last page',
  };

  return {
    async act({ before, event }) {
      const context = before.context as PaginationContext;
      if (event.type === 'xstate.done.actor.load') {
        await loads.settle(asksFor(context), describeRequest(context), (route) => route.continue());
      } else if (event.type === 'xstate.error.actor.load') {
        await loads.settle(asksFor(context), describeRequest(context), (route) =>
          route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Service Unavailable', code: 'unavailable' }),
          }),
        );
      } else if (event.type in buttons) {
        await pagerButton(page, buttons[event.type]).click();
      } else if (event.type === 'search.input') {
        const value = String(event.value);
        if ((await searchBox.inputValue()) === value) {
          // The same text typed again: its last letter taken back and typed again restarts the wait.
          await searchBox.press('End');
          await searchBox.press('Backspace');
          await searchBox.press(value.slice(-1));
        } else {
          await searchBox.fill(value);
        }
      } else if (event.type === 'filter.change') {
        await page.getByRole('combobox', { name: 'Privilege' }).selectOption({ label: FILTER_LABEL });
      } else if (event.type.startsWith('xstate.after.searchDebounce.')) {
        // Not one millisecond early (docs/product/intake-list.md Search: 2000 ms without typing), then at once.
        const asked = loads.seen.length;
        await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
        // A load the timers had started would show once the page has run what they queued.
        await queuedWorkRun(page);
        expect(loads.seen.length, 'no list call before the debounce ends').toBe(asked);
        if (!before.matches({ list: 'loading' }))
          expect(await page.getByText(LOADING).count(), 'not loading before the debounce ends').toBe(0);
        await page.clock.runFor(1);
      } else {
        throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ after, event }) {
      const snapshot = after as PaginationSnapshot;
      const context = snapshot.context;
      await expect.poll(() => searchBox.inputValue()).toBe(context.typedSearch);
      await expect.poll(() => page.getByText(`Page ${context.page}`, { exact: true }).count()).toBe(1);

      if (snapshot.matches({ list: 'loading' })) {
        // The call the machine waits for is out (and held), with exactly the context's page.
        await loads.waitFor(asksFor(context), describeRequest(context));
        await expect.poll(() => page.getByText(LOADING).count()).toBe(1);
        expect(await pagerEnabled(page)).toEqual({ first: false, previous: false, next: false, last: false });
      }
      if (snapshot.matches({ list: 'loaded' })) {
        const expected = await serverPage(context);
        // The server's page count drives the same guards as the model's.
        expect(Math.ceil(expected.totalRecords / context.pageSize)).toBe(totalPages(context));
        await expect.poll(() => shownEmails(page)).toEqual(expected.emails);
        expect(expected.emails.length).toBeGreaterThan(0);
        expect(await page.getByText(`${expected.totalRecords} records`, { exact: true }).count()).toBe(1);
        const back = context.page > 1;
        const forward = totalPages(context) > context.page;
        await expect.poll(() => pagerEnabled(page)).toEqual({ first: back, previous: back, next: forward, last: forward });
      }
      if (snapshot.matches({ list: 'failed' })) {
        // The toast tells of the failure as it happens (docs/product/intake-list.md); it is not a lasting part of the
        // state, so it is checked on the step that failed the load, the empty list on every step.
        if (event.type === 'xstate.error.actor.load') {
          await expect.poll(() => page.getByText(LOAD_FAILED, { exact: true }).count()).toBe(1);
        }
        await expect.poll(() => page.getByText(EMPTY).count()).toBe(1);
        expect(await page.getByText('0 records', { exact: true }).count()).toBe(1);
        const back = context.page > 1;
        await expect.poll(() => pagerEnabled(page)).toEqual({ first: back, previous: back, next: false, last: false });
      }
    },
  };
}

async function driveOnEmployees(path: PlannedPath['path']) {
  const { context, page, pageErrors } = await newPage(browser, app.baseUrl, undefined, signedIn);
  try {
    // The page's clock runs normally until the list is up; then it stands still (a second on, so
    // the pause is never in the past), and the debounce moves only when a step says so.
    await page.clock.install();
    const loads = await holdRequests(page, 'GET', '/v1/users');
    await page.goto('/employees');
    await page.getByRole('heading', { name: 'Employees' }).waitFor();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await drivePath(path, employeesDrive(page, loads));
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('pagination paths on /employees in Chromium', () => {
  for (const planned of driven) {
    it(describePath(planned.path), async () => {
      await driveOnEmployees(planned.path);
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    const visited = expectEveryStateAndTransition(paginationMachine, completed);
    const summary = coverageSummary(paginationMachine, plan);
    expect(visited.size).toBe(summary.states);
  });
});
