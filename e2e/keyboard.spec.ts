import { expect, test, type Page } from '@playwright/test';
import { signIn, staff } from './support';

/** Presses keys one after the other on the page (not into a field). */
async function chord(page: Page, ...keys: string[]) {
  for (const key of keys) await page.keyboard.press(key);
}

test.describe('keyboard shortcuts', () => {
  test('g then t lands on the tickets page; g then c on all stations', async ({ page }) => {
    await signIn(page, staff.superAdmin);
    await chord(page, 'g', 't');
    await expect(page).toHaveURL(/\/ticket-management\/all-tickets$/);
    await expect(page.getByRole('heading', { name: 'My All Tickets' })).toBeVisible();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await chord(page, 'g', 'c');
    await expect(page).toHaveURL(/\/charger-management\/all-chargers$/);
  });

  test('a chord to a page the user may not see does nothing', async ({ page }) => {
    await signIn(page, staff.finance);
    await chord(page, 'g', 'c');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
  });

  test('? lists the shortcuts of the page, Escape closes the list', async ({ page }) => {
    await signIn(page, staff.superAdmin);
    await page.goto('/charger-management/all-chargers');
    await expect(page.getByRole('heading', { name: 'All Stations' })).toBeVisible();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('region', { name: 'Everywhere' })).toContainText('Open the command palette');
    await expect(help.getByRole('region', { name: 'Go to' })).toContainText('Go to Tickets');
    await expect(help.getByRole('region', { name: 'Go to' })).toContainText('Go to Chargers');
    await expect(help.getByRole('region', { name: 'This list' })).toContainText('Jump to the search box');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });

  test('chords do nothing while typing in a text field', async ({ page }) => {
    await signIn(page, staff.superAdmin);
    await page.goto('/charger-management/all-chargers');
    const search = page.getByRole('search').getByLabel('Search', { exact: true });
    await search.click();
    await page.keyboard.type('gt');
    await page.waitForTimeout(300);
    await expect(search).toHaveValue('gt');
    await expect(page).toHaveURL(/\/charger-management\/all-chargers/);
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  });

  test('turning single-key shortcuts off in the user menu disables g t, and on again enables it', async ({ page }) => {
    await signIn(page, staff.superAdmin);
    await page.getByRole('button', { name: /account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Single-key shortcuts: On' }).click();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeHidden();
    await chord(page, 'g', 't');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
    // Remembered across a reload.
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await chord(page, 'g', 't');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
    // `/` on a list no longer jumps to the search box either.
    await page.goto('/charger-management/all-chargers');
    const search = page.getByRole('search').getByLabel('Search', { exact: true });
    await expect(search).toBeVisible();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('/');
    await expect(search).not.toBeFocused();
    await page.getByRole('button', { name: /account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Single-key shortcuts: Off' }).click();
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await chord(page, 'g', 't');
    await expect(page).toHaveURL(/\/ticket-management\/all-tickets$/);
  });
});
