import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '@domain/resource/registry';
import { bookingAnomalyWorkflow } from '@machines/booking-anomaly.workflow';
import { bundleWorkflow } from '@machines/bundle.workflow';
import { chargerApprovalWorkflow } from '@machines/charger-approval.workflow';
import { chargerServicingWorkflow } from '@machines/charger-servicing.workflow';
import { customerSupportWorkflow } from '@machines/customer-support.workflow';
import { demoWorkflow } from '@machines/demo.workflow';
import { hardwareServicingWorkflow } from '@machines/hardware-servicing.workflow';
import type { RecordWorkflow } from '@machines/record-workflow';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';
import { insertTicket } from '@tests/server/tickets/ticket-fixtures';
import { checkConcurrentConflicts, checkEveryRefusal, sendEvent, type WorkflowFixture } from './workflow-contract';

type Row = Record<string, unknown>;
const close: Row = { closeReason: 'BOOKING_BY_MISTAKE', note: 'Duplicate of another ticket' };
const servicingSamples: Row = { SET_AVAILABLE_DATE: { availableDate: '2026-03-04' }, SCHEDULE: {}, START_SERVICE: {}, COMPLETE: {}, CLOSE: close };

/** Rounds of the race (each round: a fresh ticket and 20 concurrent sends): two for each of the seven kinds. */
const CONCURRENT_ROUNDS = 14;

/** The seven small machines: samples of each event, the event raced in the concurrency check, data variants. */
const kinds: { workflow: RecordWorkflow; samples: Record<string, Row>; race: string; variants?: WorkflowFixture['variants'] }[] = [
  { workflow: customerSupportWorkflow, samples: { START_WORK: {}, WAIT_ON_CUSTOMER: {}, CUSTOMER_REPLIED: {}, RESOLVE: {}, CLOSE: close }, race: 'START_WORK' },
  { workflow: demoWorkflow, samples: { SCHEDULE: { demoAt: '2026-03-05T10:30:00.000Z' }, COMPLETE: {}, CANCEL: { reason: 'Host postponed' }, CLOSE: close }, race: 'SCHEDULE' },
  { workflow: bundleWorkflow, samples: { START: {}, COMPLETE: {}, CANCEL: { reason: 'Investor withdrew' }, CLOSE: close }, race: 'START' },
  { workflow: bookingAnomalyWorkflow, samples: { START_REVIEW: {}, MARK_CORRECTED: {}, NO_ACTION_NEEDED: {}, CLOSE: close }, race: 'START_REVIEW' },
  { workflow: chargerApprovalWorkflow, samples: { START_REVIEW: {}, APPROVE: {}, REJECT: { reason: 'Unknown charger' }, CLOSE: close }, race: 'START_REVIEW' },
  ...[hardwareServicingWorkflow, chargerServicingWorkflow].map((workflow) => ({
    workflow,
    samples: servicingSamples as Record<string, Row>,
    race: 'SET_AVAILABLE_DATE',
    // SCHEDULE needs the available date: refusals are checked without and with it.
    variants: [
      { name: 'no available date', apply: async () => {} },
      { name: 'an available date', apply: async (env: Parameters<WorkflowFixture['create']>[0], id: number) => void (await env.database.db.execute(sql`update tickets set available_date = '2026-03-04' where id = ${id}`)) },
    ],
  })),
];

describe.each(ruleDrivers)('small ticket machines on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let readOnly: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
  });

  describe.each(kinds.map((k) => [k.workflow.resource, k] as const))('%s', (_name, kind) => {
    const fixture: WorkflowFixture = {
      workflow: kind.workflow,
      samples: kind.samples,
      create: (e, authKey) => insertTicket(e, authKey, kind.workflow.resource),
      ...(kind.variants ? { variants: kind.variants } : {}),
    };

    it('closes with a close reason: status CLOSED, the reason stored and audited; no close without a reason or permission', async () => {
      const ticket = await fixture.create(env, admin);
      expect((await sendEvent(env, fixture, admin, ticket.id, 'CLOSE', ticket.version, { closeReason: 'NOT_A_REASON' })).status).toBe(400);
      expect((await sendEvent(env, fixture, readOnly, ticket.id, 'CLOSE', ticket.version)).status).toBe(403);
      const res = await sendEvent(env, fixture, admin, ticket.id, 'CLOSE', ticket.version);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status: 'CLOSED', closeReason: 'BOOKING_BY_MISTAKE', version: (ticket.version as number) + 1 });
    });

    it('keeps the status out of its edit form (it moves only through the machine)', () => {
      const resource = resourceByName(kind.workflow.resource);
      expect(resource.updateFields).not.toContain('status');
      expect(resource.updateFields).not.toContain('closeReason');
    });

    it('answers 409 for every event a state refuses, and changes nothing (generated from the machine)', async () => {
      expect(await checkEveryRefusal(env, fixture, admin)).toBeGreaterThan(5);
    });

  });

  // The seven machines share one table and one transition route, so the race runs once for all of them: rounds of
  // 20 concurrent conflicting sends, the rounds taken in turn by each kind with its own raced event.
  it(`lets exactly one of 20 concurrent conflicting transitions win, ${CONCURRENT_ROUNDS} rounds over, every kind in turn`, async () => {
    for (let round = 0; round < CONCURRENT_ROUNDS; round += 1) {
      const kind = kinds[round % kinds.length]!;
      const fixture: WorkflowFixture = { workflow: kind.workflow, samples: kind.samples, create: (e, authKey) => insertTicket(e, authKey, kind.workflow.resource) };
      await checkConcurrentConflicts(env, fixture, admin, kind.race, 1);
    }
  });

  it('walks charger servicing to COMPLETED, with the available date before scheduling', async () => {
    const fixture: WorkflowFixture = { workflow: chargerServicingWorkflow, samples: servicingSamples as Record<string, Row>, create: (e, a) => insertTicket(e, a, 'charger-servicing-tickets') };
    let ticket = await fixture.create(env, admin);
    const refused = await sendEvent(env, fixture, admin, ticket.id, 'SCHEDULE', ticket.version);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/available date first/);
    for (const [type, state] of [['SET_AVAILABLE_DATE', 'OPEN'], ['SCHEDULE', 'SCHEDULED'], ['SET_AVAILABLE_DATE', 'SCHEDULED'], ['START_SERVICE', 'IN_SERVICE'], ['COMPLETE', 'COMPLETED']] as const) {
      const res = await sendEvent(env, fixture, admin, ticket.id, type, ticket.version);
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBe(200);
      ticket = res.body;
      expect(ticket.status).toBe(state);
    }
    expect(ticket.availableDate).toBe('2026-03-04');
    // The technician's role may complete servicing but not close tickets.
    const technician = (await env.signInAs('9000000003')).authKey;
    const other = await fixture.create(env, admin);
    expect((await sendEvent(env, fixture, technician, other.id, 'CLOSE', other.version)).status).toBe(403);
    expect((await call(env.t, 'PUT', `/ticket-service/charger-servicing/${String(other.id)}`, { authKey: admin, body: { availableDate: '2026-03-09' } })).status).toBe(404);
  });
});
