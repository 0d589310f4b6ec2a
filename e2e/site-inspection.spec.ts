import { expect, test, type Page } from '@playwright/test';
import { signIn, staff } from './support';

// A 1×1 PNG: the upload service checks the bytes, not the name.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function act(page: Page, action: string) {
  await page.getByRole('region', { name: 'Workflow' }).getByRole('button', { name: action, exact: true }).click();
  return page.getByRole('dialog', { name: action });
}

async function expectState(page: Page, state: string) {
  await expect(page.getByRole('region', { name: 'Workflow' }).getByRole('heading')).toContainText(state);
}

test('a site inspection goes through rejection and back to approval on the real screens', async ({ page }) => {
  await signIn(page, staff.superAdmin);
  await page.goto('/ticket-management/site-inspection-tickets/add');
  await page.getByRole('textbox', { name: /^Title/ }).fill('Inspect Orion Mall parking');
  await page.getByRole('textbox', { name: /^Site name/ }).fill('Orion Mall');
  await page.getByRole('textbox', { name: /^Address/ }).fill('Dr Rajkumar Road, Rajajinagar, Bengaluru');
  await page.getByRole('button', { name: /^Create / }).click();
  await expect(page.getByText('Site inspection ticket created')).toBeVisible();
  await expectState(page, 'Open');
  await expect(page.getByRole('region', { name: 'Workflow' })).toContainText('Still missing: Coordinates, Host phone');
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

  let dialog = await act(page, 'Save Data');
  await dialog.getByRole('textbox', { name: /Coordinates/ }).fill('12.9915,77.5554');
  await dialog.getByRole('textbox', { name: /Host phone/ }).fill('+91 98450 33333');
  await dialog.getByRole('textbox', { name: /Power available/ }).fill('22');
  await dialog.getByRole('button', { name: /Mounting/ }).click();
  await page.getByRole('option', { name: 'Wall' }).click();
  await dialog.getByRole('button', { name: /Protection/ }).click();
  await page.getByRole('option', { name: 'MCB 40A 2-Pole' }).click();
  await dialog.getByRole('button', { name: 'Save Data' }).click();
  await expectState(page, 'Partially Filled');

  for (const name of ['parking.png', 'meter-board.png']) {
    dialog = await act(page, 'Add Image');
    await dialog.getByLabel('Image').setInputFiles({ name, mimeType: 'image/png', buffer: png });
    await expect(dialog.getByText(`Uploaded ${name}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Image' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  dialog = await act(page, 'Send For Approval');
  await dialog.getByRole('button', { name: 'Send For Approval' }).click();
  await expectState(page, 'Sent For Approval');

  dialog = await act(page, 'Reject');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Meter board photo is blurred');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expectState(page, 'Partially Filled');

  dialog = await act(page, 'Send For Approval');
  await dialog.getByRole('button', { name: 'Send For Approval' }).click();
  await expectState(page, 'Sent For Approval');
  dialog = await act(page, 'Approve');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expectState(page, 'Approved');
  await expect(page.getByRole('region', { name: 'Workflow' })).toContainText('Nothing more to do');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('moved it from Sent For Approval to Partially Filled (Reject)');
  await expect(history).toContainText('Reason: Meter board photo is blurred');
});
