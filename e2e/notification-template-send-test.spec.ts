import { expect, test } from '@playwright/test';
import { apiKey, signIn, staff } from './support';

test('send a test of an SMS template from its details page; it appears in the SMS notification log', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiKey(request, staff.superAdmin)}` };
  const list = await request.get('/notification-service/template?q=CHARGING_STOPPED', { headers });
  expect(list.ok()).toBe(true);
  const template = ((await list.json()).items as { id: number; templateId: string }[]).find((t) => t.templateId === 'CHARGING_STOPPED')!;
  expect(template).toBeDefined();

  await signIn(page, staff.superAdmin);
  // The list opens a template at its details route, the template named by its query parameter.
  await page.goto('/global-data-management/notification-templates?q=CHARGING_STOPPED');
  await page.getByRole('row', { name: /CHARGING_STOPPED/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/global-data-management/notification-templates/notification-template-details\\?id=${template.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'CHARGING_STOPPED' })).toBeVisible();
  await page.getByRole('button', { name: 'Send test' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('SMS Notification Logs');
  // A number that is no Indian mobile number is refused next to the field.
  await dialog.getByLabel('Mobile number').fill('12345');
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await expect(dialog.getByText('Some fields need attention.')).toBeVisible();
  await dialog.getByLabel('Mobile number').fill('+91 98450 61234');
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Send test: done')).toBeVisible();

  await page.goto('/global-data-management/sms-notification-logs');
  await expect(page.getByText('[Test] Charging stopped at TEST', { exact: false }).first()).toBeVisible();
});
