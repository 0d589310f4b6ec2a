// Bulk results: a selection on Today's Tickets given Start work, where some tickets refuse it (a kind without the
// event, a state that does not accept it), then the toast's "See all results" opens the kept run, filtered to the
// refused tickets, each with its reason in words.
import { expect, test } from '@playwright/test';
import { signIn, staff } from './support';

test("bulk results: Start work on Today's Tickets, then every refused ticket with its reason", async ({ page }) => {
  await signIn(page, staff.superAdmin);
  await page.goto('/ticket-management/today-tickets');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Select all on this page' }).click();
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar).toContainText(/\d+ selected/);
  await bar.getByRole('button', { name: 'Start Work…' }).click();
  const dialog = page.getByRole('alertdialog', { name: /^Start Work: / });
  await dialog.getByRole('button', { name: 'Start Work', exact: true }).click();
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'refused' });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'See all results' }).click();

  await expect(page).toHaveURL(/\/bulk-results\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Start work: results' })).toBeVisible();
  await expect(page.getByTestId('bulk-summary')).toContainText(/ran it on .* refused\./);
  await page.getByRole('combobox', { name: 'Result' }).selectOption('refused');
  const table = page.getByRole('table', { name: 'Results by record' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toContainText('Refused');
  await expect(table.getByRole('row').filter({ hasText: 'Changed' })).toHaveCount(0);
  await expect(rows.first().getByTestId('bulk-reason')).toHaveText(/not possible now|does not take Start work/);
  // Each refused ticket is named by its title, linked to its page.
  await expect(rows.first().getByRole('link')).toHaveAttribute('href', /\/ticket-management\/.+\/\d+$/);
});
