import { expect, test, type Page } from '@playwright/test';
import type { DeliveryEvent } from '../machines/delivery.events';
import { deliveryMachine } from '../machines/delivery.machine';
import { shortestPathVia, walkPath, type ScreenAdapter } from './machine-paths';
import { signInAndCatchAuth } from './support';
import { expectPanelState, openAction, workflowPanel } from './workflow-panel';

const events: DeliveryEvent[] = [
  { type: 'ADD_ITEM', name: '7.4 kW AC charger', quantity: 2, serialNumber: 'CZ-AC-0042' },
  { type: 'PACK' },
  { type: 'DISPATCH', courier: 'DELHIVERY', awbNumber: 'AWB0000042042' },
  { type: 'MARK_DELIVERED' },
  { type: 'MARK_FAILED', reason: 'Consignee not available' },
  { type: 'RETRY_DELIVERY' },
  { type: 'RETURN', reason: 'Refused at the gate' },
  { type: 'CANCEL', reason: 'Order cancelled' },
];

async function submit(page: Page, action: string) {
  await page.getByRole('dialog', { name: action }).getByRole('button', { name: action, exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a delivery fails, is retried and is delivered, on the real detail page (path generated from the machine)', async ({ page }) => {
  const path = shortestPathVia(deliveryMachine, { events, input: { hasItems: false, typeDataProblems: [] }, via: ['DELIVERY_FAILED', 'DELIVERED'] });
  expect(path.steps.map((s) => s.state)).toEqual(['OPEN', 'PACKED', 'IN_TRANSIT', 'DELIVERY_FAILED', 'IN_TRANSIT', 'DELIVERED']);
  const auth = await signInAndCatchAuth(page);
  const order = (await (await page.request.get('/lms/order?size=1', { headers: { authorization: auth } })).json()).items[0];
  let ticketId = 0;

  const adapter: ScreenAdapter = {
    start: async (p) => {
      const res = await p.request.post('/ticket-service/delivery-ticket', {
        headers: { authorization: auth },
        data: { title: `Deliver order ${order.orderNumber}`, deliveryTicketType: 'ORDER_DELIVERY', orderId: order.id },
      });
      expect(res.status()).toBe(201);
      ticketId = (await res.json()).id;
      await p.goto(`/ticket-management/delivery-tickets/${ticketId}`);
      await adapter.expectState(p, 'OPEN');
      await expect(workflowPanel(p)).toContainText('Pack: Add at least one item before packing.');
    },
    perform: {
      ADD_ITEM: async (p, event) => {
        const dialog = await openAction(p, 'Add Item');
        await dialog.getByRole('textbox', { name: /^Item/ }).fill(String(event.name));
        await dialog.getByRole('textbox', { name: /^Quantity/ }).fill(String(event.quantity));
        await dialog.getByRole('textbox', { name: /^Serial number/ }).fill(String(event.serialNumber));
        await submit(p, 'Add Item');
        await expect(p.getByRole('region', { name: 'Details' })).toContainText(String(event.serialNumber));
      },
      PACK: async (p) => {
        await openAction(p, 'Pack');
        await submit(p, 'Pack');
      },
      DISPATCH: async (p, event) => {
        const dialog = await openAction(p, 'Dispatch');
        await dialog.getByRole('button', { name: /Courier/ }).click();
        await p.getByRole('option', { name: 'Delhivery' }).click();
        await dialog.getByRole('textbox', { name: /AWB number/ }).fill(String(event.awbNumber));
        await submit(p, 'Dispatch');
      },
      MARK_FAILED: async (p, event) => {
        const dialog = await openAction(p, 'Mark Failed');
        await dialog.getByRole('textbox', { name: /Reason/ }).fill(String(event.reason));
        await submit(p, 'Mark Failed');
      },
      RETRY_DELIVERY: async (p) => {
        await openAction(p, 'Retry Delivery');
        await submit(p, 'Retry Delivery');
      },
      MARK_DELIVERED: async (p) => {
        await openAction(p, 'Mark Delivered');
        await submit(p, 'Mark Delivered');
      },
    },
    expectState: async (p, state) => {
      await expectPanelState(p, state);
    },
  };

  await walkPath(page, path, adapter);
  await expect(workflowPanel(page)).toContainText('Nothing more to do');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('moved it from In Transit to Delivery Failed (Mark Failed)');
  await expect(history).toContainText('Reason: Consignee not available');
  await expect(page.getByRole('region', { name: 'Source' })).toBeVisible();

  // The order's detail page lists its deliveries, this one among them.
  await page.getByRole('region', { name: 'Delivery ticket' }).getByRole('link', { name: order.orderNumber }).click();
  await expect(page.getByRole('region', { name: 'Deliveries' })).toContainText(`Deliver order ${order.orderNumber}`);
});
