// Bulk workflow events: one event with its payload to many records of a workflow-bound list, each record
// through its own machine by the single transition's function (transitionRecord), at its current version, with its
// own audit row; refused per record with the machine's reason or as not visible; bad bodies, more than 1,000 records
// and callers without the event's permission change nothing.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '@domain/resource/registry';
import { rowsOf } from '@server/db/rows';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';
import { auditRows, insertTicket } from '../tickets/ticket-fixtures';

type Row = Record<string, unknown>;
const SUPPORT = 'customer-support-tickets';
const SERVICING = 'charger-servicing-tickets';
const bulkOf = (name: string) => `${resourceByName(name).apiPath}/bulk-transition`;

describe.each(ruleDrivers)('bulk workflow events on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let readOnly: string;
  let technician: string;
  const read = async (id: unknown) => rowsOf<Row>(await env.database.db.execute(sql`select status, close_reason, version from tickets where id = ${Number(id)}`))[0]!;
  const auditCount = async () => Number(rowsOf<{ n: number }>(await env.database.db.execute(sql`select count(*)::int as n from audit_log`))[0]!.n);

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
    technician = (await env.signInAs('9000000003')).authKey;
  });

  it("moves each record its machine lets move, with its own audit row, and refuses the others with the machine's reason", async () => {
    const a = await insertTicket(env, admin, SUPPORT);
    const b = await insertTicket(env, admin, SUPPORT);
    const resolved = await insertTicket(env, admin, SUPPORT, { status: 'RESOLVED' });
    const res = await call(env.t, 'POST', bulkOf(SUPPORT), { authKey: admin, body: { ids: [a.id, b.id, resolved.id], event: { type: 'START_WORK' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ runId: expect.any(Number), changed: 2, unchanged: 0, refused: [{ id: String(resolved.id), reason: 'This customer support ticket is Resolved: Start work is not possible now.' }] });
    for (const t of [a, b]) {
      expect(await read(t.id)).toMatchObject({ status: 'IN_PROGRESS', version: (t.version as number) + 1 });
      const audit = await auditRows(env, SUPPORT, t.id, 'transition');
      expect(audit).toEqual([expect.objectContaining({ event: 'START_WORK' })]);
    }
    expect(await read(resolved.id)).toMatchObject({ status: 'RESOLVED', version: resolved.version });
    expect(await auditRows(env, SUPPORT, resolved.id, 'transition')).toHaveLength(0);
  });

  it('names the state and the event by their labels when the single transition route refuses, never by their codes', async () => {
    const started = await insertTicket(env, admin, SUPPORT, { status: 'IN_PROGRESS' });
    const res = await call(env.t, 'POST', `${resourceByName(SUPPORT).apiPath}/${String(started.id)}/transition`, { authKey: admin, body: { type: 'START_WORK', version: started.version } });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.detail).toBe('This customer support ticket is In Progress: Start work is not possible now.');
    expect(JSON.stringify(res.body.detail)).not.toMatch(/IN_PROGRESS|START_WORK/);
  });

  it('sends the payload of a choice event (CLOSE with its close reason) to every record a list query matches', async () => {
    const title = `Bulk close ${driver}`;
    const a = await insertTicket(env, admin, SUPPORT, { title });
    const b = await insertTicket(env, admin, SUPPORT, { title, status: 'IN_PROGRESS' });
    const res = await call(env.t, 'POST', bulkOf(SUPPORT), { authKey: admin, body: { match: { q: title }, event: { type: 'CLOSE', closeReason: 'SOURCE' } } });
    expect(res.body).toEqual({ runId: expect.any(Number), changed: 2, unchanged: 0, refused: [] });
    for (const t of [a, b]) expect(await read(t.id)).toMatchObject({ status: 'CLOSED', close_reason: 'SOURCE' });
    expect((await auditRows(env, SUPPORT, a.id, 'transition'))[0]).toMatchObject({ event: 'CLOSE', reason: 'Source' });
  });

  it('refuses a record outside the caller\'s scopes by id, as one that does not exist', async () => {
    // The technician sees open servicing tickets only: a closed one is out of sight, an open one is not in service yet.
    const open = await insertTicket(env, admin, SERVICING);
    const closed = await insertTicket(env, admin, SERVICING, { status: 'CLOSED', closeReason: 'SOURCE' });
    const res = await call(env.t, 'POST', bulkOf(SERVICING), { authKey: technician, body: { ids: [open.id, closed.id], event: { type: 'COMPLETE' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.changed).toBe(0);
    expect(res.body.refused).toEqual([
      { id: String(open.id), reason: 'This charger servicing ticket is Open: Complete is not possible now.' },
      { id: String(closed.id), reason: `No charger servicing ticket has the id ${String(closed.id)}.` },
    ]);
  });

  it("refuses bad bodies with their paths, more than 1,000 records, and a caller without the event's permission, changing nothing", async () => {
    const ticket = await insertTicket(env, admin, SUPPORT);
    const before = await read(ticket.id);
    const audits = await auditCount();
    const cases: [unknown, string][] = [
      [{ event: { type: 'START_WORK' } }, 'ids'],
      [{ ids: [ticket.id], match: { q: 'x' }, event: { type: 'START_WORK' } }, 'ids'],
      [{ ids: Array.from({ length: 1_001 }, (_, i) => i + 1), event: { type: 'START_WORK' } }, 'ids'],
      [{ ids: [ticket.id], event: { type: 'FLY' } }, 'event.type'],
      [{ ids: [ticket.id], event: { type: 'CLOSE', closeReason: 'BORED' } }, 'event.closeReason'],
      [{ ids: [ticket.id], event: { type: 'START_WORK', version: 3 } }, 'event.version'],
      [{ ids: [ticket.id] }, 'event'],
      [{ match: { sort: 'nonsense,up' }, event: { type: 'START_WORK' } }, 'match.sort'],
    ];
    for (const [body, path] of cases) {
      const refused = await call(env.t, 'POST', bulkOf(SUPPORT), { authKey: admin, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.contentType).toContain('application/problem+json');
      expect(refused.body.errors.map((e: { path: string }) => e.path), JSON.stringify(refused.body)).toContain(path);
    }
    const forbidden = await call(env.t, 'POST', bulkOf(SUPPORT), { authKey: readOnly, body: { ids: [ticket.id], event: { type: 'START_WORK' } } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.detail).toContain('ROLE_UPDATE_CUSTOMER_SUPPORT_TICKET');
    expect(await read(ticket.id)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});
