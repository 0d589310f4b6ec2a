import { expect, type Page } from '@playwright/test';
import { chargerResource, chargerTypeIdentifiers, chargerTypes, type ChargerType } from '@domain/resources/chargers/charger';
import { presetSocketCount } from '@domain/create-charger';
import { CREATE_CHARGER_ACTOR, createChargerMachine } from '@machines/create-charger.machine';
import { shortestPathVia, shortestPaths, walkPath, type PathStep, type ScreenAdapter } from './machine-paths';
import { staff, testSignedInAs } from './support';

// Identifiers unique to this run (the e2e data folder may be reused between runs).
const run = Date.now();
const hex = (n: number) => (n & 255).toString(16).toUpperCase().padStart(2, '0');
const identifiersOf = (type: ChargerType, i: number): Record<string, string> => {
  const all: Record<string, string> = {
    deviceId: `E2E${run}${i}`,
    chargerBoxId: `E2E-OCPP-${run}-${i}`,
    ccuId: `E2ECCU${run}${i}`,
    imeiNumber: `9${i}${String(run % 1e13).padStart(13, '0')}`,
    chargemodStationId: `E2ECMS${run}${i}`,
    bleMacAddress: `E2:${hex(run >>> 16)}:${hex(run >>> 8)}:${hex(run)}:0${i}:${hex(i)}`,
  };
  return Object.fromEntries(chargerTypeIdentifiers[type].map((f) => [f, all[f]!]));
};
const typeLabel = (type: ChargerType) => chargerResource.allFields.chargerType!.options!.find((o) => o.value === type)!.label;
const fieldLabel: Record<string, RegExp> = {
  deviceId: /^Device id/,
  chargerBoxId: /^Charger box id/,
  ccuId: /^CCU id/,
  imeiNumber: /^IMEI number/,
  chargemodStationId: /^Chargemod station id/,
  bleMacAddress: /^BLE MAC address/,
};

/** Sample events of one journey: the type and what the screens type for it. */
const eventsOf = (type: ChargerType, i: number): PathStep['event'][] => [
  { type: 'CHOOSE_TYPE', chargerType: type },
  { type: 'EDIT', ...identifiersOf(type, i) },
  { type: 'NEXT' },
  { type: 'BACK' },
  { type: 'CREATE' },
  { type: 'RETRY' },
  { type: 'BACK_TO_EDIT' },
  { type: 'CREATE_ANOTHER' },
  { type: `xstate.done.actor.${CREATE_CHARGER_ACTOR}`, output: { uniqueIdentifier: 'CZ', lastChargerId: 1, charger: {} } },
  { type: `xstate.error.actor.${CREATE_CHARGER_ACTOR}`, error: { problem: { status: 409, title: 'Conflict', detail: 'already exists' } } },
];
// The seeded global data names the network's own operator: the draft starts with it.
const input = { chargePointOperatorId: 'own-network' };

const step = (page: Page) => page.locator('#create-charger-step');
const actions = (page: Page) => page.locator('.create-charger__actions');
const press = (page: Page, name: string) => actions(page).getByRole('button', { name, exact: true }).click();

async function expectFailed(page: Page) {
  await expect(step(page)).toHaveAttribute('data-state', 'failed');
  await expect(page.getByRole('alert')).toContainText(/The charger was not created\. A charger with .+ already exists \(CZ\d+\)\./);
}

