import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Table, TABLE_EMPTY_TEXT, TABLE_LOADING_TEXT, type TableColumn } from '../../../src/ui/components/Table';

interface CaseRow {
  caseId: string;
  clientName: string;
  status: 'draft' | 'final';
}

const rows: CaseRow[] = [
  { caseId: 'case-1', clientName: 'Ada Example', status: 'draft' },
  { caseId: 'case-2', clientName: 'Bo Sample', status: 'final' },
];

const columns: TableColumn<CaseRow>[] = [
  { key: 'client', header: 'Client Name', render: (row) => row.clientName },
  { key: 'status', header: 'Status', render: (row) => row.status },
];

function renderTable(overrides: Partial<Parameters<typeof Table<CaseRow>>[0]> = {}) {
  const onRowClick = vi.fn();
  const onActivate = vi.fn();
  render(
    <Table<CaseRow>
      columns={columns}
      rows={rows}
      getRowKey={(row) => row.caseId}
      onRowClick={onRowClick}
      action={{ label: (row) => (row.status === 'draft' ? 'Edit' : 'View'), onActivate }}
      loading={false}
      {...overrides}
    />,
  );
  return { onRowClick, onActivate };
}

function rowOf(name: string) {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('Table', () => {
  it('renders column headers and one row per item with the action label per row', () => {
    renderTable();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Client Name' })).toHaveAttribute('scope', 'col');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(within(rowOf('Ada Example')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(rowOf('Bo Sample')).getByRole('button', { name: 'View' })).toBeInTheDocument();
    // header row + two body rows
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('a header can hold a control such as a dropdown filter', () => {
    const filterColumns: TableColumn<CaseRow>[] = [
      columns[0]!,
      {
        key: 'status',
        header: (
          <select aria-label="Status">
            <option>All</option>
          </select>
        ),
        render: (row) => row.status,
      },
    ];
    renderTable({ columns: filterColumns });
    expect(within(screen.getAllByRole('columnheader')[1]!).getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
  });

  it('clicking a row calls onRowClick with that row', async () => {
    const user = userEvent.setup();
    const { onRowClick, onActivate } = renderTable();
    await user.click(screen.getByRole('cell', { name: 'Bo Sample' }));
    expect(onRowClick).toHaveBeenCalledExactlyOnceWith(rows[1]);
    expect(onActivate).not.toHaveBeenCalled();
  });

  it('clicking the action calls its handler and not the row click', async () => {
    const user = userEvent.setup();
    const { onRowClick, onActivate } = renderTable();
    await user.click(within(rowOf('Ada Example')).getByRole('button', { name: 'Edit' }));
    expect(onActivate).toHaveBeenCalledExactlyOnceWith(rows[0]);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('the action works from the keyboard with Enter and Space without triggering the row', async () => {
    const user = userEvent.setup();
    const { onRowClick, onActivate } = renderTable();
    within(rowOf('Bo Sample')).getByRole('button', { name: 'View' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onActivate).toHaveBeenCalledTimes(2);
    expect(onActivate).toHaveBeenLastCalledWith(rows[1]);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('clickable rows are reached with Tab and open with Enter or Space', async () => {
    const user = userEvent.setup();
    const { onRowClick } = renderTable();
    await user.tab();
    expect(rowOf('Ada Example')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);
    await user.tab(); // the row's Edit button
    await user.tab(); // the next row
    expect(rowOf('Bo Sample')).toHaveFocus();
    await user.keyboard(' ');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('rows without onRowClick are not focusable', () => {
    renderTable({ onRowClick: undefined });
    expect(rowOf('Ada Example')).not.toHaveAttribute('tabindex');
  });

  it("shows 'No data available' when there are no rows", () => {
    renderTable({ rows: [] });
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(TABLE_EMPTY_TEXT).toBe('No data available');
  });

  it('shows a page-specific empty text when given', () => {
    renderTable({ rows: [], emptyText: 'No users for the desired search.' });
    expect(screen.getByText('No users for the desired search.')).toBeInTheDocument();
    expect(screen.queryByText('No data available')).not.toBeInTheDocument();
  });

  it("shows 'Please wait while your items are loading' instead of rows while loading", () => {
    renderTable({ loading: true });
    expect(screen.getByText('Please wait while your items are loading')).toBeInTheDocument();
    expect(TABLE_LOADING_TEXT).toBe('Please wait while your items are loading');
    expect(screen.queryByText('Ada Example')).not.toBeInTheDocument();
    expect(screen.queryByText('No data available')).not.toBeInTheDocument();
  });
});
