/** @vitest-environment jsdom */
// The charger page's Reserve connector… dialog sends what its inputs hold, the defaults included (the connector the
// charger reported and 30 minutes), as numbers the server's schema takes; the palette's anchor opens it, on arriving
// and on the page already on screen.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChargerLive } from '@domain/ocpp';
import { reservationAnchors } from '@domain/reservations';
import { ReservationsPanel } from '@workflows/charger-live/reservations-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

afterEach(() => vi.unstubAllGlobals());

it('reserves a connector with the dialog’s defaults and the card given', async () => {
  const posted: unknown[] = [];
  const at = '2026-03-02T10:00:00.000Z';
  const view = { id: 5, bookingId: null, chargerId: 7, chargerUniqueId: 'CZ000007', connectorId: 2, idTag: 'ABC123', expiresAt: at, state: 'reserved', summary: 'Reserved', answer: 'Accepted', transactionId: null, requestedByName: 'Asha', createdAt: at, updatedAt: at };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') posted.push({ url, body: JSON.parse(String(init.body)) });
      const body = init.method === 'POST' ? view : { items: [] };
      return new Response(JSON.stringify(body), { status: init.method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_RESERVE_CONNECTOR']));
  const live = { chargerId: 7, uniqueId: 'CZ000007', connectors: [{ connectorId: 0 }, { connectorId: 2 }] } as unknown as ChargerLive;
  render(<ReservationsPanel live={live} />, { wrapper: Wrapper });
  await userEvent.click(await screen.findByRole('button', { name: 'Reserve connector…' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Reserve connector: CZ000007' });
  expect(within(dialog).getByRole('textbox', { name: /^Connector/ })).toHaveValue('2');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^RFID card number/ }), 'ABC123');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reserve connector' }));
  await vi.waitFor(() => expect(posted).toEqual([{ url: '/ccu/charger/7/reservations', body: { connectorId: 2, idTag: 'ABC123', minutes: 30 } }]));
  await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
});

describe("the Reservations card at the palette's anchor (Reserve connector…)", () => {
  const live = { chargerId: 7, uniqueId: 'CZ000007', connectors: [{ connectorId: 0 }, { connectorId: 1 }] } as unknown as ChargerLive;
  const fakeList = () => {
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method === 'POST') posted.push(url);
        return new Response(JSON.stringify({ items: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    return posted;
  };
  afterEach(() => {
    window.location.hash = '';
  });

  it('opens the dialog when the page is opened at the anchor, sending nothing', async () => {
    const posted = fakeList();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_RESERVE_CONNECTOR']));
    window.location.hash = `#${reservationAnchors.reserve}`;
    render(<ReservationsPanel live={live} />, { wrapper: Wrapper });
    expect(await screen.findByRole('alertdialog', { name: 'Reserve connector: CZ000007' })).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('opens the dialog when the palette moves the page already on screen to the anchor, and again after it was closed', async () => {
    fakeList();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_RESERVE_CONNECTOR']));
    render(<ReservationsPanel live={live} />, { wrapper: Wrapper });
    await screen.findByText('No connector is reserved.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    window.location.hash = `#${reservationAnchors.reserve}`;
    const dialog = await screen.findByRole('alertdialog', { name: 'Reserve connector: CZ000007' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // The same action chosen again: the palette tells the page the fragment it already has (command-palette.tsx).
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(await screen.findByRole('alertdialog', { name: 'Reserve connector: CZ000007' })).toBeInTheDocument();
  });

  it('opens no dialog at the anchor without the permission', async () => {
    fakeList();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER']));
    render(<ReservationsPanel live={live} />, { wrapper: Wrapper });
    await screen.findByText('No connector is reserved.');
    window.location.hash = `#${reservationAnchors.reserve}`;
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Reserve connector…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
