import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn, signInThroughScreens, staff } from './support';

/** The Pinned list of the side menu (the home page has one too). */
const sideMenuPins = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('region', { name: 'Pinned' });

// Journeys that sign out start a session of their own (signInThroughScreens), so the one the others share stays valid.
const signsOut = new Set(['below 992 px the menu is a hamburger slide-in with Sign Out', 'pins follow the user through sign-out, from the server copy']);

test.beforeEach(async ({ page }, testInfo) => {
  if (signsOut.has(testInfo.title)) await signInThroughScreens(page, staff.superAdmin);
  else await signIn(page, staff.superAdmin);
});

test('pin and unpin survive a reload', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Global Data Management' }).click();
  await nav.getByRole('button', { name: 'Pin All City', exact: true }).click();
  const pinned = sideMenuPins(page);
  await expect(pinned.getByRole('link', { name: 'All City' })).toBeVisible();
  // Pinning again is impossible: the entry's button now unpins.
  await expect(nav.getByRole('button', { name: 'Pin All City', exact: true })).toHaveCount(0);

  await page.reload();
  await expect(sideMenuPins(page).getByRole('link', { name: 'All City' })).toBeVisible();

  await page.getByRole('button', { name: 'Unpin All City' }).first().click();
  await expect(sideMenuPins(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(sideMenuPins(page)).toHaveCount(0);
});

test('collapsing the menu survives a reload', async ({ page }) => {
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
});

test('clicking a menu entry saves its breadcrumb trail; detail pages say "detail page"', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Ticket Management' }).click();
  await nav.getByRole('button', { name: 'Site Inspection' }).click();
  await nav.getByRole('link', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(/\/ticket-management\/site-inspection-tickets\/open$/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Ticket Management');
  await expect(crumbs).toContainText('Site Inspection');
  await expect(crumbs).toContainText('Open');
  await expect(page.getByRole('heading', { level: 1, name: 'Open Site Inspection Tickets' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Site Inspection');

  // Open a ticket from the list with the keyboard: its page says "detail page" after the list's crumbs.
  await page.getByRole('grid').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ticket-management\/site-inspection-tickets\/open\/\d+$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Open\s*\/?\s*detail page/);
});

test('below 992 px the menu is a hamburger slide-in with Sign Out', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('the user menu shows name and mobile number; the page title follows the page', async ({ page }) => {
  const trigger = page.getByRole('button', { name: /account menu$/ });
  await expect(trigger).toContainText('Aarav Sharma');
  await expect(trigger).toContainText('+91 90000 00001');
  await trigger.click();
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeHidden();
  await expect(page).toHaveTitle(/CZO Operations Console/);
  await page.goto('/global-data-management/city');
  await expect(page).toHaveTitle(/^All City · CZO Operations Console$/);
});

test('tampered stored data is discarded, never crashes the app', async ({ page }) => {
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await page.goto('/global-data-management/city');
  await page.goto('/global-data-management/news');
  expect(await page.evaluate(() => localStorage.getItem('menuCollapsed'))).not.toBeNull();

  // Flip one character in every stored value but the auth key, and plant a plain value the app never wrote.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key === 'authKey') continue;
      const value = localStorage.getItem(key)!;
      const i = Math.floor(value.length / 2);
      localStorage.setItem(key, value.slice(0, i) + (value[i] === 'A' ? 'B' : 'A') + value.slice(i + 1));
    }
    localStorage.setItem('breadcrumbs', JSON.stringify([{ title: 'Evil', path: '/evil' }]));
  });
  await page.reload();
  // Defaults instead of the tampered values: the menu is expanded again, no evil crumb.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
  await expect(page.getByText('Evil')).toHaveCount(0);

  // A tampered auth key is discarded too: the user is signed out, not crashed.
  await page.evaluate(() => localStorage.setItem('authKey', 'v1.tampered.value.mac'));
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Mobile number')).toBeVisible();
});

test('pins follow the user through sign-out, from the server copy', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Zone Management' }).click();
  await nav.getByRole('button', { name: 'Pin Risk Zone', exact: true }).click();
  await expect(sideMenuPins(page).getByRole('link', { name: 'Risk Zone' })).toBeVisible();
  await page.getByRole('button', { name: /account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInThroughScreens(page, staff.superAdmin);
  await expect(sideMenuPins(page).getByRole('link', { name: 'Risk Zone' })).toBeVisible();
  await page.getByRole('button', { name: 'Unpin Risk Zone' }).first().click();
  await expect(sideMenuPins(page)).toHaveCount(0);
});

test('permission names show beside menu links when switched on, and copy', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Global Data Management' }).click();
  await expect(nav.getByText('ROLE_VIEW_CITY')).toHaveCount(0);

  await page.getByRole('button', { name: /account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Show permission names' }).click();
  await expect(nav.getByText('ROLE_VIEW_CITY')).toBeVisible();
  await nav.getByRole('button', { name: 'Copy permission ROLE_VIEW_CITY' }).click();
  await expect(page.getByText('Permission copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ROLE_VIEW_CITY');

  // Remembered across a reload, and switched off again from the same menu.
  await page.reload();
  await nav.getByRole('button', { name: 'Global Data Management' }).click();
  await expect(nav.getByText('ROLE_VIEW_CITY')).toBeVisible();
  await page.getByRole('button', { name: /account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Hide permission names' }).click();
  await expect(nav.getByText('ROLE_VIEW_CITY')).toHaveCount(0);
});
