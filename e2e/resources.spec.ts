import { expect, test, type Page } from '@playwright/test';
import { coordinatesMessages } from '@domain/coordinates';
import { resources } from '@domain/resource/registry';
import { headingOf, resourceEntries } from './menu-walk';
import { apiKey, signIn, staff } from './support';

async function expectRows(page: Page, title: string) {
  const grid = page.getByRole('grid');
  const summary = page.locator('table.summary-table');
  await expect(grid.or(summary).first(), `${title} shows its rows`).toBeVisible({ timeout: 15_000 });
  if (await summary.isVisible()) {
    await expect(summary.locator('tbody tr').first()).toBeVisible();
    return;
  }
  await expect(grid.getByRole('row').nth(1), `${title} has at least one real row`).toBeVisible();
  await expect(grid.getByRole('row').nth(1)).not.toHaveAttribute('aria-busy', 'true');
}

/** What the walk opens: every side-menu list or summary (its rows checked), then the lists no menu entry opens. */
const menuPaths = new Set(resourceEntries.map((e) => e.path));
const walk = [
  ...resourceEntries.map((entry) => ({ path: entry.path, title: headingOf(entry.path), name: `${entry.trail.join(' › ')} › ${entry.title} (${entry.path})`, rows: true })),
  ...resources
    .flatMap((r) => r.views)
    .filter((v) => !menuPaths.has(v.path) && !v.path.includes(':'))
    .map((v) => ({ path: v.path, title: v.title, name: v.path, rows: false })),
];
/** In parts of 30, each its own test, spread over both workers: a slow machine slows one part, not the walk. */
const walkParts: (typeof walk)[] = [];
for (let i = 0; i < walk.length; i += 30) walkParts.push(walk.slice(i, i + 30));

test.describe('the menu walk', () => {
  test.describe.configure({ mode: 'parallel' });

  test('takes every side-menu list and every other list view', () => {
    expect(resourceEntries.length).toBeGreaterThan(50);
    expect(walk.length).toBeGreaterThan(90);
    expect(walkParts.flat()).toEqual(walk);
  });

  for (const part of walkParts) {
    test(`from ${part[0]!.path} (${part.length}): each shows real rows to the super admin and fits 1440 px`, async ({ page }) => {
      test.setTimeout(180_000);
      // The screen users compare us at: a list's default columns fit without sideways scrolling (issue 17).
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, staff.superAdmin);
      const tooWide: string[] = [];
      let measured = 0;
      for (const item of part) {
        // In-app navigation, as a menu click does (no reload per page): the router follows the history API. The
        // page's own heading, then no fetch under way, before its rows are read (never the previous page's).
        await page.evaluate((path) => window.history.pushState(null, '', path), item.path);
        await expect(page.getByRole('heading', { level: 1, name: item.title, exact: true })).toBeVisible({ timeout: 15_000 });
        await expect(page.getByRole('status').filter({ hasText: /Loading|Refreshing/ })).toHaveCount(0, { timeout: 15_000 });
        if (item.rows) await expectRows(page, item.name);
        const grid = page.getByRole('grid');
        if ((await grid.count()) === 0) continue;
        measured += 1;
        const { table, pageOverflow } = await grid.evaluate((el) => ({ table: el.scrollWidth - el.clientWidth, pageOverflow: document.documentElement.scrollWidth - window.innerWidth }));
        if (table > 1 || pageOverflow > 1) tooWide.push(`${item.path}: table ${table} px, page ${pageOverflow} px too wide`);
      }
      // Nearly every page of the walk is a list (a few are summaries without a grid).
      expect(measured).toBeGreaterThan(part.length / 2);
      expect(tooWide).toEqual([]);
    });
  }
});

test.describe('resource screens', () => {
  test('a vendor created through the form is found in its list, and opens with its history', async ({ page }) => {
    await signIn(page, staff.superAdmin);
    await page.goto('/global-data-management/vendor-management');
    await page.getByRole('link', { name: 'Add vendor' }).click();
    await expect(page).toHaveURL(/\/vendor-management\/add$/);
    const name = `Kirloskar Charge Parts ${Date.now() % 100000}`;
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /Mobile number/ }).fill('+91 98860 11223');
    await page.getByRole('button', { name: 'Create vendor' }).click();
    await expect(page.getByText('Vendor created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toContainText('created it');

    await page.goto('/global-data-management/vendor-management');
    await expect(page.getByRole('grid')).toBeVisible();
    await page.keyboard.press('/');
    await expect(page.getByRole('textbox', { name: 'Search' })).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row').nth(1)).toContainText(name);
    await expect(page).toHaveURL(/q=Kirloskar/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(name);
  });

  test('the coordinates field shows each of the spec’s five messages', async ({ page }) => {
    await signIn(page, staff.superAdmin);
    await page.goto('/charger-management/all-location/add-location');
    const field = page.getByRole('textbox', { name: /Coordinates/ });
    const cases: [string, string][] = [
      ['abc,77.5', coordinatesMessages.notNumbers],
      ['95,200', coordinatesMessages.bothOutOfRange],
      ['95,77.5', coordinatesMessages.latitudeOutOfRange],
      ['12.9,200', coordinatesMessages.longitudeOutOfRange],
    ];
    for (const [typed, message] of cases) {
      await field.fill(typed);
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await field.fill('');
    await page.getByRole('button', { name: /^Create / }).click();
    await expect(page.getByText(coordinatesMessages.required, { exact: true }).first()).toBeVisible();
  });

  test('a read-only user sees no add buttons and the API refuses their writes', async ({ page, request }) => {
    await signIn(page, staff.readOnly);
    for (const path of ['/global-data-management/vendor-management', '/charger-management/all-location', '/booking-management/promo-codes']) {
      await page.goto(path);
      await expect(page.getByRole('grid')).toBeVisible();
      await expect(page.getByRole('link', { name: /^Add / })).toHaveCount(0);
    }
    const key = await apiKey(request, staff.readOnly);
    const write = await request.post('/config/admin/vendor', { headers: { authorization: `Bearer ${key}` }, data: { name: 'Sneaky Vendor', mobileNumber: '9886011223' } });
    expect(write.status()).toBe(403);
    expect(write.headers()['content-type']).toContain('application/problem+json');
    const list = await request.get('/config/admin/vendor?q=Sneaky', { headers: { authorization: `Bearer ${key}` } });
    expect(list.status()).toBe(200);
    expect((await list.json()).count).toBe(0);
  });
});
