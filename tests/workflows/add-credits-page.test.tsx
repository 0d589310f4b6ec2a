/** @vitest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddCreditsPreview } from '@domain/add-credits';
import { AddCreditsPage } from '@workflows/add-credits/add-credits-page';
import { fakeSession, renderWith } from '@tests/app/fake-session';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const asha = { mobileNumber: '9876543210', userId: 'u-asha', name: 'Asha Rao', walletId: 'w-asha', balance: 50_000 };
const ravi = { mobileNumber: '8765432109', userId: 'u-ravi', name: 'Ravi Kumar', walletId: 'w-ravi', balance: 0 };

/** The server's preview of the rows sent: Asha and Ravi are known, anything else is not. */
function previewOf(rows: { mobileNumber: string; amount: number }[]): AddCreditsPreview {
  const known = [asha, ravi];
  const results = rows.map((r) => {
    const digits = r.mobileNumber.replace(/\D/g, '').slice(-10);
    const user = known.find((k) => k.mobileNumber === digits);
    const errors: AddCreditsPreview['rows'][number]['errors'] = [];
    if (!user) errors.push({ field: 'mobileNumber', message: 'No user has this number' });
    if (r.amount <= 0) errors.push({ field: 'amount', message: 'Amount must be more than ₹0' });
    return { ...(user ?? { mobileNumber: digits, userId: null, name: null, walletId: null, balance: null }), amount: r.amount, errors };
  });
  const good = results.filter((r) => r.errors.length === 0);
  const total = good.reduce((s, r) => s + r.amount, 0);
  return { ok: good.length === results.length, errorCount: results.length - good.length, count: good.length, total, rows: results, approvalAbove: APPROVAL_ABOVE, needsApproval: total > APPROVAL_ABOVE };
}

/** The server's approval limit in these tests: ₹5,000. */
const APPROVAL_ABOVE = 500_000;

function fakeApi() {
  const calls: { url: string; body: { rows: { mobileNumber: string; amount: number }[]; message: string }; key: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body)) as (typeof calls)[number]['body'];
      calls.push({ url, body, key: (init.headers as Record<string, string>)['Idempotency-Key'] });
      if (url.endsWith('/preview')) return answer(200, previewOf(body.rows));
      const checked = previewOf(body.rows);
      if (checked.needsApproval) return answer(202, { creditRequestId: 7, status: 'PENDING', count: checked.count, total: checked.total, approvalAbove: APPROVAL_ABOVE });
      const wallets = previewOf(body.rows).rows.map((r) => ({ userId: r.userId!, walletId: r.walletId!, mobileNumber: r.mobileNumber!, name: r.name, amount: r.amount, balance: r.balance! + r.amount }));
      return answer(201, { batchId: 'b-1', count: wallets.length, total: wallets.reduce((s, w) => s + w.amount, 0), wallets });
    }),
  );
  return calls;
}

describe('Add Credits To Wallet', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says who may use it', () => {
    const { Wrapper } = renderWith(fakeSession(['ROLE_GET_WALLET']));
    render(<AddCreditsPage />, { wrapper: Wrapper });
    expect(screen.queryByRole('textbox', { name: /Mobile numbers/ })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have the permission this page needs.');
  });

  it('checks the form before asking, shows each row’s problem, leaves the bad rows out, and commits the rest once confirmed', async () => {
    const calls = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_ADD_CREDITS']));
    render(<AddCreditsPage />, { wrapper: Wrapper });
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile numbers/ }), '+91 98765 43210{enter}6999999999{enter}0 8765432109, 1,200{enter}9876500000, abc');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (₹)' }), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('Give a reason of at least 3 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Goodwill credit');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(calls[0]!.body).toEqual({
      rows: [
        { mobileNumber: '+91 98765 43210', amount: 50_000 },
        { mobileNumber: '6999999999', amount: 50_000 },
        { mobileNumber: '0 8765432109', amount: 120_000 },
        { mobileNumber: '9876500000', amount: 0 },
      ],
      message: 'Goodwill credit',
    });
    expect(within(preview).getByRole('status')).toHaveTextContent('4 rows: 2 wallets to credit (₹1,700), 2 rows with problems.');
    expect(within(preview).getByRole('row', { name: /69999 99999/ })).toHaveTextContent('No user has this number');
    // The line's own problem (not rupees) is shown, not the server's word on the 0 it was sent as.
    expect(within(preview).getByRole('row', { name: /^4 / })).toHaveTextContent('Not an amount in rupees');
    expect(within(preview).queryByRole('button', { name: /^Add ₹/ })).not.toBeInTheDocument();

    await userEvent.click(within(preview).getByRole('button', { name: 'Leave out 2 rows with problems' }));
    expect(screen.getByRole('textbox', { name: /Mobile numbers/ })).toHaveValue('+91 98765 43210\n0 8765432109, 1,200');
    const add = await screen.findByRole('button', { name: 'Add ₹1,700 to 2 wallets' });
    await userEvent.click(add);
    const dialog = screen.getByRole('alertdialog', { name: 'Add credits' });
    expect(dialog).toHaveTextContent('Each wallet’s history shows “Goodwill credit”');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add ₹1,700 to 2 wallets' }));

    expect(await screen.findByText('Added ₹1,700 to 2 wallets.')).toBeInTheDocument();
    const commit = calls.at(-1)!;
    expect(commit.url).toBe('/user-service/add-credits-to-wallet');
    expect(commit.body).toEqual({ rows: [{ mobileNumber: '+91 98765 43210', amount: 50_000 }, { mobileNumber: '0 8765432109', amount: 120_000 }], message: 'Goodwill credit' });
    expect(commit.key).toMatch(/.{8,}/);
    expect(screen.getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute('href', '/user-management/wallets/w-ravi');
  });

  it('tells the maker that a batch above the approval limit awaits another staff member, not that it was credited', async () => {
    const calls = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_ADD_CREDITS']));
    render(<AddCreditsPage />, { wrapper: Wrapper });
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile numbers/ }), '9876543210, 6,000');
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Outage compensation');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const ask = await screen.findByRole('button', { name: 'Ask approval for ₹6,000 to 1 wallet' });
    await userEvent.click(ask);
    const dialog = screen.getByRole('alertdialog', { name: 'Add credits' });
    expect(dialog).toHaveTextContent('nothing is credited until another staff member approves the request under Credit Requests');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask approval for ₹6,000 to 1 wallet' }));
    expect(await screen.findByText(/Nothing is credited yet: ₹6,000 to 1 wallet is above ₹5,000 and awaits another staff member’s approval/)).toBeInTheDocument();
    expect(screen.queryByText(/^Added/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Credit request 7' })).toHaveAttribute('href', '/wallet-management/credit-requests/7');
    expect(calls.at(-1)!.url).toBe('/user-service/add-credits-to-wallet');
  });
});
