/** @vitest-environment jsdom */
// A record page has one activity timeline: a feature's own events (a booking's charger session and money) join its
// history, newest first, in the one History section; and no two sections of a page share a title (a wallet's ledger
// is not "History").
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceExtensions } from '@app/resource-extensions';
import { bookingResource } from '@domain/resources/bookings/booking';
import { walletResource } from '@domain/resources/wallets/wallet';
import { ActivityTimeline } from '@resources/activity-timeline';
import { DetailPage } from '@resources/detail-page';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const none = { items: [], count: 0, countExact: true, page: 0, size: 10 };
const audit = (id: string, createdAt: string, more: Record<string, unknown>) => ({ id, action: 'transition', actorUserId: null, actorName: 'Priya Nair', fromState: null, toState: null, event: null, reason: null, changes: null, createdAt, ...more });

function fakeApi(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.replace(/^https?:\/\/[^/]+/, '');
      const match = Object.keys(routes).find((k) => path.includes(k));
      return json(match ? routes[match] : none);
    }),
  );
}

/** The section titles of the page's main column and side panel, in order. */
const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('one timeline on a record page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('merges a feature’s own events (a charger session, money) into the record’s history, newest first, in one section', async () => {
    fakeApi({
      '/audit/entity/': { items: [audit('a2', '2026-03-01T10:39:00Z', { fromState: 'CHARGING', toState: 'COMPLETED', event: 'COMPLETE' }), audit('a1', '2026-03-01T10:01:00Z', { fromState: 'SCHEDULED', toState: 'CHARGING', event: 'START' })] },
    });
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_ALL_BOOKINGS']), '/booking-management/all-bookings/bookings/77');
    const events = {
      items: [
        { key: 'started', at: '2026-03-01T10:02:00Z', label: 'Charger', title: 'Session started on connector 1', lines: [] },
        { key: 'paid', at: '2026-03-01T10:40:00Z', label: 'Money', title: 'Booking payment', lines: ['Wallet −₹240'] },
      ],
      pending: false,
      error: null,
    };
    render(<ActivityTimeline resource={bookingResource} id="77" events={events} />, { wrapper: Wrapper });
    const history = await screen.findByRole('region', { name: 'History' });
    await within(history).findByText(/moved it from Charging to Completed/);
    const items = within(history).getAllByRole('listitem').filter((li) => li.parentElement!.classList.contains('activity__list'));
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      expect.stringMatching(/^Money Booking payment · /),
      expect.stringMatching(/^Priya Nair moved it from Charging to Completed \(Complete\) · /),
      expect.stringMatching(/^Charger Session started on connector 1 · /),
      expect.stringMatching(/^Priya Nair moved it from Scheduled to Charging \(Start\) · /),
    ]);
    expect(items[0]).toHaveTextContent('Wallet −₹240');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['History']);
  });

  it('shows a booking’s charger session and money in its history, newest first, and no second timeline', async () => {
    const money = { walletAmount: null, owedAmount: null, revenueAmount: null, gstAmount: null, energyWh: null, powerW: null };
    fakeApi({
      '/timeline': {
        items: [
          { at: '2026-03-01T10:00:00Z', kind: 'transition', title: 'Charging', detail: null, ...money },
          { at: '2026-03-01T10:02:00Z', kind: 'charger', title: 'Session started on connector 1', detail: null, ...money, energyWh: 0 },
          { at: '2026-03-01T10:40:00Z', kind: 'money', title: 'Booking payment', detail: null, ...money, walletAmount: -24_000 },
        ],
        live: null,
        figures: { energyWh: 12_000, amount: 24_000, live: false },
      },
      '/audit/entity/': { items: [audit('a1', '2026-03-01T10:39:00Z', { fromState: 'CHARGING', toState: 'COMPLETED', event: 'COMPLETE' })] },
      '/booking/77': { id: 77, userId: 'u1', userPhone: '9845022222', status: 'COMPLETED', startedAt: '2026-03-01T10:00:00Z', energyWh: 12_000, amount: 24_000, tariffPerKwh: 2_000, paymentMode: 'WALLET', version: 3 },
    });
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_ALL_BOOKINGS']), '/booking-management/all-bookings/bookings/77');
    render(<DetailPage resource={bookingResource} id="77" extensions={resourceExtensions} />, { wrapper: Wrapper });
    const history = await screen.findByRole('region', { name: 'History' });
    await within(history).findByText('Booking payment');
    const items = within(history).getAllByRole('listitem').filter((li) => li.parentElement!.classList.contains('activity__list'));
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      expect.stringMatching(/^Money Booking payment · /),
      expect.stringMatching(/^Priya Nair moved it from Charging to Completed \(Complete\) · /),
      expect.stringMatching(/^Charger Session started on connector 1 · /),
    ]);
    expect(items[0]).toHaveTextContent('Wallet −₹240');
    expect(screen.queryByRole('region', { name: 'Booking timeline' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).not.toContain('Timeline');
  });

  it('titles a wallet’s ledger apart from its history', async () => {
    fakeApi({ '/wallet/4f4cad5f-8afa-51a8-bae6-a41f2d080d2e': { id: '4f4cad5f-8afa-51a8-bae6-a41f2d080d2e', userId: 'u1', credits: 50_000, owed: 0, updatedAt: '2026-03-01T10:00:00Z' }, '/audit/entity/': { items: [] } });
    const { Wrapper } = renderWith(fakeSession(['ROLE_GET_WALLET', 'ROLE_VIEW_WALLET_LEDGER']), '/user-management/wallets/4f4cad5f-8afa-51a8-bae6-a41f2d080d2e');
    render(<DetailPage resource={walletResource} id="4f4cad5f-8afa-51a8-bae6-a41f2d080d2e" extensions={resourceExtensions} />, { wrapper: Wrapper });
    expect(await screen.findByRole('region', { name: 'Wallet ledger' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'History' });
    const titles = sectionTitles().map((t) => t!.replace(/\s*\(\d+\)$/, ''));
    expect(new Set(titles).size).toBe(titles.length);
  });
});
