import { expect, test, type Page } from '@playwright/test';
import { siteInspectionMachine } from '@machines/site-inspection.machine';
import { shortestPathVia, walkPath, type PathStep, type ScreenAdapter } from './machine-paths';
import { signIn, staff } from './support';
import { expectPanelState, openAction, workflowPanel } from './workflow-panel';

// A 1×1 PNG: the upload service checks the bytes, not the name.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Sample events: their payloads are what the screens type. */
const events: PathStep['event'][] = [
  { type: 'SAVE_DATA', powerAvailableKw: 30 },
  { type: 'ADD_IMAGE', name: 'meter-board.png' },
  { type: 'REMOVE_IMAGE', name: 'meter-board.png' },
  { type: 'SEND_FOR_APPROVAL' },
  { type: 'APPROVE' },
  { type: 'REJECT', reason: 'Meter board photo is blurred' },
];

/** Creates a site inspection through the add screen, complete (everything approval needs) or with the basics only. */
async function createInspection(page: Page, complete: boolean) {
  await page.goto('/ticket-management/site-inspection-tickets/add');
  await page.getByRole('textbox', { name: /^Title/ }).fill('Inspect Orion Mall parking');
  await page.getByRole('textbox', { name: /^Site name/ }).fill('Orion Mall');
  await page.getByRole('textbox', { name: /^Address/ }).fill('Dr Rajkumar Road, Rajajinagar, Bengaluru');
  if (complete) {
    await page.getByRole('textbox', { name: /Coordinates/ }).fill('12.9915,77.5554');
    await page.getByRole('textbox', { name: /Host phone/ }).fill('+91 98450 33333');
    await page.getByRole('textbox', { name: /Power available/ }).fill('22');
    await page.getByRole('button', { name: /Mounting/ }).click();
    await page.getByRole('option', { name: 'Wall' }).click();
    await page.getByRole('button', { name: /Protection/ }).click();
    await page.getByRole('option', { name: 'MCB 40A 2-Pole' }).click();
    await page.getByLabel('Site images').setInputFiles([
      { name: 'parking.png', mimeType: 'image/png', buffer: png },
      { name: 'entrance.png', mimeType: 'image/png', buffer: png },
    ]);
    await expect(page.getByRole('img', { name: 'entrance.png' })).toBeVisible();
  }
  await page.getByRole('button', { name: /^Create / }).click();
  await expect(page.getByText('Site inspection ticket created')).toBeVisible();
}

/** Each event performed through the workflow panel's dialogs on the ticket's page. */
const adapter = (complete: boolean): ScreenAdapter => ({
  start: async (page) => {
    await signIn(page, staff.superAdmin);
    await createInspection(page, complete);
  },
  perform: {
    SAVE_DATA: async (page, event) => {
      const dialog = await openAction(page, 'Save Data');
      await dialog.getByRole('textbox', { name: /Power available/ }).fill(String(event.powerAvailableKw));
      if (!complete) {
        await dialog.getByRole('textbox', { name: /Coordinates/ }).fill('12.9915,77.5554');
        await dialog.getByRole('textbox', { name: /Host phone/ }).fill('+91 98450 33333');
      }
      await dialog.getByRole('button', { name: 'Save Data' }).click();
    },
    ADD_IMAGE: async (page, event) => {
      const dialog = await openAction(page, 'Add Image');
      await dialog.getByLabel('Image').setInputFiles({ name: String(event.name), mimeType: 'image/png', buffer: png });
      await expect(dialog.getByText(`Uploaded ${String(event.name)}`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Add Image' }).click();
    },
    REMOVE_IMAGE: async (page, event) => {
      const dialog = await openAction(page, 'Remove Image');
      await dialog.getByLabel('Image to remove').selectOption({ label: String(event.name) });
      await dialog.getByRole('button', { name: 'Remove Image' }).click();
    },
    SEND_FOR_APPROVAL: async (page) => {
      const dialog = await openAction(page, 'Send For Approval');
      await dialog.getByRole('button', { name: 'Send For Approval' }).click();
    },
    APPROVE: async (page) => {
      const dialog = await openAction(page, 'Approve');
      await dialog.getByRole('button', { name: 'Approve' }).click();
    },
    REJECT: async (page, event) => {
      const dialog = await openAction(page, 'Reject');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
      await dialog.getByRole('textbox', { name: /Reason/ }).fill(String(event.reason));
      await dialog.getByRole('button', { name: 'Reject' }).click();
    },
  },
  expectState: async (page, state) => {
    await expectPanelState(page, state);
  },
});

// Generated from the machine: the shortest path through a rejection and back to approval, for an inspection
// created complete (the machine's guard then has nothing missing, as the server computes from the record).
const throughRejection = shortestPathVia(siteInspectionMachine, { events, input: { missing: [] }, via: ['SENT_FOR_APPROVAL', 'PARTIALLY_FILLED', 'APPROVED'] });

test(`site inspection on screen: ${throughRejection.steps.map((s) => s.event.type).join(' → ')}`, async ({ page }) => {
  expect(throughRejection.steps.map((s) => s.event.type)).toContain('REJECT');
  await walkPath(page, throughRejection, adapter(true));
  await expect(workflowPanel(page)).toContainText('Nothing more to do');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('moved it from Sent For Approval to Partially Filled (Reject)');
  await expect(history).toContainText('Reason: Meter board photo is blurred');
});

// Generated from the machine too: an inspection started with the basics only is filled in steps; the guard names
// what is still missing, and Send for approval is not offered until nothing is.
const fillInSteps = shortestPathVia(siteInspectionMachine, { events, input: { missing: ['Coordinates'] }, via: ['PARTIALLY_FILLED'] });

test(`site inspection filled in steps: ${fillInSteps.steps.map((s) => s.event.type).join(' → ')}, then images`, async ({ page }) => {
  await walkPath(page, fillInSteps, adapter(false));
  await expect(workflowPanel(page)).toContainText('Still missing: Mounting, Protection, At least 2 site images');
  await expect(workflowPanel(page).getByRole('button', { name: 'Send For Approval', exact: true })).toHaveCount(0);
  const images = adapter(false);
  for (const name of ['parking.png', 'meter-board.png', 'spare.png']) {
    await images.perform.ADD_IMAGE!(page, { type: 'ADD_IMAGE', name });
    await images.expectState(page, 'PARTIALLY_FILLED');
  }
  await images.perform.REMOVE_IMAGE!(page, { type: 'REMOVE_IMAGE', name: 'spare.png' });
  await images.expectState(page, 'PARTIALLY_FILLED');
  await expect(workflowPanel(page)).toContainText('Still missing: Mounting, Protection');
  await expect(workflowPanel(page)).not.toContainText('site images');
});
