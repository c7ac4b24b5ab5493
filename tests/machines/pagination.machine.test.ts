// Pagination machine (docs/product/intake-list.md Pagination and docs/product/intake-list.md Search, docs/product/intake-list.md): model-based
// paths over every transition, then the paging rules, the debounce and the filter one by one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor, type SnapshotFrom } from 'xstate';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../../src/domain/constants';
import { paginationMachine, type PageRequest, type PageResult, type PaginationInput } from '../../src/machines/pagination.machine';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

type PaginationSnapshot = SnapshotFrom<typeof paginationMachine>;

// ---------------------------------------------------------------------------------------------
// Model-based

const someRows = [{ caseId: 'case-0001', clientName: 'Ana Example' }];
const samples = [
  // 25 records: three pages of 10, so first, previous, next and last all get their turn.
  { type: 'xstate.done.actor.load', output: { rows: someRows, totalRecords: 25 } },
  { type: 'xstate.error.actor.load', error: { message: 'Service Unavailable' } },
  { type: 'search.input', value: 'ana' },
  { type: 'filter.change', value: 'final' },
];

const pagerEvents = [{ type: 'page.first' }, { type: 'page.previous' }, { type: 'page.next' }, { type: 'page.last' }] as const;

/** What the table and pager show in each state. */
const stateChecks = {
  // Matches every state: invariants of the spec's rules.
  list: (snapshot, probe) => {
    // Each failed load is told once, as it happens; nothing else is.
    expect(probe.emitted).toEqual(probe.event.type === 'xstate.error.actor.load' ? [{ type: 'loadFailed' }] : []);
    const { page, offset, pageSize } = snapshot.context;
    expect(offset).toBe((page - 1) * pageSize);
    expect(page).toBeGreaterThanOrEqual(1);
  },
  'list.loading': (snapshot, probe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    for (const event of pagerEvents) expect(snapshot.can(event)).toBe(false);
    // Every step that (re)starts loading asks for exactly what the context says.
    const { pageSize, offset, search, filter } = snapshot.context;
    for (const call of probe.calls) expect(call).toEqual({ actor: 'load', input: { pageSize, offset, search, filter } });
  },
  'list.loaded': (snapshot) => {
    const { page, totalRecords, pageSize } = snapshot.context;
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context.rows).toEqual(someRows);
    expect(snapshot.can({ type: 'page.first' })).toBe(page > 1);
    expect(snapshot.can({ type: 'page.previous' })).toBe(page > 1);
    expect(snapshot.can({ type: 'page.next' })).toBe(Math.ceil(totalRecords / pageSize) > page);
    expect(snapshot.can({ type: 'page.last' })).toBe(Math.ceil(totalRecords / pageSize) > page);
  },
  'list.failed': (snapshot) => {
    expect(snapshot.context.rows).toEqual([]);
    expect(snapshot.can({ type: 'page.next' })).toBe(false);
    expect(snapshot.can({ type: 'page.previous' })).toBe(snapshot.context.page > 1);
  },
  'search.debouncing': (snapshot, probe) => {
    // Typing neither reloads nor changes the applied search.
    if (probe.event.type === 'search.input') expect(probe.calls).toEqual([]);
    expect(snapshot.context.typedSearch).toBe('ana');
  },
} satisfies Record<string, (snapshot: PaginationSnapshot, probe: StepProbe) => void>;

describe('pagination model', () => {
  const plan = planModel(paginationMachine, { events: samples });

  for (const path of plan.paths) {
    it(describePath(path), () => runPath(paginationMachine, path, { actors: ['load'], states: stateChecks }));
  }

  it('traverses every transition of the definition', () => {
    const summary = expectEveryTransitionTraversed(paginationMachine, plan);
    expect(summary).toMatchObject({ machineId: 'pagination', states: 7, transitions: summary.traversed });
  });
});

// ---------------------------------------------------------------------------------------------
// The rules one by one, with a load that answers from a made-up list of cases

interface FakeCase {
  caseId: string;
  clientName: string;
  status: 'draft' | 'final';
}

