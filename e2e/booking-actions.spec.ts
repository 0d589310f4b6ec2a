import { expect, test } from '@playwright/test';
import { formatInr } from '@domain/format-money';
import { apiKey, claimForThisRun, signIn, staff } from './support';

interface BookingRow {
  id: number;
  userId: string;
  paymentMode: string;
  amount: number;
}

test('cancel a scheduled wallet booking with a reason and see the refund in the user’s wallet', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await apiKey(request, staff.customerSupport)}` };
  // A scheduled wallet booking (its advance paid by the seed) of a user no other repeat of this journey touches.
  const list = (await (await request.get('/booking-service/admin/booking?status=SCHEDULED&size=100', { headers })).json()) as { items: BookingRow[] };
  const booking = list.items.find((b) => b.paymentMode === 'WALLET' && b.amount > 0 && claimForThisRun(`booking-${b.id}`) && claimForThisRun(`user-${b.userId}`));
  expect(booking, 'a scheduled wallet booking left to cancel').toBeDefined();
  const { id, userId, amount } = booking!;
  const wallet = (await (await request.get(`/pw-service/admin/wallet?userId=${userId}`, { headers })).json()) as { items: { credits: number }[] };
  const before = wallet.items[0]!.credits;

  await signIn(page, staff.customerSupport);
  await page.goto(`/booking-management/all-bookings/bookings/${id}`);
  const workflow = page.getByRole('region', { name: 'Workflow' });
  await expect(workflow).toContainText('Scheduled');
  await workflow.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel' });
  await expect(dialog).toContainText('what the wallet paid for it is refunded to the wallet. This cannot be undone.');
  // The reason is required: its message shows next to it and nothing is sent.
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Driver cannot reach the charger (e2e)');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Cancel: done')).toBeVisible();
  await expect(workflow).toContainText('Cancelled');

  // The timeline shows the refund in ₹; the history keeps the reason.
  const timeline = page.getByRole('region', { name: 'Booking timeline' });
  await expect(timeline).toContainText('Cancellation refund');
  await expect(timeline).toContainText(`Wallet +${formatInr(amount)}`);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Driver cannot reach the charger (e2e)');

  // The user's wallet holds the refund.
  await page.goto(`/user-management/users/${userId}`);
  await expect(page.getByRole('region', { name: 'Wallet' })).toContainText(formatInr(before + amount));
});
