import { expect, test } from '@playwright/test';
import { formatIndianMobile } from '@domain/phone';
import { signIn, staff } from './support';

/** A number only this run uses (no user has it, so blocking it changes nothing another journey checks). */
function numberOfThisRun(): string {
  return `97${String(Date.now()).slice(-8)}`;
}

test('block a number, find it typed in another form, unblock it with a reason and see it leave the list', async ({ page }) => {
  const number = numberOfThisRun();
  await signIn(page, staff.customerSupport);
  await page.goto('/user-management/unblock-user');
  await expect(page.getByRole('heading', { level: 1, name: 'Unblock User' })).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();

  // Block number: the reason is required, and its message shows next to the field.
  await page.getByRole('button', { name: 'Block number' }).click();
  const blockDialog = page.getByRole('alertdialog', { name: 'Block number' });
  await expect(blockDialog).toBeVisible();
  await blockDialog.getByRole('textbox', { name: /Mobile number/ }).fill(`0${number.slice(0, 5)}-${number.slice(5)}`);
  await blockDialog.getByRole('button', { name: 'Block number' }).click();
  await expect(blockDialog.getByText('This field is required')).toBeVisible();
  await blockDialog.getByRole('textbox', { name: /Reason/ }).fill('Repeated fake bookings (e2e)');
  await blockDialog.getByRole('button', { name: 'Block number' }).click();
  await expect(blockDialog).toBeHidden();
  await expect(page.getByText('Block number: done')).toBeVisible();

  // Found by the number typed as +91 with spaces.
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(`+91 ${number.slice(0, 5)} ${number.slice(5)}`);
  await search.press('Enter');
  const grid = page.getByRole('grid');
  const row = grid.getByRole('row').nth(1);
  await expect(row).toContainText(formatIndianMobile(number));
  await expect(row).toContainText('Repeated fake bookings (e2e)');
  await expect(row).toContainText('Staff');
  await expect(row).toContainText('Vikram Singh');
  await expect(grid.getByRole('row')).toHaveCount(2);

  // Its page: Unblock asks for a reason behind a confirm dialog.
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: formatIndianMobile(number) })).toBeVisible();
  await page.getByRole('button', { name: 'Unblock', exact: true }).click();
  const unblockDialog = page.getByRole('alertdialog', { name: /Unblock/ });
  await expect(unblockDialog).toContainText('The number can sign in again straight away.');
  await unblockDialog.getByRole('textbox', { name: /Reason/ }).fill('Owner verified by phone call (e2e)');
  await unblockDialog.getByRole('button', { name: 'Unblock', exact: true }).click();
  await expect(unblockDialog).toBeHidden();
  await expect(page.getByText('Unblock: done')).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Owner verified by phone call (e2e)');
  await expect(page.getByRole('button', { name: 'Unblock', exact: true })).toHaveCount(0);

  // Gone from the blocked list, typed the third way.
  await page.goto(`/user-management/unblock-user?q=${number}`);
  await expect(page.getByText('No blocked numbers match these filters.')).toBeVisible();
});
