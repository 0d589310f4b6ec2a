/** @vitest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flattenMenu, visibleMenu, type MenuNode } from '@domain/menu';
import { NO_PERMISSIONS_MESSAGE, SideMenu } from '@app/side-menu';
import { breadcrumbStore, resetBreadcrumbs } from '@state/breadcrumbs';
import { pinItem, pinsStore, resetPins } from '@state/pins';
import { fakeSession, renderWith } from './fake-session';

vi.mock('@state/storage', () => import('./mock-storage'));

const somePermissions = ['ROLE_VIEW_DAILY_TRACKER', 'ROLE_VIEW_DEMO_TICKETS', 'ROLE_VIEW_ADS'];

function renderMenu(permissions: string[], path = '/', tree?: readonly MenuNode[]) {
  const { Wrapper, location } = renderWith(fakeSession(permissions), path);
  render(<SideMenu {...(tree ? { tree } : {})} />, { wrapper: Wrapper });
  return { nav: screen.getByRole('navigation', { name: 'Main menu' }), location };
}

/** Top-level group toggles in document order (sub-group toggles are inside collapsed lists). */
function topGroupTitles(nav: HTMLElement): string[] {
  const tree = nav.querySelector('.menu-tree')!;
  return [...tree.querySelectorAll(':scope > li > .menu-group__toggle')].map((b) => b.textContent ?? '');
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  resetPins();
  resetBreadcrumbs();
});

