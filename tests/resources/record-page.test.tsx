/** @vitest-environment jsdom */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SessionContext } from '@app/session/session-context';
import { ToastRegion } from '@app/toast-region';
import { chargerServicingTicketResource } from '@domain/resources/tickets/charger-servicing-ticket';
import { queryKeys } from '@data/query-keys';
import { resourceExtensions } from '@app/resource-extensions';
import { DetailPage } from '@resources/detail-page';
import { resetToasts } from '@state/toasts';
import { fakeSession, fakeUser } from '@tests/app/fake-session';

const every = ['ROLE_ASSIGN_TICKET', 'ROLE_UPDATE_TICKET_PRIORITY', 'ROLE_UPDATE_TICKET_DUE_DATE', 'ROLE_UPDATE_TICKET_TAGS', 'ROLE_CLOSE_TICKET', 'ROLE_COMMENT_ON_TICKET', 'ROLE_VIEW_ALL_TICKETS'];
const STAFF = '7d2f1c3e-5b8a-4f4e-9a61-2c8d9e0f1a2b';
const ME = '0b9c4a52-3f1e-4d7a-8c2b-6e5f4d3c2b1a';
const ticket = {
  id: 42,
  kind: 'CHARGER_SERVICING',
  title: 'Offline at Forum Mall',
  description: 'The charger stopped answering.',
  status: 'OPEN',
  priority: 'MEDIUM',
  assignee: null,
  dueDate: null,
  tags: [],
  availableDate: null,
  version: 3,
  createdAt: '2026-03-01T09:59:00Z',
  updatedAt: '2026-03-01T09:59:00Z',
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

const auditItems = [
  {
    id: 'a3',
    action: 'assign',
    actorUserId: null,
    actorName: 'Aarav Sharma',
    fromState: null,
    toState: null,
    event: null,
    reason: null,
    changes: { assignee: { from: null, to: STAFF } },
    relationLabels: { assignee: { [STAFF]: 'Priya Nair' } },
    createdAt: '2026-03-01T10:05:00Z',
  },
  { id: 'a2', action: 'transition', actorUserId: null, actorName: 'Aarav Sharma', fromState: 'OPEN', toState: 'SCHEDULED', event: 'SCHEDULE', reason: null, changes: null, createdAt: '2026-03-01T10:01:00Z' },
  { id: 'a1', action: 'set_priority', actorUserId: null, actorName: 'Aarav Sharma', fromState: null, toState: null, event: null, reason: null, changes: { priority: { from: 'LOW', to: 'HIGH' }, transactionId: { from: null, to: '' }, bookingRef: { from: null, to: 'BK-7' } }, createdAt: '2026-03-01T10:00:00Z' },
];
const commentItems = [
  { id: 2, entityType: 'tickets', entityId: '42', authorUserId: null, authorName: 'Rohan Verma', body: 'On site now', createdAt: '2026-03-01T10:06:00Z' },
  { id: 1, entityType: 'tickets', entityId: '42', authorUserId: null, authorName: 'Priya Nair', body: 'Calling the host', createdAt: '2026-03-01T10:03:00Z' },
];

/** The API the page reads: the ticket, its history and comments; each action route answers the ticket one version on. */
function fakeApi(answers: Record<string, (body: Record<string, unknown>) => Response> = {}) {
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  let current: Record<string, unknown> = { ...ticket };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/^https?:\/\/[^/]+/, '');
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if ((init.method ?? 'GET') === 'POST') posts.push({ url: path, body });
      const match = Object.keys(answers).find((k) => path.includes(k));
      if (match) return answers[match]!(body);
      if (path.includes('/audit/entity/')) return answer(200, { items: auditItems });
      if (path.includes('/ticket-service/comment/')) return (init.method ?? 'GET') === 'GET' ? answer(200, { items: commentItems, count: 2, page: 0, size: 50 }) : answer(201, {});
      if (path.includes('/ticket-service/admin/ticket/42/')) {
        const { version: _v, ...change } = body;
        current = { ...current, ...change, version: Number(current.version) + 1 };
        return answer(200, current);
      }
      if (/\/42$/.test(path)) return answer(200, current);
      return answer(200, { items: [], count: 0, page: 0, size: 10 });
    }),
  );
  return posts;
}

