import { useSelector } from '@xstate/react';
import { Pager } from '../Pager';
import { Table, type TableProps } from '../Table';
import type { PaginationActor } from './usePagination';

export interface PagedTableProps<Row> extends Omit<TableProps<Row>, 'rows' | 'loading'> {
  /** From usePagination, whose `load` returns rows of this table's Row type. */
  actor: PaginationActor;
}

/**
 * A Table and its Pager bound to one pagination actor (docs/product/app-shell.md Reusable table, docs/product/app-shell.md
 * Pagination). The machine decides what the pager may do (`can`) and when the loading text shows
 * (tag busy); this component only renders it.
 */
export function PagedTable<Row>({ actor, ...tableProps }: PagedTableProps<Row>) {
  // usePagination's load returns Row[], so the machine's unknown[] holds Rows.
  const rows = useSelector(actor, (snapshot) => snapshot.context.rows) as Row[];
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const page = useSelector(actor, (snapshot) => snapshot.context.page);
  const totalRecords = useSelector(actor, (snapshot) => snapshot.context.totalRecords);
  const canGoBack = useSelector(actor, (snapshot) => snapshot.can({ type: 'page.previous' }));
  const canGoForward = useSelector(actor, (snapshot) => snapshot.can({ type: 'page.next' }));

  return (
    <>
      <Table {...tableProps} rows={rows} loading={loading} />
      <Pager
        page={page}
        totalRecords={totalRecords}
        canGoBack={canGoBack}
        canGoForward={canGoForward}
        onFirst={() => actor.send({ type: 'page.first' })}
        onPrevious={() => actor.send({ type: 'page.previous' })}
        onNext={() => actor.send({ type: 'page.next' })}
        onLast={() => actor.send({ type: 'page.last' })}
      />
    </>
  );
}
