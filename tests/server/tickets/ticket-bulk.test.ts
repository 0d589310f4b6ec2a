// Bulk ticket actions: assign, priority, due date, tags and Close on many tickets in one request. Each
// ticket goes through the single action's own checks (or its kind's machine for Close) at its current version, with
// its own audit row; a ticket the caller cannot see is refused by id in the words of one that does not exist; bad
// bodies, more than 1,000 tickets and callers without the permission change nothing.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '@domain/resource/registry';
import { ticketActions, ticketBulkPath, type TicketAction } from '@domain/ticket-actions';
import { rowsOf } from '@server/db/rows';
import { tickets } from '@server/db/tables/tickets';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';
import { auditRows, insertTicket, userIdOf } from './ticket-fixtures';

type Row = Record<string, unknown>;
const SERVICING = 'charger-servicing-tickets';
const DEMO = 'demo-tickets';
const actionOf = (id: TicketAction['id']) => ticketActions.find((a) => a.id === id)!;
const ASSIGN = ticketBulkPath(actionOf('assign'));
const PRIORITY = ticketBulkPath(actionOf('priority'));
const DUE_DATE = ticketBulkPath(actionOf('dueDate'));
const TAGS = ticketBulkPath(actionOf('tags'));
const CLOSE = ticketBulkPath(actionOf('close'));