function renderPage(permissions = every) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: '/charger-management/servicing-required/42', record: true });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <SessionContext.Provider value={fakeSession(permissions, { user: fakeUser(permissions, { userId: ME }) })}>{children}</SessionContext.Provider>
        </Router>
      </QueryClientProvider>
    );
  }
  render(
    <>
      <DetailPage resource={chargerServicingTicketResource} id="42" extensions={resourceExtensions} />
      <ToastRegion />
    </>,
    { wrapper: Wrapper },
  );
  return queryClient;
}

const properties = () => screen.getByRole('complementary', { name: 'Properties' });

describe('a ticket record page', () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetToasts();
  });

  it('shows a header (label, status, allowed actions), each field once, no version, and no separate action forms', async () => {
    fakeApi();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Offline at Forum Mall' })).toBeInTheDocument();
    const workflow = screen.getByRole('region', { name: 'Workflow' });
    expect(within(workflow).getByRole('heading')).toHaveTextContent('Status: Open');
    expect(within(workflow).getByRole('button', { name: 'Close…' })).toBeInTheDocument();
    for (const name of ['Assign', 'Set priority', 'Set due date', 'Save tags']) expect(screen.queryByRole('button', { name })).toBeNull();
    const panel = properties();
    for (const label of ['Assignee', 'Priority', 'Due date', 'Tags']) expect(within(panel).getAllByText(label, { selector: 'dt' })).toHaveLength(1);
    // The title is the heading, the status the pill, the description the main column: none is a property too.
    for (const label of ['Title', 'Status', 'Description', 'Version', 'Id', 'Kind']) expect(within(panel).queryByText(label, { selector: 'dt' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Description' })).toHaveTextContent('The charger stopped answering.');
    expect(document.body.textContent).not.toMatch(/version/i);
  });

  it('edits priority in place through its route, and Undo puts the old value back with the new version', async () => {
    const posts = fakeApi();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Change priority: Medium' }));
    const group = screen.getByRole('group', { name: 'Priority' });
    await userEvent.click(within(group).getByRole('button', { name: 'Urgent' }));
    expect(await screen.findByText('Priority: saved')).toBeInTheDocument();
    expect(await within(properties()).findByRole('button', { name: 'Change priority: Urgent' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Priority: put back')).toBeInTheDocument();
    expect(posts).toEqual([
      { url: '/ticket-service/admin/ticket/42/priority', body: { priority: 'URGENT', version: 3 } },
      { url: '/ticket-service/admin/ticket/42/priority', body: { priority: 'MEDIUM', version: 4 } },
    ]);
    expect(await within(properties()).findByRole('button', { name: 'Change priority: Medium' })).toBeInTheDocument();
  });

  it('assigns to me, saves tags as one list, and shows a refused due date in its editor without closing it', async () => {
    const posts = fakeApi({
      'due-date': () => answer(400, { status: 400, title: 'Invalid request', errors: [{ path: 'dueDate', message: 'The due date cannot be before the ticket was created (2026-03-01)' }] }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Change assignee: Empty' }));
    // The picker has the focus; its list waits for typing, so the buttons beside it stay reachable.
    expect(screen.getByRole('combobox', { name: 'Assignee' })).toHaveFocus();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Assignee: saved')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Change tags: Empty' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Escalated' }));
    await userEvent.click(within(screen.getByRole('form', { name: 'Tags' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tags: saved')).toBeInTheDocument();
    expect(posts.map((p) => p.body)).toEqual([
      { assignee: ME, version: 3 },
      { tags: ['ESCALATED'], version: 4 },
    ]);
    // One editor at a time; a refused save keeps it open with the server's message.
    await userEvent.click(await screen.findByRole('button', { name: 'Change due date: Empty' }));
    const form = screen.getByRole('form', { name: 'Due date' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // An empty date clears it: sent as null, refused here by the fake server.
    const editor = screen.getByRole('group', { name: 'Edit due date' });
    expect(await within(editor).findByRole('alert')).toHaveTextContent('The due date cannot be before the ticket was created (2026-03-01)');
    expect(posts.at(-1)).toEqual({ url: '/ticket-service/admin/ticket/42/due-date', body: { dueDate: null, version: 5 } });
    expect(screen.queryByText('Due date: saved')).toBeNull();
  });

  it('shows properties read-only without the permission to change them', async () => {
    fakeApi();
    renderPage(['ROLE_VIEW_ALL_TICKETS', 'ROLE_UPDATE_TICKET_PRIORITY']);
    expect(await screen.findByRole('button', { name: 'Change priority: Medium' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Change assignee/ })).toBeNull();
    expect(within(properties()).getByText('Due date', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Empty');
  });

  it('merges comments, changes (as labels) and transitions into one timeline, newest first, under the comment box', async () => {
    fakeApi();
    renderPage();
    const history = await screen.findByRole('region', { name: 'History' });
    await within(history).findByText('On site now');
    // The timeline's own entries (a change's list of fields is nested in its entry).
    const items = within(history).getAllByRole('listitem').filter((li) => li.parentElement!.classList.contains('activity__list'));
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      expect.stringMatching(/^Rohan Verma commented · /),
      expect.stringMatching(/^Aarav Sharma assigned it · /),
      expect.stringMatching(/^Priya Nair commented · /),
      expect.stringMatching(/^Aarav Sharma moved it from Open to Scheduled \(Schedule\) · /),
      expect.stringMatching(/^Aarav Sharma set its priority · /),
    ]);
    expect(items[4]).toHaveTextContent('Priority: Low → High');
    // A field the ticket does not declare reads in words; one empty before and after is no line at all.
    expect(within(items[4]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Priority: Low → High', 'Booking ref: Empty → BK-7']);
    expect(items[1]).toHaveTextContent('Assignee: Empty → Priya Nair');
    expect(history.textContent).not.toContain(STAFF);
    const box = within(history).getByRole('textbox', { name: 'Add a comment' });
    // The box comes before the newest entry.
    expect(items[0]!.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });

  it('refreshes quietly when the record changes, but keeps an open editor and offers Reload when someone else changed it', async () => {
    fakeApi();
    const queryClient = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Offline at Forum Mall' });
    const key = queryKeys.resource(chargerServicingTicketResource.name).one('42');
    // Nobody editing: the new version simply shows.
    const reads = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('/audit/entity/') || String(url).includes('/ticket-service/comment/')).length;
    await screen.findByText('On site now');
    const before = reads();
    await act(async () => queryClient.setQueryData(key, { ...ticket, title: 'Offline at Forum Mall (gate 2)', version: 4 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Offline at Forum Mall (gate 2)' })).toBeInTheDocument();
    // The history and comments are read again with it.
    await vi.waitFor(() => expect(reads()).toBe(before + 2));
    expect(screen.queryByText(/changed by someone else/)).toBeNull();
    // An editor open: the page keeps what is on screen and says so.
    await userEvent.click(screen.getByRole('button', { name: 'Change tags: Empty' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hotel' }));
    await act(async () => queryClient.setQueryData(key, { ...ticket, title: 'Renamed elsewhere', priority: 'HIGH', version: 5 }));
    expect(await screen.findByText(/changed by someone else/)).toBeInTheDocument();
    expect(document.querySelector('.record-page__changed')).toHaveAttribute('role', 'status');
    expect(document.querySelector('.record-page__changed')).toHaveTextContent('This record was changed by someone else · Reload');
    expect(screen.getByRole('heading', { level: 1, name: 'Offline at Forum Mall (gate 2)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Hotel' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Renamed elsewhere' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change priority: High' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Hotel' })).toBeNull();
    expect(screen.queryByText(/changed by someone else/)).toBeNull();
  });
});
