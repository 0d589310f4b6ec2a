/** @vitest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Shell } from '@app/shell';
import { PRODUCT_NAME } from '@domain/constants';
import type { GlobalConfig } from '@domain/global-config';
import { breadcrumbStore, resetBreadcrumbs } from '@state/breadcrumbs';
import { menuCollapsedStore, resetMenuCollapsed } from '@state/menu-collapsed';
import { pinsStore, resetPins } from '@state/pins';
import { recentUrlsStore, resetRecentUrls } from '@state/recent-urls';
import { fakeSession, renderWith } from './fake-session';
import { stubMatchMedia } from '@tests/support/match-media';

vi.mock('@state/storage', () => import('./mock-storage'));

const permissions = ['ROLE_VIEW_DAILY_TRACKER', 'ROLE_VIEW_MONTHLY_TRACKER', 'ROLE_VIEW_ADS'];

function renderShell(path: string, session = fakeSession(permissions)) {
  const { Wrapper, location } = renderWith(session, path);
  render(<Shell />, { wrapper: Wrapper });
  return { session, location };
}

const originalMatchMedia = window.matchMedia;

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  resetPins();
  resetBreadcrumbs();
  resetRecentUrls();
  resetMenuCollapsed();
  document.title = '';
});
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('Shell', () => {
  it('renders an unknown path as a not-found page inside the layout', async () => {
    renderShell('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(document.title).toBe(PRODUCT_NAME);
  });

  it('shows the home page with greeting, empty states and what the user can reach', async () => {
    renderShell('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Verma' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing pinned yet/)).toBeInTheDocument();
    expect(screen.getByText(/Pages you open will be listed here/)).toBeInTheDocument();
    const reach = screen.getByRole('region', { name: 'What you can reach' });
    expect(within(reach).getByText('Progress Tracker').parentElement).toHaveTextContent('2 pages');
    expect(within(reach).getByText('App Management').parentElement).toHaveTextContent('1 page');
    expect(document.title).toBe(PRODUCT_NAME);
    // The root path is never a recent URL.
    expect(recentUrlsStore.urls).toEqual([]);
  });

  it('titles the page after its menu entry and records the visit', async () => {
    renderShell('/progress-tracker/daily-tracker?day=2');
    await waitFor(() => expect(document.title).toBe(`Daily Tracker · ${PRODUCT_NAME}`));
    expect(recentUrlsStore.urls).toEqual(['/progress-tracker/daily-tracker?day=2']);
  });

  it('shows the saved trail, and on a detail page the last crumb plus "detail page"', async () => {
    breadcrumbStore.trail = [{ title: 'Ticket Management' }, { title: 'My All Tickets', path: '/ticket-management/all-tickets' }];
    renderShell('/ticket-management/tickets/123');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'My All Tickets' })).toHaveAttribute('href', '/ticket-management/all-tickets');
    expect(within(crumbs).getByText('detail page')).toHaveAttribute('aria-current', 'page');
    expect(within(crumbs).queryByText('Ticket Management')).toBeNull();
  });

  it('collapses the side menu to initials and expands it again', async () => {
    const user = userEvent.setup();
    renderShell('/');
    await user.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(menuCollapsedStore.value).toBe(true);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('button', { name: 'Progress Tracker' })).toHaveTextContent('PT');
    await user.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(menuCollapsedStore.value).toBe(false);
  });

  it('has a user menu with the mobile number and Sign Out', async () => {
    const user = userEvent.setup();
    const { session } = renderShell('/');
    const trigger = screen.getByRole('button', { name: 'Asha Verma +91 98765 43210, account menu' });
    expect(trigger).toHaveTextContent('+91 98765 43210');
    await user.click(trigger);
    const item = await screen.findByRole('menuitem', { name: 'Sign Out' });
    await user.click(item);
    expect(session.signOut).toHaveBeenCalledOnce();
  });

  it('opens the command palette from the top bar\'s "Search or jump to…" field', async () => {
    const user = userEvent.setup();
    renderShell('/');
    const field = screen.getByRole('button', { name: /Search or jump to…/ });
    expect(field).toHaveTextContent('Ctrl K');
    await user.click(field);
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    // The stand-in, then the palette itself once its code is there: either way its search box has the focus.
    await waitFor(() => expect(within(palette.ownerDocument.body).getAllByRole('combobox', { name: /Command palette/ }).at(-1)).toHaveFocus());
    // Pressed again, it keeps the palette open (Ctrl+K would close it).
    await user.click(field);
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
  });

  it('adopts the server pins when none are stored locally', async () => {
    const globalConfig = {
      pinnedItems: [{ id: 'progress-tracker.monthly', title: 'Monthly Tracker', redirect: '/progress-tracker/monthly-tracker' }],
    } as unknown as GlobalConfig;
    renderShell('/', fakeSession(permissions, { globalConfig }));
    const pinned = await screen.findByRole('region', { name: 'Pinned', hidden: false });
    expect(within(pinned).getByRole('link', { name: 'Monthly Tracker' })).toBeInTheDocument();
    expect(pinsStore.items).toHaveLength(1);
    // Adopting is not a user change: nothing is sent back (reads, such as the live channel's stream, may go out).
    const writes = vi.mocked(globalThis.fetch).mock.calls.filter(([input, init]) => (init?.method ?? (input instanceof Request ? input.method : 'GET')) !== 'GET');
    expect(writes).toEqual([]);
  });

  it('uses a hamburger slide-in menu with Sign Out below 992 px', async () => {
    stubMatchMedia((query) => query.includes('max-width: 991.98px'));
    const user = userEvent.setup();
    const { session } = renderShell('/');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Sign Out' }));
    expect(session.signOut).toHaveBeenCalledOnce();
  });

  it('closes the slide-in menu when an entry is followed', async () => {
    window.matchMedia = ((query: string) => ({
      matches: true,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia;
    const user = userEvent.setup();
    const { location } = renderShell('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(dialog).getByRole('button', { name: 'App Management' }));
    await user.click(within(dialog).getByRole('link', { name: 'Ads Management' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history.at(-1)).toBe('/app-management/ads-management');
  });
});
