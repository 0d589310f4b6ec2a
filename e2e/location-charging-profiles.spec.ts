// A location's default charging profile with a simulated OCPP charger (the simulator's real client over a real
// WebSocket): staff add a charger maximum on the location's page, the location's online charger takes it at once (its
// Smart charging card says so), a charger starting up there gets it after its boot, and removing the default clears it
// at the charger.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { apiKey, claimForThisRun, signIn, staff } from './support';

interface Listed {
  chargerId: number;
  identity: string;
}

/**
 * A simulated charger alone among its location's OCPP chargers, claimed by this repeat: the location's default then
 * reaches no charger another journey plays. From the middle of the simulated ones (other journeys take the first
 * ones and the last ones; the screenshot test's quiet charger is the 56th).
 */
async function chargerAloneAtItsLocation(request: APIRequestContext): Promise<{ charger: Listed; locationId: number }> {
  const headers = { Authorization: `Bearer ${await apiKey(request, staff.superAdmin)}` };
  const listed = (await (await request.get('/ocpp/dev/simulator-chargers?limit=60')).json()) as { items: Listed[] };
  const ocpp = (await (await request.get('/charger-service/admin/charger?chargerType=OCPP_16_JSON_CHARGER&size=500', { headers })).json()) as { items: { id: number; locationId: number | null }[] };
  const locationOf = new Map(ocpp.items.map((c) => [c.id, c.locationId]));
  const alone = (c: Listed) => {
    const locationId = locationOf.get(c.chargerId);
    return locationId !== null && locationId !== undefined && ocpp.items.filter((o) => o.locationId === locationId).length === 1;
  };
  const charger = listed.items.slice(36, 55).find((c) => alone(c) && claimForThisRun(`charger-${c.chargerId}`));
  expect(charger, 'a simulated charger alone at its location, left for this repeat').toBeDefined();
  return { charger: charger!, locationId: locationOf.get(charger!.chargerId)! };
}

test("a location's default charger maximum reaches its online charger and one starting up, and is cleared when removed", async ({ page, request, baseURL }) => {
  // Two answers from the charger, a restart and five page loads: about 30 s on the 2-core machine under load.
  test.setTimeout(150_000);
  const { charger: target, locationId } = await chargerAloneAtItsLocation(request);
  const simulated = () =>
    new SimulatedCharger({ url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`, identity: target.identity, password: DEV_CHARGER_PASSWORD, backoff: { initialDelay: 200, maxDelay: 1_000 } });
  const maxima = (c: SimulatedCharger) => c.chargingProfiles.list().filter((p) => p.profile.chargingProfilePurpose === 'ChargePointMaxProfile');
  let charger = simulated();
  try {
    await charger.start();
    await signIn(page, staff.superAdmin);
    const chargerPage = `/charger-management/all-chargers/${target.chargerId}`;
    await page.goto(chargerPage);
    await expect(page.getByRole('region', { name: 'Live state' }).getByTestId('connectivity')).toHaveText('Online', { timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Smart charging' }).getByText('No charging profile is set from the console')).toBeVisible({ timeout: 20_000 });

    // On the location's page: a charger maximum of 20 A, sent at once to its one online charger, which accepts it.
    await page.goto(`/charger-management/all-location/${locationId}`);
    const defaults = page.getByRole('region', { name: 'Default charging profiles' });
    await expect(defaults).toContainText('1 of its chargers are online now', { timeout: 20_000 });
    await expect(defaults.getByText('No default profile')).toBeVisible();
    await defaults.getByRole('button', { name: 'Add default profile…' }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Add a default charging profile: / });
    await expect(dialog.getByRole('textbox', { name: /^Limit/ })).toHaveValue('16');
    await dialog.getByRole('textbox', { name: /^Limit/ }).fill('20');
    await dialog.getByRole('button', { name: 'Add default profile' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText(/^Default profile \d+ added: 1 of 1 online charger accepted\.$/)).toBeVisible();
    const row = defaults.getByRole('table', { name: 'Default charging profiles' }).getByRole('row').filter({ hasText: 'Charger maximum' });
    await expect(row).toContainText('20 A');
    await expect(row).toContainText('1 hold it', { timeout: 15_000 });
    expect(maxima(charger).map((p) => p.profile.chargingSchedule.chargingSchedulePeriod[0]!.limit)).toEqual([20]);

    // The charger's page: the location's default in force, and the composite schedule the charger answers capped at 20 A.
    await page.goto(chargerPage);
    const smart = page.getByRole('region', { name: 'Smart charging' });
    const held = smart.getByRole('table', { name: 'Charging profiles' }).getByRole('row').filter({ hasText: 'Charger maximum' });
    await expect(held).toContainText('Location default', { timeout: 20_000 });
    await expect(held).toContainText('In force');
    await expect(held).toContainText('20 A');
    await smart.getByRole('button', { name: 'Ask the charger' }).click();
    await expect(smart.getByTestId('composite-chart')).toHaveAttribute('aria-label', /20 A from 0 min/, { timeout: 20_000 });

    // A charger starting up at the location (this one restarted with nothing held) gets the default after its boot.
    await charger.stop();
    charger = simulated();
    expect(maxima(charger)).toEqual([]);
    await charger.start();
    await expect.poll(() => maxima(charger).map((p) => p.profile.chargingSchedule.chargingSchedulePeriod[0]!.limit), { timeout: 30_000 }).toEqual([20]);

    // Removed on the location's page, after its confirm: the online charger clears it, and its card lists none.
    await page.goto(`/charger-management/all-location/${locationId}`);
    await defaults.getByRole('table', { name: 'Default charging profiles' }).getByRole('button', { name: /^Remove default profile \d+$/ }).click();
    const confirm = page.getByRole('alertdialog', { name: /^Remove default profile \d+ of / });
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Remove default' }).click();
    await expect(page.getByText(/^Removed default \d+: 1 of 1 online charger accepted\.$/)).toBeVisible({ timeout: 30_000 });
    await expect(defaults.getByText('No default profile')).toBeVisible();
    expect(maxima(charger)).toEqual([]);
    await page.goto(chargerPage);
    await expect(page.getByRole('region', { name: 'Smart charging' }).getByText('No charging profile is set from the console')).toBeVisible({ timeout: 20_000 });
  } finally {
    await charger.stop();
  }
});
