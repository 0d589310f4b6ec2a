import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payoutWorkflow } from '@machines/payout.workflow';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';
import { checkConcurrentConflicts, checkEveryRefusal, sendEvent, type WorkflowFixture, RACE_ROUNDS } from './workflow-contract';

const API = '/pw-service/payout';

describe.each(ruleDrivers)('payout workflow on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let finance: string;
  let hostId: string;
  const fixture: WorkflowFixture = {
    workflow: payoutWorkflow,
    samples: { START_PROCESSING: {}, MARK_PAID: { reference: 'UTIBN00000000077' }, MARK_FAILED: { reason: 'Beneficiary account closed' }, RETRY: {}, CANCEL: { reason: 'Moved to the next settlement' } },
    create: async (_env, authKey) => {
      const res = await call(env.t, 'POST', API, { authKey, body: { beneficiaryId: hostId, amount: 1_234_500, mode: 'NEFT', scheduledDate: '2026-03-05' } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    },
  };

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    finance = (await env.signInAs('9000000004')).authKey;
    const rows = await env.database.db.execute(sql`select beneficiary_id from payouts limit 1`);
    hostId = String(((rows as { rows?: Record<string, unknown>[] }).rows ?? (rows as unknown as Record<string, unknown>[]))[0]!.beneficiary_id);
  });

  it('is added as scheduled, fails, is retried and paid with the bank reference; its status is not a form field', async () => {
    let payout = await fixture.create(env, finance);
    expect(payout).toMatchObject({ status: 'SCHEDULED', isActive: true });
    for (const [type, state] of [
      ['START_PROCESSING', 'PROCESSING'],
      ['MARK_FAILED', 'FAILED'],
      ['RETRY', 'SCHEDULED'],
      ['START_PROCESSING', 'PROCESSING'],
      ['MARK_PAID', 'PAID'],
    ] as const) {
      const res = await sendEvent(env, fixture, finance, payout.id, type, payout.version);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      payout = res.body;
      expect(payout.status).toBe(state);
    }
    expect(payout.reference).toBe('UTIBN00000000077');
    const edit = await call(env.t, 'PUT', `${API}/${payout.id}`, { authKey: finance, body: { status: 'SCHEDULED' } });
    expect(edit.status).toBe(400);
    const off = await call(env.t, 'PATCH', `${API}/${payout.id}/activate-inactivate`, { authKey: finance, body: { active: false } });
    expect(off.body.isActive).toBe(false);
    const list = await call(env.t, 'GET', `${API}?status=PAID&size=5`, { authKey: finance });
    expect(list.status).toBe(200);
  });

  it('needs ROLE_UPDATE_PAYOUT to move a payout', async () => {
    const support = (await env.signInAs('9000000005')).authKey;
    const payout = await fixture.create(env, admin);
    expect((await sendEvent(env, fixture, support, payout.id, 'CANCEL', payout.version)).status).toBe(403);
  });

  it('answers 409 for every event a state refuses, and changes nothing (generated from the machine)', async () => {
    expect(await checkEveryRefusal(env, fixture, admin)).toBeGreaterThan(15);
  });

  it(`lets exactly one of 20 concurrent conflicting transitions win, ${RACE_ROUNDS} rounds over`, async () => {
    await checkConcurrentConflicts(env, fixture, admin, 'START_PROCESSING');
  }, 120_000);
});
