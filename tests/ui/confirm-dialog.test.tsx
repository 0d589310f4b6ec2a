/** @vitest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';

function renderDialog(onConfirm: () => void | Promise<unknown>) {
  return render(
    <ConfirmDialog title="Reject settlement?" confirmLabel="Reject" onConfirm={onConfirm} trigger={<Button variant="danger">Reject settlement</Button>}>
      This cannot be undone.
    </ConfirmDialog>,
  );
}

describe('ConfirmDialog', () => {
  it('opens from its trigger and closes on Cancel without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderDialog(onConfirm);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reject settlement' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject settlement?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs the action on confirm and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => undefined);
    renderDialog(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Reject settlement' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('stays open when the action fails', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => Promise.reject(new Error('409')));
    renderDialog(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Reject settlement' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled());
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
