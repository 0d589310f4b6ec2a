// Screenshot tests of thirteen page kinds: a change of the console's look fails CI until its baselines are
// updated on purpose (docs/testing.md, Screenshot tests). Every shot is of a still page: its data loaded, no animation, no caret, and
// what the day, the clock or other journeys change taken out (e2e/screenshots.css hides, `mask` paints over), so
// the shots are the same on every run, on a fresh database or beside the other journeys.
import { expect, test as anonymous, type Locator, type Page } from '@playwright/test';
import { staff, testSignedInAs } from './support';

/** One sign-in per worker for the nine signed-in shots (the super admin reaches every page kind). */
const test = testSignedInAs(staff.superAdmin);

// One viewport, timezone and locale on every machine: a date or a wrapped line never depends on the host.
// bypassCSP: toHaveScreenshot applies e2e/screenshots.css as an inline <style>, which the console's
// Content-Security-Policy (style-src 'self') refuses; without it pins or a toast of another journey got into a shot.
anonymous.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'Asia/Kolkata', locale: 'en-IN', bypassCSP: true });

anonymous.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** A date, a time or a relative time, as the console writes them. */
const dateLike = /\d{1,2}\/\d{1,2}\/\d{4}|\d{1,2}:\d{2}|\bago\b|\byesterday\b|\btoday\b/i;

/** What changes from day to day on any page: dates and times, in property lists, list cells and the timeline. */
const datesOf = (page: Page): Locator[] => [
  page.locator('time'),
  page.locator('dd, [role="gridcell"]').filter({ hasText: dateLike }),
];

/** Waits until the page shows what it loads: no loading bar or spinner, the fonts ready, nothing moving. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[role="status"]').filter({ hasText: /Loading|Refreshing/ })).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/** Waits until a list's first page has rendered its rows. */
async function rowsShown(page: Page): Promise<void> {
  const row = page.getByRole('grid').getByRole('row').nth(1);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).not.toHaveAttribute('aria-busy', 'true');
}

/** The shot of the viewport, dates masked, with `mask` painted over too. */
async function shot(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  await settled(page);
  await expect(page).toHaveScreenshot(name, { mask: [...datesOf(page), ...mask] });
}

anonymous('sign-in', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Mobile number')).toBeFocused();
  await shot(page, 'sign-in.png');
});

test('home', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Aarav Sharma' })).toBeVisible();
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.locator('.day-figure__value').first()).not.toHaveText('…');
  // The day's figures (every journey and hour changes them), the user's pins (on the server, other journeys pin)
  // and recent pages (what this browser opened before).
  await shot(page, 'home.png', [
    today.locator('.day-figure__value'),
    page.locator('section[aria-labelledby="home-pinned"] > :not(h2)'),
    page.locator('section[aria-labelledby="home-recent"] > :not(h2)'),
  ]);
});

test('list: All City', async ({ page }) => {
  // No journey adds, renames or deactivates a city.
  await page.goto('/global-data-management/city');
  await rowsShown(page);
  await expect(page.getByText('26 cities')).toBeVisible();
  await shot(page, 'list.png');
});

test('record: a city', async ({ page }) => {
  await page.goto('/global-data-management/city?q=Bengaluru');
  await rowsShown(page);
  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bengaluru' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('No changes recorded yet.');
  await shot(page, 'record.png');
});

test('form: add a city', async ({ page }) => {
  await page.goto('/global-data-management/city/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add city' })).toBeVisible();
  await shot(page, 'form.png');
});

test('create charger', async ({ page }) => {
  await page.goto('/charger-management/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create charger' })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
  await shot(page, 'create-charger.png');
});

test('palette open', async ({ page }) => {
  await page.goto('/global-data-management/city/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add city' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  // Actions only: the suggestions of an empty palette include the user's pins, which other journeys change.
  await page.keyboard.type('>create');
  await expect(palette.getByRole('option', { name: /^Create charger/ })).toBeVisible();
  await shot(page, 'palette.png');
});

test('ticket record', async ({ page }) => {
  // A hardware servicing ticket: no journey changes one.
  await page.goto('/charger-management/servicing-required/hardware-management/all-tickets');
  await rowsShown(page);
  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hardware repair: rfid reader fault' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Properties' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('No changes recorded yet.');
  await shot(page, 'ticket.png');
});

test('settlement upload', async ({ page }) => {
  await page.goto('/finance-management/settlement-history/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload settlements' })).toBeVisible();
  // Bookings no seed has: the preview names each row's problem, whatever the other journeys settle.
  const csv = 'booking_id,amount_inr\n999999901,120.50\n999999902,\n';
  await page.getByLabel('Bookings CSV').setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('status')).toContainText('bookings.csv: 2 rows, 2 with problems.');
  await shot(page, 'settlement-upload.png');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('mobile menu', async ({ page }) => {
    await page.goto('/charger-management/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create charger' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await shot(page, 'mobile-menu.png');
  });
});

test('charger page: live state and its commands', async ({ page }) => {
  // An OCPP charger past the ones the charger journeys play (they take the first 40 the simulator lists): it never
  // connects during a run, so its panel is the same on every run.
  const listed = (await (await page.request.get('/ocpp/dev/simulator-chargers?limit=60')).json()) as { items: { chargerId: number }[] };
  const quiet = listed.items[55];
  expect(quiet, 'an OCPP charger no journey plays').toBeDefined();
  await page.goto(`/charger-management/all-chargers/${quiet!.chargerId}`);
  const panel = page.getByRole('region', { name: 'Live state' });
  await expect(panel.getByTestId('connectivity')).toHaveText('Offline');
  await expect(panel.getByRole('button', { name: 'More commands' })).toBeVisible();
  await settled(page);
  await expect(panel).toHaveScreenshot('charger-live.png', { mask: [panel.locator('time'), panel.locator('dd').filter({ hasText: dateLike })] });
});

test('bulk results page', async ({ page }) => {
  // Activate on cities that are all active: every one is "already so", nothing changes (the list shot counts them).
  await page.goto('/global-data-management/city?q=Bengaluru');
  await rowsShown(page);
  await page.getByRole('grid').getByRole('row').nth(1).getByRole('checkbox').check();
  await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Activate', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Activate', exact: true }).click();
  await page.getByRole('button', { name: 'See all results' }).click();
  await expect(page).toHaveURL(/\/bulk-results\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Bengaluru').first()).toBeVisible();
  // Who ran it and when: the time changes every run.
  await shot(page, 'bulk-results.png', [page.getByText(/ ran it on /)]);
});

test.describe('on a laptop screen', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('a long dialog: the permissions editor of a role', async ({ page }) => {
    await page.goto('/czo-management/all-roles');
    await rowsShown(page);
    await page.getByRole('grid').getByRole('row').filter({ hasText: 'Read Only' }).first().click();
    await page.getByRole('button', { name: 'Edit permissions' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Edit permissions' });
    await expect(dialog.getByRole('checkbox').first()).toBeVisible();
    await shot(page, 'dialog-permissions.png');
  });
});
