import type { Key } from 'react';
import type { DataColumn } from './data-table';
import './result-table.css';

/**
 * A column of ResultTable: DataTable's column without the widths, sorting and alignment a short table of results
 * does not use (the table lays itself out), with a test id for cells a test reads.
 */
export type ResultColumn<T> = Pick<DataColumn<T>, 'id' | 'header' | 'headerHidden' | 'render'> & { testId?: string };

/** Props of ResultTable. */
export interface ResultTableProps<T> {
  columns: readonly ResultColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Accessible name of the table, when no heading names it. */
  label?: string;
  /** A row's class (a row with problems is marked). */
  rowClassName?: (row: T) => string | undefined;
  /** The table's look: the record page's related table (default) or the charger panel's dense one. */
  className?: string;
}

/**
 * A short table of results (a preview's rows, what an upload did, a charger's live state) in a page or dialog.
 * DataTable is a virtualised grid with an active row and keyboard navigation for long lists; a dozen rows read at a
 * glance want a plain table, which is this one, with DataTable's column declarations.
 */
export function ResultTable<T>({ columns, rows, rowKey, label, rowClassName, className = 'related-table' }: ResultTableProps<T>) {
  return (
    <table className={className} aria-label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.id} scope="col">
              {c.headerHidden ? <span className="ui-visually-hidden">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((c) => (
              <td key={c.id} data-testid={c.testId}>
                {c.render(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
