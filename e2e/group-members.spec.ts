import { expect, test } from '@playwright/test';
import { nameDotNumber } from '@domain/phone';
import { apiKey, signIn, staff, openRecordAction } from './support';

test('add a member from the group page, make them admin, and remove another member behind the confirm', async ({ page, request }) => {
  // A group of this run with one member already, and a customer to add (through the API, as another staff member would).
  const key = await apiKey(request, staff.superAdmin);
  const headers = { Authorization: `Bearer ${key}` };
  const users = (await (await request.get('/user-service/user?size=50', { headers })).json()) as { items: { id: string; name: string | null; mobileNumber: string }[] };
  const [joining, leaving] = users.items.filter((u) => u.name && u.mobileNumber.startsWith('8'));
  expect(joining && leaving).toBeTruthy();
  const name = `E2E Riders ${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`;
  const created = await request.post('/user-service/group', { headers, data: { name, discountPercent: 10 } });
  expect(created.status()).toBe(201);
  const groupId = ((await created.json()) as { id: number }).id;
  expect((await request.post('/user-service/group/member/add', { headers, data: { id: groupId, userId: leaving!.id } })).status()).toBe(200);

  await signIn(page, staff.superAdmin);
  await page.goto(`/user-management/groups/${groupId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members).toContainText('Members (1)');
  await expect(members).toContainText(leaving!.name!);

  // Add member: pick the user by mobile number.
  await page.getByRole('button', { name: 'Add member' }).click();
  const addDialog = page.getByRole('alertdialog', { name: `Add member ${name}?` });
  await expect(addDialog).toContainText('The user gets the group’s discount');
  const picker = addDialog.getByRole('combobox', { name: /User/ });
  await picker.fill(joining!.mobileNumber);
  await page.getByRole('option', { name: nameDotNumber(joining!.name, joining!.mobileNumber) }).click();
  await picker.press('Tab');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await addDialog.getByRole('button', { name: 'Add member' }).click();
  await expect(addDialog).toBeHidden();
  await expect(page.getByText('Add member: done')).toBeVisible();
  await expect(members).toContainText('Members (2)');
  await expect(members).toContainText(joining!.name!);

  // Make group admin: the new member.
  await page.getByRole('button', { name: 'Make group admin' }).click();
  const adminDialog = page.getByRole('alertdialog', { name: `Make group admin ${name}?` });
  const memberPicker = adminDialog.getByRole('combobox', { name: /Member/ });
  await memberPicker.fill(joining!.mobileNumber);
  await page.getByRole('option', { name: nameDotNumber(joining!.name, joining!.mobileNumber) }).click();
  await memberPicker.press('Tab');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await adminDialog.getByRole('button', { name: 'Make group admin' }).click();
  await expect(adminDialog).toBeHidden();
  await expect(page.getByText('Make group admin: done')).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(`Group admin${joining!.name}`);

  // Remove member: the other one, after reading what it does.
  await openRecordAction(page, 'Remove member');
  const removeDialog = page.getByRole('alertdialog', { name: `Remove member ${name}?` });
  await expect(removeDialog).toContainText('This cannot be undone');
  const removePicker = removeDialog.getByRole('combobox', { name: /Member/ });
  await removePicker.fill(leaving!.mobileNumber);
  await page.getByRole('option', { name: nameDotNumber(leaving!.name, leaving!.mobileNumber) }).click();
  await removePicker.press('Tab');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await removeDialog.getByRole('button', { name: 'Remove member' }).click();
  await expect(removeDialog).toBeHidden();
  await expect(page.getByText('Remove member: done')).toBeVisible();
  await expect(members).toContainText('Members (1)');
  await expect(members).not.toContainText(leaving!.name!);
  await expect(details).toContainText(`Members1`);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
});
