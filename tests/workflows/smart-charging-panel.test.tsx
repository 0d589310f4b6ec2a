/** @vitest-environment jsdom */
// The charger page's Smart charging panel: the profiles in words (purpose, stack level, schedule with units, state
// with the charger's answer), Clear… by id only after its confirm, the composite schedule's refusal in words, and no
// change buttons without the permission.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { smartChargingAnchors, smartChargingPaths, type ChargerProfileView } from '@domain/smart-charging';
import { SmartChargingPanel } from '@workflows/smart-charging/smart-charging-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const at = '2026-11-29T10:00:00.000Z';
const profiles: ChargerProfileView[] = [
  {
    id: 100_001,
    chargerId: 7,
    locationId: null,
    connectorId: 0,
    purpose: 'ChargePointMaxProfile',
    stackLevel: 1,
    profile: { chargingProfileId: 100_001, stackLevel: 1, chargingProfilePurpose: 'ChargePointMaxProfile', chargingProfileKind: 'Relative', chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] } },
    state: 'accepted',
    answer: null,
    updatedAt: at,
  },
  {
    id: 100_002,
    chargerId: 7,
    locationId: 3,
    connectorId: 1,
    purpose: 'TxDefaultProfile',
    stackLevel: 0,
    profile: {
      chargingProfileId: 100_002,
      stackLevel: 0,
      chargingProfilePurpose: 'TxDefaultProfile',
      chargingProfileKind: 'Recurring',
      recurrencyKind: 'Daily',
      chargingSchedule: { chargingRateUnit: 'W', duration: 7200, chargingSchedulePeriod: [{ startPeriod: 0, limit: 7400 }, { startPeriod: 3600, limit: 3700 }] },
    },
    state: 'rejected',
    answer: 'NotSupported',
    updatedAt: at,
  },
];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

function fakeApi() {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === smartChargingPaths.ofCharger(7)) return json(200, { items: profiles });
      if (url === '/ccu/charger/7/live') return json(200, { connectors: [{ connectorId: 1 }, { connectorId: 2 }] });
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === smartChargingPaths.clear(7)) return json(200, { status: 'accepted', answer: 'Accepted', removed: 1 });
      if (url === smartChargingPaths.composite(7)) return json(200, { state: 'rejected', answer: 'Rejected', connectorId: 0, scheduleStart: null, chargingSchedule: null });
      return json(404, { title: 'Not found' });
    }),
  );
  return calls;
}

