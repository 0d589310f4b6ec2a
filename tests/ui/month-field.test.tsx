/** @vitest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MonthField } from '@ui/month-field';

function Harness({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('2026-03');
  return (
    <MonthField
      label="From"
      value={value}
      years={[2024, 2027]}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

describe('the month field', () => {
  it('shows a YYYY-MM value as a month name and a year, in one named group, and answers YYYY-MM', async () => {
    const seen: string[] = [];
    render(<Harness seen={seen} />);
    expect(screen.getByRole('group', { name: 'From' })).toBeInTheDocument();
    const month = screen.getByRole('combobox', { name: 'From month' });
    const year = screen.getByRole('combobox', { name: 'From year' });
    expect(month).toHaveDisplayValue('March');
    expect(year).toHaveDisplayValue('2026');
    expect(screen.getAllByRole('option').filter((o) => /^\d{4}$/.test(o.textContent ?? '')).map((o) => o.textContent)).toEqual(['2027', '2026', '2025', '2024']);
    await userEvent.selectOptions(month, 'November');
    await userEvent.selectOptions(year, '2025');
    expect(seen).toEqual(['2026-11', '2025-11']);
  });
});
