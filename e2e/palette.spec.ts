// The Ctrl+K palette through the real screens: opening from a text field, permission filtering, record lookups by
// device id and phone (three forms), pinning from the palette, a ticket's and a charger's own actions opening where
// they act (a charger's only for the holders of its cards' permissions), and the palette machine's paths with real keys.
import { expect, test, type Page } from '@playwright/test';
import { paletteMachine } from '@machines/palette.machine';
import { maximalPaths, shortestPathVia, shortestPaths, walkPath, type ScreenAdapter } from './machine-paths';
import { apiKey, signIn, staff } from './support';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const input = (page: Page) => dialog(page).getByRole('combobox');
const option = (page: Page, name: string | RegExp) => dialog(page).getByRole('option', { name });

async function openPalette(page: Page): Promise<void> {
  // The console must be on screen (signed in, shell mounted) before its shortcut exists.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(input(page)).toBeFocused();
}

test('Ctrl+K opens the palette from inside a text field, Escape closes it and gives the focus back', async ({ page }) => {
  await signIn(page, staff.superAdmin);
  await page.goto('/charger-management/all-chargers');
  const field = page.getByRole('textbox').first();
  await field.click();
  await openPalette(page);
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(field).toBeFocused();
});

test('the first Ctrl+K opens the palette while its code is still loading, and keeps what is typed meanwhile', async ({ page }) => {
  // The palette is not part of the first load: its code is held back here until the typing is done.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route('**/assets/command-palette-*.js', async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  await signIn(page, staff.superAdmin);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('refu');
  await expect(dialog(page).getByText('Loading…')).toBeVisible();
  await page.keyboard.type('nd');
  await expect(input(page)).toHaveValue('refund');
  expect(requested).toBe(true);
  release();
  await expect(option(page, /^Settlement/)).toBeVisible();
  await expect(input(page)).toHaveValue('refund');
  await expect(input(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
});

test.describe('a user without a permission never sees its menu entry or action', () => {
  test('the super admin sees Settlement (keyword "refund") and create actions', async ({ page }) => {
    await signIn(page, staff.superAdmin);
    await openPalette(page);
    await page.keyboard.type('refund');
    await expect(option(page, /^Settlement/)).toBeVisible();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('>create');
    await expect(dialog(page).getByTestId('palette-chip')).toContainText('Actions');
    await expect(option(page, /^Create /).first()).toBeVisible();
  });

  test('customer support, without ROLE_VIEW_SETTLEMENT, never sees Settlement', async ({ page }) => {
    await signIn(page, staff.customerSupport);
    await openPalette(page);
    await page.keyboard.type('refund');
    await expect(dialog(page).getByText('No results')).toBeVisible();
    await expect(option(page, /^Settlement/)).toHaveCount(0);
  });

  test('read only, without any create permission, never sees a create action', async ({ page }) => {
    await signIn(page, staff.readOnly);
    await openPalette(page);
    await page.keyboard.type('>create');
    await expect(dialog(page).getByText('No results')).toBeVisible();
    await expect(option(page, /^Create /)).toHaveCount(0);
  });
});

test("a charger's device id and a user's phone in three forms open the right records", async ({ page, request }) => {
  const key = await apiKey(request, staff.superAdmin);
  const headers = { Authorization: `Bearer ${key}` };
  const chargers = (await (await request.get('/charger-service/admin/charger?size=50', { headers })).json()) as { items: { id: number; deviceId: string | null }[] };
  const charger = chargers.items.find((c) => c.deviceId)!;
  const users = (await (await request.get('/user-service/user?size=1', { headers })).json()) as { items: { id: string; mobileNumber: string }[] };
  const user = users.items[0]!;
  await signIn(page, staff.superAdmin);

  await openPalette(page);
  await page.keyboard.type(charger.deviceId!);
  await expect(dialog(page).getByRole('option').first()).toContainText(/./);
  await expect(option(page, new RegExp(charger.deviceId!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/charger-management/all-chargers/${charger.id}$`));

  const n = user.mobileNumber;
  for (const typed of [n, `+91 ${n.slice(0, 5)} ${n.slice(5)}`, `0${n.slice(0, 5)}-${n.slice(5)}`]) {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await openPalette(page);
    await page.keyboard.type(typed);
    await expect(dialog(page).getByRole('heading', { name: /Users/ }).or(dialog(page).getByText('Users', { exact: true })).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${user.id}$`));
  }
});

test("a pin made from the palette appears in the side menu's Pinned list", async ({ page }) => {
  // Finance, not the super admin: pins are kept per user on the server, and shell.spec pins as the super admin.
  await signIn(page, staff.finance);
  await page.goto('/finance-management/payouts');
  await openPalette(page);
  await page.keyboard.type('>pin this');
  await expect(option(page, /^Pin this page/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  const pinned = page.getByRole('navigation', { name: 'Main menu' }).getByRole('region', { name: 'Pinned' });
  await expect(pinned.getByRole('link', { name: 'Payouts' })).toBeVisible();

  // Unpinning from the palette takes it out again (and leaves the user's pins as this test found them).
  await openPalette(page);
  await page.keyboard.type('>unpin this');
  await expect(option(page, /^Unpin this page/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(pinned).toHaveCount(0);
});

test("on a ticket, the palette's Assign opens the ticket's Assign action, focused", async ({ page }) => {
  await signIn(page, staff.superAdmin);
  await page.goto('/ticket-management/customer-support-tickets/all-tickets');
  const row = page.getByRole('grid').getByRole('row').nth(1);
  await expect(row).not.toHaveAttribute('aria-busy', 'true');
  await row.click();
  const properties = page.getByRole('complementary', { name: 'Properties' });
  await expect(properties).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('assign this');
  await expect(option(page, /^Assign this ticket/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(/#ticket-action-assign$/);
  // The assignee opens in place, its staff picker focused.
  await expect(properties.getByRole('combobox', { name: 'Assignee' })).toBeFocused();
});

test("on a charger's page already on screen, the palette's Request diagnostics…, Set charging profile…, Show composite schedule, Reserve connector… and the local list's two open their cards' dialogs and buttons; a field technician is offered none", async ({ page, browser, baseURL }) => {
  // An OCPP charger no journey connects: the cards show whether it is online or not, and nothing here is sent.
  const listed = (await (await page.request.get('/ocpp/dev/simulator-chargers?limit=60')).json()) as { items: { chargerId: number }[] };
  const charger = listed.items[57];
  expect(charger, 'an OCPP charger').toBeDefined();
  const chargerPage = `/charger-management/all-chargers/${charger!.chargerId}`;
  await signIn(page, staff.superAdmin);
  await page.goto(chargerPage);
  await expect(page.getByRole('region', { name: 'Diagnostics' })).toBeVisible({ timeout: 15_000 });

  await openPalette(page);
  await page.keyboard.type('request diagnostics');
  await expect(option(page, /^Request diagnostics…/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#request-diagnostics$/);
  const diagnostics = page.getByRole('alertdialog', { name: /^Request diagnostics: / });
  await expect(diagnostics).toBeVisible();
  await diagnostics.getByRole('button', { name: 'Cancel' }).click();
  await expect(diagnostics).toBeHidden();

  await openPalette(page);
  await page.keyboard.type('set charging profile');
  await expect(option(page, /^Set charging profile…/)).toBeVisible();
  await page.keyboard.press('Enter');
  const profile = page.getByRole('alertdialog', { name: /^Set a charging profile: / });
  await expect(profile).toBeVisible();
  await profile.getByRole('button', { name: 'Cancel' }).click();
  await expect(profile).toBeHidden();

  await openPalette(page);
  await page.keyboard.type('composite schedule');
  await expect(option(page, /^Show composite schedule/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Smart charging' }).getByRole('button', { name: 'Ask the charger' })).toBeFocused();

  // Reserve connector…: its dialog, and again when chosen a second time (the page is already at its anchor).
  const reserve = page.getByRole('alertdialog', { name: /^Reserve connector: / });
  for (let time = 0; time < 2; time++) {
    await openPalette(page);
    await page.keyboard.type('reserve connector');
    await expect(option(page, /^Reserve connector…/)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#reserve-connector$/);
    await expect(reserve).toBeVisible();
    await reserve.getByRole('button', { name: 'Cancel' }).click();
    await expect(reserve).toBeHidden();
  }

  // The local list's two: their buttons take the focus (nothing is sent: Send full list… asks first).
  const localList = page.getByRole('region', { name: 'Local authorization list' });
  for (const [query, entry, button] of [
    ['send full local list', /^Send full local list…/, 'Send full list…'],
    ['read local list version', /^Read local list version…/, 'Read list version'],
  ] as const) {
    await openPalette(page);
    await page.keyboard.type(query);
    await expect(option(page, entry)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(localList.getByRole('button', { name: button })).toBeFocused();
  }
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // A field technician (test charging, no diagnostics or charging profiles), in a browser of their own: the charger's
  // own actions, not these.
  const technician = await browser.newContext({ baseURL });
  try {
    await fieldTechnicianSees(await technician.newPage(), chargerPage);
  } finally {
    await technician.close();
  }
});

async function fieldTechnicianSees(page: Page, chargerPage: string): Promise<void> {
  await signIn(page, staff.fieldTechnician);
  await page.goto(chargerPage);
  await expect(page.getByRole('region', { name: 'Diagnostics' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Request diagnostics…' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Smart charging' }).getByRole('button')).toHaveCount(0);
  await openPalette(page);
  await page.keyboard.type('start test charge');
  await expect(option(page, /^Start test charge…/)).toBeVisible();
  for (const query of ['request diagnostics', 'set charging profile', 'composite schedule']) {
    await page.keyboard.press('Control+a');
    await page.keyboard.type(query);
    await expect(input(page)).toHaveValue(query);
    await expect(option(page, /^(Request diagnostics…|Set charging profile…|Show composite schedule)/)).toHaveCount(0);
  }
}

// The machine's paths, walked with real key presses.
const events = [
  { type: 'OPEN' },
  { type: 'CLOSE' },
  { type: 'TYPE', query: '#' },
  { type: 'SET_SCOPE', scope: 'actions' },
  { type: 'CLEAR_SCOPE' },
  { type: 'PUSH_PAGE', page: { id: 'record', title: 'record' } },
  { type: 'BACK' },
  { type: 'ESCAPE' },
];

let deviceId = '';
const adapter: ScreenAdapter = {
  async start(page) {
    await page.goto('/');
    await page.getByRole('main').click();
  },
  perform: {
    OPEN: (page) => page.keyboard.press('Control+k'),
    CLOSE: (page) => page.keyboard.press('Control+k'),
    TYPE: async (page, event) => {
      await page.keyboard.press('Control+a');
      await page.keyboard.type(String(event.query));
    },
    SET_SCOPE: (page) => page.keyboard.type('>'),
    CLEAR_SCOPE: (page) => dialog(page).getByRole('button', { name: /Remove the .* scope/ }).click(),
    PUSH_PAGE: async (page) => {
      await page.keyboard.type(deviceId);
      await expect(dialog(page).getByText('Tab', { exact: true }).first()).toBeVisible();
      await page.keyboard.press('Tab');
    },
    BACK: (page) => page.keyboard.press('Backspace'),
    ESCAPE: (page) => page.keyboard.press('Escape'),
  },
  async expectState(page, state) {
    const chip = dialog(page).getByTestId('palette-chip');
    if (state === 'closed') return expect(dialog(page)).toBeHidden();
    await expect(input(page)).toBeFocused();
    if (state === '{"open":"root"}') return expect(chip).toHaveCount(0);
    if (state === '{"open":"scoped"}') return expect(chip).toHaveAttribute('data-kind', 'scope');
    if (state === '{"open":"nested"}') return expect(chip).toHaveAttribute('data-kind', 'page');
    throw new Error(`No screen check for ${state}`);
  },
};

test.describe('palette machine paths with real keys', () => {
  test.beforeAll(async ({ request }) => {
    const key = await apiKey(request, staff.superAdmin);
    const chargers = (await (await request.get('/charger-service/admin/charger?size=50', { headers: { Authorization: `Bearer ${key}` } })).json()) as { items: { deviceId: string | null }[] };
    deviceId = chargers.items.find((c) => c.deviceId)!.deviceId!;
  });

  // Every state and the ways back, as the paths no other path starts with (each step's state is checked on the way).
  const paths = maximalPaths([
    ...shortestPaths(paletteMachine, { events }),
    shortestPathVia(paletteMachine, { events, via: ['{"open":"nested"}', '{"open":"root"}', 'closed'] }),
    shortestPathVia(paletteMachine, { events, via: ['{"open":"scoped"}', '{"open":"root"}'] }),
  ]);
  for (const path of paths) {
    test(`reaches ${path.target} (${path.steps.map((s) => s.event.type).join(' → ') || 'start'})`, async ({ page }) => {
      await signIn(page, staff.superAdmin);
      await walkPath(page, path, adapter);
    });
  }
});
