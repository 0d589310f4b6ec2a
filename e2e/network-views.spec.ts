// The network views in Chromium (WebGL through SwiftShader): a charger found on the map opens its record, and the
// Daily Tracker's numbers and table view are the API's; a zone drawn on the map is saved and comes back on reopening;
// home's figures of the day's work are the counts of the lists they open.
import { expect, type Page } from '@playwright/test';
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

test('a zone drawn on the map is saved with its centre and radius, and comes back on reopening', async ({ page }) => {
  test.setTimeout(90_000);
  // A new zone of this run (repeats and other journeys never see it).
  const name = `Drawn zone ${Date.now() % 1_000_000}-${Math.floor(Math.random() * 1000)}`;
  await page.goto('/zone-management/operational-zone/add');
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  const city = page.getByRole('combobox', { name: /^City/ });
  await city.fill('Beng');
  await page.getByRole('option', { name: /^Bengaluru/ }).click();
  await city.press('Tab');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(city).toHaveValue(/^Bengaluru/);

  const centre = page.getByRole('textbox', { name: /^Centre/ });
  const radius = page.getByRole('textbox', { name: /^Radius/ });
  await expect(centre).toHaveValue('');
  await expect(page.getByText('Enter the centre and radius, or draw the zone on the map.')).toBeVisible();
  const map = page.getByRole('region', { name: 'Zone area map' });
  await expect(map).toBeVisible();
  await expect(page.getByText('Loading map…')).toBeHidden({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Draw on map' }).click();
  await expect(page.getByText("Click the zone's centre, move out to its edge and click again.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel drawing' })).toBeVisible();

  // terra-draw's circle: a click at the centre, a move out to the edge, a click there. India fills the map (zoom 3.4,
  // about 7 km a pixel): 8 pixels out is a radius of some 50 km, inside the field's 0.1-100 km.
  const box = (await map.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.click(cx, cy);
  await page.mouse.move(cx + 4, cy, { steps: 4 });
  await page.mouse.move(cx + 8, cy, { steps: 4 });
  await page.mouse.click(cx + 8, cy);
  await expect(page.getByRole('button', { name: 'Draw on map' })).toBeVisible();
  await expect(centre).toHaveValue(/^\d+(\.\d+)?,\d+(\.\d+)?$/);
  const drawnCentre = await centre.inputValue();
  const drawnRadius = Number(await radius.inputValue());
  expect(drawnRadius).toBeGreaterThan(10);
  expect(drawnRadius).toBeLessThan(100);
  // The centre is where the first click was: the middle of India's view (22.5° N, 80° E) within a pixel or two.
  const [lat, lng] = drawnCentre.split(',').map(Number) as [number, number];
  expect(Math.abs(lat - 22.5)).toBeLessThan(0.3);
  expect(Math.abs(lng - 80)).toBeLessThan(0.3);
  await expect(page.getByText(/^Inside: /)).toBeVisible();

  await page.getByRole('button', { name: 'Create operational zone' }).click();
  await expect(page.getByText('Operational zone created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Reopen it from its list: the record and its form hold the drawn circle, and the form's map shows it.
  await page.goto(`/zone-management/operational-zone?q=${encodeURIComponent(name)}`);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row')).toHaveCount(2);
  await grid.getByRole('row').nth(1).getByRole('gridcell', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The record shows the centre as "latitude, longitude" and the radius with its unit.
  await expect(page.getByRole('main')).toContainText(`Centre${drawnCentre.replace(',', ', ')}`);
  await expect(page.getByRole('main')).toContainText(`Radius${drawnRadius} km`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(centre).toHaveValue(drawnCentre);
  await expect(radius).toHaveValue(String(drawnRadius));
  await expect(page.getByText('Loading map…')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText(/^Inside: /)).toBeVisible();
});

/** A figure of home's "Today": its number, as shown. */
async function figure(page: Page, label: string): Promise<string> {
  const link = page.getByRole('region', { name: 'Today' }).getByRole('link').filter({ has: page.locator('.day-figure__label', { hasText: new RegExp(`^${label}$`) }) });
  const value = link.locator('.day-figure__value');
  await expect(value).toHaveText(/^[\d,]+$/, { timeout: 15_000 });
  return value.innerText();
}

test('each figure of the day’s work is the count of the list it opens', async ({ page }) => {
  test.setTimeout(90_000);
  const figures: [label: string, plural: string, url: RegExp][] = [
    ['Settlements', 'settlements', /\/finance-management\/settlement-history\?.*status=PENDING_APPROVAL/],
    ['Top-ups', 'top-up requests', /\/wallet-management\/top-up-request\?.*status=REQUESTED/],
    ['Online', 'chargers', /\/charger-management\/all-chargers\?.*connectivityStatus=ONLINE/],
  ];
  for (const [label, plural, url] of figures) {
    // Journeys beside this one approve settlements and top-ups: the figure and its list are compared at one moment,
    // again from home when one of them changed in between.
    await expect(async () => {
      await page.goto('/');
      const shown = await figure(page, label);
      await page.getByRole('region', { name: 'Today' }).getByRole('link').filter({ hasText: new RegExp(`${label}$`) }).click();
      await expect(page).toHaveURL(url);
      await expect(page.locator('.resource-page__count')).toHaveText(`${shown} ${plural}`, { timeout: 5_000 });
    }).toPass({ timeout: 40_000 });
  }
});
