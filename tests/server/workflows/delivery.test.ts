import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryWorkflow } from '@machines/delivery.workflow';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp, type SharedTestApp } from '@tests/server/support/use-test-app';
import { checkConcurrentConflicts, checkEveryRefusal, sendEvent, type WorkflowFixture, RACE_ROUNDS } from './workflow-contract';

const API = '/ticket-service/delivery-ticket';
let orderId = 0;

const fixture: WorkflowFixture = {
  workflow: deliveryWorkflow,
  samples: {
    ADD_ITEM: { name: '7.4 kW AC charger', quantity: 1, serialNumber: 'CZ-AC-0001' },
    PACK: {},
    DISPATCH: { courier: 'DELHIVERY', awbNumber: 'AWB0000000042' },
    MARK_DELIVERED: {},
    MARK_FAILED: { reason: 'Consignee not available' },
    RETRY_DELIVERY: {},
    RETURN: { reason: 'Refused at the gate' },
    CANCEL: { reason: 'Order cancelled' },
  },
  create: async (env, authKey) => {
    const res = await call(env.t, 'POST', API, { authKey, body: { title: 'Deliver order to Asha Rao', deliveryTicketType: 'ORDER_DELIVERY', orderId } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  },
  variants: [
    { name: 'without items', apply: async () => {} },
    {
      name: 'with an item',
      apply: async (env: SharedTestApp, id: number) => {
        await env.database.db.execute(sql`update tickets set items = ${JSON.stringify([{ name: 'Charger', quantity: 1, serialNumber: null }])}::jsonb where id = ${id}`);
      },
    },
  ],
};

describe.each(ruleDrivers)('delivery ticket workflow on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let readOnly: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
    const orders = await call(env.t, 'GET', '/lms/order?size=1', { authKey: admin });
    orderId = orders.body.items[0].id;
  });

  it('goes open → items → packed → in transit → failed → retried → delivered, keeping items, courier and AWB', async () => {
    let ticket = await fixture.create(env, admin);
    const refused = await sendEvent(env, fixture, admin, ticket.id, 'PACK', ticket.version);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Add at least one item before packing.');
    for (const [type, state] of [
      ['ADD_ITEM', 'OPEN'],
      ['PACK', 'PACKED'],
      ['DISPATCH', 'IN_TRANSIT'],
      ['MARK_FAILED', 'DELIVERY_FAILED'],
      ['RETRY_DELIVERY', 'IN_TRANSIT'],
      ['MARK_DELIVERED', 'DELIVERED'],
    ] as const) {
      const res = await sendEvent(env, fixture, admin, ticket.id, type, ticket.version);
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBe(200);
      ticket = res.body;
      expect(ticket.status).toBe(state);
    }
    expect(ticket.items).toEqual([{ name: '7.4 kW AC charger', quantity: 1, serialNumber: 'CZ-AC-0001' }]);
    expect(ticket).toMatchObject({ courier: 'DELHIVERY', awbNumber: 'AWB0000000042' });
    // A read-only user may not move it.
    const other = await fixture.create(env, admin);
    expect((await sendEvent(env, fixture, readOnly, other.id, 'CANCEL', other.version)).status).toBe(403);
  });

  it('lists a delivery in transit in the in-transit scope', async () => {
    let ticket = await fixture.create(env, admin);
    for (const type of ['ADD_ITEM', 'PACK', 'DISPATCH'] as const) ticket = (await sendEvent(env, fixture, admin, ticket.id, type, ticket.version)).body;
    const list = await call(env.t, 'GET', `${API}?scope=inTransit&size=1000`, { authKey: admin });
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: number }) => i.id)).toContain(ticket.id);
    expect(list.body.items.every((i: { status: string }) => i.status === 'IN_TRANSIT')).toBe(true);
  });

  it("holds exactly the type's data: the one it needs, never the others (create and update)", async () => {
    const missing = await call(env.t, 'POST', API, { authKey: admin, body: { title: 'No order', deliveryTicketType: 'ORDER_DELIVERY' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: 'orderId', message: 'This order delivery needs its order' }]);
    const servicing = (await call(env.t, 'GET', '/ticket-service/charger-servicing?size=1', { authKey: admin })).body.items[0];
    const both = await call(env.t, 'POST', API, { authKey: admin, body: { title: 'Both', deliveryTicketType: 'ORDER_DELIVERY', orderId, chargerServicingTicketId: servicing.id } });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([{ path: 'chargerServicingTicketId', message: 'This order delivery has no charger servicing ticket: leave it empty' }]);
    const ticket = await fixture.create(env, admin);
    // Edits are the machine's EDIT event, with the version last seen.
    const switched = await call(env.t, 'PUT', `${API}/${ticket.id}`, { authKey: admin, body: { deliveryTicketType: 'CHARGER_SERVICING_DELIVERY', version: ticket.version } });
    expect(switched.status).toBe(400);
    expect(switched.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['chargerServicingTicketId', 'orderId']);
    const fixed = await call(env.t, 'PUT', `${API}/${ticket.id}`, {
      authKey: admin,
      body: { deliveryTicketType: 'CHARGER_SERVICING_DELIVERY', orderId: null, chargerServicingTicketId: servicing.id, version: ticket.version },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body).toMatchObject({ orderId: null, chargerServicingTicketId: servicing.id });
  });

  it('lists the deliveries of an order, a consignment and a charger servicing ticket', async () => {
    const ticket = await fixture.create(env, admin);
    const byOrder = await call(env.t, 'GET', `${API}/entityType/ORDER/entityId/${orderId}?size=1000`, { authKey: admin });
    expect(byOrder.status).toBe(200);
    expect(byOrder.body).toMatchObject({ page: 0, size: 1000 });
    expect(byOrder.body.items.map((i: { id: number }) => i.id)).toContain(ticket.id);
    expect(byOrder.body.items.every((i: { orderId: number }) => i.orderId === orderId)).toBe(true);
    const seededConsignment = (await call(env.t, 'GET', `${API}?deliveryTicketType=CONSIGNMENT_DELIVERY&size=1`, { authKey: admin })).body.items[0];
    const byConsignment = await call(env.t, 'GET', `${API}/entityType/CONSIGNMENT/entityId/${seededConsignment.consignmentId}`, { authKey: admin });
    expect(byConsignment.body.items.map((i: { id: number }) => i.id)).toEqual([seededConsignment.id]);
    const none = await call(env.t, 'GET', `${API}/entityType/CHARGER_SERVICING_TICKET/entityId/999999999`, { authKey: admin });
    expect(none.body).toMatchObject({ items: [], count: 0 });
    const bad = await call(env.t, 'GET', `${API}/entityType/BOOKING/entityId/abc`, { authKey: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['type', 'id']);
    expect((await call(env.t, 'GET', `${API}/entityType/ORDER/entityId/${orderId}`, { authKey: (await env.signInAs('9000000007')).authKey })).status).toBe(403);
  });

  it('answers 409 for every event a state refuses, and changes nothing (generated from the machine)', async () => {
    expect(await checkEveryRefusal(env, fixture, admin)).toBeGreaterThan(40);
  }, 120_000);

  it(`lets exactly one of 20 concurrent conflicting transitions win, ${RACE_ROUNDS} rounds over`, async () => {
    await checkConcurrentConflicts(env, fixture, admin, 'ADD_ITEM');
  }, 120_000);
});
