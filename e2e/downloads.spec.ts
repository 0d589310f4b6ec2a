import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn, staff } from './support';

test('filter a list, Export it, watch the download in My Downloads and check the file’s rows', async ({ page }) => {
  // About 18 s on a quiet 2-core machine (sign-in included); room for a busy one.
  test.setTimeout(60_000);
  await signIn(page, staff.finance);
  // The list as a user leaves it: filtered and sorted (the URL carries its state).
  const listPath = '/booking-management/all-bookings/bookings?status=FAILED&sort=amount,desc';
  await page.evaluate((path) => window.history.pushState(null, '', path), listPath);
  await expect(page.getByRole('heading', { level: 1, name: 'All Bookings' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'All Bookings' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  const countText = (await page.locator('.resource-page__count').innerText()).trim();
  const count = Number(/^([\d,]+) bookings/.exec(countText)?.[1]?.replace(/,/g, ''));
  expect(count).toBeGreaterThan(20);
  const firstIds = (await grid.getByRole('row').nth(1).getByRole('gridcell').first().innerText()).trim();

  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export All Bookings' });
  await expect(dialog).toContainText(`${count.toLocaleString('en-IN')} rows`);
  await dialog.getByRole('radio', { name: /CSV/ }).check();
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Export of All Bookings started');

  // My Downloads, moved to inside the app (as a menu click does), so the page keeps watching the download.
  await page.evaluate(() => window.history.pushState(null, '', '/downloads-management/my-downloads'));
  await expect(page.getByRole('heading', { level: 1, name: 'My Downloads' })).toBeVisible();
  const row = page.getByRole('grid', { name: 'My Downloads' }).getByRole('row').nth(1);
  await expect(row).toContainText('Bookings; Status: Failed; sorted by Amount descending');
  // Its progress shows until it is ready; then a toast says so and Download is offered.
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(`Your Bookings file is ready (${count.toLocaleString('en-IN')} rows)`, { timeout: 15_000 });
  await expect(row.getByRole('button', { name: /^Download download \d+$/ })).toBeVisible();
  await expect(row).toContainText('Ready');

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Download download \d+$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}-\d+\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split(/\r?\n/);
  expect(lines.length).toBe(count + 1);
  expect(lines[0]).toContain('Booking');
  // The same order as the list: its first row first.
  expect(lines[1]!.split(',')[0]).toBe(firstIds.replace(/\D/g, ''));
  expect(lines.slice(1).every((l) => l.includes('Failed'))).toBe(true);
});
