import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@domain/resource/registry';
import { closedTicketStatuses } from '@domain/resources/tickets/ticket';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;

/** Today's calendar day in India (the `today` scope's day). */
const kindResources = resources.filter((r) => r.fixed?.kind);

describe.each(ruleDrivers)('tickets and orders on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: { authKey: string; userId: string };
  let nobody: { authKey: string; userId: string };
  let technician: { authKey: string; userId: string };

  const count = async (where: string, table = 'tickets'): Promise<number> => {
    const result = await env.database.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`));
    const rows = ((result as { rows?: Row[] }).rows ?? (result as unknown as Row[])) as Row[];
    return Number(rows[0]!.n);
  };
  const closedList = closedTicketStatuses.map((s) => `'${s}'`).join(', ');
  const list = async (path: string, authKey: string) => {
    const res = await call(env.t, 'GET', path, { authKey });
    return res;
  };
  const supportTicket = (overrides: Row = {}) => ({ title: 'Charging stopped midway', customerPhone: '+91 98450 11111', category: 'CHARGING_FAILED', ...overrides });
  /** Sets a ticket's assignee or due date the one way they change: their actions (with the version last seen). */
  const act = async (id: number, action: 'assign-to' | 'due-date', body: Row) => {
    const { version } = (await call(env.t, 'GET', `/ticket-service/my-ticket/${id}`, { authKey: admin.authKey })).body as Row;
    const res = await call(env.t, 'POST', `/ticket-service/admin/ticket/${id}/${action}`, { authKey: admin.authKey, body: { ...body, version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  };
  /** A new customer support ticket, then assigned (and given a due date) through the actions. */
  const createSupportTicket = async ({ assignee, dueDate, ...overrides }: Row) => {
    const created = await call(env.t, 'POST', '/ticket-service/customer-support', { authKey: admin.authKey, body: supportTicket(overrides) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (assignee !== undefined) await act(created.body.id, 'assign-to', { assignee });
    if (dueDate !== undefined) await act(created.body.id, 'due-date', { dueDate });
    return created;
  };

  beforeAll(async () => {
    admin = await env.signInAs('9000000001');
    nobody = await env.signInAs('9000000007');
    technician = await env.signInAs('9000000003');
  });

  it('seeds every kind, mostly closed, with open tickets assigned to the Super Admin', async () => {
    for (const r of kindResources) expect(await count(`kind = '${r.fixed!.kind}'`), r.name).toBeGreaterThan(0);
    const total = await count('true');
    expect(await count(`status in (${closedList})`)).toBeGreaterThan(total / 2);
    expect(await count(`assignee = '${admin.userId}' and status not in (${closedList})`)).toBeGreaterThan(3);
    expect(await count('true', 'orders')).toBeGreaterThan(0);
  });

  it('"mine" and "my open" list exactly the tickets assigned to the signed-in user', async () => {
    const mine = await list('/ticket-service/my-ticket?scope=mine&size=1000', admin.authKey);
    expect(mine.status).toBe(200);
    expect(mine.body.count).toBe(await count(`assignee = '${admin.userId}'`));
    expect(mine.body.items.every((i: Row) => i.assignee === admin.userId)).toBe(true);
    const open = await list('/ticket-service/my-ticket?scope=mineOpen&size=1000', admin.authKey);
    expect(open.body.count).toBe(await count(`assignee = '${admin.userId}' and status not in (${closedList})`));
    expect(open.body.items.every((i: Row) => i.assignee === admin.userId && !closedTicketStatuses.includes(i.status as string))).toBe(true);
    expect(open.body.count).toBeLessThan(mine.body.count);
  });

  it('"today" lists the user\'s tickets due or created today (IST, by the app clock) and nobody else\'s', async () => {
    const clockDay = (offset = 0) => new Date(env.t.clock.now().getTime() + 5.5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    const createdToday = await createSupportTicket({ assignee: admin.userId, dueDate: clockDay(5) });
    const someoneElse = await createSupportTicket({ assignee: technician.userId, dueDate: clockDay() });
    const todayIds = async () => (await list('/ticket-service/my-ticket?scope=today&size=1000', admin.authKey)).body.items.map((i: Row) => i.id);
    expect(await todayIds()).toContain(createdToday.body.id);
    expect(await todayIds()).not.toContain(someoneElse.body.id);

    // A day later it was created yesterday and is due in four days: not today's.
    env.t.clock.advance(86_400_000);
    admin = await env.signInAs('9000000001'); // the old session went idle over the day
    const dueNow = await createSupportTicket({ assignee: admin.userId, dueDate: clockDay() });
    expect(await todayIds()).not.toContain(createdToday.body.id);
    // Due today although created on another day: today's again.
    await act(createdToday.body.id, 'due-date', { dueDate: clockDay() });
    const ids = await todayIds();
    expect(ids).toContain(createdToday.body.id);
    expect(ids).toContain(dueNow.body.id);
    expect(ids).not.toContain(someoneElse.body.id);
    const day = clockDay();
    expect(ids.length).toBe(
      await count(`assignee = '${admin.userId}' and (due_date = '${day}' or (created_at at time zone 'Asia/Kolkata')::date = '${day}')`),
    );
    env.t.clock.advance(-86_400_000); // back to the day the other tests' sessions live in
  });

  it('"open" lists every kind\'s open tickets for a holder of ROLE_VIEW_ALL_TICKETS', async () => {
    const open = await list('/ticket-service/my-ticket?scope=open&size=1000', admin.authKey);
    expect(open.status).toBe(200);
    expect(open.body.count).toBe(await count(`status not in (${closedList})`));
    expect(new Set(open.body.items.map((i: Row) => i.kind)).size).toBeGreaterThan(3);
    expect(open.body.items.some((i: Row) => i.assignee !== admin.userId)).toBe(true);
  });

  it('a user with no role sees only the tickets assigned to them and no kind list', async () => {
    // Assigning needs an active staff user with a role; a ticket stays with someone whose role was removed later.
    const theirs = await createSupportTicket({ title: 'Call back the host' });
    await env.database.db.execute(sql`update tickets set assignee = ${nobody.userId} where id = ${theirs.body.id as number}`);
    const mine = await list('/ticket-service/my-ticket?scope=mine', nobody.authKey);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((i: Row) => i.id)).toEqual([theirs.body.id]);
    expect((await list('/ticket-service/my-ticket?scope=mineOpen', nobody.authKey)).body.items.map((i: Row) => i.id)).toEqual([theirs.body.id]);
    expect((await list('/ticket-service/my-ticket', nobody.authKey)).status).toBe(403);
    expect((await list('/ticket-service/my-ticket?scope=open', nobody.authKey)).status).toBe(403);
    expect((await list('/ticket-service/customer-support', nobody.authKey)).status).toBe(403);
    expect((await list('/ticket-service/site-inspection-ticket?scope=open', nobody.authKey)).status).toBe(403);
    expect((await list(`/ticket-service/my-ticket/${theirs.body.id}`, nobody.authKey)).status).toBe(200);
    const adminsTicket = (await list('/ticket-service/my-ticket?scope=mine&size=1', admin.authKey)).body.items[0];
    expect((await list(`/ticket-service/my-ticket/${adminsTicket.id}`, nobody.authKey)).status).toBe(404);
  });

  it('creates site inspection and customer support tickets from their add forms and enforces their required fields', async () => {
    const site = await call(env.t, 'POST', '/ticket-service/site-inspection-ticket', {
      authKey: admin.authKey,
      body: {
        title: 'Inspect the basement parking',
        siteName: 'Prestige Lakeside Habitat',
        address: 'Varthur Road, Whitefield, Bengaluru',
        coordinates: '12.9352, 77.7500',
        hostPhone: '98450 22222',
        mounting: 'WALL',
        protection: 'MCB_40A_2_POLE',
        powerAvailableKw: 22,
        priority: 'HIGH',
        tags: ['RESIDENTIAL_SOCIETY'],
      },
    });
    expect(site.status).toBe(201);
    expect(site.body).toMatchObject({ kind: 'SITE_INSPECTION', status: 'OPEN', hostPhone: '9845022222', coordinates: { latitude: 12.9352, longitude: 77.75 } });
    const noSite = await call(env.t, 'POST', '/ticket-service/site-inspection-ticket', { authKey: admin.authKey, body: { title: 'No site', address: 'Somewhere' } });
    expect(noSite.status).toBe(400);
    expect(noSite.body.errors.map((e: { path: string }) => e.path)).toContain('siteName');
    const statusSet = await call(env.t, 'POST', '/ticket-service/site-inspection-ticket', { authKey: admin.authKey, body: { title: 'x', siteName: 'y', address: 'z', status: 'APPROVED' } });
    expect(statusSet.status).toBe(400);

    const support = await call(env.t, 'POST', '/ticket-service/customer-support', { authKey: admin.authKey, body: supportTicket() });
    expect(support.status).toBe(201);
    expect(support.body).toMatchObject({ kind: 'CUSTOMER_SUPPORT', status: 'OPEN', priority: 'MEDIUM', customerPhone: '9845011111' });
    const byPhone = await list('/ticket-service/customer-support?q=9845011111&size=1', admin.authKey);
    expect(byPhone.body.items[0].customerPhone).toBe('9845011111');
    const noPhone = await call(env.t, 'POST', '/ticket-service/customer-support', { authKey: admin.authKey, body: { title: 'No phone', category: 'REFUND' } });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.errors.map((e: { path: string }) => e.path)).toContain('customerPhone');
    // The shared table refuses a kind's row without its required columns, whoever writes it.
    await expect(env.database.db.execute(sql`insert into tickets (kind, title) values ('SITE_INSPECTION', 'no site name')`)).rejects.toThrow();
  });

  it('per-kind lists and records never show another kind', async () => {
    for (const r of kindResources) {
      const res = await list(`${r.apiPath}?size=1000`, admin.authKey);
      expect(res.status, r.name).toBe(200);
      expect(res.body.count, r.name).toBe(await count(`kind = '${r.fixed!.kind}'`));
      expect(res.body.items.every((i: Row) => i.kind === r.fixed!.kind), r.name).toBe(true);
    }
    const site = (await list('/ticket-service/site-inspection-ticket?size=1', admin.authKey)).body.items[0];
    expect((await list(`/ticket-service/customer-support/${site.id}`, admin.authKey)).status).toBe(404);
    expect((await list(`/ticket-service/my-ticket/${site.id}`, admin.authKey)).body.kind).toBe('SITE_INSPECTION');
  });

  it('kind scopes: open, in transit, ready for installation, each behind its own permission', async () => {
    const inTransit = await list('/ticket-service/delivery-ticket?scope=inTransit&size=1000', admin.authKey);
    expect(inTransit.body.count).toBe(await count(`kind = 'DELIVERY' and status = 'IN_TRANSIT'`));
    expect(inTransit.body.items.every((i: Row) => i.status === 'IN_TRANSIT')).toBe(true);
    // The field technician sees open site inspections and ready installations, not the full lists.
    expect((await list('/ticket-service/site-inspection-ticket', technician.authKey)).status).toBe(403);
    const openSites = await list('/ticket-service/site-inspection-ticket?scope=open&size=1000', technician.authKey);
    expect(openSites.status).toBe(200);
    expect(openSites.body.items.every((i: Row) => !['APPROVED', 'REJECTED', 'CLOSED'].includes(i.status as string))).toBe(true);
    const ready = await list('/ticket-service/charger-installation?scope=ready&size=1000', technician.authKey);
    expect(ready.status).toBe(200);
    expect(ready.body.count).toBe(await count(`kind = 'INSTALLATION' and status = 'READY_FOR_INSTALLATION'`));
    expect((await list('/ticket-service/charger-installation?scope=all', technician.authKey)).status).toBe(403);
  });

  it('orders: my orders are the ones assigned to the user, open orders are not delivered or cancelled', async () => {
    const mine = await list('/lms/order?scope=mine&size=1000', admin.authKey);
    expect(mine.status).toBe(200);
    expect(mine.body.count).toBe(await count(`assignee = '${admin.userId}'`, 'orders'));
    expect(mine.body.items.every((o: Row) => o.assignee === admin.userId)).toBe(true);
    const open = await list('/lms/order?scope=open&size=1000', admin.authKey);
    expect(open.body.count).toBe(await count(`status not in ('DELIVERED', 'CANCELLED')`, 'orders'));
    expect(open.body.count).toBeGreaterThan(0);
    const first = mine.body.items[0];
    const byNumber = await list(`/lms/order?q=${first.orderNumber}`, admin.authKey);
    expect(byNumber.body.items[0].id).toBe(first.id);
    expect((await list('/lms/order?scope=mine', nobody.authKey)).status).toBe(403);
  });
});
