/** @vitest-environment jsdom */
// One action form serves every action of the console: a resource action and a workflow event check what was typed
// with the server's schema before anything is sent, stay pending while they send, and put the server's field
// messages next to the fields.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingResource } from '@domain/resources/bookings/booking';
import { customerSupportTicketResource } from '@domain/resources/tickets/customer-support-ticket';
import { ticketCloseReasons } from '@domain/resources/tickets/shared';
import { creditRequestResource } from '@domain/resources/wallets/credit-request';
import { actionOf } from '@domain/resource/define-resource';
import { creditRequestWorkflow } from '@machines/credit-request.workflow';
import { ResourceActionButton } from '@resources/resource-action';
import { TicketCloseButton } from '@workflows/ticket-actions/ticket-close';
import { WorkflowPanel } from '@workflows/workflow-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });

/** A fetch whose POST answers are given in turn; the first one can be held until `release` is called. */
function fakeApi(answers: (() => Response)[]) {
  const posts: { url: string; body: unknown }[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method !== 'POST') return json(200, { items: [], count: 0, countExact: true, page: 0, size: 20 });
      posts.push({ url, body: JSON.parse(String(init.body)) });
      if (posts.length === 1) await held;
      return answers[posts.length - 1]!();
    }),
  );
  return { posts, release: () => release() };
}

const refused = () => json(422, { status: 422, title: 'Some fields need attention', errors: [{ path: 'reason', message: 'Say who asked for it' }] });

describe('the action form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a resource action once its fields pass the schema, pending meanwhile, and shows the server’s field message', async () => {
    const api = fakeApi([refused, () => json(200, {})]);
    const { Wrapper } = renderWith(fakeSession(['ROLE_STOP_BOOKING']));
    render(<ResourceActionButton resource={bookingResource} action={actionOf(bookingResource, 'stop-charging')} record={{ id: 1234, status: 'CHARGING', version: 2 }} />, { wrapper: Wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Stop charging' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop charging 1234?' });
    const send = () => within(dialog).getByRole('button', { name: 'Stop charging' });

    await userEvent.click(send());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Some fields need attention.');
    expect(api.posts).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Driver asked');
    await userEvent.click(send());
    await waitFor(() => expect(send()).toHaveAttribute('data-pending', 'true'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    api.release();
    expect(await within(dialog).findByText('Say who asked for it')).toBeInTheDocument();
    expect(send()).not.toHaveAttribute('data-pending');
    expect(api.posts).toEqual([{ url: '/booking-service/stop-charging', body: { id: 1234, reason: 'Driver asked' } }]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' to stop');
    await userEvent.click(send());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.posts.at(-1)).toEqual({ url: '/booking-service/stop-charging', body: { id: 1234, reason: 'Driver asked to stop' } });
  });

  it('sends a workflow event with the record’s version in the same form, pending meanwhile, with the server’s field message', async () => {
    const api = fakeApi([refused, () => json(200, { id: 9, status: 'REJECTED', version: 5 })]);
    const { Wrapper } = renderWith(fakeSession(['ROLE_REJECT_CREDIT_REQUEST', 'ROLE_APPROVE_CREDIT_REQUEST']));
    render(<WorkflowPanel workflow={creditRequestWorkflow} resource={creditRequestResource} record={{ id: 9, status: 'PENDING', version: 4 }} />, { wrapper: Wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject' });
    const send = () => within(dialog).getByRole('button', { name: 'Reject' });

    await userEvent.click(send());
    expect(within(dialog).getByText('Give a reason of at least 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Some fields need attention.');
    expect(api.posts).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Duplicate');
    await userEvent.click(send());
    await waitFor(() => expect(send()).toHaveAttribute('data-pending', 'true'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    api.release();
    expect(await within(dialog).findByText('Say who asked for it')).toBeInTheDocument();
    expect(api.posts).toEqual([{ url: `${creditRequestResource.apiPath}/9/transition`, body: { type: 'REJECT', reason: 'Duplicate', version: 4 } }]);

    await userEvent.click(send());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.posts).toHaveLength(2);
  });
});

describe('a ticket’s Close… in the same form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a close reason before sending, then sends CLOSE with the version and the trimmed note', async () => {
    const api = fakeApi([refused, () => json(200, {})]);
    const { Wrapper } = renderWith(fakeSession(['ROLE_CLOSE_TICKET']));
    render(<TicketCloseButton resource={customerSupportTicketResource} record={{ id: 12, status: 'OPEN', version: 7 }} />, { wrapper: Wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Close…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close this ticket?' });
    const send = () => within(dialog).getByRole('button', { name: 'Close ticket' });

    await userEvent.click(send());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a close reason');
    expect(within(dialog).getByLabelText('Close reason')).toHaveAttribute('aria-invalid', 'true');
    expect(api.posts).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByLabelText('Close reason'), ticketCloseReasons[0]!.value);
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), '  Sorted on the phone  ');
    await userEvent.click(send());
    api.release();
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]).toEqual({ url: `${customerSupportTicketResource.apiPath}/12/transition`, body: { type: 'CLOSE', closeReason: ticketCloseReasons[0]!.value, note: 'Sorted on the phone', version: 7 } });
    expect(await within(dialog).findByText('Say who asked for it')).toBeInTheDocument();

    await userEvent.click(send());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.posts).toHaveLength(2);
  });
});
