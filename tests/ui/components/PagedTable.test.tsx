// A list page's failed load becomes its toast through the facts table (docs/product/people.md
// Employee list load failure: each failure shows the toast, one at a time by its id), including a
// failure that follows another before React renders the list in between.
import { act, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import { paginationMachine, type PageRequest, type PageResult } from '../../../src/machines/pagination.machine';
import { employeeListToasts } from '../../../src/ui/app/factToasts';
import { useToastEvents } from '../../../src/ui/app/useToastEvents';
import { PagedTable } from '../../../src/ui/components/PagedTable';

interface Row {
  id: string;
}

const EMPTY = 'Nothing on this page';

function ListPage({ actor }: { actor: Actor<typeof paginationMachine> }) {
  useToastEvents(actor, employeeListToasts);
  return (
    <PagedTable<Row>
      actor={actor}
      columns={[{ key: 'id', header: 'Id', render: (row) => row.id }]}
      getRowKey={(row) => row.id}
      emptyText={EMPTY}
    />
  );
}

afterEach(() => vi.restoreAllMocks());

function failingList() {
  const load = vi.fn<(request: PageRequest) => Promise<PageResult>>(() => Promise.reject(new Error('Service Unavailable')));
  const actor = createActor(paginationMachine.provide({ actors: { load: fromPromise(({ input }) => load(input)) } }), { input: {} });
  const onLoadFailed = vi.spyOn(toast, 'error');
  const { unmount } = render(<ListPage actor={actor} />);
  // As in the app: the page's actor starts after the table has mounted.
  act(() => {
    actor.start();
  });
  return { actor, load, onLoadFailed, unmount };
}

describe('PagedTable', () => {
  it('shows the failure toast once when the first page cannot be loaded', async () => {
    const { onLoadFailed } = failingList();

    await waitFor(() => expect(onLoadFailed).toHaveBeenCalledOnce());
    // The same id: a second failure replaces the toast instead of stacking another.
    expect(onLoadFailed).toHaveBeenCalledWith('Error fetching employee data:', { id: 'employees-load-failed' });
    expect(screen.getByText(EMPTY)).toBeInTheDocument();
    expect(screen.getByText('0 records')).toBeInTheDocument();
  });

  it('tells the toast again for a reload that fails while the list already shows a failure', async () => {
    const { actor, load, onLoadFailed } = failingList();
    await waitFor(() => expect(onLoadFailed).toHaveBeenCalledOnce());

    // The reload fails within the same task: the list goes failed -> loading -> failed without
    // a render that shows it loading.
    await act(async () => {
      actor.send({ type: 'list.reload' });
      await Promise.resolve();
    });

    await waitFor(() => expect(onLoadFailed).toHaveBeenCalledTimes(2));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows no toast once the page is gone', async () => {
    const { actor, load, onLoadFailed, unmount } = failingList();
    await waitFor(() => expect(onLoadFailed).toHaveBeenCalledOnce());

    unmount();
    actor.send({ type: 'list.reload' });
    await waitFor(() => expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true));

    expect(load).toHaveBeenCalledTimes(2);
    expect(onLoadFailed).toHaveBeenCalledOnce();
  });
});
