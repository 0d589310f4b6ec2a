// Leads and CPOs: Change lead level (lms `lead/level`, `utilization-lead/level`, a record action with
// ROLE_UPDATE_LEAD_LEVEL), and CPO access requests, CPO leads, location bank sites and opportunity leads moved
// through their machines (`POST …/:id/transition` with the caller's version): success with its audit row, 403
// without the permission, 400 for bad input, 409 where the state or the level does not allow it and for a stale
// version, and the generic PUT refusing the owned field.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

const adminId = demoStaffUserId('9000000001');
type Row = Record<string, unknown>;

describe.each(ruleDrivers)('leads and CPO actions on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let readOnly: string;

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
  });

  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  /** Ids of seeded rows of `table` in `status`, oldest first. */
  const idsIn = async (table: string, column: string, value: string, extra = sql`true`) =>
    (await q(sql`select id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value} and ${extra} order by id limit 6`)).map((r) => Number(r.id));
  const audit = (entityType: string, id: unknown) =>
    q(sql`select action, actor_user_id, from_state, to_state, event, reason, changes from audit_log where entity_type = ${entityType} and entity_id = ${String(id)} order by seq`);
  const get = async (path: string) => (await call(env.t, 'GET', path, { authKey: admin })).body as Row;
  const send = (path: string, body: Row, authKey = admin) => call(env.t, 'POST', `${path}/transition`, { authKey, body });

  describe('CPO access requests', () => {
    const base = '/cpo-service/cpo-access-request';
    let pending: number[];
    beforeAll(async () => {
      // Three fresh requests from one operator's staff (the demo seed keeps only the recent ones pending).
      pending = (
        await q(sql`
          insert into cpo_access_requests (charge_point_operator_id, requester_name, requester_phone, status, created_at, updated_at)
          select operator.id, 'Test requester ' || n, '70000000' || lpad(n::text, 2, '0'), 'PENDING', now(), now()
          from (select id from charge_point_operators order by name limit 1) operator, generate_series(1, 3) n
          returning id`)
      ).map((r) => Number(r.id));
      expect(pending).toHaveLength(3);
    });

    it('approves a pending request and rejects another with a reason, each with its audit row', async () => {
      const [a, b] = pending;
      const approved = await send(`${base}/${a}`, { type: 'APPROVE', version: 0 });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body).toMatchObject({ id: a, status: 'APPROVED', version: 1 });
      expect(await audit('cpo-access-requests', a)).toEqual([
        expect.objectContaining({ action: 'transition', actor_user_id: adminId, from_state: 'PENDING', to_state: 'APPROVED', event: 'APPROVE', reason: null }),
      ]);
      const rejected = await send(`${base}/${b}`, { type: 'REJECT', reason: 'Not on the operator’s staff list', version: 0 });
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({ status: 'REJECTED', version: 1 });
      expect(await audit('cpo-access-requests', b)).toEqual([expect.objectContaining({ event: 'REJECT', to_state: 'REJECTED', reason: 'Not on the operator’s staff list' })]);
      // A decided request is final: neither outcome is accepted again.
      const again = await send(`${base}/${a}`, { type: 'REJECT', reason: 'Changed my mind', version: 1 });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ currentState: 'APPROVED', acceptedEvents: [] });
      expect(await get(`${base}/${a}`)).toMatchObject({ status: 'APPROVED', version: 1 });
    });

    it('refuses without the permission (403), bad input (400) and a stale version (409), changing nothing', async () => {
      const id = pending[2]!;
      const refused = await send(`${base}/${id}`, { type: 'APPROVE', version: 0 }, readOnly);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/ROLE_APPROVE_CPO_ACCESS_REQUEST/);
      const noReason = await send(`${base}/${id}`, { type: 'REJECT', reason: ' ', version: 0 });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'reason' })]));
      expect((await send(`${base}/${id}`, { type: 'APPROVE' })).status).toBe(400);
      expect((await send(`${base}/${id}`, { type: 'ONBOARD', version: 0 })).status).toBe(400);
      const stale = await send(`${base}/${id}`, { type: 'APPROVE', version: 3 });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ currentState: 'PENDING', acceptedEvents: ['APPROVE', 'REJECT'] });
      expect(await get(`${base}/${id}`)).toMatchObject({ status: 'PENDING', version: 0 });
      expect(await audit('cpo-access-requests', id)).toEqual([]);
      // The list stays read-only: there is no generic edit to change the status by.
      expect((await call(env.t, 'PUT', `${base}/${id}`, { authKey: admin, body: { status: 'APPROVED', version: 0 } })).status).not.toBe(200);
      expect(await get(`${base}/${id}`)).toMatchObject({ status: 'PENDING' });
    });
  });

  describe('Change lead level', () => {
    let inbound: number[];
    let converted: number;
    let utilization: number;
    beforeAll(async () => {
      inbound = await idsIn('leads', 'lead_type', 'INBOUND', sql`lead_level in ('COLD', 'WARM')`);
      converted = (await idsIn('leads', 'lead_level', 'CONVERTED'))[0]!;
      utilization = (await idsIn('leads', 'lead_type', 'UTILIZATION', sql`lead_level in ('COLD', 'WARM')`))[0]!;
      expect(inbound.length).toBeGreaterThanOrEqual(2);
      expect(converted).toBeDefined();
      expect(utilization).toBeDefined();
    });
    const level = (body: Row, authKey = admin, path = '/lms/lead/level') => call(env.t, 'POST', path, { authKey, body });

    it('changes a lead’s level with an audit row of the old and new level, on all leads and on utilization leads', async () => {
      const id = inbound[0]!;
      const from = (await get(`/lms/lead/${id}`)).leadLevel;
      const changed = await level({ id, leadLevel: 'HOT' });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body).toMatchObject({ id, leadLevel: 'HOT' });
      expect(await audit('leads', id)).toEqual([expect.objectContaining({ action: 'change-level', actor_user_id: adminId, changes: { leadLevel: { from, to: 'HOT' } } })]);
      const util = await level({ id: utilization, leadLevel: 'LOST' }, admin, '/lms/utilization-lead/level');
      expect(util.status, JSON.stringify(util.body)).toBe(200);
      expect(util.body).toMatchObject({ leadLevel: 'LOST' });
      expect(await audit('utilization-leads', utilization)).toHaveLength(1);
      // An inbound lead is not a utilization lead: that route does not find it.
      expect((await level({ id: inbound[1]!, leadLevel: 'HOT' }, admin, '/lms/utilization-lead/level')).status).toBe(404);
    });

    it('refuses without the permission (403), bad input and the same level (400), a converted lead (409), and the generic PUT', async () => {
      const id = inbound[1]!;
      const before = await get(`/lms/lead/${id}`);
      const refused = await level({ id, leadLevel: 'HOT' }, readOnly);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/ROLE_UPDATE_LEAD_LEVEL/);
      for (const body of [{ id, leadLevel: 'SCORCHING' }, { id }, { id, leadLevel: 'HOT', owner: null }]) {
        const bad = await level(body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.headers.get('content-type')).toMatch(/application\/problem\+json/);
      }
      const same = await level({ id, leadLevel: before.leadLevel });
      expect(same.status).toBe(400);
      expect(same.body.errors).toEqual([expect.objectContaining({ path: 'leadLevel' })]);
      const done = await level({ id: converted, leadLevel: 'WARM' });
      expect(done.status).toBe(409);
      expect(done.body.detail).toMatch(/converted/);
      expect(await get(`/lms/lead/${converted}`)).toMatchObject({ leadLevel: 'CONVERTED' });
      const put = await call(env.t, 'PUT', `/lms/lead/${id}`, { authKey: admin, body: { leadLevel: 'HOT' } });
      expect(put.status).toBe(400);
      expect(put.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'leadLevel' })]));
      expect(await get(`/lms/lead/${id}`)).toMatchObject({ leadLevel: before.leadLevel });
      expect(await audit('leads', id)).toEqual([]);
      // The other follow-up fields still change through the generic edit.
      expect((await call(env.t, 'PUT', `/lms/lead/${id}`, { authKey: admin, body: { notes: 'Call back on Monday' } })).status).toBe(200);
    });
  });

  describe('CPO leads, location bank sites and opportunity leads', () => {
    const cases = [
      { name: 'CPO lead', base: '/cpo-service/cpo-lead', table: 'cpo_leads', entity: 'cpo-leads', from: 'NEW', event: 'CONTACT', to: 'CONTACTED', refused: 'ONBOARD', ending: 'MARK_LOST', permission: 'ROLE_UPDATE_CPO_LEAD_STATUS' },
      { name: 'location bank site', base: '/cpo-service/location-bank', table: 'location_banks', entity: 'location-banks', from: 'IDENTIFIED', event: 'RECORD_SITE_VISIT', to: 'SITE_VISIT_DONE', refused: 'ALLOCATE', ending: 'REJECT', permission: 'ROLE_UPDATE_LOCATION_BANK' },
      { name: 'opportunity lead', base: '/sc-service/opportunity-lead', table: 'opportunity_leads', entity: 'opportunity-leads', from: 'NEW', event: 'CONTACT', to: 'CONTACTED', refused: 'MARK_INVESTED', ending: 'MARK_NOT_INTERESTED', permission: 'ROLE_UPDATE_SUSTAIN_CAPITAL_LEADS' },
    ] as const;

    it.each(cases)('$name: moves along its machine with an audit row; refuses 403, 400, 409 and a PUT of its status', async (c) => {
      const [id] = await idsIn(c.table, 'status', c.from);
      expect(id, `a seeded ${c.name} in ${c.from}`).toBeDefined();
      const path = `${c.base}/${id}`;
      const moved = await send(path, { type: c.event, version: 0 });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body).toMatchObject({ status: c.to, version: 1 });
      expect(await audit(c.entity, id)).toEqual([expect.objectContaining({ action: 'transition', actor_user_id: adminId, from_state: c.from, to_state: c.to, event: c.event })]);

      const refused = await send(path, { type: c.event, version: 1 }, readOnly);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toContain(c.permission);
      const noReason = await send(path, { type: c.ending, version: 1 });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'reason' })]));
      const notNow = await send(path, { type: c.refused, version: 1 });
      expect(notNow.status).toBe(409);
      expect(notNow.body).toMatchObject({ currentState: c.to });
      expect(notNow.body.acceptedEvents).toContain(c.ending);
      const stale = await send(path, { type: c.ending, reason: 'No longer interested', version: 0 });
      expect(stale.status).toBe(409);
      const put = await call(env.t, 'PUT', path, { authKey: admin, body: { status: c.to === 'CONTACTED' ? 'NEW' : c.from, version: 1 } });
      expect(put.status).toBe(400);
      expect(put.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'status' })]));
      expect(await get(path)).toMatchObject({ status: c.to, version: 1 });
      expect(await audit(c.entity, id)).toHaveLength(1);

      // The ending, with its reason: final, so the generic edit is refused afterwards.
      const ended = await send(path, { type: c.ending, reason: 'No longer interested', version: 1 });
      expect(ended.status).toBe(200);
      const edit = await call(env.t, 'PUT', path, { authKey: admin, body: { ...(c.entity === 'location-banks' ? { ownerName: 'Ravi Kumar' } : { notes: 'Too late' }), version: 2 } });
      expect(edit.status).toBe(409);
    });

    it('creates a location bank site as IDENTIFIED and refuses a status on create', async () => {
      const [city] = await q(sql`select id from cities order by name limit 1`);
      const body = { name: `Test site ${driver}`, address: '12 MG Road, Bengaluru', cityId: city!.id, coordinates: '12.9716,77.5946' };
      const withStatus = await call(env.t, 'POST', '/cpo-service/location-bank', { authKey: admin, body: { ...body, status: 'APPROVED' } });
      expect(withStatus.status).toBe(400);
      const created = await call(env.t, 'POST', '/cpo-service/location-bank', { authKey: admin, body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ status: 'IDENTIFIED', version: 0 });
    });
  });
});
