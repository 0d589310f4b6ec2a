import { expect, test, type Page } from '@playwright/test';
import { apiKey, signIn, signInThroughScreens, staff } from './support';

// The journey makes its own role and its own staff member (a new number each run), so no other journey's seeded
// roles or users change while they run in parallel.
const stamp = () => String(Date.now()).slice(-8);

/** Opens the Role Management group of the side menu (if closed) and answers its entries' names. */
async function roleManagementEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const group = nav.getByRole('button', { name: 'Role Management', exact: true });
  if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
  return nav.getByRole('link', { name: /^(CZO Access|All Roles|User Roles)$/ }).allInnerTexts();
}

// Two browsers and two sign-ins: about 15 s on an idle machine; the margin is for a loaded CI machine (38-57 s seen
// at a load average of 12-15 on 2 cores).
test.setTimeout(90_000);

test('an admin edits a role’s permissions through a review of what changes, and the staff member’s menu follows without signing in again', async ({ page, browser, request }) => {
  const run = stamp();
  const mobileNumber = `96${run}`;
  const auth = { Authorization: `Bearer ${await apiKey(request, staff.superAdmin)}` };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(path, { headers: auth, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string };
  };
  const role = await post('/auth-service/role', { name: `Roles desk ${run}`, description: 'Sees the roles (e2e)', permissions: ['ROLE_VIEW_ROLES'] });
  const user = await post('/user-service/user', { name: `Desk Clerk ${run}`, mobileNumber });
  await post('/user-service/czo-user', { userId: user.id, designation: 'Roles desk (e2e)' });
  await post('/auth-service/admin/user-role', { userId: user.id, roleId: role.id });

  // The staff member signs in on their own browser and sees All Roles, not User Roles.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInThroughScreens(staffPage, mobileNumber);
  await expect.poll(() => roleManagementEntries(staffPage)).toEqual(['All Roles']);

  // The admin opens the role and edits its permissions: labels, search, a review of what is added and removed.
  await signIn(page, staff.superAdmin);
  await page.goto(`/czo-management/all-roles/${role.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Roles desk ${run}` })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Edit permissions' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Edit permissions' });
  await expect(dialog.getByRole('checkbox', { name: 'View roles', exact: true })).toBeChecked();
  // From the keyboard: find by label, then Space toggles the focused checkbox.
  const toggle = async (search: string, label: string, checked: boolean) => {
    await dialog.getByRole('textbox', { name: 'Find a permission' }).fill(search);
    const box = dialog.getByRole('checkbox', { name: label, exact: true });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked({ checked });
  };
  await toggle('user roles', 'View user roles', true);
  await toggle('view roles', 'View roles', false);
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  const changes = dialog.getByRole('list', { name: 'Changes to confirm' });
  await expect(changes.getByRole('listitem')).toHaveText(['+ Add View user roles ROLE_VIEW_USER_ROLES', '− Remove View roles ROLE_VIEW_ROLES']);
  await expect(dialog).toContainText('1 to add, 1 to remove');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Edit permissions: done')).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('edited its permissions');
  await expect(history).toContainText('+ View user roles');
  await expect(history).toContainText('− View roles');

  // The staff member's menu changes on its own: no reload, no new sign-in.
  await expect.poll(() => roleManagementEntries(staffPage), { timeout: 10_000 }).toEqual(['User Roles']);
  await expect(staffPage.getByRole('link', { name: 'All Roles' })).toHaveCount(0);
  await staffContext.close();
});
