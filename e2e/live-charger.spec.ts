// A simulated OCPP charger (the simulator's real client, over a real WebSocket) connects to the e2e server; staff
// open it, see it online, start a test charge, watch the energy rise through the live channel, stop it and find the
// session in bookings; a fault the charger reports appears as a servicing ticket.
import { expect, test } from '@playwright/test';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { claimForThisRun, signIn, staff } from './support';

test('live charger: online, test charge, energy rises, stop, the booking, a fault ticket', async ({ page, baseURL }) => {
  // One of the first three OCPP chargers (booking-actions plays the ones after them), claimed by this repeat alone:
  // two repeats playing one charger would replace each other's connection.
  const listed = await page.request.get('/ocpp/dev/simulator-chargers?limit=3');
  const target = ((await listed.json()) as { items: { chargerId: number; identity: string; powerKw: number }[] }).items.find((c) => claimForThisRun(`charger-${c.chargerId}`));
  expect(target, 'a simulated charger left for this repeat').toBeDefined();
  const charger = new SimulatedCharger({
    url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`,
    identity: target!.identity,
    password: DEV_CHARGER_PASSWORD,
    // A fast charger, so the energy shown (kWh, two decimals) rises within a second or two.
    powerKw: 150,
    meterIntervalSeconds: 1,
  });
  try {
    await charger.start();
    await signIn(page, staff.superAdmin);
    await page.goto(`/charger-management/all-chargers/${target!.chargerId}`);
    const panel = page.getByRole('region', { name: 'Live state' });
    await expect(panel.getByTestId('connectivity')).toHaveText('Online', { timeout: 10_000 });
    await expect(panel.getByText(/^CZO Simulator SIM-/)).toBeVisible();

    await panel.getByRole('link', { name: 'Test charger' }).click();
    await expect(page.getByRole('heading', { name: /^Test charger/ })).toBeVisible();
    await page.getByRole('button', { name: 'Start test charge' }).click();
    const energy = page.getByTestId('test-energy');
    await expect(energy).toBeVisible({ timeout: 10_000 });
    // Meter values arrive every second; the live channel refreshes the screen (no polling).
    await expect(async () => expect(Number((await energy.innerText()).replace(/[^\d.]/g, ''))).toBeGreaterThan(0)).toPass({ timeout: 10_000 });
    await expect(page.getByRole('table', { name: 'Meter values' })).toBeVisible();
    const bookingHref = await page.getByRole('region', { name: 'Test charge' }).getByRole('link', { name: /^#\d+$/ }).getAttribute('href');
    expect(bookingHref).toMatch(/^\/booking-management\/all-bookings\/bookings\/\d+$/);

    await page.getByRole('button', { name: 'Stop test charge' }).click();
    await expect(page.getByRole('button', { name: 'Start test charge' })).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/charger-management/all-chargers/${target!.chargerId}$`));
    await expect(page.getByRole('region', { name: 'Live state' }).getByText('No session is running.')).toBeVisible();

    // The session is a booking, ended by the charger's StopTransaction with the metered energy.
    await page.goto(bookingHref!);
    await expect(page.getByText('Completed').first()).toBeVisible({ timeout: 10_000 });

    // The charger reports a fault: a servicing ticket opens, linked from the charger's connectors.
    await page.goto(`/charger-management/all-chargers/${target!.chargerId}`);
    // (The demo data ignores most OCPP error codes; OverCurrentFailure's entry is inactive.)
    await charger.fault(1, 'OverCurrentFailure');
    const ticketLink = page.getByRole('region', { name: 'Live state' }).getByRole('link', { name: /^#\d+$/ });
    await expect(ticketLink).toBeVisible({ timeout: 10_000 });
    await ticketLink.click();
    await expect(page.getByText(/faulted \(OverCurrentFailure\)/).first()).toBeVisible({ timeout: 10_000 });
    await charger.recover(1);
  } finally {
    await charger.stop();
  }
});
