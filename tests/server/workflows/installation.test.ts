import { beforeAll, describe, expect, it } from 'vitest';
import { installationWorkflow } from '@machines/installation.workflow';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';
import { checkConcurrentConflicts, checkEveryRefusal, sendEvent, type WorkflowFixture, RACE_ROUNDS } from './workflow-contract';

const API = '/ticket-service/charger-installation';
const form = { phoneNumber: '+91 98450 44444', uniqueId: 'CZ009999', qrCodeValue: 'https://qr.czo.example/c/CZ009999', purposeOfAssigning: 'INSTALLATION' };
const fixture: WorkflowFixture = {
  workflow: installationWorkflow,
  samples: { FILL_FORM: form, SEND_FOR_APPROVAL: {}, APPROVE: {}, REJECT: { reason: 'Wrong unique id' }, MARK_INSTALLED: {}, FORCE_CLOSE: { reason: 'Host cancelled' } },
  create: async (env, authKey) => {
    const res = await call(env.t, 'POST', API, { authKey, body: { title: 'Install at Sagar Ratna', ...form } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  },
};

describe.each(ruleDrivers)('charger installation workflow on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let technician: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    technician = (await env.signInAs('9000000003')).authKey;
  });

  it('goes form → approval → ready for installation → installed, and lists it as ready on the way', async () => {
    let ticket = await fixture.create(env, admin);
    for (const [type, authKey, state] of [
      ['FILL_FORM', technician, 'FORM_FILLED'],
      ['SEND_FOR_APPROVAL', technician, 'SENT_FOR_APPROVAL'],
      ['APPROVE', admin, 'READY_FOR_INSTALLATION'],
    ] as const) {
      const res = await sendEvent(env, fixture, authKey, ticket.id, type, ticket.version);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ticket = res.body;
      expect(ticket.status).toBe(state);
    }
    const ready = await call(env.t, 'GET', `${API}?scope=ready&size=1000`, { authKey: technician });
    expect(ready.body.items.map((i: { id: number }) => i.id)).toContain(ticket.id);
    // The technician may not approve, reject or force-close.
    expect((await sendEvent(env, fixture, technician, ticket.id, 'FORCE_CLOSE', ticket.version)).status).toBe(403);
    const installed = await sendEvent(env, fixture, technician, ticket.id, 'MARK_INSTALLED', ticket.version);
    expect(installed.body.status).toBe('INSTALLED');
  });

  it('rejects and force-closes with a reason only', async () => {
    const ticket = await fixture.create(env, admin);
    expect((await sendEvent(env, fixture, admin, ticket.id, 'FORCE_CLOSE', ticket.version, { reason: '' })).status).toBe(400);
    const closed = await sendEvent(env, fixture, admin, ticket.id, 'FORCE_CLOSE', ticket.version);
    expect(closed.body.status).toBe('FORCE_CLOSED');
  });

  it('answers 409 for every event a state refuses, and changes nothing (generated from the machine)', async () => {
    expect(await checkEveryRefusal(env, fixture, admin)).toBeGreaterThan(20);
  });

  it(`lets exactly one of 20 concurrent conflicting transitions win, ${RACE_ROUNDS} rounds over`, async () => {
    await checkConcurrentConflicts(env, fixture, admin, 'FILL_FORM');
  }, 120_000);
});
