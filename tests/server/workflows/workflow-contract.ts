import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { resourceByName } from '@domain/resource/registry';
import type { RecordWorkflow } from '@machines/record-workflow';
import { acceptedEvents } from '@server/workflows/workflow-routes';
import { call } from '@tests/server/support/test-app';
import type { SharedTestApp } from '@tests/server/support/use-test-app';
import { rowsOf } from '@server/seed/seed-sql';

type Row = Record<string, unknown>;

/** What a workflow's generated tests need: a valid payload per event, and how to make a record in a given state. */
export interface WorkflowFixture {
  workflow: RecordWorkflow;
  /** A valid payload of each event type (without type and version). */
  samples: Readonly<Record<string, Row>>;
  /** Creates a fresh record through the API; answers it. */
  create(env: SharedTestApp, authKey: string): Promise<Row>;
  /** Variants of a record's data that guards look at (default one variant: as created). */
  variants?: readonly { name: string; apply(env: SharedTestApp, id: number): Promise<void> }[];
}


/** Sends one event with the version the caller saw. */
export function sendEvent(env: SharedTestApp, fixture: WorkflowFixture, authKey: string, id: unknown, type: string, version: unknown, extra: Row = {}) {
  const resource = resourceByName(fixture.workflow.resource);
  return call(env.t, 'POST', `${resource.apiPath}/${String(id)}/transition`, { authKey, body: { type, version, ...fixture.samples[type], ...extra } });
}

async function auditCount(env: SharedTestApp, fixture: WorkflowFixture, id: unknown): Promise<number> {
  const result = await env.database.db.execute(
    sql`select count(*)::int as n from audit_log where entity_type = ${fixture.workflow.resource} and entity_id = ${String(id)}`,
  );
  return Number(rowsOf<Row>(result)[0]!.n);
}

/**
 * For every state of the machine (and every data variant), every event the state refuses is sent: each must answer
 * 409 with the current state and the accepted events, and leave the record, its version and its audit untouched.
 * Answers how many refusals were checked.
 */
export async function checkEveryRefusal(env: SharedTestApp, fixture: WorkflowFixture, authKey: string): Promise<number> {
  const resource = resourceByName(fixture.workflow.resource);
  const states = Object.keys(fixture.workflow.machine.config.states ?? {});
  const variants = fixture.variants ?? [{ name: 'as created', apply: async () => {} }];
  let checked = 0;
  for (const state of states) {
    for (const variant of variants) {
      const created = await fixture.create(env, authKey);
      await variant.apply(env, created.id as number);
      await env.database.db.execute(sql`update ${sql.identifier(resource.table)} set ${sql.identifier(fixture.workflow.stateField.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} = ${state} where id = ${created.id as number}`);
      const record = (await call(env.t, 'GET', `${resource.apiPath}/${String(created.id)}`, { authKey })).body as Row;
      const accepted = acceptedEvents(fixture.workflow, record);
      for (const type of Object.keys(fixture.workflow.eventSchemas).filter((t) => !accepted.includes(t))) {
        const before = await auditCount(env, fixture, created.id);
        const res = await sendEvent(env, fixture, authKey, created.id, type, record.version);
        expect(res.status, `${state} (${variant.name}) must refuse ${type}`).toBe(409);
        expect(res.body).toMatchObject({ currentState: state, acceptedEvents: accepted });
        const after = (await call(env.t, 'GET', `${resource.apiPath}/${String(created.id)}`, { authKey })).body as Row;
        expect(after).toMatchObject({ status: state, version: record.version });
        expect(await auditCount(env, fixture, created.id)).toBe(before);
        checked += 1;
      }
    }
  }
  return checked;
}

/**
 * Rounds of each workflow's race. A missing version check lets several of the 20 sends win in nearly every round, so a
 * few rounds catch it; 50 rounds on both drivers took about three minutes of the suite for no more certainty.
 */
export const RACE_ROUNDS = 10;

/** `rounds` times: 20 concurrent sends of the same accepted event on a fresh record; exactly one wins. */
export async function checkConcurrentConflicts(env: SharedTestApp, fixture: WorkflowFixture, authKey: string, type: string, rounds = RACE_ROUNDS): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    const created = await fixture.create(env, authKey);
    const results = await Promise.all(Array.from({ length: 20 }, () => sendEvent(env, fixture, authKey, created.id, type, created.version)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const result = await env.database.db.execute(
      sql`select count(*)::int as n from audit_log where entity_type = ${fixture.workflow.resource} and entity_id = ${String(created.id)} and action = 'transition'`,
    );
    expect(Number(rowsOf<Row>(result)[0]!.n)).toBe(1);
  }
}
