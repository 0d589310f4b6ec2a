import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatInr } from '@domain/format-money';
import { apiKey, signIn, staff } from './support';
import { expectPanelState, pressAction } from './workflow-panel';

type Json = Record<string, unknown>;

async function getJson(request: APIRequestContext, key: string, path: string): Promise<Json> {
  const res = await request.get(path, { headers: { Authorization: `Bearer ${key}` } });
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as Json;
}

/** A user's wallet: its id and balance (paise). */
async function hasWallet(request: APIRequestContext, key: string, userId: string): Promise<boolean> {
  return ((await getJson(request, key, `/pw-service/admin/wallet?userId=${userId}`)) as { items: unknown[] }).items.length === 1;
}

async function walletOf(request: APIRequestContext, key: string, userId: string): Promise<{ id: string; credits: number }> {
  const { items } = (await getJson(request, key, `/pw-service/admin/wallet?userId=${userId}`)) as { items: { id: string; credits: number }[] };
  expect(items).toHaveLength(1);
  return items[0]!;
}

/** The waiting top-up requests (the approve journey takes them; the credits journey leaves their users alone). */
async function waitingTopUps(request: APIRequestContext, key: string) {
  return ((await getJson(request, key, '/pw-service/top-up?status=REQUESTED&size=100')) as { items: { id: number; userId: string; amount: number }[] }).items;
}

test('Finance adds credits to a pasted list, sees the unknown number’s problem, leaves it out and sees the new balance', async ({ page, request }, info) => {
  const key = await apiKey(request, staff.finance);
  const busy = new Set((await waitingTopUps(request, key)).map((r) => r.userId));
  // Customers of their own for each repeat and retry, none waiting for a top-up (that journey moves those wallets).
  const { items } = (await getJson(request, key, '/user-service/user?size=100&approvalStatus=APPROVED&isActive=true')) as { items: { id: string; name: string | null; mobileNumber: string }[] };
  // From the end of the page: journeys of other files (change name, RFID card) take the first customers.
  const customers = items.filter((u) => u.name && !u.mobileNumber.startsWith('90000000') && !busy.has(u.id)).reverse();
  // Seeded customers, who have wallets (a user another journey just created has none yet, and sorts first).
  const withWallets: typeof customers = [];
  for (const c of customers) {
    if (withWallets.length >= 8) break;
    if (await hasWallet(request, key, c.id)) withWallets.push(c);
  }
  const offset = (info.repeatEachIndex + info.retry * 3) * 2;
  const [a, b] = [withWallets[offset]!, withWallets[offset + 1]!];
  expect(b).toBeDefined();
  const walletA = await walletOf(request, key, a.id);

  await signIn(page, staff.finance);
  await page.goto('/wallet-management/add-credits-to-wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Credits To Wallet' })).toBeVisible();
  await page.getByRole('textbox', { name: /Mobile numbers/ }).fill(`+91 ${a.mobileNumber.slice(0, 5)} ${a.mobileNumber.slice(5)}\n6999999999\n0${b.mobileNumber}, 150`);
  await page.getByRole('textbox', { name: 'Amount (₹)' }).fill('200');
  await page.getByRole('textbox', { name: /Reason/ }).fill('Goodwill for the charger outage');
  await page.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('row', { name: /69999 99999/ })).toContainText('No user has this number');
  await expect(preview.getByRole('row', { name: new RegExp(`${a.mobileNumber.slice(0, 5)} ${a.mobileNumber.slice(5)}`) })).toContainText('Ready');
  await expect(preview.getByRole('button', { name: /^Add ₹/ })).toHaveCount(0);
  await preview.getByRole('button', { name: 'Leave out 1 row with problems' }).click();

  await expect(preview.getByRole('status')).toHaveText('2 rows: 2 wallets to credit (₹350).');
  await preview.getByRole('button', { name: 'Add ₹350 to 2 wallets' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Add credits' });
  await dialog.getByRole('button', { name: 'Add ₹350 to 2 wallets' }).click();
  await expect(page.getByText('Added ₹350 to 2 wallets.')).toBeVisible();

  await page.getByRole('link', { name: a.name! }).click();
  await expect(page).toHaveURL(new RegExp(`/user-management/wallets/${walletA.id}$`));
  const history = page.getByRole('region', { name: 'Wallet ledger' });
  await expect(history.getByRole('row', { name: /Goodwill for the charger outage/ }).first()).toContainText(formatInr(walletA.credits + 20_000));
  await expect(history.getByRole('row', { name: /Goodwill for the charger outage/ }).first()).toContainText('Credits added');
  await expect(page.getByText(formatInr(walletA.credits + 20_000)).first()).toBeVisible();
});

test('Finance approves a top-up request and the wallet balance grows by its amount', async ({ page, request }, info) => {
  const key = await apiKey(request, staff.finance);
  // Each repeat takes requests of its own (ids by remainder), so parallel runs never approve the same one.
  const request_ = (await waitingTopUps(request, key)).find((r) => r.id % 3 === info.repeatEachIndex % 3);
  expect(request_).toBeDefined();
  const { id, userId, amount } = request_!;
  const wallet = await walletOf(request, key, userId);

  await signIn(page, staff.finance);
  await page.goto(`/wallet-management/top-up-request/${id}`);
  await expectPanelState(page, 'REQUESTED');
  await pressAction(page, 'Approve');
  await expectPanelState(page, 'APPROVED');

  await page.goto(`/user-management/wallets/${wallet.id}`);
  const history = page.getByRole('region', { name: 'Wallet ledger' });
  const topUp = history.getByRole('row', { name: /Top-up of/ }).first();
  await expect(topUp).toContainText(`+${formatInr(amount)}`);
  await expect(topUp).toContainText(formatInr(wallet.credits + amount));
  expect((await walletOf(request, key, userId)).credits).toBe(wallet.credits + amount);
});
