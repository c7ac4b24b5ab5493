import { useId, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { visuallyHidden } from '../TextInput/field.css';
import * as css from './Table.css';

/** docs/product/app-shell.md "Reusable table" and docs/product/app-shell.md "Table states": the exact texts. */
export const TABLE_EMPTY_TEXT = 'No data available';
export const TABLE_LOADING_TEXT = 'Please wait while your items are loading';
export const TABLE_ACTION_HEADER = 'Actions';

export interface TableColumn<Row> {
  key: string;
  /** A node, so a header can hold a dropdown filter (docs/product/intake-form.md, the Status column). */
  header: ReactNode;
  /**
   * The column's name in words when `header` is a control (a filter): on a phone each cell shows
   * its column's name beside its value (docs/product/app-shell.md, Tables). A text header
   * is its own name.
   */
  label?: string;
  render: (row: Row) => ReactNode;
}

export interface TableAction<Row> {
  /** 'Edit' for a draft, 'View' otherwise (docs/product/intake-form.md), or any other verb. */
  label: (row: Row) => string;
  onActivate: (row: Row) => void;
}

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  action?: TableAction<Row>;
  loading: boolean;
  emptyText?: string;
  caption?: ReactNode;
}

/** The words a cell shows before its value on a phone. */
function columnLabel<Row>(column: TableColumn<Row>): string | undefined {
  return typeof column.header === 'string' ? column.header : column.label;
}

/**
 * A table on wide screens; under the small-screen breakpoint each row becomes a card of
 * "label: value" lines, so that no column is out of reach on a phone (docs/product/app-shell.md,
 * Reusable table). The explicit roles keep the table's semantics when CSS shows its parts as
 * blocks (some browsers drop them with the display).
 */
export function Table<Row>({
  columns,
  rows,
  getRowKey,
  onRowClick,
  action,
  loading,
  emptyText = TABLE_EMPTY_TEXT,
  caption,
}: TableProps<Row>) {
  const tableId = useId();
  const columnCount = columns.length + (action ? 1 : 0);

  function activateRowWithKeyboard(event: KeyboardEvent<HTMLTableRowElement>, row: Row) {
    // Keys pressed on a control inside the row (the action button, a link) belong to that control.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  }

  function activateAction(event: MouseEvent<HTMLButtonElement>, row: Row) {
    // docs/product/app-shell.md: the action calls its handler without triggering the row click.
    event.stopPropagation();
    action?.onActivate(row);
  }

  function renderBody() {
    const message = loading ? TABLE_LOADING_TEXT : rows.length === 0 ? emptyText : null;
    if (message !== null) {
      return (
        <tr role="row" className={css.messageRow}>
          <td role="cell" className={css.messageCell} colSpan={columnCount}>
            <span role="status">{message}</span>
          </td>
        </tr>
      );
    }
    return rows.map((row, rowIndex) => {
      const rowKey = getRowKey(row);
      // By position, not by key: a key may hold spaces, which would split an id reference.
      const firstCellId = `${tableId}-row-${rowIndex}`;
      const clickable = onRowClick !== undefined;
      return (
        <tr
          key={rowKey}
          role="row"
          className={clickable ? css.clickableRow : css.row}
          onClick={clickable ? () => onRowClick(row) : undefined}
          onKeyDown={clickable ? (event) => activateRowWithKeyboard(event, row) : undefined}
          // A focusable row lets keyboard users open it like a click; it keeps its row role so
          // the table still reads as a table.
          tabIndex={clickable ? 0 : undefined}
        >
          {columns.map((column, index) => {
            const label = columnLabel(column);
            return (
              <td role="cell" key={column.key} id={index === 0 ? firstCellId : undefined} className={css.cell}>
                {/* Heard from the column header already; shown only where the header is not. */}
                {label && (
                  <span className={css.cellLabel} aria-hidden="true">
                    {label}
                  </span>
                )}
                <span className={css.cellValue}>{column.render(row)}</span>
              </td>
            );
          })}
          {action && (
            <td role="cell" className={css.actionCell}>
              <button
                type="button"
                className={css.actionButton}
                onClick={(event) => activateAction(event, row)}
                // 'Edit' alone is ambiguous in a list; the row's first cell says which one.
                aria-describedby={columns.length > 0 ? firstCellId : undefined}
              >
                {action.label(row)}
              </button>
            </td>
          )}
        </tr>
      );
    });
  }

  return (
    <div className={css.wrapper}>
      <table role="table" className={css.table} aria-busy={loading || undefined}>
        {caption && <caption className={css.caption}>{caption}</caption>}
        <thead role="rowgroup" className={css.head}>
          <tr role="row" className={css.headRow}>
            {columns.map((column) => (
              <th
                role="columnheader"
                key={column.key}
                scope="col"
                // On a phone a text header goes out of sight (each cell names its column); a filter stays.
                className={typeof column.header === 'string' ? css.textHeaderCell : css.controlHeaderCell}
              >
                {column.header}
              </th>
            ))}
            {action && (
              <th role="columnheader" scope="col" className={css.textHeaderCell}>
                <span className={visuallyHidden}>{TABLE_ACTION_HEADER}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody role="rowgroup" className={css.body}>
          {renderBody()}
        </tbody>
      </table>
    </div>
  );
}