describe.each(ruleDrivers)('bulk ticket actions on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let readOnly: string;
  /** Kabir (staff without a role) given a "demo desk" role: sees demo tickets only, may assign, prioritise and close. */
  let desk: string;
  let technicianId: string;
  const read = async (id: unknown) => rowsOf<Row>(await env.database.db.execute(sql`select id, assignee, priority, due_date, tags, status, close_reason, version from tickets where id = ${Number(id)}`))[0]!;
  const auditCount = async () => Number(rowsOf<{ n: number }>(await env.database.db.execute(sql`select count(*)::int as n from audit_log`))[0]!.n);

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
    technicianId = (await env.signInAs('9000000003')).userId;
    const role = await call(env.t, 'POST', '/auth-service/role', {
      authKey: admin,
      body: { name: 'Demo desk', description: 'Works demo tickets', permissions: ['ROLE_VIEW_DEMO_TICKETS', 'ROLE_ASSIGN_TICKET', 'ROLE_UPDATE_TICKET_PRIORITY', 'ROLE_CLOSE_TICKET'] },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const mapped = await call(env.t, 'POST', '/auth-service/admin/user-role', { authKey: admin, body: { userId: await userIdOf(env, '9000000007'), roleId: role.body.id } });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(201);
    desk = (await env.signInAs('9000000007')).authKey;
  });

  it('assigns every ticket sent, each with its audit row and version + 1, and counts one already so as unchanged', async () => {
    const a = await insertTicket(env, admin, SERVICING);
    const b = await insertTicket(env, admin, DEMO);
    const c = await insertTicket(env, admin, SERVICING, { assignee: technicianId });
    const res = await call(env.t, 'POST', ASSIGN, { authKey: admin, body: { ids: [a.id, String(b.id), c.id], assignee: technicianId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ runId: expect.any(Number), changed: 2, unchanged: 1, refused: [] });
    for (const [ticket, name] of [[a, SERVICING], [b, DEMO]] as const) {
      expect(await read(ticket.id)).toMatchObject({ assignee: technicianId, version: (ticket.version as number) + 1 });
      const audit = await auditRows(env, name, ticket.id, 'assign');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ changes: { assignee: { from: null, to: technicianId } } });
    }
    expect(await auditRows(env, SERVICING, c.id, 'assign')).toHaveLength(0);
    expect((await read(c.id)).version).toBe(c.version);
  });

  it('refuses, by id and without saying why it is hidden, a ticket the caller cannot see, and one that does not exist', async () => {
    const demo = await insertTicket(env, admin, DEMO);
    const servicing = await insertTicket(env, admin, SERVICING);
    const res = await call(env.t, 'POST', PRIORITY, { authKey: desk, body: { ids: [demo.id, servicing.id, 99_999_999], priority: 'URGENT' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      runId: expect.any(Number),
      changed: 1,
      unchanged: 0,
      refused: [
        { id: String(servicing.id), reason: `No ticket you can see has the id ${String(servicing.id)}.` },
        { id: '99999999', reason: 'No ticket you can see has the id 99999999.' },
      ],
    });
    expect((await read(demo.id)).priority).toBe('URGENT');
    expect(await read(servicing.id)).toMatchObject({ priority: 'MEDIUM', version: servicing.version });
    expect(await auditRows(env, SERVICING, servicing.id, 'set_priority')).toHaveLength(0);
  });

  it('refuses an inactive or non-staff assignee on each ticket, changing none', async () => {
    const a = await insertTicket(env, admin, SERVICING);
    const b = await insertTicket(env, admin, SERVICING);
    const inactive = await userIdOf(env, '9000000008');
    const res = await call(env.t, 'POST', ASSIGN, { authKey: admin, body: { ids: [a.id, b.id], assignee: inactive } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ runId: expect.any(Number), changed: 0, unchanged: 0, refused: [a, b].map((t) => ({ id: String(t.id), reason: 'Choose an active staff user' })) });
    expect((await read(a.id)).assignee).toBeNull();
    expect(await auditRows(env, SERVICING, a.id, 'assign')).toHaveLength(0);
  });

  it('refuses a due date before a ticket was created on that ticket only', async () => {
    const old = await insertTicket(env, admin, SERVICING, { createdAt: new Date('2026-01-01T06:00:00Z') });
    const fresh = await insertTicket(env, admin, SERVICING);
    const res = await call(env.t, 'POST', DUE_DATE, { authKey: admin, body: { ids: [old.id, fresh.id], dueDate: '2026-02-01' } });
    expect(res.body.changed).toBe(1);
    expect(res.body.refused).toEqual([{ id: String(fresh.id), reason: expect.stringContaining('The due date cannot be before the ticket was created') }]);
    expect((await read(old.id)).due_date).toBeTruthy();
    expect((await read(fresh.id)).due_date).toBeNull();
  });

  it('adds, removes and sets tags on each ticket from its own tags', async () => {
    const a = await insertTicket(env, admin, SERVICING, { tags: ['HOTEL'] });
    const b = await insertTicket(env, admin, SERVICING, { tags: ['ESCALATED'] });
    const added = await call(env.t, 'POST', TAGS, { authKey: admin, body: { ids: [a.id, b.id], tags: ['ESCALATED'], mode: 'add' } });
    expect(added.body).toEqual({ runId: expect.any(Number), changed: 1, unchanged: 1, refused: [] });
    expect((await read(a.id)).tags).toEqual(['HOTEL', 'ESCALATED']);
    expect((await read(b.id)).tags).toEqual(['ESCALATED']);
    const removed = await call(env.t, 'POST', TAGS, { authKey: admin, body: { ids: [a.id, b.id], tags: ['ESCALATED'], mode: 'remove' } });
    expect(removed.body).toEqual({ runId: expect.any(Number), changed: 2, unchanged: 0, refused: [] });
    expect((await read(a.id)).tags).toEqual(['HOTEL']);
    expect((await read(b.id)).tags).toEqual([]);
    const set = await call(env.t, 'POST', TAGS, { authKey: admin, body: { ids: [a.id, b.id], tags: ['HOTEL'] } });
    expect(set.body).toEqual({ runId: expect.any(Number), changed: 1, unchanged: 1, refused: [] });
    expect(await auditRows(env, SERVICING, a.id, 'set_tags')).toHaveLength(2);
  });

  it("closes each ticket through its kind's machine with the close reason, and refuses one whose state does not accept CLOSE", async () => {
    const a = await insertTicket(env, admin, SERVICING);
    const b = await insertTicket(env, admin, DEMO);
    const closed = await insertTicket(env, admin, SERVICING, { status: 'CLOSED', closeReason: 'SOURCE' });
    const res = await call(env.t, 'POST', CLOSE, { authKey: admin, body: { ids: [a.id, b.id, closed.id], closeReason: 'CHARGING_STATION_NOT_WORKING', note: 'Bulk' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.changed).toBe(2);
    expect(res.body.refused).toEqual([{ id: String(closed.id), reason: 'This charger servicing ticket is Closed: Close is not possible now.' }]);
    expect(await read(a.id)).toMatchObject({ status: 'CLOSED', close_reason: 'CHARGING_STATION_NOT_WORKING', version: (a.version as number) + 1 });
    const [audit] = await auditRows(env, DEMO, b.id, 'transition');
    expect(audit).toMatchObject({ event: 'CLOSE', reason: 'Charging Station Not Working: Bulk' });
    expect(await auditRows(env, SERVICING, closed.id, 'transition')).toHaveLength(0);
  });

  it("acts on every ticket a list's query matches, within what the caller may see", async () => {
    const title = `Bulk match ${driver}`;
    const demo = await insertTicket(env, admin, DEMO, { title });
    const servicing = await insertTicket(env, admin, SERVICING, { title });
    // Through the cross-kind list the desk user has no view of (403), and through the demo list it does see.
    const denied = await call(env.t, 'POST', PRIORITY, { authKey: desk, body: { resource: 'tickets', match: { q: title }, priority: 'LOW' } });
    expect(denied.status).toBe(403);
    const res = await call(env.t, 'POST', PRIORITY, { authKey: desk, body: { resource: DEMO, match: { q: title }, priority: 'LOW' } });
    expect(res.body).toEqual({ runId: expect.any(Number), changed: 1, unchanged: 0, refused: [] });
    expect((await read(demo.id)).priority).toBe('LOW');
    const all = await call(env.t, 'POST', PRIORITY, { authKey: admin, body: { resource: 'tickets', match: { q: title }, priority: 'HIGH' } });
    expect(all.body).toEqual({ runId: expect.any(Number), changed: 2, unchanged: 0, refused: [] });
    expect((await read(servicing.id)).priority).toBe('HIGH');
  });

  it('refuses bad bodies with their paths, more than 1,000 tickets, and callers without the permission, changing nothing', async () => {
    const ticket = await insertTicket(env, admin, SERVICING);
    const before = await read(ticket.id);
    const now = env.t.clock.now();
    const many = `Bulk flood ${driver}`;
    await env.database.db.insert(tickets).values(Array.from({ length: 1_001 }, () => ({ kind: 'CHARGER_SERVICING' as const, title: many, status: 'OPEN', priority: 'MEDIUM' as const, version: 0, createdAt: now, updatedAt: now, issue: 'OFFLINE' })));
    const audits = await auditCount();
    const cases: [string, unknown, string][] = [
      [PRIORITY, { priority: 'HIGH' }, 'ids'],
      [PRIORITY, { ids: [ticket.id], match: { q: 'x' }, resource: SERVICING, priority: 'HIGH' }, 'ids'],
      [PRIORITY, { ids: [], priority: 'HIGH' }, 'ids'],
      [PRIORITY, { ids: Array.from({ length: 1_001 }, (_, i) => i + 1), priority: 'HIGH' }, 'ids'],
      [PRIORITY, { ids: [ticket.id], priority: 'HUGE' }, 'priority'],
      [PRIORITY, { ids: [ticket.id], priority: 'HIGH', version: 0 }, 'version'],
      [PRIORITY, { match: { q: 'x' }, priority: 'HIGH' }, 'resource'],
      [PRIORITY, { match: { q: 'x' }, resource: 'vendors', priority: 'HIGH' }, 'resource'],
      [PRIORITY, { match: { sort: 'nonsense,up' }, resource: SERVICING, priority: 'HIGH' }, 'match.sort'],
      [ASSIGN, { ids: [ticket.id], assignee: 'not-a-uuid' }, 'assignee'],
      [TAGS, { ids: [ticket.id], tags: ['HOTEL'], mode: 'merge' }, 'mode'],
      [TAGS, { ids: [ticket.id], tags: ['NOT_A_TAG'] }, 'tags.0'],
      [DUE_DATE, { ids: [ticket.id], dueDate: '01/03/2026' }, 'dueDate'],
      [CLOSE, { ids: [ticket.id], closeReason: 'BORED' }, 'closeReason'],
      [CLOSE, { ids: [ticket.id] }, 'closeReason'],
    ];
    for (const [path, body, field] of cases) {
      const refused = await call(env.t, 'POST', path, { authKey: admin, body });
      expect(refused.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(refused.contentType).toContain('application/problem+json');
      expect(refused.body.errors.map((e: { path: string }) => e.path), JSON.stringify(refused.body)).toContain(field);
    }
    // More than 1,000 matching: refused as a whole, naming the query.
    const tooMany = await call(env.t, 'POST', PRIORITY, { authKey: admin, body: { resource: SERVICING, match: { q: many }, priority: 'HIGH' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual([{ path: 'match', message: expect.stringContaining('More than 1,000 charger servicing tickets match') }]);
    for (const path of [ASSIGN, PRIORITY, CLOSE]) {
      const body = path === ASSIGN ? { assignee: null } : path === PRIORITY ? { priority: 'HIGH' } : { closeReason: 'SOURCE' };
      const forbidden = await call(env.t, 'POST', path, { authKey: readOnly, body: { ids: [ticket.id], ...body } });
      expect(forbidden.status, path).toBe(403);
    }
    expect((await call(env.t, 'POST', TAGS, { authKey: desk, body: { ids: [ticket.id], tags: [] } })).status).toBe(403);
    expect(await read(ticket.id)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('names the routes of every action under one base', () => {
    expect(ticketActions.map(ticketBulkPath)).toEqual(['assign-to', 'priority', 'due-date', 'tag', 'close'].map((p) => `/ticket-service/admin/ticket-bulk/${p}`));
    expect(resourceByName(DEMO).table).toBe('tickets');
  });
});
