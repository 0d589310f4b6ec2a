/** @vitest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chargerServicingTicketResource, demoTicketResource, ticketResource } from '@domain/entities/tickets';
import { ticketActionsFor } from '@domain/ticket-actions';
import { TicketActionsPanel } from '@workflows/ticket-actions/ticket-actions-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const ticket = { id: 42, kind: 'CHARGER_SERVICING', title: 'Offline at Forum Mall', status: 'OPEN', priority: 'MEDIUM', assignee: null, dueDate: null, tags: [], availableDate: null, version: 3 };
const every = ['ROLE_ASSIGN_TICKET', 'ROLE_UPDATE_TICKET_PRIORITY', 'ROLE_UPDATE_TICKET_DUE_DATE', 'ROLE_UPDATE_TICKET_TAGS', 'ROLE_CLOSE_TICKET', 'ROLE_COMMENT_ON_TICKET'];

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

/** A fetch that answers the comments list and records every other request. */
function fakeApi(answers: Record<string, () => Response> = {}) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchSpy = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const match = Object.keys(answers).find((k) => url.includes(k));
    if (match) return answers[match]!();
    if (url.includes('/ticket-service/comment/')) return (init.method ?? 'GET') === 'GET' ? answer(200, { items: [], count: 0, page: 0, size: 20 }) : answer(201, {});
    return answer(200, { ...ticket, version: 4 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  return calls;
}

describe('the ticket actions panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the permitted actions, and Close only where the kind accepts it', () => {
    expect(ticketActionsFor(every, ticket, true).map((a) => a.id)).toEqual(['assign', 'priority', 'dueDate', 'tags', 'close']);
    expect(ticketActionsFor(['ROLE_UPDATE_TICKET_PRIORITY'], ticket, true).map((a) => a.id)).toEqual(['priority']);
    expect(ticketActionsFor(every, { ...ticket, status: 'CLOSED' }, true).map((a) => a.id)).not.toContain('close');
    fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_UPDATE_TICKET_PRIORITY']));
    render(<TicketActionsPanel resource={chargerServicingTicketResource} record={ticket} />, { wrapper: Wrapper });
    const panel = screen.getByRole('region', { name: 'Ticket actions' });
    expect(within(panel).getByRole('button', { name: 'Set priority' })).toBeInTheDocument();
    for (const name of ['Assign', 'Assign to me', 'Set due date', 'Save tags', 'Close…', 'Post comment']) expect(within(panel).queryByRole('button', { name })).toBeNull();
  });

  it('sends each action with the version it saw to its own route', async () => {
    const calls = fakeApi();
    const { Wrapper } = renderWith(fakeSession(every));
    render(<TicketActionsPanel resource={chargerServicingTicketResource} record={ticket} />, { wrapper: Wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'URGENT');
    await userEvent.click(screen.getByRole('button', { name: 'Set priority' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Escalated' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save tags' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'POST').map(({ url, body }) => ({ url: url.replace(/^https?:\/\/[^/]+/, ''), body }))).toEqual([
      { url: '/ticket-service/admin/ticket/42/assign-to', body: { assignee: 'u-1', version: 3 } },
      { url: '/ticket-service/admin/ticket/42/priority', body: { priority: 'URGENT', version: 3 } },
      { url: '/ticket-service/admin/ticket/42/tag', body: { tags: ['ESCALATED'], version: 3 } },
    ]);
  });

  it("shows the server's field error next to the action", async () => {
    fakeApi({ 'due-date': () => answer(400, { status: 400, title: 'Invalid request', errors: [{ path: 'dueDate', message: 'The due date cannot be before the ticket was created (2026-03-01)' }] }) });
    const { Wrapper } = renderWith(fakeSession(every));
    render(<TicketActionsPanel resource={chargerServicingTicketResource} record={ticket} />, { wrapper: Wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Set due date' }));
    expect(await screen.findByText('The due date cannot be before the ticket was created (2026-03-01)')).toBeInTheDocument();
  });

  it("closes through the kind's CLOSE transition with the chosen reason, after a confirm; the cross-kind page too", async () => {
    const calls = fakeApi();
    const { Wrapper } = renderWith(fakeSession(every));
    render(<TicketActionsPanel resource={ticketResource} record={{ ...ticket, kind: 'DEMO', contactName: 'Asha' }} />, { wrapper: Wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Close…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close this ticket?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    expect(await within(dialog).findByText('Choose a close reason')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Close reason' }), 'TEST_BOOKING');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.url).toContain(`${demoTicketResource.apiPath}/42/transition`);
    expect(sent.body).toEqual({ type: 'CLOSE', version: 3, closeReason: 'TEST_BOOKING' });
  });

  it('posts a comment with Ctrl+Enter and refuses an empty one', async () => {
    const calls = fakeApi();
    const { Wrapper } = renderWith(fakeSession(every));
    render(<TicketActionsPanel resource={chargerServicingTicketResource} record={ticket} />, { wrapper: Wrapper });
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Write a comment')).toBeInTheDocument();
    await userEvent.type(box, 'Technician on the way');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.url).toContain('/ticket-service/comment/entityType/charger-servicing-tickets/entityId/42');
    expect(sent.body).toEqual({ body: 'Technician on the way' });
    await waitFor(() => expect(box).toHaveValue(''));
  });
});