/** Each event performed on the create-charger screen, each state recognised on it. */
const adapter = (type: ChargerType): ScreenAdapter => ({
  start: async (page) => {
    // From All Stations, as staff start it: "Add charger" opens the create-charger screen.
    await page.goto('/charger-management/all-chargers');
    await page.getByRole('link', { name: 'Add charger' }).click();
    await expect(page).toHaveURL(/\/charger-management\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create charger' })).toBeVisible();
  },
  perform: {
    CHOOSE_TYPE: async (page, event) => {
      const label = typeLabel(event.chargerType as ChargerType);
      await page.locator('.create-charger__type').getByText(label, { exact: true }).click();
      await expect(page.getByRole('radio', { name: new RegExp(`^${label}`) }).first()).toBeChecked();
    },
    EDIT: async (page, event) => {
      for (const [field, value] of Object.entries(event)) if (field !== 'type') await page.getByRole('textbox', { name: fieldLabel[field] }).fill(String(value));
    },
    NEXT: (page) => press(page, 'Next'),
    BACK: (page) => press(page, 'Back'),
    CREATE: (page) => press(page, 'Create charger'),
    // A failure shows the server's reason before the user retries or goes back to edit.
    RETRY: async (page) => {
      await expectFailed(page);
      await press(page, 'Retry');
    },
    BACK_TO_EDIT: async (page) => {
      await expectFailed(page);
      await press(page, 'Back to edit');
    },
    CREATE_ANOTHER: (page) => press(page, 'Create another'),
    // The server answers on its own.
    [`xstate.done.actor.${CREATE_CHARGER_ACTOR}`]: async () => {},
    [`xstate.error.actor.${CREATE_CHARGER_ACTOR}`]: async () => {},
  },
  expectState: async (page, state) => {
    if (state === 'creating') {
      await expect(step(page)).toHaveAttribute('data-state', /^(creating|created|failed)$/);
      return;
    }
    await expect(step(page)).toHaveAttribute('data-state', state);
    await expect(page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]')).toBeVisible();
    if (state === 'type') await expect(page.getByRole('radio')).toHaveCount(chargerTypes.length);
    if (state === 'identifiers') for (const field of chargerTypeIdentifiers[type]) await expect(page.getByRole('textbox', { name: fieldLabel[field] })).toBeVisible();
    if (state === 'sockets') await expect(page.getByRole('textbox', { name: /^Power/ })).toHaveCount(presetSocketCount[type]);
    if (state === 'review') await expect(page.getByLabel('Summary', { exact: true })).toContainText(typeLabel(type));
    if (state === 'created') {
      await expect(page.getByTestId('unique-identifier')).toHaveText(/^CZ\d{6,}$/);
      await expect(page.getByTestId('last-charger-id')).toHaveText(/^\d+$/);
    }
    if (state === 'failed') await expectFailed(page);
  },
});

// Operations staff hold ROLE_CREATE_CHARGER; one sign-in serves every journey, each on its own page.
const test = testSignedInAs(staff.operations);

for (const [i, type] of chargerTypes.entries()) {
  // Generated from the machine: the shortest path to a created charger of this type.
  const [path] = shortestPaths(createChargerMachine, { events: eventsOf(type, i), input, targets: ['created'] });
  test(`create a ${type} charger: ${path!.steps.map((s) => s.event.type.replace(/^xstate\.done\.actor\..*/, 'created')).join(' → ')}`, async ({ page }) => {
    await walkPath(page, path!, adapter(type));
    const uniqueId = (await page.getByTestId('unique-identifier').innerText()).trim();
    await page.getByRole('link', { name: `Open charger ${uniqueId}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(uniqueId);
    for (const value of Object.values(identifiersOf(type, i))) await expect(page.getByText(value, { exact: true }).first()).toBeVisible();
  });
}

// Generated from the machine too: create a charger, create another with the same identifiers (the server refuses
// the duplicate: failed shows its reason), then back to edit with the draft kept.
const duplicate = shortestPathVia(createChargerMachine, { events: eventsOf('KIRANA_LITE_GSM', 9), input, via: ['created', 'failed', 'identifiers'] });

test(`a duplicate device id fails with the server's reason and keeps the draft: ${duplicate.steps.map((s) => s.event.type).join(' → ')}`, async ({ page }) => {
  expect(duplicate.steps.map((s) => s.event.type)).toContain('CREATE_ANOTHER');
  await walkPath(page, duplicate, adapter('KIRANA_LITE_GSM'));
  const deviceId = identifiersOf('KIRANA_LITE_GSM', 9).deviceId!;
  await expect(page.getByRole('textbox', { name: /^Device id/ })).toHaveValue(deviceId);
  await expect(page.getByText(new RegExp(`A charger with device id ${deviceId} already exists \\(CZ\\d+\\)\\.`)).first()).toBeVisible();
});
