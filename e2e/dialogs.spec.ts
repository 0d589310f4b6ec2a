import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { chargerServicingTicketResource } from '@domain/resources/tickets/charger-servicing-ticket';
import { apiKey, signIn, staff } from './support';
import { workflowPanel } from './workflow-panel';

// Every kind of dialog, opened on a laptop screen and on a phone: its title and its buttons are on screen (the modal
// fits the viewport and scrolls its body), and a click of the mouse on Cancel closes it. Each journey only opens and
// cancels, so it changes no record other journeys use.

type Json = Record<string, unknown>;

async function getItems<T>(request: APIRequestContext, mobileNumber: string, path: string): Promise<T[]> {
  const res = await request.get(path, { headers: { Authorization: `Bearer ${await apiKey(request, mobileNumber)}` } });
  expect(res.ok(), path).toBe(true);
  return ((await res.json()) as { items: T[] }).items;
}

/** Fails unless the element's whole box lies inside the viewport. */
async function expectInViewport(page: Page, element: Locator, what: string): Promise<void> {
  const size = page.viewportSize()!;
  const box = await element.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect({ what, top: y >= 0, left: x >= 0, bottom: y + height <= size.height, right: x + width <= size.width }).toEqual({ what, top: true, left: true, bottom: true, right: true });
}

/**
 * The dialog fits the screen; its title and every button of its actions are on screen; the mouse, pressed where
 * the button `closeWith` is, closes it.
 */
async function checkDialog(page: Page, dialog: Locator, closeWith: string): Promise<void> {
  await expect(dialog).toBeVisible();
  await expectInViewport(page, dialog, 'the dialog');
  await expectInViewport(page, dialog.getByRole('heading').first(), 'the title');
  const buttons = dialog.locator('.ui-dialog__actions').last().getByRole('button');
  expect(await buttons.count()).toBeGreaterThan(1);
  for (const button of await buttons.all()) await expectInViewport(page, button, `the button ${await button.innerText()}`);
  // A click where the button is seen, not a scripted press: it lands only if nothing else covers the button there.
  const box = (await dialog.getByRole('button', { name: closeWith, exact: true }).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(dialog).toBeHidden();
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    /** Signs in on the configured desktop window (the sign-in waits for the side menu), then resizes it. */
    const signInAt = async (page: Page, mobileNumber: string) => {
      await signIn(page, mobileNumber);
      await page.setViewportSize(viewport);
    };

    test('the permissions editor of the Read Only role', async ({ page, request }) => {
      const roles = await getItems<{ id: string; name: string }>(request, staff.superAdmin, '/auth-service/role?size=100');
      const readOnly = roles.find((r) => r.name === 'Read Only');
      expect(readOnly, 'the seeded Read Only role').toBeDefined();
      await signInAt(page, staff.superAdmin);
      await page.goto(`/czo-management/all-roles/${readOnly!.id}`);
      await page.getByRole('button', { name: 'Edit permissions' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Edit permissions' });
      // The longest dialog of the console: every permission the console knows, checked or not.
      await expect(dialog.getByRole('checkbox').first()).toBeVisible();
      await checkDialog(page, dialog, 'Cancel');
    });

    test('a ticket’s Close action', async ({ page, request }) => {
      const tickets = await getItems<Json>(request, staff.superAdmin, `${chargerServicingTicketResource.apiPath}?status=OPEN&size=1`);
      expect(tickets, 'an open servicing ticket').toHaveLength(1);
      await signInAt(page, staff.superAdmin);
      await page.goto(`/charger-management/servicing-required/tickets/${String(tickets[0]!.id)}`);
      await workflowPanel(page).getByRole('button', { name: 'Close…' }).click();
      await checkDialog(page, page.getByRole('alertdialog', { name: 'Close this ticket?' }), 'Cancel');
    });

    test('a booking’s workflow event', async ({ page, request }) => {
      const bookings = await getItems<{ id: number }>(request, staff.customerSupport, '/booking-service/admin/booking?status=SCHEDULED&size=1');
      expect(bookings, 'a scheduled booking').toHaveLength(1);
      await signInAt(page, staff.customerSupport);
      await page.goto(`/booking-management/all-bookings/bookings/${bookings[0]!.id}`);
      await workflowPanel(page).getByRole('button', { name: 'Cancel', exact: true }).click();
      // The event is called Cancel, so the dialog's own Cancel reads Back.
      await checkDialog(page, page.getByRole('dialog', { name: 'Cancel' }), 'Back');
    });

    test('a confirm (adding credits)', async ({ page, request }) => {
      const users = await getItems<{ id: string; name: string | null; mobileNumber: string }>(request, staff.finance, '/user-service/user?size=100&approvalStatus=APPROVED&isActive=true');
      let customer: (typeof users)[number] | undefined;
      for (const u of users.filter((u) => u.name && !u.mobileNumber.startsWith('90000000')).reverse()) {
        if ((await getItems(request, staff.finance, `/pw-service/admin/wallet?userId=${u.id}`)).length === 1) {
          customer = u;
          break;
        }
      }
      expect(customer, 'a customer with a wallet').toBeDefined();
      await signInAt(page, staff.finance);
      await page.goto('/wallet-management/add-credits-to-wallet');
      await page.getByRole('textbox', { name: /Mobile numbers/ }).fill(customer!.mobileNumber);
      await page.getByRole('textbox', { name: 'Amount (₹)' }).fill('200');
      await page.getByRole('textbox', { name: /Reason/ }).fill('Dialog check (nothing is added)');
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('region', { name: 'Preview' }).getByRole('button', { name: 'Add ₹200 to 1 wallet' }).click();
      await checkDialog(page, page.getByRole('alertdialog', { name: 'Add credits' }), 'Cancel');
    });
  });
}
