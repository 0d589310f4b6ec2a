/** @vitest-environment jsdom */
// The relation picker offers options only for the text as typed: while a newer search waits for its debounce and
// answer, the older list is not on screen (a click on it landed on rows being replaced and chose nothing).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '@domain/resource/registry';
import { pickerOptionLabel, RelationPicker } from '@resources/relation-picker';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const vendors = [
  { id: 1, name: 'Tata Power Parts', mobileNumber: '9845012340', isActive: true },
  { id: 2, name: 'Exicom Supplies', mobileNumber: '9845012341', isActive: true },
  { id: 3, name: 'Delta Electronics', mobileNumber: '9845012342', isActive: true },
];

function Harness({ onPick }: { onPick: (v: { id: string | number | null; label: string }) => void }) {
  const [value, setValue] = useState<{ id: string | number | null; label: string }>({ id: null, label: '' });
  return (
    <RelationPicker
      label="Vendor"
      resource="vendors"
      value={value}
      onChange={(v) => {
        setValue(v);
        onPick(v);
      }}
    />
  );
}

describe('the relation picker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hides the older list while what was typed is searched, then offers its matches; a pick stays picked', async () => {
    const queries: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
        queries.push(q);
        const items = vendors.filter((v) => q === '' || v.name.toLowerCase().includes(q.toLowerCase()));
        return new Response(JSON.stringify({ items, count: items.length, countExact: true, page: 0, size: 20 }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const picked: { id: string | number | null; label: string }[] = [];
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_VENDORS']));
    render(<Harness onPick={(v) => picked.push(v)} />, { wrapper: Wrapper });
    const input = screen.getByRole('combobox', { name: 'Vendor' });

    const user = userEvent.setup({ delay: null });
    await user.click(input);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await user.type(input, 'exi');
    // Typed, not searched yet: the three older options are gone, the list says it is searching.
    expect(screen.queryByRole('option', { name: /Tata|Exicom|Delta/ })).toBeNull();
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Exicom Supplies']));
    expect(queries).toContain('exi');

    await user.click(screen.getByRole('option', { name: 'Exicom Supplies' }));
    expect(picked.at(-1)).toEqual({ id: 2, label: 'Exicom Supplies' });
    expect(input).toHaveValue('Exicom Supplies');
    await new Promise((r) => setTimeout(r, 400));
    expect(input).toHaveValue('Exicom Supplies');
    expect(picked.at(-1)).toEqual({ id: 2, label: 'Exicom Supplies' });
  });

  it('names a record as staff know it: its label, with the phone number where the resource has one, never its id', () => {
    const user = { id: '878d67f9-0c1e-4f4e-9d1a-2b6f1e0c9a77', name: 'Atharv Gill', mobileNumber: '9876543210' };
    expect(pickerOptionLabel(resourceByName('users'), user)).toBe('Atharv Gill · +91 98765 43210');
    expect(pickerOptionLabel(resourceByName('chargers'), { id: 2, uniqueId: 'CZ000002' })).toBe('CZ000002');
    expect(pickerOptionLabel(resourceByName('cities'), { id: 7, name: 'Pune' })).toBe('Pune');
    // A phone that does not identify the record (a vendor's contact number) stays out of its name.
    expect(pickerOptionLabel(resourceByName('vendors'), { id: 2, name: 'Exicom Supplies', mobileNumber: '9845012341' })).toBe('Exicom Supplies');
  });
});
