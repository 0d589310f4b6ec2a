// The network views in Chromium (WebGL through SwiftShader): a charger found on the map opens its record, and the
// Daily Tracker's numbers and table view are the API's.
import { expect } from '@playwright/test';
import { trackerResultSchema, type TrackerResult } from '@domain/trackers';
import { staff, testSignedInAs } from './support';

const test = testSignedInAs(staff.superAdmin);

test('a charger on the map opens its record; the daily tracker shows the API numbers and its table view matches them', async ({ page }) => {
  // WebGL runs in software here (SwiftShader): the map alone takes seconds on a busy 2-core machine.
  test.setTimeout(90_000);
  // The list's search carries over to the map: one charger, which the map centres.
  await page.goto('/charger-management/all-chargers/map?q=CZ000006');
  await expect(page.getByText('1 charger on the map')).toBeVisible({ timeout: 30_000 });
  const map = page.getByRole('region', { name: 'Map of all stations' });
  await expect(map).toBeVisible();
  await expect(page.getByText('Loading map…')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'In view: 1' })).toBeVisible();
  const box = (await map.boundingBox())!;
  await expect(async () => {
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL(/\/charger-management\/all-chargers\/\d+$/, { timeout: 1_000 });
  }).toPass({ timeout: 8_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('CZ000006');

  // The Daily Tracker: totals and the table view are the API's numbers. Journeys beside this one add tickets, and
  // the live channel then refreshes the tracker, so the screen is compared with the latest answer it received.
  let latest: TrackerResult | undefined;
  page.on('response', async (r) => {
    if (r.url().includes('/lms/tracker/daily?') && r.status() === 200) latest = trackerResultSchema.parse(await r.json());
  });
  await page.goto('/progress-tracker/daily-tracker');
  await expect.poll(() => latest !== undefined, { timeout: 20_000 }).toBe(true);
  const totals = page.getByRole('list', { name: 'Totals' });
  await expect(async () => {
    const tracker = latest!;
    await expect(totals.getByRole('button', { name: /^Bookings/ })).toContainText(tracker.totals.bookings.toLocaleString('en-IN'), { timeout: 1_000 });
    await expect(totals.getByRole('button', { name: /^Tickets opened/ })).toContainText(tracker.totals.ticketsOpened.toLocaleString('en-IN'), { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  const rows = page.getByRole('region', { name: 'Daily Tracker: every day' }).locator('tbody tr');
  await expect(async () => {
    const tracker = latest!;
    await expect(rows).toHaveCount(tracker.buckets.length, { timeout: 1_000 });
    for (const i of [0, tracker.buckets.length - 1]) {
      const cells = rows.nth(i).locator('td');
      await expect(cells.nth(0)).toHaveText(tracker.series.bookings[i]!.toLocaleString('en-IN'), { timeout: 1_000 });
      await expect(cells.nth(5)).toHaveText(tracker.series.ticketsOpened[i]!.toLocaleString('en-IN'), { timeout: 1_000 });
    }
  }).toPass({ timeout: 10_000 });
});
