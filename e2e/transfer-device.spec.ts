import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatIndianMobile } from '@domain/phone';
import { apiKey, claimForThisRun, signIn, staff } from './support';

interface Charger {
  id: number;
  uniqueId: string;
  hostId: string | null;
}

/**
 * A charger only this journey moves: a Charge Mod Bharat AC charger (no device id, so the palette's lookups of
 * device ids never pick it; not an OCPP simulator charger) that none of the latest 500 completed bookings used (the
 * settlement journey picks its host from those bookings' chargers), CZ000006 left to the network views; claimed for
 * this run, so repeats running at once each move their own.
 */
async function chargerOfThisJourney(request: APIRequestContext, headers: Record<string, string>): Promise<Charger> {
  const bookings = await request.get('/booking-service/admin/booking?status=COMPLETED&size=500', { headers });
  expect(bookings.ok()).toBe(true);
  const used = new Set(((await bookings.json()).items as { chargerId: number | null }[]).map((b) => b.chargerId));
  const list = await request.get('/charger-service/admin/charger?chargerType=CHARGE_MOD_BHARAT_AC&sort=uniqueId,asc&size=100', { headers });
  expect(list.ok()).toBe(true);
  const charger = ((await list.json()).items as Charger[]).find((c) => c.uniqueId !== 'CZ000006' && !used.has(c.id) && claimForThisRun(`charger-${c.id}`));
  if (!charger) throw new Error('no Charge Mod charger outside the latest completed bookings');
  return charger;
}

/** An active host (user and host record) other than `not`, with its user's name and sign-in number. */
async function receivingHost(request: APIRequestContext, headers: Record<string, string>, not: string | null): Promise<{ userId: string; name: string; mobileNumber: string }> {
  const list = await request.get('/user-service/host?isActive=true&kycStatus=VERIFIED&sort=businessName,asc&size=20', { headers });
  expect(list.ok()).toBe(true);
  for (const host of (await list.json()).items as { userId: string }[]) {
    if (host.userId === not) continue;
    const user = (await (await request.get(`/user-service/user/${host.userId}`, { headers })).json()) as { name: string | null; mobileNumber: string; isActive: boolean };
    if (user.isActive && user.name) return { userId: host.userId, name: user.name, mobileNumber: user.mobileNumber };
  }
  throw new Error('no active host to receive the charger');
}

test('transfer a charger to another host: preview of from and to, confirm, and the charger page names the new host', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiKey(request, staff.superAdmin)}` };
  const charger = await chargerOfThisJourney(request, headers);
  const to = await receivingHost(request, headers, charger.hostId);

  await signIn(page, staff.operations);
  await page.goto('/charger-management/transfer-device');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer device' })).toBeVisible();
  const uniqueId = page.getByRole('textbox', { name: /Charger unique id/ });
  const phone = page.getByRole('textbox', { name: /Receiving host's mobile number/ });
  await expect(uniqueId).toBeFocused();

  // A refusal names its field: no charger has this id.
  await uniqueId.fill('CZ999999');
  await phone.fill(to.mobileNumber);
  await phone.press('Enter');
  await expect(page.getByText('No charger has the unique id CZ999999')).toBeVisible();
  await expect(uniqueId).toHaveAttribute('aria-invalid', 'true');

  // Typed as people type: lower case id, number with +91 and spaces.
  await uniqueId.fill(charger.uniqueId.toLowerCase());
  await phone.fill(`+91 ${to.mobileNumber.slice(0, 5)} ${to.mobileNumber.slice(5)}`);
  await phone.press('Enter');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toBeVisible();
  await expect(preview).toContainText(charger.uniqueId);
  await expect(preview.getByTestId('transfer-to')).toContainText(formatIndianMobile(to.mobileNumber));
  await expect(preview.getByTestId('transfer-to')).toContainText(to.name);
  if (charger.hostId === null) await expect(preview.getByTestId('transfer-from')).toHaveText('No host');
  else await expect(preview.getByTestId('transfer-from')).not.toContainText(formatIndianMobile(to.mobileNumber));

  await preview.getByRole('button', { name: 'Transfer charger' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Transfer ${charger.uniqueId}?` });
  await expect(dialog).toContainText('another transfer can move it back');
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/charger-management/all-chargers/${charger.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: charger.uniqueId })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.locator('.property').filter({ has: page.locator('dt', { hasText: /^Host$/ }) })).toContainText(to.name);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('transferred it to another host');

  // The same host again is refused next to the number.
  await page.goto(`/charger-management/transfer-device?uniqueId=${charger.uniqueId}&phoneNumber=${to.mobileNumber}`);
  await page.getByRole('button', { name: 'Preview transfer' }).click();
  await expect(page.getByText(`${charger.uniqueId} already belongs to`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Receiving host's mobile number/ })).toHaveAttribute('aria-invalid', 'true');
});
