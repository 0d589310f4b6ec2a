/** @vitest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultTable, type ResultColumn } from '@ui/result-table';

interface Row {
  line: number;
  problem?: string;
}

const columns: readonly ResultColumn<Row>[] = [
  { id: 'line', header: 'Line', render: (r) => r.line },
  { id: 'result', header: 'Result', testId: 'result-cell', render: (r) => r.problem ?? 'OK' },
  { id: 'actions', header: 'Actions', headerHidden: true, render: (r) => <button type="button">Open {r.line}</button> },
];

describe('the result table', () => {
  it('renders each declared column for each row, a hidden header for assistive technology only, and marks rows', () => {
    render(<ResultTable label="Rows" columns={columns} rows={[{ line: 1 }, { line: 2, problem: 'Unknown booking' }]} rowKey={(r) => r.line} rowClassName={(r) => (r.problem ? 'bad' : undefined)} />);
    const table = screen.getByRole('table', { name: 'Rows' });
    expect(table.className).toBe('related-table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Line', 'Result', 'Actions']);
    expect(within(table).getByText('Actions').className).toBe('ui-visually-hidden');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['1', 'OK', 'Open 1'],
      ['2', 'Unknown booking', 'Open 2'],
    ]);
    expect(rows.map((r) => r.className)).toEqual(['', 'bad']);
    expect(screen.getAllByTestId('result-cell').map((c) => c.textContent)).toEqual(['OK', 'Unknown booking']);
  });
});
