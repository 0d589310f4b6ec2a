/** @vitest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vendorResource } from '@domain/resources/catalogue/vendor';
import { resourceExtensions } from '@app/resource-extensions';
import { ListPage } from '@resources/list-page';
import { applyListParams, resetTableState, tableStateOf } from '@state/table-state';
import { fakeSession, renderWith } from '@tests/app/fake-session';

// The list's query state has one owner: the URL when it carries one, else the list's stored state. These tests
// load a list the way a slow machine does (every debounce and timer allowed to run out before React re-renders)
// and check that nothing writes an older value back over what the URL brought.
const view = vendorResource.views[0]!;
const session = fakeSession(['ROLE_VIEW_VENDOR']);
const answer = { items: [{ id: 654, name: 'Tata Power Parts', mobileNumber: '9845012340', isActive: true, createdAt: '2026-10-01T10:00:00.000Z' }], count: 120, countExact: true, page: 2, size: 50 };

function stubApi() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const realImmediate = globalThis.setImmediate;
/** One turn of the event loop: React's scheduler runs its next task (it schedules with setImmediate here). */
const nextTask = () => new Promise<void>((resolve) => realImmediate(() => resolve()));

/**
 * A slow machine: between any two of React's tasks, every pending timer (debounces included) runs out. React
 * renders outside act() here, so its work really is split into tasks as in the browser.
 */
async function letEverythingRun() {
  for (let i = 0; i < 40; i++) {
    vi.advanceTimersByTime(1_000);
    await nextTask();
  }
}

let root: Root | undefined;
function mount(ui: React.ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(ui);
}

/** Opens the vendor list at `url` the slow machine's way (see letEverythingRun); answers the requests and the location. */
async function openListAt(url: string) {
  const calls = stubApi();
  const { Wrapper, location } = renderWith(session, url);
  mount(
    <Wrapper>
      <ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />
    </Wrapper>,
  );
  await letEverythingRun();
  return { calls, location };
}

/** A URL or request's path with its query parameters sorted (their order carries no meaning). */
function canonical(url: string): string {
  const [path, search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.sort();
  return `${path}?${params.toString()}`;
}

const query = '?q=654&isActive=true&page=2&size=50';
const expectedRequest = '/config/admin/vendor?isActive=true&q=654&page=2&size=50';

describe('a list opened with its state in the URL (slow machine)', () => {
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    resetTableState();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    root?.unmount();
    document.body.innerHTML = '';
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function expectUrlState(location: ReturnType<typeof renderWith>['location'], calls: string[]) {
    expect(canonical(location.history.at(-1)!)).toBe(canonical(`${view.path}${query}`));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('654');
    expect(screen.getByRole('combobox', { name: 'Active' })).toHaveValue('true');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(canonical(call)).toBe(canonical(expectedRequest));
    expect(tableStateOf(view.path)).toMatchObject({ wholeFilter: '654', data: { isActive: 'true' }, pagination: { page: 2, rowSize: 50 } });
  }

  it('keeps the search, filter, page and row size of a fresh list', async () => {
    const { calls, location } = await openListAt(`${view.path}${query}`);
    expectUrlState(location, calls);
  });

  it('keeps them over an older stored state of the same list (a stored search, another page)', async () => {
    applyListParams(view.path, { page: 7, size: 20, sort: '', q: 'exicom', filters: { isActive: 'false' } });
    const { calls, location } = await openListAt(`${view.path}${query}`);
    expectUrlState(location, calls);
  });

  it('keeps them when Back brings the URL while the page is open', async () => {
    const { calls, location } = await openListAt(view.path);
    calls.length = 0;
    // Back/Forward: the address changes under the page, outside any React event.
    location.navigate(`${view.path}${query}`, { replace: true });
    await letEverythingRun();
    expectUrlState(location, calls);
  });

  it('reopened from the menu without a query, takes the stored state into the URL and keeps it', async () => {
    applyListParams(view.path, { page: 2, size: 50, sort: '', q: '654', filters: { isActive: 'true' } });
    const { calls, location } = await openListAt(view.path);
    expectUrlState(location, calls);
  });
});

describe('typing in a list’s search box', () => {
  beforeEach(() => {
    resetTableState();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('applies what the user typed after the pause, keeping the other filters; a URL that arrives meanwhile wins', async () => {
    const calls = stubApi();
    const { Wrapper, location } = renderWith(session, `${view.path}?isActive=true&page=2`);
    render(<ListPage resource={vendorResource} view={view} extensions={resourceExtensions} />, { wrapper: Wrapper });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const box = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: '65' } });
    await act(() => vi.advanceTimersByTimeAsync(100));
    fireEvent.change(box, { target: { value: '654' } });
    expect(box).toHaveValue('654');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(canonical(location.history.at(-1)!)).toBe(canonical(`${view.path}?isActive=true&q=654`));
    expect(canonical(calls.at(-1)!)).toBe(canonical('/config/admin/vendor?isActive=true&q=654'));

    // Typing again, then Back brings another URL before the pause ends: the URL's state stands, the draft is dropped.
    fireEvent.change(box, { target: { value: '6549' } });
    act(() => location.navigate(`${view.path}?q=exicom`, { replace: true }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(box).toHaveValue('exicom');
    expect(location.history.at(-1)).toBe(`${view.path}?q=exicom`);
  });
});
