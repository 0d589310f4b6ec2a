import { expect, test } from '@playwright/test';
import { formatKwh } from '@domain/format-energy';
import { formatInr } from '@domain/format-money';
import type { StaleSessions } from '@domain/stale-sessions';
import { apiKey, claimForThisRun, signIn, staff } from './support';

test('close a stale session from home’s figure with its last meter value and see the booking completed', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await apiKey(request, staff.operations)}` };
  // A seeded session whose charger went quiet hours ago, with a meter value, that no other repeat of this journey takes.
  const stale = (await (await request.get('/booking-service/admin/stale-sessions', { headers })).json()) as StaleSessions;
  const session = stale.items.find((s) => s.transactionId !== null && s.lastMeterAt !== null && s.energyWh !== null && claimForThisRun(`stale-booking-${s.bookingId}`));
  expect(session, 'a stale session left to close').toBeDefined();
  const { bookingId, energyWh } = session!;
  const { tariffPerKwh } = (await (await request.get(`/booking-service/admin/booking/${bookingId}`, { headers })).json()) as { tariffPerKwh: number };
  const amount = Math.round((energyWh! * tariffPerKwh) / 1000);

  await signIn(page, staff.operations);
  await page.goto('/');
  await page.getByRole('link', { name: /Stale sessions/ }).click();
  await expect(page.getByRole('heading', { name: 'Stale sessions', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: `Booking ${bookingId}`, exact: true }).click();

  // While it is open, the details show the session's energy so far, as the timeline does.
  await expect(page.getByTestId('booking-energyWh')).toHaveText(`${formatKwh(energyWh)} so far`);
  const workflow = page.getByRole('region', { name: 'Workflow' });
  await expect(workflow).toContainText('Charging');
  await expect(workflow).not.toContainText('Nothing more to do');
  await workflow.getByRole('button', { name: 'Close session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close session' });
  await expect(dialog.getByTestId('last-meter-value')).toContainText(`Last meter value ${formatKwh(energyWh)} at `);
  await expect(dialog.getByTestId('last-meter-value')).toContainText(' h ago');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The charger went quiet and never sent its stop (e2e)');
  await dialog.getByRole('button', { name: 'Close session' }).click();
  await expect(dialog).toBeHidden();

  await expect(workflow).toContainText('Completed');
  await expect(page.getByTestId('booking-energyWh')).toHaveText(formatKwh(energyWh));
  await expect(page.getByTestId('booking-amount')).toHaveText(formatInr(amount));
});
