import { expect, test, type Page } from '@playwright/test';
import { settlementMachine } from '@machines/settlement.machine';
import { nameDotNumber } from '@domain/phone';
import { userResource } from '@domain/resources/users/user';
import { shortestPaths, shortestPathVia, walkPath, type PathStep, type ScreenAdapter } from './machine-paths';
import { signIn, staff, typeDate } from './support';
import { expectPanelState, openAction, workflowPanel } from './workflow-panel';


/** Sample events: their payloads are what the screens type. */
const events: PathStep['event'][] = [
  { type: 'SETTLE_BOOKING', bookingId: 0 },
  { type: 'SUBMIT' },
  { type: 'NOTIFY' },
  { type: 'MARK_SUCCESS', utrReference: 'UTIBN26030100042' },
  { type: 'SETTLE_IMMEDIATELY', utrReference: 'UTIBN26030100043' },
  { type: 'REJECT', reason: 'Bank account does not match KYC' },
];

/** The signed-in console's bearer key, read from a request the console itself makes. */
async function consoleKey(page: Page): Promise<string> {
  const request = page.waitForRequest((r) => Boolean(r.headers().authorization));
  await page.goto('/finance-management/settlement-history');
  return (await request).headers().authorization!;
}

/** Two unsettled completed bookings of one host, found through the real API with the console's key (the upload preview tells each booking's host). */
async function unsettledBookings(page: Page): Promise<{ hostId: string; ids: number[]; amounts: number[] }> {
  const authorization = await consoleKey(page);
  const list = await page.request.get('/booking-service/admin/booking?status=COMPLETED&size=500', { headers: { authorization } });
  expect(list.ok()).toBe(true);
  const items = (await list.json()).items as { id: number }[];
  const csv = ['booking_id', ...items.map((b) => String(b.id))].join('\n');
  const preview = await page.request.post('/pw-service/settlement/upload/preview', { headers: { authorization }, data: { csv } });
  expect(preview.ok()).toBe(true);
  const rows = (await preview.json()).rows as { bookingId: number; hostId: string | null; amountPaise: number | null; errors: unknown[] }[];
  const byHost = new Map<string, { id: number; amount: number }[]>();
  for (const r of rows) if (r.errors.length === 0 && r.hostId && r.amountPaise) byHost.set(r.hostId, [...(byHost.get(r.hostId) ?? []), { id: r.bookingId, amount: r.amountPaise }]);
  const found = [...byHost.entries()].find(([, bookings]) => bookings.length >= 2);
  if (!found) throw new Error('no host with two unsettled completed bookings');
  const two = found[1].slice(0, 2);
  return { hostId: found[0], ids: two.map((b) => b.id), amounts: two.map((b) => b.amount) };
}

