/** @vitest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField, fromPickerValue, toPickerValue } from '@ui/date-field';

/** The field's shown text: its segments in order (DD/MM/YYYY whatever the test browser's locale). */
function shown(label: string): string {
  const group = screen.getByRole('group', { name: label });
  // Without the bidi isolation marks react-aria puts around the time, and with plain spaces.
  return [...group.querySelectorAll('.ui-date__segment')]
    .map((s) => s.textContent)
    .join('')
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s/g, ' ');
}

function Controlled({ initial, granularity, onValue }: { initial: string; granularity?: 'day' | 'minute'; onValue: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Due date"
      value={value}
      granularity={granularity}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('DateField', () => {
  it('shows a date day first, as the details pages do, in an en-US browser too', () => {
    expect(navigator.language).toBe('en-US');
    render(<DateField label="Due date" value="2026-12-02" onChange={() => {}} />);
    expect(shown('Due date')).toBe('02/12/2026');
  });

  it('takes a typed date day, month, year and answers it as YYYY-MM-DD', async () => {
    const onValue = vi.fn();
    render(<Controlled initial="" onValue={onValue} />);
    const [day] = screen.getAllByRole('spinbutton');
    await userEvent.click(day!);
    await userEvent.keyboard('02122026');
    expect(onValue).toHaveBeenLastCalledWith('2026-12-02');
    expect(shown('Due date')).toBe('02/12/2026');
  });

  it('shows a date and time with a 12-hour clock and answers YYYY-MM-DDTHH:mm', async () => {
    const onValue = vi.fn();
    render(<Controlled initial="2026-12-02T14:05" granularity="minute" onValue={onValue} />);
    expect(shown('Due date')).toBe('02/12/2026, 02:05 pm');
    const minute = screen.getAllByRole('spinbutton').find((s) => s.getAttribute('aria-label')?.startsWith('minute'));
    expect(minute).toBeDefined();
    await userEvent.click(minute!);
    await userEvent.keyboard('06');
    expect(onValue).toHaveBeenLastCalledWith('2026-12-02T14:06');
  });

  it('reads and writes the stored forms, empty and unreadable as nothing', () => {
    expect(toPickerValue('', 'day')).toBeNull();
    expect(toPickerValue('not a date', 'day')).toBeNull();
    expect(fromPickerValue(toPickerValue('2026-02-28', 'day'), 'day')).toBe('2026-02-28');
    expect(fromPickerValue(toPickerValue('2026-02-28T09:30', 'minute'), 'minute')).toBe('2026-02-28T09:30');
    expect(fromPickerValue(toPickerValue('2026-02-28', 'minute'), 'minute')).toBe('2026-02-28T00:00');
    expect(fromPickerValue(null, 'day')).toBe('');
  });
});