describe('SideMenu', () => {
  it('renders exactly the groups and entries visibleMenu allows, in order', () => {
    const { nav } = renderMenu(somePermissions);
    const expected = visibleMenu(somePermissions);
    expect(topGroupTitles(nav)).toEqual(expected.map((g) => g.title));
    // Every allowed entry is a real link (hidden ones sit inside closed groups).
    const links = within(nav).getAllByRole('link', { hidden: true });
    const flat = flattenMenu(expected);
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(flat.map((e) => [e.title, e.path]));
    // Entries needing a permission the user lacks are not there.
    expect(within(nav).queryByRole('link', { name: 'Monthly Tracker', hidden: true })).toBeNull();
  });

  it('hides groups with no visible children', () => {
    const { nav } = renderMenu(somePermissions);
    const titles = topGroupTitles(nav);
    expect(titles).toContain('Progress Tracker');
    expect(titles).toContain('App Management');
    expect(titles).not.toContain('Lead Management');
    expect(titles).not.toContain('Finance Management');
    // Inside Ticket Management only the Demo sub-group survives.
    expect(within(nav).getByRole('button', { name: 'Demo', hidden: true })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Site Inspection', hidden: true })).toBeNull();
  });

  it('shows the no-permission message when nothing is visible', () => {
    // The real menu has entries that need no permission; without them a user with none sees nothing.
    const { nav } = renderMenu([], '/', guardedTree());
    expect(within(nav).getByText(NO_PERMISSIONS_MESSAGE)).toBeInTheDocument();
    expect(within(nav).queryAllByRole('link', { hidden: true })).toHaveLength(0);
  });

  it('always shows the entries that need no permission, with the message when nothing gated is permitted', () => {
    const { nav } = renderMenu([]);
    expect(topGroupTitles(nav)).toEqual(['RFID Management', 'Ticket Management', 'Download Management']);
    expect(within(nav).getByRole('link', { name: 'RFID History', hidden: true })).toBeInTheDocument();
    expect(within(nav).getByText(NO_PERMISSIONS_MESSAGE)).toBeInTheDocument();
  });

  it('hides the message once one gated entry is permitted', () => {
    const { nav } = renderMenu(['ROLE_VIEW_ZONES']);
    expect(within(nav).queryByText(NO_PERMISSIONS_MESSAGE)).toBeNull();
  });

  it('opens the group holding the current page and marks its entry current', () => {
    const { nav } = renderMenu(somePermissions, '/progress-tracker/daily-tracker');
    expect(within(nav).getByRole('button', { name: 'Progress Tracker' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Daily Tracker' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'App Management' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles groups with the keyboard', async () => {
    const user = userEvent.setup();
    const { nav } = renderMenu(somePermissions);
    const toggle = within(nav).getByRole('button', { name: 'App Management' });
    expect(within(nav).queryByRole('link', { name: 'Ads Management' })).toBeNull();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Ads Management' })).toBeVisible();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('pins an entry once into the Pinned list, and unpins it', async () => {
    const user = userEvent.setup();
    const { nav } = renderMenu(somePermissions, '/progress-tracker/daily-tracker');
    expect(within(nav).queryByRole('region', { name: 'Pinned' })).toBeNull();

    await user.click(within(nav).getByRole('button', { name: 'Pin Daily Tracker' }));
    const pinned = within(nav).getByRole('region', { name: 'Pinned' });
    expect(within(pinned).getAllByRole('link')).toHaveLength(1);
    expect(within(pinned).getByRole('link', { name: 'Daily Tracker' })).toHaveAttribute('href', '/progress-tracker/daily-tracker');

    // Pinning the same id again never duplicates it.
    act(() => pinItem({ id: 'progress-tracker.daily', title: 'Daily Tracker', redirect: '/progress-tracker/daily-tracker' }));
    expect(within(pinned).getAllByRole('link')).toHaveLength(1);
    expect(pinsStore.items).toHaveLength(1);

    // The server keeps the list so pins follow the user.
    const put = vi.mocked(globalThis.fetch).mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put).toBeDefined();
    expect(JSON.parse(String(put![1]!.body))).toEqual([
      { id: 'progress-tracker.daily', title: 'Daily Tracker', redirect: '/progress-tracker/daily-tracker' },
    ]);

    await user.click(within(pinned).getByRole('button', { name: 'Unpin Daily Tracker' }));
    expect(within(nav).queryByRole('region', { name: 'Pinned' })).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Pin Daily Tracker' })).toBeInTheDocument();
  });

  it('names pins of sub-group entries with their sub-group', async () => {
    const user = userEvent.setup();
    const { nav } = renderMenu(somePermissions, '/ticket-management/demo-tickets/open');
    await user.click(within(nav).getByRole('button', { name: 'Pin Demo: Open' }));
    const pinned = within(nav).getByRole('region', { name: 'Pinned' });
    expect(within(pinned).getByRole('link', { name: 'Demo: Open' })).toBeInTheDocument();
  });

  it('saves the breadcrumb trail of a clicked entry and navigates', async () => {
    const user = userEvent.setup();
    const { nav, location } = renderMenu(somePermissions, '/ticket-management/demo-tickets');
    await user.click(within(nav).getByRole('link', { name: 'Open' }));
    expect(breadcrumbStore.trail).toEqual([
      { title: 'Ticket Management' },
      { title: 'Demo' },
      { title: 'Open', path: '/ticket-management/demo-tickets/open' },
    ]);
    expect(location.history.at(-1)).toBe('/ticket-management/demo-tickets/open');
  });

  it('shows initials only when collapsed, and expands on a group', async () => {
    const user = userEvent.setup();
    const onExpand = vi.fn();
    const { Wrapper } = renderWith(fakeSession(somePermissions));
    render(<SideMenu collapsed onExpand={onExpand} />, { wrapper: Wrapper });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const group = within(nav).getByRole('button', { name: 'Progress Tracker' });
    expect(group).toHaveTextContent('PT');
    await user.click(group);
    expect(onExpand).toHaveBeenCalledOnce();
  });
});

/** Every permission the menu asks for. */
function allGuarded(): string[] {
  return flattenMenu().flatMap((e) => (e.permission ? [e.permission] : []));
}

/** The menu without its always-shown entries, so a user with no permissions sees nothing. */
function guardedTree(): MenuNode[] {
  const strip = (nodes: readonly MenuNode[]): MenuNode[] =>
    nodes.flatMap((node): MenuNode[] => {
      if (node.kind === 'entry') return node.permission ? [node] : [];
      return [{ ...node, children: strip(node.children) }];
    });
  return strip(visibleMenu(allGuarded()));
}
