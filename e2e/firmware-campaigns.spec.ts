// Firmware campaigns over simulated OCPP chargers (the simulator's real client over a real WebSocket, really
// downloading the image): a campaign created on the console over three chargers picked by their firmware version, its
// matching count shown as the filter changes, started in two waves; the first wave's progress reaches the page live,
// the second wave starts by itself; paused by staff with the reason shown, resumed, and completed.
import { expect, test } from '@playwright/test';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { apiKey, claimForThisRun, signIn, staff } from './support';

test('firmware campaign: create over three simulated chargers, waves progress live, pause and resume, completed', async ({ page, baseURL, request }) => {
  // Three chargers download, install and reboot twice over (about 10 s each on the 2-core machine under load).
  test.setTimeout(240_000);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const oldVersion = `fc-old-${run}`;
  const newVersion = `fc-new-${run}`;
  const listed = (await (await request.get('/ocpp/dev/simulator-chargers?limit=60')).json()) as { items: { chargerId: number; identity: string }[] };
  // Chargers from the middle of the list, each claimed by this repeat alone (other journeys play the first and the last).
  const targets: typeof listed.items = [];
  for (const c of listed.items.slice(20)) if (targets.length < 3 && claimForThisRun(`charger-${c.chargerId}`)) targets.push(c);
  expect(targets, 'three simulated chargers left for this repeat').toHaveLength(3);
  // Each step of an update takes 1.5 s: the waves are seen under way, then done.
  const chargers = targets.map(
    (t) => new SimulatedCharger({ url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`, identity: t.identity, password: DEV_CHARGER_PASSWORD, connectors: 1, firmware: { version: oldVersion, stepMs: 1_500 } }),
  );
  try {
    await Promise.all(chargers.map((c) => c.start()));
    // The image, uploaded as staff do on the Firmware page.
    const key = await apiKey(request, staff.superAdmin);
    const upload = await request.post('/ccu/firmware/files', {
      headers: { Authorization: `Bearer ${key}` },
      multipart: { file: { name: `${newVersion}.bin`, mimeType: 'application/octet-stream', buffer: Buffer.from(`image ${newVersion}`) }, version: newVersion },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    await signIn(page, staff.superAdmin);
    await page.goto('/charger-management/firmware-campaigns');
    await expect(page.getByRole('heading', { name: 'Firmware campaigns', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'New campaign' }).click();
    await expect(page.getByRole('heading', { name: 'New firmware campaign' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Name' }).fill(`Roll-out ${newVersion}`);
    await page.getByRole('combobox', { name: 'Firmware image' }).selectOption({ label: `${newVersion} · ${newVersion}.bin` });
    // The three chargers booted with this version: the filter counts them.
    const version = page.getByRole('combobox', { name: 'Current firmware version' });
    await expect(version.getByRole('option', { name: oldVersion })).toHaveCount(1, { timeout: 15_000 });
    await version.selectOption({ label: oldVersion });
    await page.getByRole('textbox', { name: /^Waves/ }).fill('1,100');
    await expect(page.getByTestId('fc-match')).toHaveText('3 chargers match. Waves of 1, 2 chargers.', { timeout: 15_000 });
    await expect(page.getByRole('table', { name: 'Chargers matching' }).getByRole('row')).toHaveCount(4);
    await page.getByRole('button', { name: 'Create campaign' }).click();

    await expect(page).toHaveURL(/\/charger-management\/firmware-campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(page.getByTestId('fc-detail-state')).toHaveText('Draft', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Start…' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Start “Roll-out ${newVersion}”?` });
    await expect(confirm).toContainText('Its 3 chargers are fixed now and updated in 2 waves');
    await confirm.getByRole('button', { name: 'Start campaign' }).click();
    await expect(page.getByTestId('fc-detail-state')).toHaveText('Running', { timeout: 30_000 });

    // Wave 1 runs and finishes with no reload; then wave 2 starts by itself.
    const wave1 = page.getByTestId('fc-wave-1');
    const wave2 = page.getByTestId('fc-wave-2');
    await expect(wave1).toContainText('1 charger: 1 updating', { timeout: 30_000 });
    await expect(wave1).toContainText('1 charger: 1 updated', { timeout: 60_000 });
    await expect(wave2).toContainText('Wave 2 (current)', { timeout: 30_000 });
    await expect(wave2).toContainText('updating', { timeout: 30_000 });

    // Paused by staff while wave 2 runs: the reason is shown; the updates under way still finish.
    await page.getByRole('button', { name: 'Pause' }).press('Enter');
    await expect(page.getByTestId('fc-detail-state')).toHaveText('Paused', { timeout: 30_000 });
    await expect(page.getByTestId('fc-paused-reason')).toHaveText(/^Paused by /);
    await expect(wave2).toContainText('2 chargers: 2 updated', { timeout: 60_000 });
    await expect(page.getByTestId('fc-detail-state')).toHaveText('Paused');

    // From the keyboard (the toasts of the pause sit over the header's buttons on this window size).
    await page.getByRole('button', { name: 'Resume' }).press('Enter');
    await expect(page.getByTestId('fc-detail-state')).toHaveText('Completed', { timeout: 30_000 });
    await expect(page.getByTestId('fc-paused-reason')).toHaveCount(0);
    await expect(page.getByTestId('fc-detail-progress')).toHaveText('3 of 3 chargers updated');
    const table = page.getByRole('table', { name: 'Chargers of the campaign' });
    await expect(table.getByTestId('fc-member-state').filter({ hasText: 'Updated' })).toHaveCount(3);
    await expect.poll(() => chargers.map((c) => c.firmware.version)).toEqual([newVersion, newVersion, newVersion]);

    // The side menu's entry lists it with its progress.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Firmware Campaigns' }).click();
    const row = page.getByRole('row').filter({ hasText: `Roll-out ${newVersion}` });
    await expect(row.getByTestId('fc-state')).toHaveText('Completed', { timeout: 30_000 });
    await expect(row.getByTestId('fc-progress')).toHaveText('3 of 3 chargers updated');
  } finally {
    await Promise.all(chargers.map((c) => c.stop()));
  }
});
