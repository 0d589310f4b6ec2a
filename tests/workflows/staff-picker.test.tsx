/** @vitest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StaffPicker, type StaffChoice } from '@workflows/ticket-actions/staff-picker';
import { fakeSession, renderWith } from '@tests/app/fake-session';
import { emptyGlobalConfig } from '@tests/support/session-fixtures';

const staff = [
  { userId: 'u-1', name: 'Priya Nair', mobileNumber: '9000000002' },
  { userId: 'u-2', name: 'Rohan Das', mobileNumber: '9845012345' },
];

function Harness({ onPick }: { onPick: (choice: StaffChoice) => void }) {
  const [choice, setChoice] = useState<StaffChoice>({ id: null, label: '' });
  return (
    <StaffPicker
      label="Assign to"
      value={choice}
      onChange={(next) => {
        setChoice(next);
        onPick(next);
      }}
    />
  );
}

describe('the staff picker', () => {
  it('finds staff from the global config by name or by a number in any common form, with no users permission', async () => {
    const picked: StaffChoice[] = [];
    const { Wrapper } = renderWith(fakeSession(['ROLE_ASSIGN_TICKET'], { globalConfig: { ...emptyGlobalConfig, czoUsers: staff } }));
    render(<Harness onPick={(c) => picked.push(c)} />, { wrapper: Wrapper });
    const input = screen.getByRole('combobox', { name: 'Assign to' });

    await userEvent.type(input, 'rohan');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Rohan Das · +91 98450 12345']);

    await userEvent.clear(input);
    await userEvent.type(input, '+91 98450 12345');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Rohan Das · +91 98450 12345']);

    await userEvent.clear(input);
    await userEvent.type(input, '0 90000 00002');
    await userEvent.click(screen.getByRole('option', { name: /^Priya Nair/ }));
    expect(picked.at(-1)).toEqual({ id: 'u-1', label: 'Priya Nair · +91 90000 00002' });
    expect(input).toHaveValue('Priya Nair · +91 90000 00002');

    await userEvent.clear(input);
    await userEvent.type(input, 'nobody');
    expect(screen.queryByRole('option', { name: /Priya|Rohan/ })).toBeNull();
    expect(screen.getByText('No staff member matches')).toBeTruthy();
  });
});
