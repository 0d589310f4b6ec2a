import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteInspectionWorkflow } from '@machines/site-inspection.workflow';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';
import { checkConcurrentConflicts, checkEveryRefusal, type WorkflowFixture, RACE_ROUNDS } from './workflow-contract';

const API = '/ticket-service/site-inspection-ticket';
type Row = Record<string, unknown>;

/** A valid payload of each event (what the console would send). */
const samples: Record<string, Row> = {
  SAVE_DATA: { siteName: 'Forum Mall basement' },
  ADD_IMAGE: { image: { id: 'img-1', relativePath: 'uploads/2026/11/a.png', name: 'parking.png' } },
  REMOVE_IMAGE: { imageId: 'img-1' },
  SEND_FOR_APPROVAL: {},
  APPROVE: {},
  REJECT: { reason: 'Earthing photo is blurred' },
  CLOSE: { closeReason: 'BOOKING_BY_MISTAKE' },
};
const complete: Row = {
  siteName: 'Forum Mall basement',
  address: 'Hosur Road, Koramangala, Bengaluru',
  coordinates: '12.9345,77.6112',
  hostPhone: '+91 98450 22222',
  powerAvailableKw: 22,
  mounting: 'WALL',
  protection: 'MCB_40A_2_POLE',
};

const fixture: WorkflowFixture = {
  workflow: siteInspectionWorkflow,
  samples,
  create: async (env, authKey) => {
    const res = await call(env.t, 'POST', API, { authKey, body: { title: 'Inspect Forum Mall', siteName: 'Forum Mall', address: 'Hosur Road, Bengaluru' } });
    expect(res.status).toBe(201);
    return res.body;
  },
  // The send-for-approval guard looks at the data: refusals are checked with it missing and complete.
  variants: [
    { name: 'incomplete', apply: async () => {} },
    {
      name: 'complete',
      apply: async (env, id) => {
        await env.database.db.execute(
          sql`update tickets set images = ${JSON.stringify([samples.ADD_IMAGE!.image, { id: 'img-9', relativePath: 'uploads/x.png', name: 'x.png' }])}::jsonb,
              coordinates = ${JSON.stringify({ latitude: 12.9, longitude: 77.6 })}::jsonb, host_phone = '9845022222',
              power_available_kw = 22, mounting = 'WALL', protection = 'MCB_40A_2_POLE' where id = ${id}`,
        );
      },
    },
  ],
};

describe.each(ruleDrivers)('site inspection workflow on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let technician: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    technician = (await env.signInAs('9000000003')).authKey;
  });

  const create = () => fixture.create(env, admin);
  const send = (id: unknown, type: string, version: unknown, extra: Row = {}, authKey = admin) =>
    call(env.t, 'POST', `${API}/${String(id)}/transition`, { authKey, body: { type, version, ...samples[type], ...extra } });

  it('walks partially filled → sent → rejected back to editing → sent → approved, auditing each step', async () => {
    let ticket = await create();
    expect(ticket).toMatchObject({ status: 'OPEN', version: 0 });
    const step = async (type: string, extra: Row = {}, expected = 200) => {
      const res = await send(ticket.id, type, ticket.version, extra);
      expect(res.status, JSON.stringify(res.body)).toBe(expected);
      if (expected === 200) ticket = res.body;
      return res;
    };
    await step('SAVE_DATA', complete);
    expect(ticket).toMatchObject({ status: 'PARTIALLY_FILLED', version: 1, hostPhone: '9845022222', coordinates: { latitude: 12.9345, longitude: 77.6112 } });
    const refused = await step('SEND_FOR_APPROVAL', {}, 409);
    expect(refused.body.detail).toBe('Still missing: At least 2 site images.');
    expect(refused.body.acceptedEvents).toEqual(['SAVE_DATA', 'ADD_IMAGE', 'REMOVE_IMAGE', 'CLOSE']);
    await step('ADD_IMAGE');
    await step('ADD_IMAGE', { image: { id: 'img-2', relativePath: 'uploads/2026/11/b.png', name: 'meter.png' } });
    await step('SEND_FOR_APPROVAL');
    expect(ticket.status).toBe('SENT_FOR_APPROVAL');
    await step('REJECT');
    expect(ticket.status).toBe('PARTIALLY_FILLED');
    await step('REMOVE_IMAGE', { imageId: 'img-2' });
    expect((ticket.images as Row[]).map((i) => i.id)).toEqual(['img-1']);
    await step('ADD_IMAGE', { image: { id: 'img-3', relativePath: 'uploads/2026/11/c.png', name: 'earthing.png' } });
    await step('SEND_FOR_APPROVAL');
    await step('APPROVE');
    expect(ticket).toMatchObject({ status: 'APPROVED', version: 9 });
    const audit = await call(env.t, 'GET', `/upload-service/audit/entity/site-inspection-tickets/entityId/${String(ticket.id)}`, { authKey: admin });
    const transitions = audit.body.items.filter((e: Row) => e.action === 'transition').reverse();
    expect(transitions.map((e: Row) => e.event)).toEqual(['SAVE_DATA', 'ADD_IMAGE', 'ADD_IMAGE', 'SEND_FOR_APPROVAL', 'REJECT', 'REMOVE_IMAGE', 'ADD_IMAGE', 'SEND_FOR_APPROVAL', 'APPROVE']);
    expect(transitions[4]).toMatchObject({ fromState: 'SENT_FOR_APPROVAL', toState: 'PARTIALLY_FILLED', reason: 'Earthing photo is blurred', actorName: 'Aarav Sharma' });
  });

  it('answers 409 for every event a state refuses, and changes nothing (generated from the machine)', async () => {
    expect(await checkEveryRefusal(env, fixture, admin)).toBeGreaterThan(10);
  });

  it('refuses a stale version, an unknown event, a bad payload and a missing permission', async () => {
    const ticket = await create();
    expect((await send(ticket.id, 'SAVE_DATA', 0)).status).toBe(200);
    const stale = await send(ticket.id, 'SAVE_DATA', 0);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toContain('changed by someone else');
    const unknown = await call(env.t, 'POST', `${API}/${String(ticket.id)}/transition`, { authKey: admin, body: { type: 'DELETE_EVERYTHING', version: 1 } });
    expect(unknown.status).toBe(400);
    const badReason = await send(ticket.id, 'REJECT', 1, { reason: '' });
    expect(badReason.status).toBe(400);
    expect(badReason.body.errors.map((e: Row) => e.path)).toContain('reason');
    const extra = await send(ticket.id, 'APPROVE', 1, { status: 'APPROVED' });
    expect(extra.status).toBe(400);
    // The field technician may send for approval but not approve.
    expect((await send(ticket.id, 'APPROVE', 1, {}, technician)).status).toBe(403);
    const now = (await call(env.t, 'GET', `${API}/${String(ticket.id)}`, { authKey: admin })).body;
    expect(now).toMatchObject({ status: 'PARTIALLY_FILLED', version: 1 });
    // The edit form cannot move the status around the machine.
    expect((await call(env.t, 'PUT', `${API}/${String(ticket.id)}`, { authKey: admin, body: { status: 'APPROVED' } })).status).toBe(400);
  });

  it(`lets exactly one of 20 concurrent conflicting transitions win, ${RACE_ROUNDS} rounds over`, async () => {
    await checkConcurrentConflicts(env, fixture, admin, 'SAVE_DATA');
  }, 120_000);
});
