// Commands from the console to simulated OCPP chargers (the simulator's real client over a real WebSocket): read a
// charger's configuration, change an editable key in place and see it changed; take a connector out of use; send it
// a vendor's own message and see its answer with the data; then
// send one command to two chargers from the list and follow each one's answer on the batch's results page.
import { expect, test } from '@playwright/test';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { claimForThisRun, signIn, staff } from './support';

test('charger commands: configuration in place, availability, one command to two chargers and its results', async ({ page, baseURL }) => {
  // Three pages and five answers from two chargers: 20-30 s on the 2-core machine under load, over the default 30 s at times.
  test.setTimeout(60_000);
  // Two chargers from the end of the list (live-charger and booking-actions play the first ones), each claimed by this
  // repeat alone: two repeats playing one charger would replace each other's connection.
  const listed = (await (await page.request.get('/ocpp/dev/simulator-chargers?limit=40')).json()) as { items: { chargerId: number; identity: string }[] };
  const targets: typeof listed.items = [];
  for (const c of [...listed.items].reverse()) if (targets.length < 2 && claimForThisRun(`charger-${c.chargerId}`)) targets.push(c);
  expect(targets, 'two simulated chargers left for this repeat').toHaveLength(2);
  const chargers = targets.map((t) => new SimulatedCharger({ url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`, identity: t.identity, password: DEV_CHARGER_PASSWORD, connectors: 2 }));
  const [first, second] = targets as [(typeof targets)[number], (typeof targets)[number]];
  try {
    await Promise.all(chargers.map((c) => c.start()));
    await signIn(page, staff.superAdmin);
    await page.goto(`/charger-management/all-chargers/${first.chargerId}`);
    const panel = page.getByRole('region', { name: 'Live state' });
    await expect(panel.getByTestId('connectivity')).toHaveText('Online', { timeout: 10_000 });

    // The configuration as a table; an editable key changes in place and the table reads it again. The heartbeat
    // interval is the central system's (given at boot): not offered.
    await panel.getByRole('button', { name: 'Read configuration' }).click();
    const keys = panel.getByRole('table', { name: 'Configuration keys' });
    const heartbeat = keys.getByRole('row').filter({ hasText: 'HeartbeatInterval' });
    await expect(heartbeat.getByRole('cell').nth(2)).toHaveText('Set by the central system', { timeout: 10_000 });
    await expect(heartbeat.getByRole('button')).toHaveCount(0);
    const sampling = keys.getByRole('row').filter({ hasText: 'MeterValueSampleInterval' });
    await expect(sampling.getByRole('cell').nth(2)).toHaveText('Editable');
    await panel.getByRole('searchbox', { name: 'Filter keys' }).fill('metervalue');
    await expect(keys.getByRole('row')).toHaveCount(2);
    await sampling.getByRole('button', { name: 'Change MeterValueSampleInterval' }).click();
    await sampling.getByRole('textbox', { name: 'New value of MeterValueSampleInterval' }).fill('77');
    await sampling.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Change MeterValueSampleInterval?' });
    await confirm.getByRole('button', { name: 'Change' }).click();
    await expect(confirm).toBeHidden();
    await expect(sampling.getByRole('cell').nth(1)).toHaveText('77', { timeout: 10_000 });

    // Connector 1 out of use: the charger accepts and reports it unavailable.
    await panel.getByRole('button', { name: 'Change availability…' }).click();
    const availability = page.getByRole('alertdialog', { name: /^Change availability: / });
    await availability.getByRole('combobox', { name: 'Connector' }).selectOption({ label: 'Connector 1' });
    await availability.getByRole('radio', { name: /^Inoperative/ }).check();
    await expect(availability.getByText(/Drivers cannot start a session on it/)).toBeVisible();
    await availability.getByRole('button', { name: 'Change availability' }).click();
    await expect(availability).toBeHidden({ timeout: 15_000 });
    const connector1 = panel.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Connector 1', exact: true }) }).first();
    await expect(connector1).toContainText('Unavailable', { timeout: 10_000 });
    await expect(panel.getByRole('table', { name: 'Commands' }).getByRole('row').filter({ hasText: 'Change availability' }).first()).toContainText('Accepted');

    // A vendor's own message (DataTransfer): the simulator's extension accepts it and echoes the data back.
    await panel.getByRole('button', { name: /^More commands/ }).click();
    await page.getByRole('menuitem', { name: 'Send vendor data…' }).click();
    const vendor = page.getByRole('alertdialog', { name: /^Send vendor data: / });
    await vendor.getByRole('textbox', { name: 'Vendor id' }).fill('CZO Simulator');
    await vendor.getByRole('textbox', { name: 'Data (optional)' }).fill('ping-e2e');
    await vendor.getByRole('button', { name: 'Send vendor data' }).click();
    // The charger's answer with its data, said as it arrives; the command listed with the others.
    await expect(page.getByText('Accepted, data: “ping-e2e”')).toBeVisible({ timeout: 15_000 });
    await expect(vendor).toBeHidden();
    await expect(panel.getByRole('table', { name: 'Commands' }).getByRole('row').filter({ hasText: 'Send vendor data' }).first()).toContainText('Accepted', { timeout: 10_000 });

    // One command to both chargers from the list: the results page shows each charger's answer as it arrives.
    // Only connected OCPP chargers are online (the seed writes them offline): the list holds this repeat's two.
    await page.goto('/charger-management/all-chargers?chargerType=OCPP_16_JSON_CHARGER&connectivityStatus=ONLINE');
    const grid = page.getByRole('grid');
    for (const t of targets) await grid.getByRole('checkbox', { name: `Select charger ${t.chargerId}` }).check();
    const bar = page.getByRole('region', { name: 'Selection' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Send command…' }).click();
    await page.getByRole('menuitem', { name: 'Request a message…' }).click();
    const send = page.getByRole('alertdialog', { name: 'Request a message: 2 chargers' });
    await send.getByRole('combobox', { name: 'Message' }).selectOption({ label: 'Heartbeat' });
    await send.getByRole('button', { name: 'Request a message' }).click();
    await expect(page).toHaveURL(/\/charger-management\/command-batches\/[0-9a-f-]{36}\?back=/);
    const results = page.getByRole('table', { name: 'Results by charger' });
    await expect(results.getByRole('row')).toHaveCount(3);
    for (const t of [first, second]) {
      await expect(results.getByRole('row').filter({ has: page.locator(`a[href$="/all-chargers/${t.chargerId}"]`) })).toContainText('Accepted', { timeout: 15_000 });
    }
    await expect(page.getByTestId('batch-summary')).toContainText('2 accepted');
    await page.getByRole('link', { name: 'Back to the chargers' }).click();
    await expect(page).toHaveURL(/\/charger-management\/all-chargers\?chargerType=OCPP_16_JSON_CHARGER&connectivityStatus=ONLINE$/);
  } finally {
    await Promise.all(chargers.map((c) => c.stop()));
  }
});
