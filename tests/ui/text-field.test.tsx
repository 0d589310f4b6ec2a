/** @vitest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { blockNonDigitKeys } from '@domain/digit-filter';
import { TextField } from '@ui/text-field';

describe('TextField', () => {
  it('labels the input and links the description', () => {
    render(<TextField label="Mobile number" description="10 digits" />);
    const input = screen.getByRole('textbox', { name: 'Mobile number' });
    expect(input).toHaveAccessibleDescription('10 digits');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error message, marks the input invalid and links the error', () => {
    render(<TextField label="Coordinates" description="latitude,longitude" errorMessage="Latitude must be in range from -90 to 90" />);
    const input = screen.getByRole('textbox', { name: 'Coordinates' });
    expect(screen.getByText('Latitude must be in range from -90 to 90')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Latitude must be in range from -90 to 90/);
    expect(input).toHaveAccessibleDescription(/latitude,longitude/);
  });

  it('passes inputMode, autoComplete and autoFocus through', () => {
    render(<TextField label="OTP" inputMode="numeric" autoComplete="one-time-code" autoFocus />);
    const input = screen.getByRole('textbox', { name: 'OTP' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveFocus();
  });

  it('lets an onKeyDown digit filter keep letters out', async () => {
    const user = userEvent.setup();
    function Digits() {
      const [value, setValue] = useState('');
      return <TextField label="Phone" value={value} onChange={setValue} onKeyDown={blockNonDigitKeys} />;
    }
    render(<Digits />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await user.type(input, '98a7-6 5{Backspace}4');
    // a, - and space are blocked; Backspace still edits.
    expect(input).toHaveValue('98764');
  });
});