/** Each event performed through the workflow panel on the settlement's page; the settlement starts from a CSV upload. */
const adapter: ScreenAdapter = {
  start: async (page) => {
    await signIn(page, staff.finance);
    const { ids, amounts } = await unsettledBookings(page);
    await page.goto('/finance-management/settlement-history');
    await page.getByRole('link', { name: 'Upload CSV' }).click();
    await expect(page.getByRole('heading', { name: 'Upload settlements' })).toBeVisible();
    // First a file with a problem: the preview names it by row and column, and nothing can be created.
    const bad = `booking_id,amount_inr\n${ids[0]},\n${ids[0]},\n`;
    await page.getByLabel('Bookings CSV').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect(page.getByRole('status')).toContainText('bad.csv: 2 rows, 1 with problems.');
    await expect(page.getByRole('region', { name: 'Rows' })).toContainText(`booking_id: Booking ${ids[0]} is also on line 2.`);
    await expect(page.getByRole('button', { name: /^Create / })).toBeDisabled();
    const good = `booking_id,amount_inr\r\n${ids[0]},${(amounts[0]! / 100).toFixed(2)}\r\n${ids[1]},\r\n`;
    await page.getByLabel('Bookings CSV').setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await expect(page.getByRole('status')).toContainText('bookings.csv: 2 rows, all fine.');
    await expect(page.getByRole('region', { name: 'Settlements to create' })).toContainText('₹');
    await page.getByRole('button', { name: 'Create 1 settlement' }).click();
    await expect(page.getByText('1 settlement created')).toBeVisible();
    const settled = page.getByRole('region', { name: 'Settled bookings' });
    await expect(settled).toContainText('(2)');
    await expect(settled).toContainText(String(ids[1]));
  },
  perform: {
    SETTLE_BOOKING: async (page, event) => {
      const dialog = await openAction(page, 'Settle Booking');
      const picker = dialog.getByRole('combobox', { name: /Booking/ });
      await picker.fill(String(event.bookingId));
      await page.getByRole('option', { name: String(event.bookingId), exact: true }).click();
      // Leave the picker (its list closes), then send.
      await picker.press('Tab');
      await expect(page.getByRole('listbox')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Settle Booking' }).click();
    },
    SUBMIT: async (page) => void (await (await openAction(page, 'Submit')).getByRole('button', { name: 'Submit' }).click()),
    NOTIFY: async (page) => void (await (await openAction(page, 'Notify')).getByRole('button', { name: 'Notify' }).click()),
    MARK_SUCCESS: async (page, event) => {
      const dialog = await openAction(page, 'Mark Success');
      await dialog.getByRole('textbox', { name: /UTR reference/ }).fill(String(event.utrReference));
      await dialog.getByRole('button', { name: 'Mark Success' }).click();
    },
    SETTLE_IMMEDIATELY: async (page, event) => {
      const dialog = await openAction(page, 'Settle Immediately');
      await dialog.getByRole('textbox', { name: /UTR reference/ }).fill(String(event.utrReference));
      await dialog.getByRole('button', { name: 'Settle Immediately' }).click();
    },
    REJECT: async (page, event) => {
      const dialog = await openAction(page, 'Reject');
      await dialog.getByRole('textbox', { name: /Reason/ }).fill(String(event.reason));
      await dialog.getByRole('button', { name: 'Reject' }).click();
    },
  },
  expectState: async (page, state) => {
    await expectPanelState(page, state);
  },
};

// Generated from the machine: an uploaded settlement holds bookings, so the shortest way to SUCCESS is computed
// with that input.
const [toSuccess] = shortestPaths(settlementMachine, { events, input: { hasBookings: true }, targets: ['SUCCESS'] });

test(`settlement uploaded as CSV, then ${toSuccess!.steps.map((s) => s.event.type).join(' → ')}`, async ({ page }) => {
  await walkPath(page, toSuccess!, adapter);
  await expect(workflowPanel(page)).toContainText('Nothing more to do');
  await expect(page.getByRole('main')).toContainText(String(toSuccess!.steps.at(-1)!.event.utrReference));
});

// And through the host's notice, the way most settlements go.
const viaNotice = shortestPathVia(settlementMachine, { events, input: { hasBookings: true }, via: ['NOTIFIED', 'SUCCESS'] });

test(`settlement uploaded as CSV, then ${viaNotice.steps.map((s) => s.event.type).join(' → ')}`, async ({ page }) => {
  await walkPath(page, viaNotice, adapter);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Notify');
});

// Generated from the machine too: a draft added by hand starts empty, so Submit waits until a booking is settled
// into it (the panel says why), and the booking is picked in the Settle booking dialog.
const [byHand] = shortestPaths(settlementMachine, { events, input: { hasBookings: false }, targets: ['PENDING_APPROVAL'] });

test(`settlement added by hand, then ${byHand!.steps.map((s) => s.event.type).join(' → ')}`, async ({ page }) => {
  let bookingId = 0;
  await walkPath(
    page,
    { ...byHand!, steps: byHand!.steps.map((s) => (s.event.type === 'SETTLE_BOOKING' ? { ...s, event: { ...s.event, get bookingId() { return bookingId; } } } : s)) },
    {
      ...adapter,
      start: async (p) => {
        await signIn(p, staff.finance);
        const found = await unsettledBookings(p);
        bookingId = found.ids[0]!;
        // The picker names the host as staff know a person (name and number), not by their id.
        const host = await p.request.get(`${userResource.apiPath}/${found.hostId}`, { headers: { authorization: await consoleKey(p) } });
        expect(host.ok()).toBe(true);
        const { name, mobileNumber } = (await host.json()) as { name: string | null; mobileNumber: string };
        await p.goto('/finance-management/settlement-history/add');
        await p.getByRole('combobox', { name: /Host/ }).fill(found.hostId);
        await p.getByRole('option', { name: nameDotNumber(name, mobileNumber), exact: true }).click();
        await p.getByRole('combobox', { name: /Host/ }).press('Escape');
        await typeDate(p.getByRole('group', { name: /Period from/ }), '2026-02-01');
        await typeDate(p.getByRole('group', { name: /Period to/ }), '2026-01-01');
        await p.getByRole('button', { name: 'Create settlement' }).click();
        await expect(p.getByText('The period must end on or after its first day')).toBeVisible();
        await typeDate(p.getByRole('group', { name: /Period to/ }), '2026-02-15');
        await p.getByRole('button', { name: 'Create settlement' }).click();
        await expect(p.getByText('Settlement created')).toBeVisible();
        await expect(workflowPanel(p)).toContainText('Submit: Settle at least one booking before submitting.');
      },
    },
  );
  await expect(page.getByRole('region', { name: 'Settled bookings' })).toContainText(String(bookingId));
});
