import { expect, test } from '@playwright/test';
import { apiKey, signIn, staff } from './support';
import { expectPanelState, pressAction } from './workflow-panel';

/** A name only this run uses: letters only (digits are refused in names), from the clock and a random letter. */
function nameOfThisRun(): string {
  const letters = Date.now().toString().slice(-6).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  return `Asha Rao ${letters[0]!.toUpperCase()}${letters.slice(1)}${'klmnop'[Math.floor(Math.random() * 6)]}`;
}

test('Customer Support renames a customer from their page and approves a pending user', async ({ page, request }) => {
  const key = await apiKey(request, staff.customerSupport);
  const users = (await (await request.get('/user-service/user?size=50&approvalStatus=APPROVED', { headers: { Authorization: `Bearer ${key}` } })).json()) as {
    items: { id: string; name: string | null; mobileNumber: string }[];
  };
  const customer = users.items.find((u) => u.name && u.mobileNumber.startsWith('8'))!;
  expect(customer).toBeDefined();
  const newName = nameOfThisRun();

  await signIn(page, staff.customerSupport);
  await page.goto(`/user-management/users/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name! })).toBeVisible();

  // Change name: the dialog starts from the current name; digits are refused before anything is sent.
  await page.getByRole('button', { name: 'Change name', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Change name' });
  const input = dialog.getByRole('textbox', { name: /Name/ });
  await expect(input).toHaveValue(customer.name!);
  await input.fill('Agent 007');
  await dialog.getByRole('button', { name: 'Change name' }).click();
  await expect(dialog.getByText('Use 2 to 80 letters (any script), spaces, dots, apostrophes or hyphens')).toBeVisible();
  await input.fill(`  ${newName} `);
  await dialog.getByRole('button', { name: 'Change name' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Change name: done')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();

  // All Users, Approval: Pending; the newest pending sign-up approved from its page.
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Approval' }).selectOption('PENDING');
  const grid = page.getByRole('grid');
  const first = grid.getByRole('row').nth(1);
  await expect(first).toContainText('Pending');
  await first.click();
  await expectPanelState(page, 'PENDING');
  await pressAction(page, 'Approve');
  await expectPanelState(page, 'APPROVED');
  await expect(page.getByRole('region', { name: 'Workflow' }).getByRole('button')).toHaveCount(0);
});
