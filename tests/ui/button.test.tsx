/** @vitest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@ui/button';

describe('Button', () => {
  it('defaults to the secondary, medium look and handles presses', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveClass('ui-button', 'ui-button--secondary', 'ui-button--md');
    await user.click(button);
    expect(onPress).toHaveBeenCalledOnce();
  });

  it('applies variant, size and extra classes, and forwards props', () => {
    render(
      <Button variant="danger" size="sm" className="wide" isDisabled type="submit">
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveClass('ui-button--danger', 'ui-button--sm', 'wide');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('type', 'submit');
  });

  it('marks keyboard focus for the focus ring', async () => {
    const user = userEvent.setup();
    render(<Button>Next</Button>);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('data-focus-visible', 'true');
  });
});
