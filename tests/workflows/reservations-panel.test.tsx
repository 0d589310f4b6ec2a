/** @vitest-environment jsdom */
// The charger page's Reserve connector… dialog sends what its inputs hold, the defaults included (the connector the
// charger reported and 30 minutes), as numbers the server's schema takes.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { ChargerLive } from '@domain/ocpp';
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
