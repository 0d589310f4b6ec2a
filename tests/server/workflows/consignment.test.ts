import { beforeAll, describe, expect, it } from 'vitest';
import { consignmentWorkflow } from '@machines/consignment.workflow';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';
import { checkConcurrentConflicts, checkEveryRefusal, sendEvent, type WorkflowFixture, RACE_ROUNDS } from './workflow-contract';

const API = '/ticket-service/consignment-ticket';
let counter = 0;
const fixture: WorkflowFixture = {
  workflow: consignmentWorkflow,
  samples: { DISPATCH: {}, MARK_RECEIVED: {}, CANCEL: { reason: 'Vendor out of stock' } },
  create: async (env, authKey) => {
    counter += 1;
    const res = await call(env.t, 'POST', API, { authKey, body: { title: 'Chargers from Exicom', consignmentNumber: `CN-T-${counter}`, numberOfUnits: 40 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  },
};

describe.each(ruleDrivers)('consignment ticket workflow on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
  });

  it('goes open → dispatched → received, and a delivery can point at it', async () => {
    let ticket = await fixture.create(env, admin);
    expect(ticket).toMatchObject({ kind: 'CONSIGNMENT', status: 'OPEN' });
    for (const [type, state] of [
      ['DISPATCH', 'DISPATCHED'],
      ['MARK_RECEIVED', 'RECEIVED'],
    ] as const) {
      const res = await sendEvent(env, fixture, admin, ticket.id, type, ticket.version);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ticket = res.body;
      expect(ticket.status).toBe(state);
    }
    const delivery = await call(env.t, 'POST', '/ticket-service/delivery-ticket', {
      authKey: admin,
      body: { title: 'Consignment to Pune warehouse', deliveryTicketType: 'CONSIGNMENT_DELIVERY', consignmentId: ticket.id },
    });
    expect(delivery.status, JSON.stringify(delivery.body)).toBe(201);
    const missing = await call(env.t, 'POST', '/ticket-service/delivery-ticket', {
      authKey: admin,
      body: { title: 'Nowhere', deliveryTicketType: 'CONSIGNMENT_DELIVERY', consignmentId: 999999999 },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: 'consignmentId', message: 'Choose an existing record' }]);
  });

  it('seeds consignments linked from their deliveries, with source references', async () => {
    const list = await call(env.t, 'GET', `${API}?size=5&sort=createdAt,asc`, { authKey: admin });
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThan(0);
    expect(list.body.items[0]).toMatchObject({ kind: 'CONSIGNMENT', sourceType: 'VENDOR' });
    expect(list.body.items[0].sourceId).toMatch(/^\d+$/);
  });

  it('answers 409 for every event a state refuses, and changes nothing (generated from the machine)', async () => {
    expect(await checkEveryRefusal(env, fixture, admin)).toBeGreaterThanOrEqual(8);
  });

  it(`lets exactly one of 20 concurrent conflicting transitions win, ${RACE_ROUNDS} rounds over`, async () => {
    await checkConcurrentConflicts(env, fixture, admin, 'DISPATCH');
  }, 120_000);
});
