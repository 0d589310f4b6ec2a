// Firmware: staff upload an image on the Firmware page, update a simulated OCPP charger (the simulator's real client,
// over a real WebSocket) from its page, and watch it download the image through its link, install it and restart on
// the new version, each step arriving through the live channel.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { claimForThisRun, signIn, staff } from './support';

test('firmware: upload an image, update a charger, watch it reach Installed and run the new version', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  // A charger from the far end of the simulated ones (other journeys play the first ones), claimed by this repeat alone.
  const listed = (await (await page.request.get('/ocpp/dev/simulator-chargers?limit=90')).json()) as { items: { chargerId: number; identity: string }[] };
  const target = [...listed.items].reverse().find((c) => claimForThisRun(`charger-${c.chargerId}`));
  expect(target, 'a simulated charger left for this repeat').toBeDefined();
  const version = `E2E-${randomBytes(3).toString('hex')}`;
  const charger = new SimulatedCharger({
    url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`,
    identity: target!.identity,
    password: DEV_CHARGER_PASSWORD,
    backoff: { initialDelay: 200, maxDelay: 1_000 },
    // Each step takes a second, so the steps show one after another.
    firmware: { stepMs: 1_000 },
  });
  try {
    await charger.start();
    await signIn(page, staff.superAdmin);

    await page.goto('/charger-management/firmware');
    await expect(page.getByRole('heading', { name: 'Firmware', level: 1 })).toBeVisible();
    const upload = page.getByRole('form', { name: 'Upload an image' });
    await upload.getByLabel('Firmware image').setInputFiles({ name: `${version}.bin`, mimeType: 'application/octet-stream', buffer: Buffer.alloc(200_000, 1) });
    await upload.getByLabel('Version').fill(version);
    await upload.getByRole('button', { name: 'Upload' }).click();
    const images = page.getByRole('table', { name: 'Firmware images' });
    await expect(images.getByRole('row').filter({ hasText: version })).toContainText('195 KiB', { timeout: 20_000 });

    await page.goto(`/charger-management/all-chargers/${target!.chargerId}`);
    const panel = page.getByRole('region', { name: 'Live state' });
    await expect(panel.getByTestId('connectivity')).toHaveText('Online', { timeout: 20_000 });
    await expect(panel.getByTestId('fw-current-version')).toHaveText('1.6.4-sim', { timeout: 20_000 });
    await panel.getByRole('button', { name: 'Update firmware…' }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Update firmware/ });
    await dialog.getByRole('button', { name: /Firmware image/ }).click();
    await page.getByRole('option', { name: `${version} (${version}.bin)` }).click();
    await expect(dialog.getByRole('button', { name: /Firmware image/ })).toContainText(version);
    await dialog.getByRole('button', { name: 'Update firmware' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });

    // The update in progress shows its step as the charger reports it, then lands in the history as Installed.
    await expect(panel.getByTestId('fw-update-state')).toHaveText(/Downloading|Downloaded|Installing|Accepted by the charger|Sent/, { timeout: 20_000 });
    await expect(panel.getByRole('table', { name: 'Firmware updates' }).getByRole('row').filter({ hasText: version }).getByTestId('fw-history-state')).toHaveText('Installed', { timeout: 60_000 });
    // The charger restarted and reported the new version at boot.
    await expect(panel.getByTestId('fw-current-version')).toHaveText(version, { timeout: 30_000 });
    expect(charger.firmware.version).toBe(version);
    expect(charger.firmware.counters.bytes).toBe(200_000);
  } finally {
    await charger.stop();
  }
});
