import { expect, test } from '@playwright/test';
import { coordinatesMessages } from '@domain/coordinates';
import { resources } from '@domain/resource/registry';
import { headingOf, resourceEntries } from './menu-walk';
import { apiKey, signIn, staff } from './support';

/** What the walk opens: every side-menu list or summary (its rows checked), then the lists no menu entry opens. */
const menuPaths = new Set(resourceEntries.map((e) => e.path));
const walk = [
  ...resourceEntries.map((entry) => ({ path: entry.path, title: headingOf(entry.path), rows: true })),
  ...resources
    .flatMap((r) => r.views)
    .filter((v) => !menuPaths.has(v.path) && !v.path.includes(':'))
    .map((v) => ({ path: v.path, title: v.title, rows: false })),
];
/** In parts of 30, each its own test, spread over both workers: a slow machine slows one part, not the walk. */
const walkParts: (typeof walk)[] = [];
for (let i = 0; i < walk.length; i += 30) walkParts.push(walk.slice(i, i + 30));

test.describe('the menu walk', () => {
  test.describe.configure({ mode: 'parallel' });

  test('takes every side-menu list and every other list view, each with a title of its own', () => {
    expect(resourceEntries.length).toBeGreaterThan(50);
    for (const [i, item] of walk.entries()) if (i > 0) expect(item.title, item.path).not.toBe(walk[i - 1]!.title);
    expect(walk.length).toBeGreaterThan(90);
    expect(walkParts.flat()).toEqual(walk);
  });

  for (const part of walkParts) {
    test(`from ${part[0]!.path} (${part.length}): each shows real rows to the super admin and fits 1440 px`, async ({ page }) => {
      test.setTimeout(180_000);
      // The screen users compare us at: a list's default columns fit without sideways scrolling.
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, staff.superAdmin);
      // The walk runs in the page, page after page with the console's own router (as a menu click does): navigate,
      // then on every frame wait for the page's own heading, no fetch under way and, on a list, a first real row;
      // then measure. One call for the part: a round trip from the test per check cost more than the pages.
      const seen = await page.evaluate(async (items) => {
        const open = (item: (typeof items)[number]) =>
          new Promise<{ path: string; problem: string | null; grid: boolean; table: number; pageOverflow: number }>((resolve) => {
            window.history.pushState(null, '', item.path);
            window.dispatchEvent(new PopStateEvent('popstate'));
            let last = 'its heading';
            const giveUp = window.setTimeout(() => resolve({ path: item.path, problem: `no ${last} within 15 s`, grid: false, table: 0, pageOverflow: 0 }), 15_000);
            const check = () => {
              // The walk's pages have titles of their own, so the title names the page now shown (React may reuse the
              // previous page's h1 element for it).
              const heading = [...document.querySelectorAll<HTMLElement>('h1')].find((h) => h.innerText.trim() === item.title);
              if (!heading) return void window.requestAnimationFrame(check);
              last = 'end of loading';
              if ([...document.querySelectorAll<HTMLElement>('[role="status"]')].some((el) => /Loading|Refreshing/.test(el.textContent ?? ''))) return void window.requestAnimationFrame(check);
              const grid = document.querySelector<HTMLElement>('[role="grid"]');
              const summaryRow = document.querySelector('table.summary-table tbody tr');
              if (item.rows && !summaryRow) {
                last = 'real row';
                const first = grid?.querySelectorAll('[role="row"]')[1];
                if (!first || first.getAttribute('aria-busy') === 'true') return void window.requestAnimationFrame(check);
              }
              window.clearTimeout(giveUp);
              resolve({
                path: item.path,
                problem: null,
                grid: Boolean(grid),
                table: grid ? grid.scrollWidth - grid.clientWidth : 0,
                pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
              });
            };
            check();
          });
        const results = [];
        for (const item of items) results.push(await open(item));
        return results;
      }, part);
      expect(seen.map((s) => s.path)).toEqual(part.map((item) => item.path));
      expect(seen.filter((s) => s.problem).map((s) => `${s.path}: ${s.problem}`), 'pages that did not show their rows').toEqual([]);
      // Nearly every page of the walk is a list (a few are summaries without a grid).
      expect(seen.filter((s) => s.grid).length).toBeGreaterThan(part.length / 2);
      expect(seen.filter((s) => s.table > 1 || s.pageOverflow > 1).map((s) => `${s.path}: table ${s.table} px, page ${s.pageOverflow} px too wide`)).toEqual([]);
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

  test('the coordinates field shows each of its five messages', async ({ page }) => {
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
