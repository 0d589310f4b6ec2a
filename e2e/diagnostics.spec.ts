// Diagnostics: a simulated OCPP charger (the simulator's real client over a real WebSocket) on the e2e server; staff
// request its diagnostics from its page, watch the request reach Uploaded through the live channel, download the file
// the charger uploaded, and find the file in the charger's history.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { claimForThisRun, signIn, staff } from './support';

test('diagnostics: requested from the charger page, uploaded live, the file downloaded', async ({ page, baseURL }) => {
  // A shared, busy machine: the charger's connection, the upload and the live refresh each take their time.
  test.setTimeout(120_000);
  // A charger past the ones other journeys play, claimed by this repeat alone (two repeats would replace each other's connection).
  const listed = await page.request.get('/ocpp/dev/simulator-chargers?limit=30');
  const items = ((await listed.json()) as { items: { chargerId: number; identity: string }[] }).items;
  const target = items.slice(20).find((c) => claimForThisRun(`charger-${c.chargerId}`));
  expect(target, 'a simulated charger left for this repeat').toBeDefined();
  const charger = new SimulatedCharger({ url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`, identity: target!.identity, password: DEV_CHARGER_PASSWORD, recentFrames: 50 });
  try {
    await charger.start();
    await signIn(page, staff.superAdmin);
    await page.goto(`/charger-management/all-chargers/${target!.chargerId}`);
    await expect(page.getByRole('region', { name: 'Live state' }).getByTestId('connectivity')).toHaveText('Online', { timeout: 20_000 });
    const panel = page.getByRole('region', { name: 'Diagnostics' });
    await expect(panel.getByText('No diagnostics requested yet.')).toBeVisible({ timeout: 20_000 });

    await panel.getByRole('button', { name: 'Request diagnostics…', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Request diagnostics/ });
    await dialog.getByLabel('Retries', { exact: true }).fill('1');
    await dialog.getByRole('button', { name: 'Request diagnostics', exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });

    // The charger answers, uploads its file and reports Uploaded: the state moves on screen by itself.
    await expect(panel.getByTestId('diagnostics-state').first()).toHaveText('Uploaded', { timeout: 30_000 });
    const downloading = page.waitForEvent('download', { timeout: 20_000 });
    await panel.getByRole('button', { name: /^Download / }).first().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${target!.identity}-diagnostics-.*\\.log$`));
    const text = readFileSync(await download.path(), 'utf8');
    expect(text).toContain(`# charger ${target!.identity}`);
    // Its recent frames: the GetDiagnostics it was sent among them.
    expect(text).toContain('GetDiagnostics');

    await expect(page.getByText(/^Diagnostics file received: /).first()).toBeVisible({ timeout: 20_000 });
  } finally {
    await charger.stop();
  }
});
