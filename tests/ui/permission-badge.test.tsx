/** @vitest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, toastStore } from '@state/toasts';
import { PermissionBadge } from '@ui/permission-badge';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

afterEach(() => {
  resetToasts();
});

describe('PermissionBadge', () => {
  it('shows the permission name', () => {
    render(<PermissionBadge permission="ROLE_VIEW_USERS" />);
    expect(screen.getByText('ROLE_VIEW_USERS')).toBeInTheDocument();
  });

  it('copies the name and toasts success', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText);
    render(<PermissionBadge permission="ROLE_VIEW_USERS" />);

    await user.click(screen.getByRole('button', { name: 'Copy permission ROLE_VIEW_USERS' }));

    expect(writeText).toHaveBeenCalledWith('ROLE_VIEW_USERS');
    await waitFor(() => expect(toastStore.toasts).toHaveLength(1));
    expect(toastStore.toasts[0]).toMatchObject({ message: 'Permission copied to clipboard!', type: 'success' });
  });

  it('toasts the reason when copying fails', async () => {
    const user = userEvent.setup();
    stubClipboard(vi.fn(async () => Promise.reject(new Error('Document is not focused'))));
    render(<PermissionBadge permission="ROLE_VIEW_HOSTS" />);

    await user.click(screen.getByRole('button', { name: 'Copy permission ROLE_VIEW_HOSTS' }));

    await waitFor(() => expect(toastStore.toasts).toHaveLength(1));
    expect(toastStore.toasts[0]).toMatchObject({ message: "Couldn't copy data: Document is not focused", type: 'error' });
  });

  it('toasts a failure when the Clipboard API is missing', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    render(<PermissionBadge permission="ROLE_VIEW_CITY" />);

    await user.click(screen.getByRole('button', { name: 'Copy permission ROLE_VIEW_CITY' }));

    await waitFor(() => expect(toastStore.toasts).toHaveLength(1));
    expect(toastStore.toasts[0]).toMatchObject({ message: "Couldn't copy data: Clipboard is not available", type: 'error' });
  });
});
