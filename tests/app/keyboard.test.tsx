/** @vitest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listShortcuts } from '@commands/shortcuts';
import { KeyboardLayer } from '@app/keyboard/keyboard-layer';
import { useRegisterShortcuts } from '@app/keyboard/page-shortcuts';
import { keyboardState, resetKeyboardState, setSingleKeyShortcuts } from '@state/keyboard-state';
import { fakeSession, renderWith } from './fake-session';

vi.mock('@state/storage', () => import('./mock-storage'));

function FakeListPage() {
  useRegisterShortcuts('This list', listShortcuts);
  return <input aria-label="Search" />;
}

function renderLayer(permissions: string[], withList = false) {
  const { Wrapper, location } = renderWith(fakeSession(permissions), '/start');
  render(
    <>
      <KeyboardLayer />
      {withList ? <FakeListPage /> : <button type="button">Somewhere</button>}
    </>,
    { wrapper: Wrapper },
  );
  return { location };
}

beforeEach(() => {
  resetKeyboardState();
});

describe('keyboard layer', () => {
  it('g then t goes to the tickets page; g then c only with the charger permission', async () => {
    const user = userEvent.setup();
    const { location } = renderLayer([]);
    await user.keyboard('gc');
    expect(location.history.at(-1)).toBe('/start');
    await user.keyboard('gt');
    expect(location.history.at(-1)).toBe('/ticket-management/all-tickets');
  });

  it('g then c opens all chargers for a user who may search chargers', async () => {
    const user = userEvent.setup();
    const { location } = renderLayer(['ROLE_SEARCH_CHARGER']);
    await user.keyboard('gc');
    expect(location.history.at(-1)).toBe('/charger-management/all-chargers');
  });

  it('does nothing while typing in a text field', async () => {
    const user = userEvent.setup();
    const { location } = renderLayer([], true);
    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.click(search);
    await user.keyboard('gt?');
    expect(search).toHaveValue('gt?');
    expect(location.history.at(-1)).toBe('/start');
    expect(keyboardState.helpOpen).toBe(false);
  });

  it('does nothing when single-key shortcuts are off', async () => {
    const user = userEvent.setup();
    const { location } = renderLayer([]);
    act(() => setSingleKeyShortcuts(false));
    await user.keyboard('gt?');
    expect(location.history.at(-1)).toBe('/start');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('? lists the global shortcuts, the permitted chords and the page’s own, and Escape closes it', async () => {
    const user = userEvent.setup();
    renderLayer(['ROLE_VIEW_USERS'], true);
    await user.click(document.body);
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const everywhere = within(dialog).getByRole('region', { name: 'Everywhere' });
    expect(everywhere).toHaveTextContent('Open the command palette');
    const goTo = within(dialog).getByRole('region', { name: 'Go to' });
    expect(goTo).toHaveTextContent('Go to Tickets');
    expect(goTo).toHaveTextContent('Go to Users');
    expect(goTo).not.toHaveTextContent('Go to Chargers');
    expect(within(dialog).getByRole('region', { name: 'This list' })).toHaveTextContent('Jump to the search box');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(keyboardState.helpOpen).toBe(false);
  });
});
