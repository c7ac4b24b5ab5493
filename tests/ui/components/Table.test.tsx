import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
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

type TableProps = Parameters<typeof Table<CaseRow>>[0];

const actionLabel = (row: CaseRow) => (row.status === 'draft' ? 'Edit' : 'View');

/** The table on a page that shows what each row click and action opened, as a page would open it. */
function TablePage({ overrides }: { overrides: Partial<TableProps> }) {
  const [opened, setOpened] = useState<string[]>([]);
  const open = (text: string) => setOpened((list) => [...list, text]);
  return (
    <>
      <Table<CaseRow>
        columns={columns}
        rows={rows}
        getRowKey={(row) => row.caseId}
        onRowClick={(row) => open(`Opened ${row.clientName}`)}
        action={{ label: actionLabel, onActivate: (row) => open(`${actionLabel(row)} ${row.clientName}`) }}
        loading={false}
        {...overrides}
      />
      <ul aria-label="Opened">
        {opened.map((text, index) => (
          <li key={index}>{text}</li>
        ))}
      </ul>
    </>
  );
}

function renderTable(overrides: Partial<TableProps> = {}) {
  render(<TablePage overrides={overrides} />);
}

/** What the page shows as opened, in order. */
function opened(): string[] {
  return within(screen.getByRole('list', { name: 'Opened' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent ?? '');
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

  it('clicking a row opens that row', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('cell', { name: 'Bo Sample' }));
    expect(opened()).toEqual(['Opened Bo Sample']);
  });

  it("clicking the action opens the row's action, not the row", async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(within(rowOf('Ada Example')).getByRole('button', { name: 'Edit' }));
    expect(opened()).toEqual(['Edit Ada Example']);
  });

  it('the action works from the keyboard with Enter and Space without opening the row', async () => {
    const user = userEvent.setup();
    renderTable();
    within(rowOf('Bo Sample')).getByRole('button', { name: 'View' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(opened()).toEqual(['View Bo Sample', 'View Bo Sample']);
  });

  it('clickable rows are reached with Tab and open with Enter or Space', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.tab();
    expect(rowOf('Ada Example')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened()).toEqual(['Opened Ada Example']);
    await user.tab(); // the row's Edit button
    await user.tab(); // the next row
    expect(rowOf('Bo Sample')).toHaveFocus();
    await user.keyboard(' ');
    expect(opened()).toEqual(['Opened Ada Example', 'Opened Bo Sample']);
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
