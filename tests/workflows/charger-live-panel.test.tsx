/** @vitest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firmwareChargerStatusLabels, firmwarePaths } from '@domain/firmware';
import type { ChargerLive } from '@domain/ocpp';
import { reservationPaths } from '@domain/reservations';
import { ChargerLivePanel } from '@workflows/charger-live/charger-live-panel';
import { FirmwarePanel } from '@workflows/firmware/firmware-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const at = '2026-03-02T10:00:00.000Z';
const session = (s: Partial<ChargerLive['sessions'][number]>): ChargerLive['sessions'][number] => ({
  transactionId: 0,
  connectorId: 1,
  idTag: 'CARD0001',
  bookingId: null,
  bookingStatus: null,
  startedAt: at,
  energyWh: 1_500,
  powerW: 7_000,
  isTest: false,
  ...s,
});

/** An online charger with a customer's session on connector 1 (booking 1234) and a test charge on connector 2. */
const liveState: ChargerLive = {
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
  vendor: 'CZO Simulator',
  model: 'SIM-22',
  serialNumber: null,
  firmwareVersion: '1.6.4-sim',
  firmwareStatus: null,
  hasPassword: true,
  sockets: [],
  connectors: [],
  sessions: [
    session({ transactionId: 501, connectorId: 1, bookingId: 1234, bookingStatus: 'CHARGING' }),
    session({ transactionId: 502, connectorId: 2, idTag: 'CZOTEST1A2B3C4D', bookingId: 1240, bookingStatus: 'CHARGING', isTest: true }),
  ],
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

/** Answers the live state and the charger's reservations, and records every call that is not a read (a stop) with a plain answer. */
function fakeApi() {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/ccu/charger/7/live') return json(200, liveState);
      // The panel's other reads (the charger's reservations): none held.
      if (url === reservationPaths.ofCharger(7)) return json(200, { items: [] });
      // The other panels' reads of the charger (its firmware, diagnostics, charging profiles) are not what this tests.
      if ((init.method ?? 'GET').toUpperCase() === 'GET') return json(404, { title: 'Not here' });
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/ccu/test-charging/stop') return json(200, { batchId: 'b-1', items: [] });
      return json(200, {});
    }),
  );
  return calls;
}

const rowOf = (connector: string) => screen.getAllByRole('row').find((row) => within(row).queryAllByRole('cell')[0]?.textContent?.startsWith(connector))!;

describe("the charger page's session stops", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers a customer's session the booking's own Stop charging, with its reason, and a test charge the test stop", async () => {
    const calls = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_TEST_DEVICE', 'ROLE_STOP_BOOKING']));
    render(<ChargerLivePanel chargerId={7} />, { wrapper: Wrapper });
    await screen.findByRole('table', { name: 'Current sessions' });

    const customer = rowOf('1');
    expect(within(customer).queryByRole('button', { name: /Stop test charge/ })).not.toBeInTheDocument();
    await userEvent.click(within(customer).getByRole('button', { name: 'Stop charging' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop charging 1234?' });
    // The booking's reason is needed before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop charging' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Some fields need attention.');
    expect(calls).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Driver asked support to stop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop charging' }));
    await vi.waitFor(() => expect(calls).toEqual([{ url: '/booking-service/stop-charging', body: { id: 1234, reason: 'Driver asked support to stop' } }]));

    const test = rowOf('2');
    expect(within(test).queryByRole('button', { name: 'Stop charging' })).not.toBeInTheDocument();
    await userEvent.click(within(test).getByRole('button', { name: 'Stop test charge…' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Stop this test charge?' })).getByRole('button', { name: 'Stop test charge' }));
    await vi.waitFor(() => expect(calls.at(-1)).toEqual({ url: '/ccu/test-charging/stop', body: { chargerId: 7, transactionId: 502 } }));
    expect(calls.filter((c) => c.url === '/ccu/test-charging/stop')).toHaveLength(1);
  });

  it("offers a Field Technician (ROLE_TEST_DEVICE, no ROLE_STOP_BOOKING) no stop for a customer's session, and the test stop for a test charge", async () => {
    fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_TEST_DEVICE']));
    render(<ChargerLivePanel chargerId={7} />, { wrapper: Wrapper });
    await screen.findByRole('table', { name: 'Current sessions' });
    expect(within(rowOf('1')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('2')).getByRole('button', { name: 'Stop test charge…' })).toBeInTheDocument();
  });
});

describe("the charger page's firmware", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is said once, by the Firmware card (the version it runs and its last status); the Live state card does not repeat it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/ccu/charger/7/live') return json(200, { ...liveState, firmwareStatus: 'Downloaded' });
        if (url === firmwarePaths.ofCharger(7)) return json(200, { currentVersion: '1.6.4-sim', chargerStatus: 'Downloaded', current: null, history: [] });
        if (url === reservationPaths.ofCharger(7)) return json(200, { items: [] });
        return json(404, { title: 'Not here' });
      }),
    );
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER']));
    render(
      <>
        <ChargerLivePanel chargerId={7} />
        <FirmwarePanel live={liveState} />
      </>,
      { wrapper: Wrapper },
    );
    const firmware = await screen.findByRole('region', { name: 'Firmware' });
    expect(await within(firmware).findByTestId('fw-current-version')).toHaveTextContent('1.6.4-sim');
    expect(within(firmware).getByText('Last firmware status').nextElementSibling).toHaveTextContent(firmwareChargerStatusLabels.Downloaded);
    const live = await screen.findByRole('region', { name: 'Live state' });
    await within(live).findByText('CZO Simulator SIM-22');
    expect(within(live).queryByText('Firmware')).not.toBeInTheDocument();
    expect(live).not.toHaveTextContent('1.6.4-sim');
    expect(screen.getAllByText('1.6.4-sim')).toHaveLength(1);
  });
});
