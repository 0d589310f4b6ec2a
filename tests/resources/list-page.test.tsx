/** @vitest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vendorResource } from '@domain/resources/catalogue/vendor';
import { customerSupportTicketResource } from '@domain/resources/tickets/customer-support-ticket';
import { notifyLiveChange } from '@data/live-events';
import { resourceExtensions } from '@app/resource-extensions';
import { ListPage } from '@resources/list-page';
import { resetTableState, tableStateOf } from '@state/table-state';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const view = vendorResource.views[0]!;
const vendors = Array.from({ length: 3 }, (_, i) => ({
  id: i + 1,
  name: ['Tata Power Parts', 'Exicom Supplies', 'Delta Electronics'][i],
  contactName: null,
  mobileNumber: `984501234${i}`,
  email: null,
  gstin: null,
  address: null,
  isActive: i !== 2,
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-10-01T10:00:00.000Z',
}));

function stubApi(count: unknown = 3) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ items: vendors, count, countExact: true, page: 0, size: 20 }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('the list page', () => {
  beforeEach(() => resetTableState());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the rows, the count and moves the active row with arrows and j/k; Enter opens it', async () => {
    stubApi();
    const { Wrapper, location } = renderWith(fakeSession(['ROLE_VIEW_VENDOR']), view.path);
    render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: Wrapper });
    const grid = await screen.findByRole('grid', { name: 'Vendor Management' });
    expect(screen.getByText('3 vendors')).toBeInTheDocument();
    expect(within(grid).getByText('Tata Power Parts')).toBeInTheDocument();
    const rows = () => within(grid).getAllByRole('row').slice(1);
    expect(rows()[0]).toHaveAttribute('aria-selected', 'true');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(rows()[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(grid, { key: 'j' });
    expect(rows()[2]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(grid, { key: 'j' });
    expect(rows()[2]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(grid, { key: 'k' });
    expect(rows()[1]).toHaveAttribute('aria-selected', 'true');
    expect(grid).toHaveAttribute('aria-activedescendant', rows()[1]!.id);
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(location.history.at(-1)).toBe(`${view.path}/2`);
  });

  it('offers the records others created since it answered ("2 new · Show") instead of moving its rows, and shows them on request', async () => {
    const calls = stubApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_VENDOR']), view.path);
    render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: Wrapper });
    await screen.findByRole('grid', { name: 'Vendor Management' });
    const asked = calls.length;
    act(() => {
      notifyLiveChange({ keys: [['created', 'vendors']], topic: 'record-created', data: { resource: 'vendors', id: '41' } });
      notifyLiveChange({ keys: [['created', 'vendors']], topic: 'record-created', data: { resource: 'vendors', id: '41' } });
      notifyLiveChange({ keys: [['created', 'cities']], topic: 'record-created', data: { resource: 'cities', id: '7' } });
      notifyLiveChange({ keys: [['created', 'vendors']], topic: 'record-created', data: { resource: 'vendors', id: '42' } });
    });
    const show = await screen.findByRole('button', { name: '2 new · Show' });
    expect(calls.length).toBe(asked);
    await userEvent.click(show);
    await waitFor(() => expect(calls.length).toBe(asked + 1));
    await waitFor(() => expect(screen.queryByRole('button', { name: /new · Show/ })).toBeNull());
  });

  it('selects rows with x or their boxes, then inactivates them in bulk behind a confirm that counts them', async () => {
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          return new Response(JSON.stringify({ changed: 2, unchanged: 0, refused: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
        }
        return new Response(JSON.stringify({ items: vendors, count: 3, countExact: true, page: 0, size: 20 }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_VENDOR', 'ROLE_UPDATE_VENDOR']), view.path);
    render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: Wrapper });
    const grid = await screen.findByRole('grid', { name: 'Vendor Management' });
    grid.focus();
    fireEvent.keyDown(grid, { key: 'Home' });
    fireEvent.keyDown(grid, { key: 'x' });
    fireEvent.keyDown(grid, { key: 'j' });
    fireEvent.keyDown(grid, { key: 'x' });
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select vendor 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select vendor 3' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Inactivate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Inactivate 2 vendors?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Inactivate' }));
    await waitFor(() => expect(posts).toEqual([{ url: '/config/admin/vendor/bulk-activate-inactivate', body: { active: false, ids: ['1', '2'] } }]));
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());

    // Esc clears; "Select all on this page" ticks every loaded row.
    await userEvent.click(screen.getByRole('button', { name: 'Select all on this page' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    grid.focus();
    fireEvent.keyDown(grid, { key: 'Escape' });
    expect(screen.queryByText('3 selected')).toBeNull();
  });

  it('selects a range with Shift+click and one row with Ctrl+click, without opening a record', async () => {
    stubApi();
    const { Wrapper, location } = renderWith(fakeSession(['ROLE_VIEW_VENDOR', 'ROLE_UPDATE_VENDOR']), view.path);
    render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: Wrapper });
    const grid = await screen.findByRole('grid', { name: 'Vendor Management' });
    const rows = () => within(grid).getAllByRole('row').slice(1);
    const box = (id: number) => screen.getByRole('checkbox', { name: `Select vendor ${id}` });
    await userEvent.click(box(1));
    fireEvent.click(within(rows()[2]!).getByText('Delta Electronics'), { shiftKey: true });
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    fireEvent.click(within(rows()[1]!).getByText('Exicom Supplies'), { ctrlKey: true });
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(box(2)).not.toBeChecked();
    // Shift on a box takes the range from the last row ticked (row 2, just unticked by Ctrl+click) to it.
    fireEvent.click(box(1), { shiftKey: true });
    expect([box(1), box(2), box(3)].map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, true]);
    expect(location.history.at(-1)).toBe(view.path);
  });

  it('offers the ticket actions and the workflow events on a ticket list, and sends Priority for the rows selected', async () => {
    const posts: { url: string; body: unknown }[] = [];
    const tickets = [1, 2, 3].map((id) => ({ id, kind: 'CUSTOMER_SUPPORT', title: `Refund ${id}`, status: 'OPEN', priority: 'MEDIUM', version: 0, tags: [], createdAt: '2026-10-01T10:00:00.000Z' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          return new Response(JSON.stringify({ changed: 1, unchanged: 0, refused: [{ id: '3', reason: 'No ticket you can see has the id 3.' }] }), { status: 200, headers: { 'content-type': 'application/json' } });
        }
        return new Response(JSON.stringify({ items: tickets, count: 3, countExact: true, page: 0, size: 20 }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const support = customerSupportTicketResource;
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_CUSTOMER_SUPPORT_TICKETS', 'ROLE_UPDATE_CUSTOMER_SUPPORT_TICKET', 'ROLE_UPDATE_TICKET_PRIORITY', 'ROLE_CLOSE_TICKET']), support.views[0]!.path);
    render(<ListPage resource={support} view={support.views[0]!} extensions={resourceExtensions} />, { wrapper: Wrapper });
    const grid = await screen.findByRole('grid');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'x' });
    fireEvent.keyDown(grid, { key: 'j' });
    fireEvent.keyDown(grid, { key: 'j' });
    fireEvent.keyDown(grid, { key: 'x' });
    const bar = screen.getByRole('region', { name: 'Selection' });
    const offered = within(bar).getAllByRole('button').map((b) => b.textContent);
    // Assign, Due date and Tags need permissions this user lacks; Close is the ticket action (not a second CLOSE event).
    expect(offered).toEqual(['Priority…', 'Close…', 'Start Work…', 'Wait On Customer…', 'Customer Replied…', 'Resolve…', 'Clear selection']);
    await userEvent.click(within(bar).getByRole('button', { name: 'Priority…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Set the priority of 2 customer support tickets' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Priority' }), 'URGENT');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set priority' }));
    await waitFor(() => expect(posts).toEqual([{ url: '/ticket-service/admin/ticket-bulk/priority', body: { priority: 'URGENT', ids: ['1', '3'] } }]));
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('sends a workflow event to every matching record, and keeps the dialog open until a required choice is made', async () => {
    const posts: { url: string; body: unknown }[] = [];
    const tickets = [1, 2].map((id) => ({ id, kind: 'CUSTOMER_SUPPORT', title: `Refund ${id}`, status: 'OPEN', priority: 'MEDIUM', version: 0, tags: [], createdAt: '2026-10-01T10:00:00.000Z' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          return new Response(JSON.stringify({ changed: 30, unchanged: 0, refused: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
        }
        return new Response(JSON.stringify({ items: tickets, count: 30, countExact: true, page: 0, size: 2 }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const support = customerSupportTicketResource;
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_CUSTOMER_SUPPORT_TICKETS', 'ROLE_UPDATE_CUSTOMER_SUPPORT_TICKET', 'ROLE_CLOSE_TICKET']), support.views[0]!.path);
    render(<ListPage resource={support} view={support.views[0]!} extensions={resourceExtensions} />, { wrapper: Wrapper });
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Select all on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 30 matching' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close…' }));
    const close = await screen.findByRole('alertdialog', { name: 'Close all 30 customer support tickets matching this list?' });
    await userEvent.click(within(close).getByRole('button', { name: 'Close tickets' }));
    expect(within(close).getByRole('alert')).toHaveTextContent('Choose a close reason');
    expect(posts).toEqual([]);
    await userEvent.click(within(close).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start Work…' }));
    const start = await screen.findByRole('alertdialog', { name: 'Start Work: all 30 customer support tickets matching this list?' });
    await userEvent.click(within(start).getByRole('button', { name: 'Start Work' }));
    await waitFor(() => expect(posts).toEqual([{ url: `${support.apiPath}/bulk-transition`, body: { event: { type: 'START_WORK' }, match: {} } }]));
  });

  it('has no selection where the user may not activate or inactivate', async () => {
    stubApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_VENDOR']), view.path);
    render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: Wrapper });
    const grid = await screen.findByRole('grid', { name: 'Vendor Management' });
    fireEvent.keyDown(grid, { key: 'x' });
    expect(screen.queryByRole('checkbox', { name: /Select vendor/ })).toBeNull();
    expect(screen.queryByText(/selected/)).toBeNull();
  });

  it('reads the list state from the URL and sends it to the API', async () => {
    const calls = stubApi(120);
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_VENDOR']), `${view.path}?isActive=true&sort=name,asc&page=2&size=50`);
    render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: Wrapper });
    await screen.findByRole('grid');
    expect(calls[0]).toBe('/config/admin/vendor?isActive=true&sort=name%2Casc&page=2&size=50');
    expect(tableStateOf(view.path).pagination).toEqual({ page: 2, rowSize: 50 });
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('shows the first filters beside the search and the rest behind More filters, which counts those that are on', async () => {
    stubApi();
    const withMore = { ...vendorResource, filters: [...vendorResource.filters, { field: 'contactName', kind: 'text' as const }, { field: 'gstin', kind: 'text' as const }] };
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_VENDOR']), `${view.path}?gstin=29ABCDE`);
    render(<ListPage resource={withMore} view={view} extensions={resourceExtensions} />, { wrapper: Wrapper });
    await screen.findByRole('grid');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Active' })).toBeInTheDocument();
    // A filter set by the URL among the rest: they start open, and the button says how many are on.
    const more = screen.getByRole('button', { name: 'Fewer filters · 1 on' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'GSTIN' })).toHaveValue('29ABCDE');
    expect(screen.getByRole('textbox', { name: 'Contact person' })).toBeInTheDocument();
    await userEvent.click(more);
    expect(screen.queryByRole('textbox', { name: 'GSTIN' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Contact person' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More filters · 1 on' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('writes a filter change into the URL and goes back to page 0', async () => {
    stubApi(200);
    const { Wrapper, location } = renderWith(fakeSession(['ROLE_VIEW_VENDOR']), `${view.path}?page=4`);
    render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: Wrapper });
    await screen.findByRole('grid');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Active' }), 'false');
    await waitFor(() => expect(location.history.at(-1)).toBe(`${view.path}?isActive=false`));
    expect(tableStateOf(view.path).pagination.page).toBe(0);
  });

  it('opens with its table focused, ↓ in the search box enters the table, and Back finds the row it was left on', async () => {
    stubApi();
    const first = renderWith(fakeSession(['ROLE_VIEW_VENDOR']), view.path);
    const { unmount } = render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: first.Wrapper });
    const grid = await screen.findByRole('grid', { name: 'Vendor Management' });
    await waitFor(() => expect(grid).toHaveFocus());
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(grid).toHaveFocus();
    fireEvent.keyDown(grid, { key: 'j' });
    fireEvent.keyDown(grid, { key: 'j' });
    const rows = () => within(screen.getByRole('grid')).getAllByRole('row').slice(1);
    expect(rows()[2]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(grid, { key: 'Enter' });
    unmount();

    // Back to the same list page: the third row is still the active one.
    const again = renderWith(fakeSession(['ROLE_VIEW_VENDOR']), view.path);
    render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: again.Wrapper });
    await screen.findByRole('grid', { name: 'Vendor Management' });
    expect(rows()[2]).toHaveAttribute('aria-selected', 'true');
  });

  it('puts the focus in the search box on "/" and shows a non-numeric count as 0', async () => {
    stubApi('lots');
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_VENDOR']), view.path);
    render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: Wrapper });
    await screen.findByRole('grid');
    expect(screen.getByText('0 vendors')).toBeInTheDocument();
    act(() => {
      fireEvent.keyDown(document.body, { key: '/' });
    });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('shows the add button only with the create permission, and no list without the view permission', async () => {
    stubApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_VENDOR', 'ROLE_ADD_VENDOR']), view.path);
    const { unmount } = render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: Wrapper });
    expect(await screen.findByRole('link', { name: 'Add vendor' })).toHaveAttribute('href', '/global-data-management/vendor-management/add');
    unmount();
    const readOnly = renderWith(fakeSession(['ROLE_VIEW_VENDOR']), view.path);
    const second = render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: readOnly.Wrapper });
    await screen.findByRole('grid');
    expect(screen.queryByRole('link', { name: 'Add vendor' })).not.toBeInTheDocument();
    second.unmount();
    const none = renderWith(fakeSession([]), view.path);
    render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: none.Wrapper });
    expect(screen.getByText('You do not have the permission this page needs.')).toBeInTheDocument();
  });
});