describe("the charger page's Smart charging panel", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the profiles in words and clears one by id only after its confirm', async () => {
    const calls = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_MANAGE_CHARGING_PROFILES']));
    render(<SmartChargingPanel chargerId={7} chargerType="OCPP_16_JSON_CHARGER" uniqueId="CZ000007" />, { wrapper: Wrapper });
    const table = await screen.findByRole('table', { name: 'Charging profiles' });
    const [max, daily] = within(table).getAllByRole('row').slice(1);
    expect(max).toHaveTextContent('Charger maximum');
    expect(max).toHaveTextContent('16 A (From each session’s start)');
    expect(max).toHaveTextContent('In force');
    expect(max).toHaveTextContent('This charger');
    expect(daily).toHaveTextContent('Default for sessions');
    expect(daily).toHaveTextContent('7.4 kW from 0 min, 3.7 kW from 1 h (Repeating daily, for 2 h)');
    expect(daily).toHaveTextContent('Rejected by the charger: NotSupported');
    expect(daily).toHaveTextContent('Location default');

    await userEvent.click(within(max!).getByRole('button', { name: 'Clear profile 100001' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Clear profile 100001 on CZ000007?' });
    expect(calls).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Clear profile' }));
    await vi.waitFor(() => expect(calls).toEqual([{ url: smartChargingPaths.clear(7), body: { id: 100_001 } }]));
  });

  it('clears by purpose and stack level from its dialog, saying first that it cannot be undone', async () => {
    const calls = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_MANAGE_CHARGING_PROFILES']));
    render(<SmartChargingPanel chargerId={7} chargerType="OCPP_16_JSON_CHARGER" uniqueId="CZ000007" />, { wrapper: Wrapper });
    await screen.findByRole('table', { name: 'Charging profiles' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear by purpose…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear charging profiles: CZ000007' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Stack level/ }), '1');
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear profiles' }));
    await vi.waitFor(() => expect(calls).toEqual([{ url: smartChargingPaths.clear(7), body: { purpose: 'ChargePointMaxProfile', stackLevel: 1 } }]));
  });

  it("says in words that the charger refused its composite schedule", async () => {
    const calls = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_MANAGE_CHARGING_PROFILES']));
    render(<SmartChargingPanel chargerId={7} chargerType="OCPP_16_JSON_CHARGER" uniqueId="CZ000007" />, { wrapper: Wrapper });
    await screen.findByRole('table', { name: 'Charging profiles' });
    await userEvent.click(screen.getByRole('button', { name: 'Ask the charger' }));
    expect(await screen.findByTestId('composite-state')).toHaveTextContent('The charger refused to answer (Rejected)');
    expect(calls).toEqual([{ url: smartChargingPaths.composite(7), body: { connectorId: 0, duration: 3600, unit: 'A' } }]);
  });

  it("opens at the palette's anchors: Set profile…'s dialog, or Ask the charger focused (nothing sent)", async () => {
    const calls = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_MANAGE_CHARGING_PROFILES']));
    window.location.hash = `#${smartChargingAnchors.setProfile}`;
    try {
      const { unmount } = render(<SmartChargingPanel chargerId={7} chargerType="OCPP_16_JSON_CHARGER" uniqueId="CZ000007" />, { wrapper: Wrapper });
      expect(await screen.findByRole('alertdialog', { name: 'Set a charging profile: CZ000007' })).toBeInTheDocument();
      unmount();
      // Moved on the page already on screen (the palette only changes the fragment there).
      window.location.hash = '';
      render(<SmartChargingPanel chargerId={7} chargerType="OCPP_16_JSON_CHARGER" uniqueId="CZ000007" />, { wrapper: Wrapper });
      await screen.findByRole('table', { name: 'Charging profiles' });
      window.location.hash = `#${smartChargingAnchors.composite}`;
      await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Ask the charger' })).toHaveFocus());
      expect(calls).toEqual([]);
    } finally {
      window.location.hash = '';
    }
  });

  it('opens no dialog at its anchor without the permission', async () => {
    fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER']));
    window.location.hash = `#${smartChargingAnchors.setProfile}`;
    try {
      render(<SmartChargingPanel chargerId={7} chargerType="OCPP_16_JSON_CHARGER" uniqueId="CZ000007" />, { wrapper: Wrapper });
      await screen.findByRole('table', { name: 'Charging profiles' });
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    } finally {
      window.location.hash = '';
    }
  });

  it('offers no change without the permission, and shows nothing for a charger that does not speak OCPP', async () => {
    fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER']));
    const { unmount } = render(<SmartChargingPanel chargerId={7} chargerType="OCPP_16_JSON_CHARGER" uniqueId="CZ000007" />, { wrapper: Wrapper });
    await screen.findByRole('table', { name: 'Charging profiles' });
    expect(screen.queryByRole('button', { name: 'Set profile…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Clear/ })).not.toBeInTheDocument();
    // The composite schedule is asked of the charger with the same permission (the server refuses it otherwise).
    expect(screen.queryByRole('button', { name: 'Ask the charger' })).not.toBeInTheDocument();
    unmount();
    render(<SmartChargingPanel chargerId={7} chargerType="KIRANA_LITE_GSM" uniqueId="CZ000007" />, { wrapper: Wrapper });
    expect(screen.queryByRole('region', { name: 'Smart charging' })).not.toBeInTheDocument();
  });
});
