// Reserving a connector by hand, end to end with a simulated charger over a real socket: staff reserve a connector on
// the charger's page for a card, the charger answers and reports the connector Reserved (live), then staff cancel
// the reservation (confirmed) and the connector is Available again.
import { expect, test } from '@playwright/test';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { claimForThisRun, signIn, staff } from './support';

test('reservations: reserve a connector, see it Reserved live, cancel it (confirmed), see it released', async ({ page, request, baseURL }) => {
  test.setTimeout(150_000);
  // A charger from the middle of the list (other journeys play the first and the last ones), this repeat's alone.
  const listed = (await (await request.get('/ocpp/dev/simulator-chargers?limit=24')).json()) as { items: { chargerId: number; identity: string; connectors: number }[] };
  const target = listed.items.slice(14).find((c) => claimForThisRun(`charger-${c.chargerId}`));
  expect(target, 'a simulated charger left for this repeat').toBeDefined();
  const card = `E2ERSV${Date.now().toString(16).slice(-6).toUpperCase()}`;
  const charger = new SimulatedCharger({ url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`, identity: target!.identity, password: DEV_CHARGER_PASSWORD, connectors: target!.connectors });
  try {
    await charger.start();
    await signIn(page, staff.superAdmin);
    await page.goto(`/charger-management/all-chargers/${target!.chargerId}`);
    const live = page.getByRole('region', { name: 'Live state' });
    await expect(live.getByTestId('connectivity')).toHaveText('Online', { timeout: 15_000 });
    const panel = page.getByRole('region', { name: 'Reservations' });
    await expect(panel.getByText('No connector is reserved.')).toBeVisible({ timeout: 15_000 });

    // Reserve connector…: the connector, the card and for how long (in minutes); the charger's answer in a toast.
    await panel.getByRole('button', { name: 'Reserve connector…' }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Reserve connector: / });
    await dialog.getByRole('textbox', { name: 'Connector' }).fill('1');
    await dialog.getByRole('textbox', { name: /RFID card number/ }).fill(card);
    await dialog.getByRole('textbox', { name: /For how long/ }).fill('30');
    await dialog.getByRole('button', { name: 'Reserve connector' }).click();
    // The charger's answer comes back before the dialog closes (at most the command's deadline).
    await expect(dialog).toBeHidden({ timeout: 45_000 });
    await expect(page.getByText(/^Reserve connector: Reserved on connector 1 until /)).toBeVisible();
    const reservations = panel.getByRole('table', { name: 'Current reservations' });
    const row = reservations.getByRole('row').filter({ hasText: card });
    await expect(row).toContainText('Connector 1');
    await expect(row).toContainText('Reserved');
    // The charger reported the connector Reserved: the connectors show it, live.
    expect(charger.reservation(1)).toMatchObject({ idTag: card });
    const connectors = live.getByRole('table').first();
    await expect(connectors.getByRole('row').filter({ hasText: /^Connector 1/ })).toContainText('Reserved', { timeout: 15_000 });

    // Cancel reservation…, confirmed (it cannot be undone): the charger frees the connector.
    await row.getByRole('button', { name: 'Cancel reservation of connector 1' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel the reservation of connector 1?' });
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel reservation' }).click();
    await expect(page.getByText(/^Cancel reservation: Cancelled/)).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByText('No connector is reserved.')).toBeVisible({ timeout: 15_000 });
    expect(charger.reservation(1)).toBeNull();
    await expect(connectors.getByRole('row').filter({ hasText: /^Connector 1/ })).toContainText('Available', { timeout: 15_000 });
  } finally {
    await charger.stop();
  }
});
