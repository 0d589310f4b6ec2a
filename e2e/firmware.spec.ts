// Firmware: staff upload an image on the Firmware page, update a simulated OCPP charger (the simulator's real client,
// over a real WebSocket) from its page, and watch it download the image through its link, install it and restart on
// the new version, each step arriving through the live channel; and update several chargers at once from the chargers'
// list (Update firmware… on a selection), each charger's page then showing its own update's result.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { claimForThisRun, signIn, staff } from './support';

/** Uploads a 200,000-byte image of `version` on the Firmware page and waits for it in the images' table. */
async function uploadImage(page: Page, version: string): Promise<void> {
  await page.goto('/charger-management/firmware');
  await expect(page.getByRole('heading', { name: 'Firmware', level: 1 })).toBeVisible({ timeout: 30_000 });
  const upload = page.getByRole('form', { name: 'Upload an image' });
  await upload.getByLabel('Firmware image').setInputFiles({ name: `${version}.bin`, mimeType: 'application/octet-stream', buffer: Buffer.alloc(200_000, 1) });
  await upload.getByLabel('Version').fill(version);
  await upload.getByRole('button', { name: 'Upload' }).click();
  const images = page.getByRole('table', { name: 'Firmware images' });
  await expect(images.getByRole('row').filter({ hasText: version })).toContainText('195 KiB', { timeout: 20_000 });
}

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

    await uploadImage(page, version);

    await page.goto(`/charger-management/all-chargers/${target!.chargerId}`);
    await expect(page.getByRole('region', { name: 'Live state' }).getByTestId('connectivity')).toHaveText('Online', { timeout: 20_000 });
    const panel = page.getByRole('region', { name: 'Firmware' });
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

test("firmware from the chargers' list: two chargers selected, one image, each charger's page showing its update Installed", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  // Two chargers below the middle of the simulated ones, counted down (the single update takes the last ones, the
  // screenshot test's quiet charger is the 56th and stays off), claimed by this repeat alone.
  const listed = (await (await page.request.get('/ocpp/dev/simulator-chargers?limit=55')).json()) as { items: { chargerId: number; identity: string }[] };
  const targets: { chargerId: number; identity: string }[] = [];
  for (const c of [...listed.items].reverse()) if (targets.length < 2 && claimForThisRun(`charger-${c.chargerId}`)) targets.push(c);
  expect(targets, 'two simulated chargers left for this repeat').toHaveLength(2);
  const version = `E2E-${randomBytes(3).toString('hex')}`;
  const chargers = targets.map(
    (t) =>
      new SimulatedCharger({
        url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`,
        identity: t.identity,
        password: DEV_CHARGER_PASSWORD,
        backoff: { initialDelay: 200, maxDelay: 1_000 },
        firmware: { stepMs: 1_000 },
      }),
  );
  try {
    await Promise.all(chargers.map((c) => c.start()));
    await signIn(page, staff.superAdmin);
    await uploadImage(page, version);

    // The online OCPP chargers (the seed writes them offline: the list holds the chargers journeys play now).
    await page.goto('/charger-management/all-chargers?chargerType=OCPP_16_JSON_CHARGER&connectivityStatus=ONLINE');
    const grid = page.getByRole('grid');
    for (const t of targets) await grid.getByRole('checkbox', { name: `Select charger ${t.chargerId}` }).check({ timeout: 30_000 });
    const bar = page.getByRole('region', { name: 'Selection' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Update firmware…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Update firmware: 2 chargers' });
    await dialog.getByRole('button', { name: /Firmware image/ }).click();
    await page.getByRole('option', { name: `${version} (${version}.bin)` }).click();
    await expect(dialog.getByRole('button', { name: /Firmware image/ })).toContainText(version);
    await dialog.getByRole('button', { name: 'Update firmware' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText("Update firmware: 2 sent. Each charger's page shows its steps.")).toBeVisible();

    // Each charger's own result: its page lists the update Installed and runs the new version, as the charger says.
    for (const [i, t] of targets.entries()) {
      await page.goto(`/charger-management/all-chargers/${t.chargerId}`);
      const panel = page.getByRole('region', { name: 'Firmware' });
      await expect(panel.getByRole('table', { name: 'Firmware updates' }).getByRole('row').filter({ hasText: version }).getByTestId('fw-history-state')).toHaveText('Installed', { timeout: 60_000 });
      await expect(panel.getByTestId('fw-current-version')).toHaveText(version, { timeout: 30_000 });
      expect(chargers[i]!.firmware.version).toBe(version);
    }
  } finally {
    await Promise.all(chargers.map((c) => c.stop()));
  }
});
