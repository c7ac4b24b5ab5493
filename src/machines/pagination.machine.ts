// One list's paging, search and filter (docs/product/intake-list.md Pagination and docs/product/intake-list.md Shared layout, intake
// docs/product/intake-list.md Intakes list and docs/product/intake-list.md Pagination, docs/product/intake-list.md constants). Every table (employees, leads, intakes)
// runs its own copy with its own `load` actor.
//
// Two parallel regions, so that typing in the search box never hides the rows on screen:
// - `list`: loading -> loaded | failed. Paging works from `loaded` only (and first/previous from
//   `failed`, to step back from a page that would not load); paging events sent while loading are
//   ignored, so a double click cannot skip a page and `can(...)` is false while the pager waits.
// - `search`: idle -> debouncing; the typed text is applied once SEARCH_DEBOUNCE_MS pass without
//   another keystroke, and applying it reloads the list from page 1.
//
// Views read `hasTag('busy')` for the loading text, `matches({ list: 'failed' })` for a failed
// load, and `can({ type: 'page.next' })` etc. for the pager controls. Each failed load is also
// emitted as the fact `loadFailed`, once per failure: a view that told it from the `failed` state
// would miss a second failure that React renders in the same commit as the first.
import { assertEvent, assign, emit, fromPromise, raise, setup } from 'xstate';
import { FIRST_OFFSET, FIRST_PAGE, PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../domain/constants';

export interface PaginationInput {
  filter?: string | null;
  pageSize?: number;
}

export interface PageRequest {
  pageSize: number;
  offset: number;
  search: string;
  filter: string | null;
}

export interface PageResult {
  rows: unknown[];
  totalRecords: number;
}

export interface PaginationContext {
  page: number;
  offset: number;
  pageSize: number;
  /** The search text the rows were asked for. */
  search: string;
  /** What is in the search box, waiting for the debounce to become `search`. */
  typedSearch: string;
  filter: string | null;
  rows: unknown[];
  totalRecords: number;
}

export type PaginationEvent =
  | { type: 'page.first' }
  | { type: 'page.previous' }
  | { type: 'page.next' }
  | { type: 'page.last' }
  | { type: 'search.input'; value: string }
  | { type: 'filter.change'; value: string | null }
  | { type: 'list.reload' };

/** Facts the machine tells its view (actor.on). */
export type PaginationEmitted = { type: 'loadFailed' };

/** "records divided by page size, rounded up" (docs/product/intake-list.md). */
export function totalPages(context: Pick<PaginationContext, 'totalRecords' | 'pageSize'>): number {
  return Math.ceil(context.totalRecords / context.pageSize);
}

export const paginationMachine = setup({
  types: {
    context: {} as PaginationContext,
    events: {} as PaginationEvent,
    input: {} as PaginationInput,
    emitted: {} as PaginationEmitted,
  },
  actors: {
    load: fromPromise<PageResult, PageRequest>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: {
    canGoBack: ({ context }) => context.page > FIRST_PAGE,
    canGoForward: ({ context }) => totalPages(context) > context.page,
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
  actions: {
    goToFirstPage: assign({ page: FIRST_PAGE, offset: FIRST_OFFSET }),
    goToPreviousPage: assign(({ context }) => ({ page: context.page - 1, offset: context.offset - context.pageSize })),
    // The offset is the current page times the page size, taken before the page moves (docs/product/intake-list.md).
    goToNextPage: assign(({ context }) => ({ offset: context.page * context.pageSize, page: context.page + 1 })),
    goToLastPage: assign(({ context }) => {
      const last = totalPages(context);
      return { page: last, offset: (last - 1) * context.pageSize };
    }),
    storePage: assign((_, result: PageResult) => ({ rows: result.rows, totalRecords: result.totalRecords })),
    // A failed load shows no stale rows under the new page number; the error itself is the
    // view's business (docs/product/intake-list.md: only logged; docs/product/intake-list.md: a toast for employees).
    clearRows: assign({ rows: [], totalRecords: 0 }),
    reportLoadFailed: emit({ type: 'loadFailed' } as const),
    storeTypedSearch: assign(({ event }) => {
      assertEvent(event, 'search.input');
      return { typedSearch: event.value };
    }),
    // A new search or filter starts again from the first page.
    applySearch: assign(({ context }) => ({ search: context.typedSearch, page: FIRST_PAGE, offset: FIRST_OFFSET })),
    applyFilter: assign(({ event }) => {
      assertEvent(event, 'filter.change');
      return { filter: event.value, page: FIRST_PAGE, offset: FIRST_OFFSET };
    }),
    reloadList: raise({ type: 'list.reload' }),
  },
}).createMachine({
  id: 'pagination',
  type: 'parallel',
  // `input?.`: an actor created without input (plain JS, a test) still gets the defaults.
  context: ({ input }) => ({
    page: FIRST_PAGE,
    offset: FIRST_OFFSET,
    pageSize: input?.pageSize ?? PAGE_SIZE,
    search: '',
    typedSearch: '',
    filter: input?.filter ?? null,
    rows: [],
    totalRecords: 0,
  }),
  states: {
    list: {
      initial: 'loading',
      on: {
        // Both leave the current child state, so a running load is stopped and started again:
        // an answer for the old page, search or filter is never shown.
        'list.reload': { target: '.loading' },
        'filter.change': { target: '.loading', actions: 'applyFilter' },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({
              pageSize: context.pageSize,
              offset: context.offset,
              search: context.search,
              filter: context.filter,
            }),
            onDone: { target: 'loaded', actions: { type: 'storePage', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: ['clearRows', 'reportLoadFailed'] },
          },
        },
        loaded: {
          on: {
            'page.first': { guard: 'canGoBack', target: 'loading', actions: 'goToFirstPage' },
            'page.previous': { guard: 'canGoBack', target: 'loading', actions: 'goToPreviousPage' },
            'page.next': { guard: 'canGoForward', target: 'loading', actions: 'goToNextPage' },
            'page.last': { guard: 'canGoForward', target: 'loading', actions: 'goToLastPage' },
          },
        },
        failed: {
          on: {
            'page.first': { guard: 'canGoBack', target: 'loading', actions: 'goToFirstPage' },
            'page.previous': { guard: 'canGoBack', target: 'loading', actions: 'goToPreviousPage' },
          },
        },
      },
    },
    search: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'search.input': { target: 'debouncing', actions: 'storeTypedSearch' } },
        },
        debouncing: {
          on: {
            // Another keystroke restarts the wait (docs/product/intake-list.md Search: 2000 ms of no typing).
            'search.input': { target: 'debouncing', reenter: true, actions: 'storeTypedSearch' },
          },
          after: {
            searchDebounce: { target: 'idle', actions: ['applySearch', 'reloadList'] },
          },
        },
      },
    },
  },
});
