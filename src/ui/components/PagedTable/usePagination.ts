import { fromPromise, type ActorRefFrom } from 'xstate';
import { paginationMachine, type PageRequest, type PaginationInput } from '../../../machines/pagination.machine';
import type { Page } from '../../../api/page';
import { useMachineActor } from '../../app/inspect';

export type PaginationActor = ActorRefFrom<typeof paginationMachine>;

export type { Page } from '../../../api/page';

/**
 * One list's pagination actor, loading its pages with `load` (docs/product/intake-list.md Pagination). The
 * page keeps the actor: its search box, header filters and the PagedTable all talk to the same one.
 * `load` is read once, when the list first renders.
 */
export function usePagination<Row>(load: (request: PageRequest) => Promise<Page<Row>>, input?: PaginationInput): PaginationActor {
  return useMachineActor(paginationMachine.provide({ actors: { load: fromPromise(({ input: request }) => load(request)) } }), {
    input,
  });
}
