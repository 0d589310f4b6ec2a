/** @vitest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandPalette, type PaletteOpening } from '@app/palette/command-palette';
import { fakeSession, renderWith } from '../fake-session';

vi.mock('@state/storage', () => import('../mock-storage'));

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});

function renderPalette(opening: () => PaletteOpening | null) {
  const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_ADS']), '/');
  const onOpened = vi.fn();
  render(
    <>
      <input aria-label="Search chargers" />
      <CommandPalette opening={opening} onOpened={onOpened} />
    </>,
    { wrapper: Wrapper },
  );
  return { onOpened };
}

describe('the palette taking over from its stand-in', () => {
  it('opens with what was typed in the stand-in, its input focused, and tells the host', async () => {
    const { onOpened } = renderPalette(() => ({ query: 'refund', returnFocus: null }));
    const input = await screen.findByRole('combobox');
    expect(input).toHaveValue('refund');
    await waitFor(() => expect(input).toHaveFocus());
    expect(onOpened).toHaveBeenCalledTimes(1);
  });

  it('never shows, and leaves the focus where it is, when the stand-in was closed before the palette opened', async () => {
    // Escape in the stand-in gave the focus back to the field while the palette's code was arriving (a CI run saw the
    // palette open for one commit, its input take the focus, and the field lose it).
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    let asked = 0;
    const { onOpened } = renderPalette(() => {
      asked += 1;
      return null;
    });
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    // Let the machine settle: it opened, found nothing to take over, and closed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(field).toHaveFocus();
    expect(onOpened).not.toHaveBeenCalled();
    field.remove();
  });
});
