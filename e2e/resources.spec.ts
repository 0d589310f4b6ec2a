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

test.describe('resource screens', () => {
  test('every side-menu entry of the resource screens shows real rows to the super admin, every list fitting 1440 px', async ({ page }) => {
    test.setTimeout(240_000);
    expect(resourceEntries.length).toBeGreaterThan(50);
    // The screen users compare us at: a list's default columns fit without sideways scrolling (issue 17).
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, staff.superAdmin);
    const tooWide: string[] = [];
    let measured = 0;
    const measure = async (path: string) => {
      const grid = page.getByRole('grid');
      if ((await grid.count()) === 0) return;
      measured += 1;
      const { table, pageOverflow } = await grid.evaluate((el) => ({ table: el.scrollWidth - el.clientWidth, pageOverflow: document.documentElement.scrollWidth - window.innerWidth }));
      if (table > 1 || pageOverflow > 1) tooWide.push(`${path}: table ${table} px, page ${pageOverflow} px too wide`);
    };
    for (const entry of resourceEntries) {
      // In-app navigation, as a menu click does (no reload per page): the router follows the history API. The page's
      // own heading, then no fetch under way, before its rows are read (never the previous page's).
      await page.evaluate((path) => window.history.pushState(null, '', path), entry.path);
      await expect(page.getByRole('heading', { level: 1, name: headingOf(entry.path), exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('status').filter({ hasText: /Loading|Refreshing/ })).toHaveCount(0, { timeout: 15_000 });
      await expectRows(page, `${entry.trail.join(' › ')} › ${entry.title} (${entry.path})`);
      await measure(entry.path);
    }
    // The lists no menu entry opens (scoped views such as My Orders or a module's open tickets) fit as well.
    const menuPaths = new Set(resourceEntries.map((e) => e.path));
    for (const view of resources.flatMap((r) => r.views).filter((v) => !menuPaths.has(v.path) && !v.path.includes(':'))) {
      await page.evaluate((path) => window.history.pushState(null, '', path), view.path);
      await expect(page.getByRole('heading', { level: 1, name: view.title, exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('status').filter({ hasText: /Loading|Refreshing/ })).toHaveCount(0, { timeout: 15_000 });
      await measure(view.path);
    }
    expect(measured).toBeGreaterThan(80);
    expect(tooWide).toEqual([]);
  });

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
