import { useState, type ReactNode } from 'react';
import './chart.css';

/** A table of the numbers a chart shows (the chart's table view). */
export interface ChartTable {
  caption: string;
  columns: readonly string[];
  /** Rows of cells as shown (formatted, units included); the first cell names the row. */
  rows: readonly (readonly string[])[];
}

/** A titled panel with a Chart | Table switch; both views show the same numbers. */
export function ChartPanel({ title, chart, table, actions }: { title: string; chart: ReactNode; table: ChartTable; actions?: ReactNode }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <section className="chart-panel" aria-label={title}>
      <header className="chart-panel__header">
        <h2>{title}</h2>
        {actions}
        <div className="chart-panel__switch" role="group" aria-label={`${title}: view as`}>
          <button type="button" aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
            Chart
          </button>
          <button type="button" aria-pressed={view === 'table'} onClick={() => setView('table')}>
            Table
          </button>
        </div>
      </header>
      {view === 'chart' ? chart : <TableView table={table} />}
    </section>
  );
}

/** The numbers as a plain table. */
export function TableView({ table }: { table: ChartTable }) {
  return (
    <div className="chart-table-wrap" tabIndex={0} role="region" aria-label={table.caption}>
      <table className="chart-table">
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) => (i === 0 ? <th key={i} scope="row">{cell}</th> : <td key={i}>{cell}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
