/** @vitest-environment jsdom */
// A location's default charging profiles on its page: each default in words with how many chargers hold it, Add
// default profile… sending the form's profile (checked by the shared schema first), and Remove… only after its confirm.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { smartChargingPaths, type LocationProfileView } from '@domain/smart-charging';
import { LocationProfilesPanel } from '@workflows/smart-charging/location-profiles-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const item: LocationProfileView = {
  id: 100_010,
  locationId: 3,
  connectorId: 0,
  purpose: 'TxDefaultProfile',
  stackLevel: 2,
  profile: { chargingProfileId: 100_010, stackLevel: 2, chargingProfilePurpose: 'TxDefaultProfile', chargingProfileKind: 'Relative', chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 20 }] } },
  accepted: 3,
  notAccepted: 1,
  createdAt: '2026-11-29T10:00:00.000Z',
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

function fakeApi() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (url === smartChargingPaths.ofLocation(3) && method === 'GET') return json(200, { items: [item], onlineChargers: 4 });
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'DELETE') return json(200, { results: [] });
      return json(201, { profile: { ...item, id: 100_011, purpose: 'ChargePointMaxProfile', accepted: 4, notAccepted: 0 }, results: [] });
    }),
  );
  return calls;
}

describe("a location's default charging profiles", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the defaults in words, adds one from the form and removes one only after its confirm', async () => {
    const calls = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_ALL_LOCATION', 'ROLE_MANAGE_CHARGING_PROFILES']));
    render(<LocationProfilesPanel locationId={3} name="Koramangala Hub" />, { wrapper: Wrapper });
    const row = within(await screen.findByRole('table', { name: 'Default charging profiles' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Default for sessions');
    expect(row).toHaveTextContent('20 A (From each session’s start)');
    expect(row).toHaveTextContent('3 hold it, 1 refused or missed it');
    expect(screen.getByText(/4 of its chargers are online now/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add default profile…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Add a default charging profile: Koramangala Hub' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add default profile' }));
    await vi.waitFor(() =>
      expect(calls).toEqual([
        {
          url: smartChargingPaths.ofLocation(3),
          method: 'POST',
          body: { connectorId: 0, purpose: 'ChargePointMaxProfile', stackLevel: 0, kind: 'Relative', schedule: { unit: 'A', periods: [{ startPeriod: 0, limit: 16 }] } },
        },
      ]),
    );

    await userEvent.click(within(row).getByRole('button', { name: 'Remove default profile 100010' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove default profile 100010 of Koramangala Hub?' });
    expect(calls).toHaveLength(1);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove default' }));
    await vi.waitFor(() => expect(calls.at(-1)).toEqual({ url: smartChargingPaths.locationProfile(3, 100_010), method: 'DELETE', body: undefined }));
  });
});
