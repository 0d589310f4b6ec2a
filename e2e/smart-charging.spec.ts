// Smart charging on a simulated OCPP charger (the simulator's real client over a real WebSocket): set a charger
// maximum from the charger's page, see it in force and the charger's composite schedule drawn from it, clear it with a
// confirm and see the schedule without limits.
import { expect, test } from '@playwright/test';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { claimForThisRun, signIn, staff } from './support';

test('smart charging: a charger maximum set, its composite schedule drawn, then cleared', async ({ page, baseURL }) => {
  // Three answers from the charger and two page reads: about 20 s on the 2-core machine under load.
  test.setTimeout(90_000);
  // A charger from the middle of the list (other journeys play its first and last ones), claimed by this repeat alone.
  const listed = (await (await page.request.get('/ocpp/dev/simulator-chargers?limit=40')).json()) as { items: { chargerId: number; identity: string }[] };
  const target = listed.items.slice(8).find((c) => claimForThisRun(`charger-${c.chargerId}`));
  expect(target, 'a simulated charger left for this repeat').toBeDefined();
  const charger = new SimulatedCharger({ url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`, identity: target!.identity, password: DEV_CHARGER_PASSWORD, connectors: 2 });
  try {
    await charger.start();
    await signIn(page, staff.superAdmin);
    await page.goto(`/charger-management/all-chargers/${target!.chargerId}`);
    await expect(page.getByRole('region', { name: 'Live state' }).getByTestId('connectivity')).toHaveText('Online', { timeout: 15_000 });
    const panel = page.getByRole('region', { name: 'Smart charging' });
    await expect(panel.getByText('No charging profile is set from the console')).toBeVisible({ timeout: 15_000 });

    // A charger maximum of 16 A: the form starts from one, the charger accepts it and it is in force.
    await panel.getByRole('button', { name: 'Set profile…' }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Set a charging profile: / });
    await dialog.getByRole('button', { name: 'Set profile' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    const profiles = panel.getByRole('table', { name: 'Charging profiles' });
    const row = profiles.getByRole('row').filter({ hasText: 'Charger maximum' });
    await expect(row).toContainText('In force', { timeout: 15_000 });
    await expect(row).toContainText('16 A');
    expect(charger.chargingProfiles.list().map((p) => p.profile.chargingProfilePurpose)).toEqual(['ChargePointMaxProfile']);

    // The composite schedule of connector 1 for an hour: 16 A from the start, drawn and listed.
    await panel.getByRole('combobox', { name: 'Connector' }).selectOption({ label: 'Connector 1' });
    await panel.getByRole('button', { name: 'Ask the charger' }).click();
    await expect(panel.getByTestId('composite-chart')).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByTestId('composite-chart')).toHaveAttribute('aria-label', /16 A from 0 min/);
    await expect(panel.getByRole('table', { name: 'Composite schedule periods' }).getByRole('row').nth(1)).toContainText('16 A');

    // Cleared by its id after a confirm: the charger drops it, the list is empty and the schedule has no limits.
    await row.getByRole('button', { name: /^Clear profile \d+$/ }).click();
    const confirm = page.getByRole('alertdialog', { name: /^Clear profile \d+ on / });
    await confirm.getByRole('button', { name: 'Clear profile' }).click();
    await expect(panel.getByText('No charging profile is set from the console')).toBeVisible({ timeout: 20_000 });
    expect(charger.chargingProfiles.list()).toEqual([]);
    await panel.getByRole('button', { name: 'Ask the charger' }).click();
    await expect(panel.getByTestId('composite-state')).toHaveText(/No limits/, { timeout: 20_000 });
  } finally {
    await charger.stop();
  }
});
