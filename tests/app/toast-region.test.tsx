/** @vitest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion } from '@app/toast-region';
import { pushToast, resetToasts } from '@state/toasts';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

function messages(): string[] {
  const list = screen.getByRole('list');
  return within(list)
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.toast__message')?.textContent ?? '');
}

describe('ToastRegion', () => {
  it('is a polite live region listing toasts newest first, styled by type', async () => {
    render(<ToastRegion />);
    await act(async () => {
      pushToast('First saved');
      pushToast('Second failed', 'error');
      pushToast('Third warns', 'warning');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('list')).toHaveAttribute('aria-live', 'polite');
    expect(messages()).toEqual(['Third warns', 'Second failed', 'First saved']);
    const items = within(region).getAllByRole('listitem');
    expect(items[0]).toHaveClass('toast--warning');
    expect(items[1]).toHaveClass('toast--error');
    expect(items[2]).toHaveClass('toast--success');
  });

  it('removes a dismissed toast after the 500 ms leave animation', async () => {
    render(<ToastRegion />);
    await act(async () => {
      pushToast('Keep me');
      pushToast('Dismiss me');
    });
    const [newest] = screen.getAllByRole('button', { name: 'Dismiss' });
    await act(async () => fireEvent.click(newest!));
    // Leaving: still shown, animating out.
    expect(messages()).toEqual(['Dismiss me', 'Keep me']);
    expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('data-leaving', 'true');
    await act(async () => vi.advanceTimersByTime(499));
    expect(messages()).toEqual(['Dismiss me', 'Keep me']);
    await act(async () => vi.advanceTimersByTime(1));
    expect(messages()).toEqual(['Keep me']);
  });

  it('dismisses a toast by itself after 5 s, then removes it after the leave animation', async () => {
    render(<ToastRegion />);
    await act(async () => {
      pushToast('Short lived');
    });
    await act(async () => vi.advanceTimersByTime(4_999));
    expect(screen.getByRole('listitem')).not.toHaveAttribute('data-leaving');
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('listitem')).toHaveAttribute('data-leaving', 'true');
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('offers a toast action (Undo) as a keyboard-reachable button that runs once and dismisses the toast', async () => {
    const undo = vi.fn();
    render(<ToastRegion />);
    await act(async () => {
      pushToast('Priority: saved', 'success', { action: { label: 'Undo', run: undo } });
    });
    const button = screen.getByRole('button', { name: 'Undo' });
    expect(button.tagName).toBe('BUTTON');
    await act(async () => fireEvent.click(button));
    await act(async () => fireEvent.click(button));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('listitem')).toHaveAttribute('data-leaving', 'true');
  });

  it('keeps a toast while focus is on it, and gives it its full time again once left', async () => {
    render(<ToastRegion />);
    await act(async () => {
      pushToast('Tags: saved', 'success', { action: { label: 'Undo', run: () => undefined } });
    });
    await act(async () => vi.advanceTimersByTime(4_000));
    await act(async () => fireEvent.focus(screen.getByRole('button', { name: 'Undo' })));
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('listitem')).not.toHaveAttribute('data-leaving');
    await act(async () => fireEvent.blur(screen.getByRole('button', { name: 'Undo' })));
    await act(async () => vi.advanceTimersByTime(4_999));
    expect(screen.getByRole('listitem')).not.toHaveAttribute('data-leaving');
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('listitem')).toHaveAttribute('data-leaving', 'true');
  });
});
