import { expect, test } from '@playwright/test';
import { formatInr } from '@domain/format-money';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { apiKey, claimForThisRun, signIn, staff, openRecordAction } from './support';

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

  // The one timeline shows the refund in ₹ and the reason.
  const timeline = page.getByRole('region', { name: 'History' });
  await expect(timeline).toContainText('Cancellation refund');
  await expect(timeline).toContainText(`Wallet +${formatInr(amount)}`);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Driver cannot reach the charger (e2e)');

  // The user's wallet holds the refund.
  await page.goto(`/user-management/users/${userId}`);
  await expect(page.getByRole('region', { name: 'Wallet', exact: true })).toContainText(formatInr(before + amount));
});

test('start a session on a simulated charger and stop it from the booking page', async ({ page, request, baseURL }) => {
  const headers = { authorization: `Bearer ${await apiKey(request, staff.superAdmin)}` };
  // A charger and a customer of this repeat alone (the live charger journey plays the first three).
  const listed = (await (await request.get('/ocpp/dev/simulator-chargers?limit=12')).json()) as { items: { chargerId: number; identity: string }[] };
  const target = listed.items.slice(3).find((c) => claimForThisRun(`charger-${c.chargerId}`));
  expect(target, 'a simulated charger left for this repeat').toBeDefined();
  const wallets = (await (await request.get('/pw-service/admin/wallet?size=100', { headers })).json()) as { items: { userId: string; credits: number }[] };
  const owner = wallets.items.find((w) => w.credits >= 50_000 && claimForThisRun(`user-${w.userId}`));
  expect(owner, 'a customer with credits left for this repeat').toBeDefined();
  const card = `E2E${String(target!.chargerId).padStart(6, '0')}${String(Date.now()).slice(-6)}`;
  expect((await request.post('/user-service/rfid-card/add', { headers, data: { userId: owner!.userId, cardNumber: card } })).status()).toBe(201);

  const charger = new SimulatedCharger({ url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`, identity: target!.identity, password: DEV_CHARGER_PASSWORD, powerKw: 150, meterIntervalSeconds: 1 });
  try {
    await charger.start();
    // The driver's card starts the session (a remote start with the card's tag, as the app does).
    await expect(async () => {
      const started = await request.post('/ccu/charger-command', { headers, data: { chargerIds: [target!.chargerId], command: { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: card } }, wait: true } });
      expect(((await started.json()) as { items: { status: string }[] }).items[0]!.status).toBe('accepted');
    }).toPass({ timeout: 10_000 });
    let bookingId = 0;
    await expect(async () => {
      const list = (await (await request.get(`/booking-service/admin/booking?chargerId=${target!.chargerId}&status=CHARGING`, { headers })).json()) as { items: { id: number; userId: string }[] };
      bookingId = list.items.find((b) => b.userId === owner!.userId)?.id ?? 0;
      expect(bookingId).toBeGreaterThan(0);
    }).toPass({ timeout: 10_000 });

    await signIn(page, staff.superAdmin);
    await page.goto(`/booking-management/all-bookings/bookings/${bookingId}`);
    await expect(page.getByRole('region', { name: 'Workflow' })).toContainText('Charging');
    await expect(page.getByRole('region', { name: 'History' })).toContainText(`Session started on connector 1`);
    await openRecordAction(page, 'Stop charging');
    const dialog = page.getByRole('alertdialog', { name: /Stop charging/ });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Driver asked support to stop (e2e)');
    await dialog.getByRole('button', { name: 'Stop charging' }).click();
    await expect(dialog).toBeHidden({ timeout: 10_000 });
    // The booking ends when the charger's StopTransaction arrives; the live channel refreshes the page.
    await expect(page.getByRole('region', { name: 'Workflow' })).toContainText(/Stopped by admin/i, { timeout: 10_000 });
    const timeline = page.getByRole('region', { name: 'History' });
    await expect(timeline).toContainText('Session stopped');
    await expect(timeline).toContainText('Booking payment');
  } finally {
    await charger.stop();
  }
});
