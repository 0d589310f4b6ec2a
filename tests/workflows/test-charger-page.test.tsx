/** @vitest-environment jsdom */
// The Test charger screen says what is true after each step: a start "starts in a moment" only until the session
// shows, and a stop says it stopped and the energy delivered (not that charging is about to start).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChargerLive } from '@domain/ocpp';
import { TestChargerPage } from '@workflows/charger-live/test-charger-page';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const at = '2026-03-02T10:00:00.000Z';
const base: ChargerLive = {
  chargerId: 7,
  uniqueId: 'CZ000007',
  chargerType: 'OCPP_16_JSON_CHARGER',
  chargeBoxId: 'CZ000007',
  isActive: true,
  usageType: 'PUBLIC',
  ccuId: null,
  isOnline: true,
  connectivityStatus: 'ONLINE',
  lastSeenAt: at,
  lastHeartbeatAt: at,
  connectedAt: at,
  heartbeatInterval: 300,
  vendor: null,
  model: null,
  serialNumber: null,
  firmwareVersion: null,
  firmwareStatus: null,
  hasPassword: true,
  sockets: [{ code: 'CCS_2', displayText: 'CCS 2', value: 60 }],
  connectors: [],
  sessions: [],
};
const testSession = { transactionId: 502, connectorId: 1, idTag: 'CZOTEST1A2B3C4D', bookingId: 1240, bookingStatus: 'CHARGING', startedAt: at, energyWh: 2_340, powerW: 7_000, isTest: true };

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

const record = (status: string) => ({ id: 'c1', chargerId: 7, batchId: 'b1', action: 'RemoteStopTransaction', payload: {}, status, response: { status: 'Accepted' }, error: null, requestedBy: null, requestedByName: null, chargerUniqueId: 'CZ000007', chargeBoxId: 'CZ000007', createdAt: at, sentAt: at, answeredAt: at });

describe('Test charger', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('after Stop says it stopped and the energy delivered, not that charging starts', async () => {
    let charging = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/ccu/charger/7/live') return json({ ...base, sessions: charging ? [testSession] : [] });
        if (url.startsWith('/ccu/charger/7/meter-values')) return json({ items: [] });
        if (url === '/ccu/test-charging/start') {
          charging = true;
          return json({ batchId: 'b1', items: [record('accepted')] });
        }
        if (url === '/ccu/test-charging/stop') {
          charging = false;
          return json({ batchId: 'b1', items: [record('accepted')] });
        }
        return json({});
      }),
    );
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_TEST_DEVICE']));
    render(<TestChargerPage params={{ chargerId: '7' }} />, { wrapper: Wrapper });
    await userEvent.click(await screen.findByRole('button', { name: 'Start test charge' }));
    await screen.findByRole('button', { name: 'Stop test charge' });
    expect(screen.queryByText(/starts in a moment/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop test charge' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Stopped: 2.34 kWh delivered on socket 1.');
    await screen.findByRole('button', { name: 'Start test charge' });
    expect(screen.queryByText(/starts in a moment/)).not.toBeInTheDocument();
  });
});
