// The local authorization list end to end, with a simulated charger over a real socket: staff send a charger its full
// list from its page and see the version it holds and "In sync"; blocking a card on the RFID card's page reaches the
// charger (its version moves up, in sync again) through the job queue; the chargers list filters by list state.
import { expect, test } from '@playwright/test';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { apiKey, claimForThisRun, openRecordAction, signIn, staff } from './support';

test('local list: send the full list, a blocked card follows to the charger, the chargers list filtered by list state', async ({ page, request, baseURL }) => {
  // A send, a card page and a list on the 2-core machine under load.
  test.setTimeout(90_000);
  const key = await apiKey(request, staff.superAdmin);
  const auth = { headers: { Authorization: `Bearer ${key}` } };
  // A charger from the middle of the list (other journeys play the first and the last ones), this repeat's alone.
  const listed = (await (await request.get('/ocpp/dev/simulator-chargers?limit=24')).json()) as { items: { chargerId: number; identity: string }[] };
  const target = listed.items.slice(14).find((c) => claimForThisRun(`charger-${c.chargerId}`));
  expect(target, 'a simulated charger left for this repeat').toBeDefined();
  // A card on an account, not blocked, that no other repeat blocks.
  const cards = (await (await request.get('/user-service/rfid-card?size=100&held=true&blocked=false', auth)).json()) as { items: { id: string | number; cardNumber: string; blocked: boolean }[] };
  const card = cards.items.filter((c) => !c.blocked && c.cardNumber.length <= 20).find((c) => claimForThisRun(`card-${c.cardNumber}`));
  expect(card, 'a card left for this repeat').toBeDefined();
  const live = (await (await request.get(`/ccu/charger/${target!.chargerId}/live`, auth)).json()) as { uniqueId: string };

  const charger = new SimulatedCharger({ url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`, identity: target!.identity, password: DEV_CHARGER_PASSWORD });
  try {
    await charger.start();
    await signIn(page, staff.superAdmin);
    await page.goto(`/charger-management/all-chargers/${target!.chargerId}`);
    await expect(page.getByRole('region', { name: 'Live state' }).getByTestId('connectivity')).toHaveText('Online', { timeout: 15_000 });
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Local authorization list' }) });
    await expect(panel.getByTestId('local-list-version')).toBeVisible({ timeout: 15_000 });

    // Send full list…, confirmed: the charger holds the version it should, in sync.
    await panel.getByRole('button', { name: 'Send full list…' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Send the full local list to ${live.uniqueId}?` });
    await expect(confirm).toContainText('blocked ones as blocked');
    await confirm.getByRole('button', { name: 'Send full list' }).click();
    await expect(panel.getByTestId('local-list-state')).toHaveText('In sync', { timeout: 30_000 });
    const versionText = await panel.getByTestId('local-list-version').innerText();
    const held = Number(/Holds version (\d+)/.exec(versionText)?.[1]);
    expect(versionText).toBe(`Holds version ${held}; should hold version ${held}.`);
    expect(charger.localListVersion).toBe(held);
    expect(charger.localList.get(card!.cardNumber)?.status).toBe('Accepted');

    // Block the card on its page (a reason, confirmed): the charger's list follows, with a newer version.
    await page.goto('/rfid-management/rfid-cards');
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill(card!.cardNumber);
    await search.press('Enter');
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row')).toHaveCount(2, { timeout: 15_000 });
    await grid.getByRole('row').nth(1).click();
    await expect(page.getByRole('heading', { level: 1, name: card!.cardNumber })).toBeVisible();
    await openRecordAction(page, 'Block RFID card');
    const block = page.getByRole('alertdialog', { name: /Block RFID card/ });
    await expect(block).toContainText('their local lists too');
    await block.getByRole('textbox', { name: /Reason/ }).fill('Card reported stolen (e2e)');
    await block.getByRole('button', { name: 'Block RFID card' }).click();
    await expect(block).toBeHidden();
    await expect(page.getByText('Block RFID card: done')).toBeVisible();
    await expect.poll(() => charger.localList.get(card!.cardNumber)?.status, { timeout: 30_000 }).toBe('Blocked');

    await page.goto(`/charger-management/all-chargers/${target!.chargerId}`);
    await expect(panel.getByTestId('local-list-state')).toHaveText('In sync', { timeout: 30_000 });
    await expect(async () => {
      const now = Number(/Holds version (\d+)/.exec(await panel.getByTestId('local-list-version').innerText())?.[1]);
      expect(now).toBeGreaterThan(held);
      expect(charger.localListVersion).toBe(now);
    }).toPass({ timeout: 30_000 });

    // The chargers list, filtered by list state: this charger is among those in sync, and not among those behind.
    await page.goto('/charger-management/all-chargers');
    await page.getByRole('combobox', { name: 'Local list' }).selectOption({ label: 'In sync' });
    const chargers = page.getByRole('textbox', { name: 'Search' });
    await chargers.fill(live.uniqueId);
    await chargers.press('Enter');
    await expect(page).toHaveURL(/localListState=inSync/);
    await expect(page.getByRole('grid').getByRole('row').filter({ hasText: live.uniqueId })).toHaveCount(1, { timeout: 15_000 });
    await page.getByRole('combobox', { name: 'Local list' }).selectOption({ label: 'Behind' });
    await expect(page).toHaveURL(/localListState=behind/);
    await expect(page.getByRole('grid').getByRole('row').filter({ hasText: live.uniqueId })).toHaveCount(0, { timeout: 15_000 });
  } finally {
    await charger.stop();
  }
});
