import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@domain/resource/registry';
import { ticketActionPath, ticketFieldActions, type TicketFieldAction } from '@domain/ticket-actions';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';
import { auditRows, customerId, insertTicket, userIdOf } from './ticket-fixtures';
import { rowsOf } from '@server/seed/seed-sql';

type Row = Record<string, unknown>;
const SERVICING = 'charger-servicing-tickets';
const SERVICING_API = '/ticket-service/charger-servicing';
const MY = '/ticket-service/my-ticket';
const DAY = 86_400_000;

/** A valid value and a bad body (with the field path its error names) of each action. */
const cases: Record<TicketFieldAction['id'], { good: (ids: { admin: string }) => unknown; bad: unknown; badPath: string }> = {
  assign: { good: ({ admin }) => admin, bad: 'not-a-uuid', badPath: 'assignee' },
  priority: { good: () => 'URGENT', bad: 'HUGE', badPath: 'priority' },
  dueDate: { good: () => '2026-03-03', bad: '03/03/2026', badPath: 'dueDate' },
  tags: { good: () => ['ESCALATED', 'HOTEL'], bad: ['ESCALATED', 'NOT_A_TAG'], badPath: 'tags.1' },
};


describe.each(ruleDrivers)('common ticket actions on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let readOnly: string;
  let technician: string;
  const ids = { admin: '', technician: '' };
  beforeAll(async () => {
    const a = await env.signInAs('9000000001');
    admin = a.authKey;
    ids.admin = a.userId;
    readOnly = (await env.signInAs('9000000006')).authKey;
    const t = await env.signInAs('9000000003');
    technician = t.authKey;
    ids.technician = t.userId;
  });

  const act = (action: TicketFieldAction, authKey: string, id: unknown, body: Row) => call(env.t, 'POST', ticketActionPath(String(id), action), { authKey, body });

  describe.each(ticketFieldActions.map((a) => [a.id, a] as const))('%s', (_id, action) => {
    const sample = cases[action.id];

    it('sets the field, moves the version on and writes the audit row', async () => {
      const ticket = await insertTicket(env, admin, SERVICING);
      const value = sample.good(ids);
      const res = await act(action, admin, ticket.id, { [action.field]: value, version: ticket.version });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body[action.field]).toEqual(value);
      expect(res.body.version).toBe((ticket.version as number) + 1);
      const audit = await auditRows(env, SERVICING, ticket.id, action.audit);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_user_id: ids.admin, changes: { [action.field]: { from: ticket[action.field] ?? null, to: value } } });
    });

    it('answers 400 with the field path for a bad body, and changes nothing', async () => {
      const ticket = await insertTicket(env, admin, SERVICING);
      const res = await act(action, admin, ticket.id, { [action.field]: sample.bad, version: ticket.version });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(sample.badPath);
      const missingVersion = await act(action, admin, ticket.id, { [action.field]: sample.good(ids) });
      expect(missingVersion.status).toBe(400);
      expect(missingVersion.body.errors.map((e: { path: string }) => e.path)).toContain('version');
      expect((await act(action, admin, ticket.id, { [action.field]: sample.good(ids), version: ticket.version, extra: 1 })).status).toBe(400);
      expect(await auditRows(env, SERVICING, ticket.id, action.audit)).toHaveLength(0);
    });

    it(`answers 403 without ${action.permission}`, async () => {
      const ticket = await insertTicket(env, admin, SERVICING);
      const res = await act(action, readOnly, ticket.id, { [action.field]: sample.good(ids), version: ticket.version });
      expect(res.status).toBe(403);
      expect(res.body.detail).toContain(action.permission);
    });

    it('answers 409 on a stale version, and changes nothing', async () => {
      const ticket = await insertTicket(env, admin, SERVICING);
      const first = await act(action, admin, ticket.id, { [action.field]: sample.good(ids), version: ticket.version });
      expect(first.status).toBe(200);
      const stale = await act(action, admin, ticket.id, { [action.field]: sample.good(ids), version: ticket.version });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ type: '/problems/stale-version', version: (ticket.version as number) + 1 });
      expect(await auditRows(env, SERVICING, ticket.id, action.audit)).toHaveLength(1);
    });
  });

  it('assigns only active staff with a role', async () => {
    const assign = ticketFieldActions.find((a) => a.id === 'assign')!;
    const ticket = await insertTicket(env, admin, SERVICING);
    for (const who of [await customerId(env), await userIdOf(env, '9000000007'), await userIdOf(env, '9000000008'), 'f47ac10b-58cc-4372-a567-0e02b2c3d479']) {
      const res = await act(assign, admin, ticket.id, { assignee: who, version: ticket.version });
      expect(res.status, who).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'assignee', message: 'Choose an active staff user' }]);
    }
    const unassign = await act(assign, admin, ticket.id, { assignee: null, version: ticket.version });
    expect(unassign.status).toBe(200);
  });

  it("names the people an assignment moved between in the audit timeline, and says a stale version without the number", async () => {
    const assign = ticketFieldActions.find((a) => a.id === 'assign')!;
    const ticket = await insertTicket(env, admin, SERVICING);
    const first = await act(assign, admin, ticket.id, { assignee: ids.technician, version: ticket.version });
    expect(first.status).toBe(200);
    expect((await act(assign, admin, ticket.id, { assignee: ids.admin, version: first.body.version })).status).toBe(200);
    const stale = await act(assign, admin, ticket.id, { assignee: ids.admin, version: ticket.version });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe('This ticket was changed by someone else. Reload it and try again.');
    const timeline = await call(env.t, 'GET', `/upload-service/audit/entity/${SERVICING}/entityId/${ticket.id}`, { authKey: admin });
    expect(timeline.status).toBe(200);
    const [latest, earlier] = timeline.body.items.filter((e: { action: string }) => e.action === 'assign');
    expect(latest.relationLabels).toEqual({ assignee: { [ids.technician]: 'Rohan Verma', [ids.admin]: 'Aarav Sharma' } });
    expect(earlier.relationLabels).toEqual({ assignee: { [ids.technician]: 'Rohan Verma' } });
  });

  it('refuses a due date before the ticket was created', async () => {
    const dueDate = ticketFieldActions.find((a) => a.id === 'dueDate')!;
    const ticket = await insertTicket(env, admin, SERVICING);
    const res = await act(dueDate, admin, ticket.id, { dueDate: '2026-02-27', version: ticket.version });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('dueDate');
    expect((await act(dueDate, admin, ticket.id, { dueDate: null, version: ticket.version })).status).toBe(200);
  });

  it('answers 404 for a ticket that does not exist', async () => {
    const priority = ticketFieldActions.find((a) => a.id === 'priority')!;
    expect((await act(priority, admin, 99_999_999, { priority: 'LOW', version: 0 })).status).toBe(404);
    expect((await act(priority, admin, 'abc', { priority: 'LOW', version: 0 })).status).toBe(404);
  });

  it('works on a ticket of every kind', async () => {
    const priority = ticketFieldActions.find((a) => a.id === 'priority')!;
    const kinds = resources.filter((r) => r.table === 'tickets' && r.fixed?.kind);
    for (const resource of kinds) {
      const found = rowsOf<Row>(await env.database.db.execute(sql`select id, version from tickets where kind = ${resource.fixed!.kind as string} limit 1`))[0];
      expect(found, `a seeded ${resource.name}`).toBeDefined();
      const res = await act(priority, admin, found!.id, { priority: 'HIGH', version: found!.version });
      expect(res.status, `${resource.name}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.kind).toBe(resource.fixed!.kind);
      expect(await auditRows(env, resource.name, found!.id, 'set_priority')).toHaveLength(1);
    }
  });

  it('lets exactly one of 20 concurrent assignments with the same version win', async () => {
    const assign = ticketFieldActions.find((a) => a.id === 'assign')!;
    const ticket = await insertTicket(env, admin, SERVICING);
    const results = await Promise.all(Array.from({ length: 20 }, () => act(assign, admin, ticket.id, { assignee: ids.technician, version: ticket.version })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await auditRows(env, SERVICING, ticket.id, 'assign')).toHaveLength(1);
  });

  it("puts an assigned ticket in the assignee's My, Open and Today's lists, and a closed one out of the open lists", async () => {
    const assign = ticketFieldActions.find((a) => a.id === 'assign')!;
    const dueDate = ticketFieldActions.find((a) => a.id === 'dueDate')!;
    // Created ten days ago: it is in Today's list only through its due date.
    let ticket = await insertTicket(env, admin, SERVICING, { createdAt: new Date(env.t.clock.now().getTime() - 10 * DAY) });
    const listed = async (scope: string) => ((await call(env.t, 'GET', `${MY}?scope=${scope}&size=1000`, { authKey: technician })).body.items as Row[]).map((i) => i.id);
    expect(await listed('mine')).not.toContain(ticket.id);

    ticket = (await act(assign, admin, ticket.id, { assignee: ids.technician, version: ticket.version })).body;
    expect(await listed('mine')).toContain(ticket.id);
    expect(await listed('mineOpen')).toContain(ticket.id);
    expect(await listed('today')).not.toContain(ticket.id);

    const today = '2026-03-01'; // the test clock's IST date
    ticket = (await act(dueDate, admin, ticket.id, { dueDate: today, version: ticket.version })).body;
    expect(await listed('today')).toContain(ticket.id);

    const closed = await call(env.t, 'POST', `${SERVICING_API}/${String(ticket.id)}/transition`, {
      authKey: admin,
      body: { type: 'CLOSE', version: ticket.version, closeReason: 'CHARGING_STATION_NOT_WORKING', note: 'Replaced by a new unit' },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'CLOSED', closeReason: 'CHARGING_STATION_NOT_WORKING' });
    expect(await listed('mineOpen')).not.toContain(ticket.id);
    expect(await listed('mine')).toContain(ticket.id);
    const open = (await call(env.t, 'GET', `${MY}?scope=open&size=1000&q=${String(ticket.id)}`, { authKey: admin })).body.items as Row[];
    expect(open.map((i) => i.id)).not.toContain(ticket.id);
    const [audit] = await auditRows(env, SERVICING, ticket.id, 'transition');
    expect(audit).toMatchObject({ event: 'CLOSE', reason: 'Charging Station Not Working: Replaced by a new unit' });
  });
});
