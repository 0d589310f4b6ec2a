// Record pages that say what they do: one activity timeline, a top-up's Approve naming its amount and customer, and a
// header whose actions are grouped (the rest and what cannot be undone behind More, from the keyboard too).
import { expect, test } from '@playwright/test';
import { formatInr } from '@domain/format-money';
import { apiKey, signIn, staff } from './support';

test('a top-up request: one timeline, and Approve names the amount and the customer', async ({ page, request }) => {
  const key = await apiKey(request, staff.finance);
  const answer = await request.get('/pw-service/top-up?status=REQUESTED&size=1&sort=requestedAt,desc', { headers: { Authorization: `Bearer ${key}` } });
  const [topUp] = ((await answer.json()) as { items: { id: number; amount: number; _labels: { userId: string } }[] }).items;
  expect(topUp).toBeDefined();

  await signIn(page, staff.finance);
  await page.goto(`/wallet-management/top-up-request/${topUp!.id}`);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  // One timeline, one section per title.
  await expect(page.getByRole('heading', { level: 2, name: 'History' })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Timeline' })).toHaveCount(0);

  await page.getByRole('region', { name: 'Workflow' }).getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve' });
  await expect(dialog).toContainText(`Approve ${formatInr(topUp!.amount)} top-up for ${topUp!._labels.userId}?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a charger’s header: a few buttons, the rest under More, red ones last, all from the keyboard', async ({ page }) => {
  await signIn(page, staff.superAdmin);
  await page.goto('/charger-management/all-chargers/1');
  const header = page.locator('.record-header .resource-page__actions');
  const more = header.getByRole('button', { name: 'More', exact: true });
  await expect(more).toBeVisible();
  await expect(header.getByRole('button', { name: 'Inactivate' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Replace hardware' })).toHaveCount(0);
  expect(await header.getByRole('button').count()).toBeLessThanOrEqual(5);

  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const items = await menu.getByRole('menuitem').allTextContents();
  expect(items.slice(-2).sort()).toEqual(['Inactivate', 'Replace hardware']);
  await expect(menu.getByRole('separator')).toHaveCount(1);
  // Arrow keys reach the last one; Enter opens its confirm; Escape backs out without a change.
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem').last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
});
