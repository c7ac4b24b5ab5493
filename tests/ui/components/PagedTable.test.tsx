// PagedTable tells its page of every failed load (docs/product/people.md Employee list load
// failure: each failure shows the toast), including a failure that follows another before React
// renders the list in between.
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { paginationMachine, type PageRequest, type PageResult } from '../../../src/machines/pagination.machine';
import { PagedTable } from '../../../src/ui/components/PagedTable';

interface Row {
  id: string;
}

const EMPTY = 'Nothing on this page';

function failingList() {
  const load = vi.fn<(request: PageRequest) => Promise<PageResult>>(() => Promise.reject(new Error('Service Unavailable')));
  const actor = createActor(paginationMachine.provide({ actors: { load: fromPromise(({ input }) => load(input)) } }), { input: {} });
  const onLoadFailed = vi.fn();
  const { unmount } = render(
    <PagedTable<Row>
      actor={actor}
      columns={[{ key: 'id', header: 'Id', render: (row) => row.id }]}
      getRowKey={(row) => row.id}
      emptyText={EMPTY}
      onLoadFailed={onLoadFailed}
    />,
  );
  // As in the app: the page's actor starts after the table has mounted.
  act(() => {
    actor.start();
  });
  return { actor, load, onLoadFailed, unmount };
}

describe('PagedTable', () => {
  it('calls onLoadFailed once when the first page cannot be loaded', async () => {
    const { onLoadFailed } = failingList();

    await waitFor(() => expect(onLoadFailed).toHaveBeenCalledOnce());
    expect(screen.getByText(EMPTY)).toBeInTheDocument();
    expect(screen.getByText('0 records')).toBeInTheDocument();
  });

  it('calls onLoadFailed again for a reload that fails while the list already shows a failure', async () => {
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

  it('stops telling failures once it is gone', async () => {
    const { actor, load, onLoadFailed, unmount } = failingList();
    await waitFor(() => expect(onLoadFailed).toHaveBeenCalledOnce());

    unmount();
    actor.send({ type: 'list.reload' });
    await waitFor(() => expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true));

    expect(load).toHaveBeenCalledTimes(2);
    expect(onLoadFailed).toHaveBeenCalledOnce();
  });
});
