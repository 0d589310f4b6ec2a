import { expect, test, type Page } from '@playwright/test';
import { menuText, requestCode, signIn, signInThroughScreens, staff, withNumberLock } from './support';

test('two roles sign in and see different menus', async ({ page, browser }) => {
  await signInThroughScreens(page, staff.superAdmin);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByText('Finance Management')).toBeVisible();
  await expect(nav.getByText('Role Management')).toBeVisible();
  const adminMenu = await menuText(page);

  const other = await browser.newPage();
  try {
    await signInThroughScreens(other, staff.finance);
    const financeNav = other.getByRole('navigation', { name: 'Main menu' });
    await expect(financeNav.getByText('Finance Management')).toBeVisible();
    await expect(financeNav.getByText('Role Management')).toHaveCount(0);
    expect(await menuText(other)).not.toEqual(adminMenu);
  } finally {
    await other.close();
  }
});

test('a staff user with no permissions sees the no-permission message', async ({ page }) => {
  await signIn(page, staff.noRole);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByText('Looks Like you dont have any permissions.')).toBeVisible();
  // Entries that need no permission stay; nothing gated is shown.
  await expect(nav.getByText('RFID Management')).toBeVisible();
  await expect(nav.getByText('Charger Management')).toHaveCount(0);
  await expect(nav.getByText('Finance Management')).toHaveCount(0);
});

test('a wrong code shows a clear error and the sixth try is refused', async ({ page }) => {
  // The code is burnt on purpose: no other worker may sign this number in meanwhile.
  await withNumberLock(staff.operations, () => wrongCodes(page));
});

async function wrongCodes(page: Page): Promise<void> {
  const code = await requestCode(page, staff.operations);
  const wrong = code === '000000' ? '111111' : '000000';
  const field = page.getByLabel('One-time code');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    const left = 5 - attempt;
    await expect(page.getByRole('alert')).toContainText(
      left > 0 ? `Incorrect code. ${left} attempt${left === 1 ? '' : 's'} left.` : 'This code can no longer be used',
    );
  }
  // The sixth try, even with the right code, is refused.
  await field.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('This code can no longer be used. Request a new code.');
  await expect(page).toHaveURL(/\/login/);
}

test('a mobile number in another common format signs in the same user', async ({ page }) => {
  await withNumberLock(staff.customerSupport, async () => {
    const code = await requestCode(page, staff.customerSupport, `+91 ${staff.customerSupport.slice(0, 5)} ${staff.customerSupport.slice(5)}`);
    await page.getByLabel('One-time code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });
});

test('an invalid mobile number is refused next to the field', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Enter a valid 10-digit Indian mobile number')).toBeVisible();
  await expect(page.getByLabel('One-time code')).toHaveCount(0);
});

test('sign-out leaves nothing in local storage and / then redirects to /login', async ({ page }) => {
  await signInThroughScreens(page, staff.readOnly);
  expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
  await page.getByRole('button', { name: /account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Logout Sucessfull')).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Mobile number')).toBeVisible();
});
