import { expect, test } from '@playwright/test';
import { nameDotNumber } from '@domain/phone';
import { apiKey, signIn, staff, openRecordAction } from './support';

/** A card number only this run uses (upper-case hex letters and digits, 12 characters). */
function cardOfThisRun(): string {
  return `E2E${Date.now().toString(16).slice(-8).toUpperCase()}${Math.floor(Math.random() * 10)}`;
}

test('add an RFID card to a user, remove it with a reason, and see both in RFID History', async ({ page, request }, info) => {
  const card = cardOfThisRun();
  // A customer to give the card to (found through the API, as staff would look them up).
  const key = await apiKey(request, staff.superAdmin);
  const users = (await (await request.get('/user-service/user?size=50', { headers: { Authorization: `Bearer ${key}` } })).json()) as {
    items: { id: string; name: string | null; mobileNumber: string }[];
  };
  // Not the first such customer (the change-name journey renames that one while this runs), one per repeat.
  const customer = users.items.filter((u) => u.name && u.mobileNumber.startsWith('8'))[3 + info.repeatEachIndex]!;
  expect(customer).toBeDefined();

  await signIn(page, staff.superAdmin);
  await page.goto('/rfid-management/rfid-cards');
  await expect(page.getByRole('heading', { level: 1, name: 'RFID Cards' })).toBeVisible();

  // Add RFID card: the card number's format is checked before anything is sent.
  await page.getByRole('button', { name: 'Add RFID card' }).click();
  const addDialog = page.getByRole('alertdialog', { name: 'Add RFID card' });
  await expect(addDialog).toContainText('A card belongs to one user at a time.');
  const picker = addDialog.getByRole('combobox', { name: /User/ });
  // The picker names a user as staff know them: name and number, never their id.
  const chosen = nameDotNumber(customer.name, customer.mobileNumber);
  await picker.fill(customer.mobileNumber);
  await page.getByRole('option', { name: chosen, exact: true }).click();
  await expect(picker).toHaveValue(chosen);
  // Tab away keeps the user chosen (the picker's list once reopened with every user and Tab took the first one).
  await picker.press('Tab');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(picker).toHaveValue(chosen);
  const cardInput = addDialog.getByRole('textbox', { name: /Card number/ });
  await cardInput.fill('12 34');
  await addDialog.getByRole('button', { name: 'Add RFID card' }).click();
  await expect(addDialog.getByText('Use 4 to 20 letters or digits, without spaces (e.g. 04A3B2C1)')).toBeVisible();
  await cardInput.fill(card.toLowerCase());
  await addDialog.getByRole('button', { name: 'Add RFID card' }).click();
  await expect(addDialog).toBeHidden();
  await expect(page.getByText('Add RFID card: done')).toBeVisible();

  // In the list of cards on accounts, upper-cased, with its holder.
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(card);
  await search.press('Enter');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row')).toHaveCount(2);
  const row = grid.getByRole('row').nth(1);
  await expect(row).toContainText(card);
  await expect(row).toContainText(customer.name!);

  // Its page: Remove RFID card asks for a reason behind a confirm.
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: card })).toBeVisible();
  await openRecordAction(page, 'Remove RFID card');
  const removeDialog = page.getByRole('alertdialog', { name: /Remove RFID card/ });
  await expect(removeDialog).toContainText('Chargers refuse the card from now on.');
  await removeDialog.getByRole('button', { name: 'Remove RFID card' }).click();
  await expect(removeDialog.getByText('This field is required')).toBeVisible();
  await removeDialog.getByRole('textbox', { name: /Reason/ }).fill('Card lost by the driver (e2e)');
  await removeDialog.getByRole('button', { name: 'Remove RFID card' }).click();
  await expect(removeDialog).toBeHidden();
  await expect(page.getByText('Remove RFID card: done')).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Card lost by the driver (e2e)');
  await expect(page.getByRole('button', { name: 'Remove RFID card' })).toHaveCount(0);

  // RFID History: the add and the removal, newest first, with the reason and who did it.
  await page.goto(`/rfid-management/rfid-history?q=${card}`);
  await expect(page.getByRole('heading', { level: 1, name: 'RFID History' })).toBeVisible();
  const history = page.getByRole('grid');
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('Removed');
  await expect(history.getByRole('row').nth(1)).toContainText('Card lost by the driver (e2e)');
  await expect(history.getByRole('row').nth(1)).toContainText('Aarav Sharma');
  await expect(history.getByRole('row').nth(2)).toContainText('Added');
  await expect(history.getByRole('row').nth(2)).toContainText(customer.name!);
});