function makeCases(count: number): FakeCase[] {
  return Array.from({ length: count }, (_, index) => ({
    caseId: `case-${String(index + 1).padStart(4, '0')}`,
    clientName: index % 2 === 0 ? `Ana Example ${index + 1}` : `Bo Sample ${index + 1}`,
    status: index % 3 === 0 ? 'final' : 'draft',
  }));
}

/** Filters and pages like the server would, and remembers every request. */
function fakeServer(cases: FakeCase[]) {
  const requests: PageRequest[] = [];
  const answer = ({ pageSize, offset, search, filter }: PageRequest): PageResult => {
    const matching = cases.filter(
      (row) => row.clientName.toLowerCase().includes(search.toLowerCase()) && (filter === null || row.status === filter),
    );
    return { rows: matching.slice(offset, offset + pageSize), totalRecords: matching.length };
  };
  return { requests, answer };
}

type PaginationActor = Actor<typeof paginationMachine>;

function startList(cases: FakeCase[], input: PaginationInput = {}) {
  const server = fakeServer(cases);
  const actor: PaginationActor = createActor(
    paginationMachine.provide({
      actors: {
        load: fromPromise<PageResult, PageRequest>(async ({ input: request }) => {
          server.requests.push(request);
          return server.answer(request);
        }),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, requests: server.requests };
}

function settled(actor: PaginationActor) {
  return waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
}

async function press(actor: PaginationActor, type: (typeof pagerEvents)[number]['type']) {
  actor.send({ type });
  return settled(actor);
}

function pager(snapshot: PaginationSnapshot) {
  return {
    page: snapshot.context.page,
    offset: snapshot.context.offset,
    first: snapshot.can({ type: 'page.first' }),
    previous: snapshot.can({ type: 'page.previous' }),
    next: snapshot.can({ type: 'page.next' }),
    last: snapshot.can({ type: 'page.last' }),
  };
}

describe('pagination rules', () => {
  describe('defaults (docs/product/intake-list.md)', () => {
    it('starts loading page 1, offset 0, page size 10, no search, no filter', async () => {
      const { actor, requests } = startList(makeCases(3));

      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(requests).toEqual([{ pageSize: PAGE_SIZE, offset: 0, search: '', filter: null }]);
      const snapshot = await settled(actor);
      expect(snapshot.matches({ list: 'loaded' })).toBe(true);
      expect(snapshot.context).toMatchObject({ page: 1, offset: 0, pageSize: 10, totalRecords: 3 });
      expect(snapshot.context.rows).toHaveLength(3);
    });

    it('takes the initial filter and page size from its input', async () => {
      const { actor, requests } = startList(makeCases(30), { filter: 'final', pageSize: 5 });

      await settled(actor);

      expect(requests).toEqual([{ pageSize: 5, offset: 0, search: '', filter: 'final' }]);
      expect(actor.getSnapshot().context.totalRecords).toBe(10);
    });
  });

  describe('paging with 25 records: pages 1 to 3 (docs/product/intake-list.md)', () => {
    it('page 1: first and previous disabled, next and last enabled', async () => {
      const { actor } = startList(makeCases(25));

      expect(pager(await settled(actor))).toEqual({ page: 1, offset: 0, first: false, previous: false, next: true, last: true });
    });

    it('next moves the offset to current page times page size, then the page on', async () => {
      const { actor, requests } = startList(makeCases(25));
      await settled(actor);

      expect(pager(await press(actor, 'page.next'))).toEqual({ page: 2, offset: 10, first: true, previous: true, next: true, last: true });
      expect(pager(await press(actor, 'page.next'))).toEqual({
        page: 3,
        offset: 20,
        first: true,
        previous: true,
        next: false,
        last: false,
      });
      expect(requests.map((request) => request.offset)).toEqual([0, 10, 20]);
      expect(actor.getSnapshot().context.rows).toHaveLength(5);
    });

    it('next and last do nothing on the last page', async () => {
      const { actor, requests } = startList(makeCases(25));
      await settled(actor);
      await press(actor, 'page.last');

      actor.send({ type: 'page.next' });
      actor.send({ type: 'page.last' });

      expect(actor.getSnapshot().hasTag('busy')).toBe(false);
      expect(requests).toHaveLength(2);
    });

    it('last goes to page total with offset (total - 1) times page size', async () => {
      const { actor } = startList(makeCases(25));
      await settled(actor);

      expect(pager(await press(actor, 'page.last'))).toMatchObject({ page: 3, offset: 20 });
    });

    it('previous lowers page and offset by one page; first goes to page 1, offset 0', async () => {
      const { actor } = startList(makeCases(25));
      await settled(actor);
      await press(actor, 'page.last');

      expect(pager(await press(actor, 'page.previous'))).toMatchObject({ page: 2, offset: 10 });
      await press(actor, 'page.next');
      expect(pager(await press(actor, 'page.first'))).toMatchObject({ page: 1, offset: 0, first: false, previous: false });
    });

    it('first and previous do nothing on page 1', async () => {
      const { actor, requests } = startList(makeCases(25));
      await settled(actor);

      actor.send({ type: 'page.first' });
      actor.send({ type: 'page.previous' });

      expect(actor.getSnapshot().hasTag('busy')).toBe(false);
      expect(requests).toHaveLength(1);
    });

    it.each([
      [0, 0],
      [1, 1],
      [10, 1],
      [11, 2],
      [20, 2],
      [21, 3],
    ])('%i records make %i page(s): next is enabled only before the last one', async (records, pages) => {
      const { actor } = startList(makeCases(records));
      await settled(actor);

      for (let page = 1; page < pages; page++) {
        expect(actor.getSnapshot().can({ type: 'page.next' })).toBe(true);
        await press(actor, 'page.next');
      }
      expect(actor.getSnapshot().context.page).toBe(Math.max(pages, 1));
      expect(actor.getSnapshot().can({ type: 'page.next' })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'page.last' })).toBe(false);
    });
  });

  describe('while a page loads', () => {
    it('paging is ignored, so the pager is disabled', async () => {
      const { actor, requests } = startList(makeCases(25));
      await settled(actor);
      actor.send({ type: 'page.next' });

      expect(pager(actor.getSnapshot())).toMatchObject({ first: false, previous: false, next: false, last: false });
      actor.send({ type: 'page.next' });
      actor.send({ type: 'page.last' });

      expect(pager(await settled(actor))).toMatchObject({ page: 2, offset: 10 });
      expect(requests).toHaveLength(2);
    });

    it('a filter change restarts the load and the old answer is never shown', async () => {
      const answers = new Map<string | null, (result: PageResult) => void>();
      const actor = createActor(
        paginationMachine.provide({
          actors: {
            load: fromPromise<PageResult, PageRequest>(({ input }) => new Promise((resolve) => answers.set(input.filter, resolve))),
          },
        }),
        { input: {} },
      ).start();

      actor.send({ type: 'filter.change', value: 'draft' });
      answers.get(null)?.({ rows: [{ caseId: 'stale' }], totalRecords: 1 });
      answers.get('draft')?.({ rows: [{ caseId: 'case-0002' }], totalRecords: 1 });
      const snapshot = await settled(actor);

      expect(snapshot.context.rows).toEqual([{ caseId: 'case-0002' }]);
      expect(snapshot.context.filter).toBe('draft');
    });
  });

  describe('search debounce (docs/product/intake-list.md Search: 2000 ms of no typing)', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is applied after 2000 ms without typing, not at 1999 ms, and keeps the rows shown meanwhile', async () => {
      const { actor, requests } = startList(makeCases(25));
      await settled(actor);
      await press(actor, 'page.next');

      actor.send({ type: 'search.input', value: 'ana' });
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);

      expect(actor.getSnapshot().matches({ list: 'loaded', search: 'debouncing' })).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ search: '', page: 2 });
      expect(actor.getSnapshot().context.rows).toHaveLength(10);
      expect(requests).toHaveLength(2);

      vi.advanceTimersByTime(1);

      expect(actor.getSnapshot().context).toMatchObject({ search: 'ana', page: 1, offset: 0 });
      expect(requests.at(-1)).toEqual({ pageSize: 10, offset: 0, search: 'ana', filter: null });
      const snapshot = await settled(actor);
      expect(snapshot.context.totalRecords).toBe(13);
      expect(snapshot.matches({ search: 'idle' })).toBe(true);
    });

    it('typing again restarts the wait', async () => {
      const { actor, requests } = startList(makeCases(25));
      await settled(actor);

      actor.send({ type: 'search.input', value: 'b' });
      vi.advanceTimersByTime(1500);
      actor.send({ type: 'search.input', value: 'bo' });
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);

      expect(actor.getSnapshot().context.search).toBe('');
      expect(requests).toHaveLength(1);

      vi.advanceTimersByTime(1);

      expect(actor.getSnapshot().context.search).toBe('bo');
      expect(requests.map((request) => request.search)).toEqual(['', 'bo']);
    });

    it('works while a page is still loading, and the newest search wins', async () => {
      const { actor, requests } = startList(makeCases(25));

      actor.send({ type: 'search.input', value: 'bo' });
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      const snapshot = await settled(actor);

      expect(requests.map((request) => request.search)).toEqual(['', 'bo']);
      expect(snapshot.context.totalRecords).toBe(12);
    });

    it('clearing the box searches for everything again, from page 1', async () => {
      const { actor, requests } = startList(makeCases(25));
      actor.send({ type: 'search.input', value: 'ana' });
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      await settled(actor);
      await press(actor, 'page.next');

      actor.send({ type: 'search.input', value: '' });
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);

      expect(requests.at(-1)).toEqual({ pageSize: 10, offset: 0, search: '', filter: null });
      expect((await settled(actor)).context.totalRecords).toBe(25);
    });
  });

  describe('filter', () => {
    it('applies at once and returns to page 1, keeping the search', async () => {
      vi.useFakeTimers();
      try {
        const { actor, requests } = startList(makeCases(25));
        actor.send({ type: 'search.input', value: 'bo' });
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
        await settled(actor);
        await press(actor, 'page.next');

        actor.send({ type: 'filter.change', value: 'final' });

        expect(actor.getSnapshot().context).toMatchObject({ filter: 'final', page: 1, offset: 0 });
        expect(requests.at(-1)).toEqual({ pageSize: 10, offset: 0, search: 'bo', filter: 'final' });
        expect((await settled(actor)).context.totalRecords).toBe(4);
      } finally {
        vi.useRealTimers();
      }
    });

    it('back to All (null) lists every status', async () => {
      const { actor, requests } = startList(makeCases(25), { filter: 'draft' });
      await settled(actor);

      actor.send({ type: 'filter.change', value: null });

      expect(requests.at(-1)).toMatchObject({ filter: null, offset: 0 });
      expect((await settled(actor)).context.totalRecords).toBe(25);
    });
  });

  describe('failures and reload', () => {
    it('a failed load shows no rows and disables next; reload asks for the same page again', async () => {
      let failing = false;
      const server = fakeServer(makeCases(25));
      const actor = createActor(
        paginationMachine.provide({
          actors: {
            load: fromPromise<PageResult, PageRequest>(async ({ input }) => {
              server.requests.push(input);
              if (failing) throw new Error('Service Unavailable');
              return server.answer(input);
            }),
          },
        }),
        { input: {} },
      ).start();
      await settled(actor);
      await press(actor, 'page.next');
      failing = true;

      const failed = await press(actor, 'page.next');

      expect(failed.matches({ list: 'failed' })).toBe(true);
      expect(failed.context).toMatchObject({ page: 3, offset: 20, rows: [], totalRecords: 0 });
      expect(pager(failed)).toMatchObject({ first: true, previous: true, next: false, last: false });

      failing = false;
      actor.send({ type: 'list.reload' });
      const reloaded = await settled(actor);

      expect(server.requests.at(-1)).toEqual({ pageSize: 10, offset: 20, search: '', filter: null });
      expect(reloaded.matches({ list: 'loaded' })).toBe(true);
      expect(reloaded.context.rows).toHaveLength(5);
    });
  });
});
