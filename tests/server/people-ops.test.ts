// People and hardware operations: host support requests moved through their machine, a hardware unit's status
// (INSTALLED only through the charger actions), Map to host, and the audit configuration taking effect. On PGlite
// and, with TEST_DATABASE_URL, PostgreSQL.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidateAuditConfigurations } from '@server/audit/audit-config-cache';
import { deleteExpiredAuditRows } from '@server/jobs/housekeeping';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

const adminId = demoStaffUserId('9000000001');
type Row = Record<string, unknown>;

describe.each(ruleDrivers)('people, access and chargers on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let support: string;
  let readOnly: string;
  let technician: string;

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    support = (await env.signInAs('9000000005')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
    technician = (await env.signInAs('9000000003')).authKey;
  });

  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const audit = (entityType: string, id: unknown) =>
    q(sql`select action, actor_user_id, from_state, to_state, event, reason, changes from audit_log where entity_type = ${entityType} and entity_id = ${String(id)} order by seq`);
  const get = async (path: string) => (await call(env.t, 'GET', path, { authKey: admin })).body as Row;
  const post = (path: string, body: Row, authKey = admin) => call(env.t, 'POST', path, { authKey, body });
  const put = (path: string, body: Row, authKey = admin) => call(env.t, 'PUT', path, { authKey, body });

  describe('host support requests', () => {
    const base = '/user-service/host-support';
    let open: number[];
    beforeAll(async () => {
      // Three fresh requests of one host (the small test seed may hold few open ones).
      open = (
        await q(sql`
          insert into host_support_requests (host_id, subject, status, priority, created_at, updated_at)
          select host.id, 'Test request ' || n, 'OPEN', 'MEDIUM', now(), now()
          from (select id from hosts order by id limit 1) host, generate_series(1, 3) n
          returning id`)
      ).map((r) => Number(r.id));
      expect(open).toHaveLength(3);
    });

    it('walks OPEN → IN_PROGRESS → RESOLVED → IN_PROGRESS → RESOLVED → CLOSED, each step audited, the note kept', async () => {
      const id = open[0]!;
      const path = `${base}/${id}/transition`;
      const started = await post(path, { type: 'START', version: 0 }, support);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body).toMatchObject({ status: 'IN_PROGRESS', version: 1 });
      const resolved = await post(path, { type: 'RESOLVE', resolution: 'Replaced the earnings app cache', version: 1 }, support);
      expect(resolved.status).toBe(200);
      expect(resolved.body).toMatchObject({ status: 'RESOLVED', resolution: 'Replaced the earnings app cache', version: 2 });
      expect((await post(path, { type: 'REOPEN', reason: 'Host says it is back', version: 2 })).body).toMatchObject({ status: 'IN_PROGRESS', version: 3 });
      expect((await post(path, { type: 'RESOLVE', resolution: 'Reinstalled the app', version: 3 })).status).toBe(200);
      const closed = await post(path, { type: 'CLOSE', reason: 'Host confirmed', version: 4 });
      expect(closed.body).toMatchObject({ status: 'CLOSED', resolution: 'Reinstalled the app', version: 5 });
      const rows = await audit('host-support-requests', id);
      expect(rows.map((r) => [r.from_state, r.event, r.to_state, r.reason])).toEqual([
        ['OPEN', 'START', 'IN_PROGRESS', null],
        ['IN_PROGRESS', 'RESOLVE', 'RESOLVED', 'Replaced the earnings app cache'],
        ['RESOLVED', 'REOPEN', 'IN_PROGRESS', 'Host says it is back'],
        ['IN_PROGRESS', 'RESOLVE', 'RESOLVED', 'Reinstalled the app'],
        ['RESOLVED', 'CLOSE', 'CLOSED', 'Host confirmed'],
      ]);
      expect(rows.map((r) => r.actor_user_id)).toEqual([demoStaffUserId('9000000005'), demoStaffUserId('9000000005'), adminId, adminId, adminId]);
      // Closed is final: no event, no edit.
      expect((await post(path, { type: 'REOPEN', reason: 'Again', version: 5 })).status).toBe(409);
      expect((await put(`${base}/${id}`, { description: 'Late note', version: 5 })).status).toBe(409);
    });

    it('closes an open request with a reason; refuses 403, 400 by field, 409 out of state or stale, and a PUT of the status or note', async () => {
      const [, id, other] = open;
      const path = `${base}/${id}/transition`;
      const refused = await post(path, { type: 'START', version: 0 }, readOnly);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/ROLE_UPDATE_HOST_SUPPORT/);
      const noReason = await post(path, { type: 'CLOSE', version: 0 });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'reason' })]));
      const notYet = await post(path, { type: 'RESOLVE', resolution: 'Done', version: 0 });
      expect(notYet.status).toBe(409);
      expect(notYet.body).toMatchObject({ currentState: 'OPEN', acceptedEvents: ['START', 'CLOSE'] });
      expect((await post(path, { type: 'START', version: 4 })).status).toBe(409);
      for (const body of [{ status: 'RESOLVED', version: 0 }, { resolution: 'Sneaked in', version: 0 }]) {
        const sneaky = await put(`${base}/${id}`, body);
        expect(sneaky.status, JSON.stringify(body)).toBe(400);
        expect(sneaky.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: Object.keys(body)[0] })]));
      }
      expect(await get(`${base}/${id}`)).toMatchObject({ status: 'OPEN', version: 0, resolution: null });
      expect(await audit('host-support-requests', id)).toEqual([]);
      // An edit of the request itself is an EDIT event: allowed while open, moving the version on.
      const edited = await put(`${base}/${id}`, { priority: 'URGENT', version: 0 });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const closed = await post(path, { type: 'CLOSE', reason: 'Duplicate of an earlier request', version: 1 });
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({ status: 'CLOSED', version: 2 });
      // A new request starts OPEN and cannot be created in another state.
      const [host] = await q(sql`select host_id from host_support_requests where id = ${other}`);
      const withStatus = await post(base, { hostId: host!.host_id, subject: 'Socket cover broken', status: 'CLOSED' });
      expect(withStatus.status).toBe(400);
      const created = await post(base, { hostId: host!.host_id, subject: 'Socket cover broken' }, support);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ status: 'OPEN', version: 0 });
    });
  });
  describe('a hardware unit’s status', () => {
    const unit = async (serial: string, hardwareType: string, status = 'IN_STOCK') => {
      const [row] = await q(sql`insert into hardware (serial_number, hardware_type, status) values (${`PO-${driver}-${serial}`}, ${hardwareType}, ${status}) returning id::int as id`);
      return Number(row!.id);
    };
    const statusOf = async (id: number) => (await q(sql`select status from hardware where id = ${id}`))[0]!.status;

    it('enters and leaves INSTALLED only through Replace hardware: the generic add and edit refuse it by field', async () => {
      const [charger] = await q(sql`select id::int as id, charger_type from chargers where hardware_id is null order by id limit 1`);
      const type = String(charger!.charger_type);
      const stock = await unit('S-1', type);
      const intoInstalled = await put(`/ccu/hardware/${stock}`, { status: 'INSTALLED' });
      expect(intoInstalled.status).toBe(400);
      expect(intoInstalled.body.errors).toEqual([{ path: 'status', message: 'Installed is set only by Replace hardware on a charger’s page.' }]);
      const created = await post('/ccu/hardware', { serialNumber: `PO-${driver}-NEW`, hardwareType: type, status: 'INSTALLED' });
      expect(created.status).toBe(400);
      expect(created.body.errors).toEqual([expect.objectContaining({ path: 'status' })]);
      // The other statuses move freely.
      expect((await put(`/ccu/hardware/${stock}`, { status: 'IN_TRANSIT' })).status).toBe(200);
      expect((await put(`/ccu/hardware/${stock}`, { status: 'IN_STOCK' })).status).toBe(200);

      // Installed through Replace hardware: then the edit may not take it out, but may change the rest.
      const installed = await post('/charger-service/admin/charger/replace-hardware', { id: charger!.id, hardwareId: stock, oldUnitStatus: 'IN_STOCK', reason: 'First unit' });
      expect(installed.status, JSON.stringify(installed.body)).toBe(200);
      expect(await statusOf(stock)).toBe('INSTALLED');
      const out = await put(`/ccu/hardware/${stock}`, { status: 'IN_STOCK' });
      expect(out.status).toBe(400);
      expect(out.body.errors).toEqual([{ path: 'status', message: 'It is Installed: only Replace hardware on a charger’s page moves it out of that.' }]);
      expect(await statusOf(stock)).toBe('INSTALLED');
      const same = await put(`/ccu/hardware/${stock}`, { status: 'INSTALLED', deviceId: 'DEV-PO-1' });
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(same.body).toMatchObject({ status: 'INSTALLED', deviceId: 'DEV-PO-1' });
      // Replace hardware takes it out again.
      const next = await unit('S-2', type);
      expect((await post('/charger-service/admin/charger/replace-hardware', { id: charger!.id, hardwareId: next, oldUnitStatus: 'UNDER_REPAIR', reason: 'Faulty' })).status).toBe(200);
      expect([await statusOf(stock), await statusOf(next)]).toEqual(['UNDER_REPAIR', 'INSTALLED']);
    });
  });

  describe('Map to host', () => {
    const path = '/charger-service/admin/charger/host-mapping';
    let operations: string;
    let charger: Row;
    let hostA: string;
    let hostB: string;
    beforeAll(async () => {
      operations = (await env.signInAs('9000000002')).authKey;
      charger = (await q(sql`select id::int as id, unique_id, host_id::text as host_id from chargers order by id limit 1`))[0]!;
      const hosts = await q(sql`select h.user_id::text as user_id from hosts h join users u on u.id = h.user_id where h.is_active and u.is_active and h.user_id is distinct from ${charger.host_id}::uuid order by h.id limit 2`);
      [hostA, hostB] = hosts.map((h) => String(h.user_id)) as [string, string];
    });
    const hostOf = async () => (await q(sql`select host_id::text as host_id from chargers where id = ${charger.id}`))[0]!.host_id;

    it('maps a charger to a host and clears it, with a reason, each audited like Transfer device', async () => {
      const mapped = await post(path, { id: charger.id, hostId: hostA, reason: 'Signed the host agreement' }, operations);
      expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
      expect(mapped.body).toMatchObject({ id: charger.id, hostId: hostA });
      const moved = await post(path, { id: charger.id, hostId: hostB, reason: 'Premises sold' }, operations);
      expect(moved.body).toMatchObject({ hostId: hostB });
      const cleared = await post(path, { id: charger.id, hostId: null, reason: 'Host left the network' }, operations);
      expect(cleared.status).toBe(200);
      expect(cleared.body.hostId).toBeNull();
      const rows = (await audit('chargers', charger.id)).filter((r) => r.action === 'host-mapping');
      expect(rows.map((r) => [r.reason, (r.changes as { hostId: Row }).hostId.fromUserId, (r.changes as { hostId: Row }).hostId.toUserId])).toEqual([
        ['Signed the host agreement', charger.host_id, hostA],
        ['Premises sold', hostA, hostB],
        ['Host left the network', hostB, null],
      ]);
      // The history shows hosts in words with the number masked, as Transfer device writes them.
      expect((rows[1]!.changes as { hostId: { to: string } }).hostId.to).toMatch(/\(\*{6}\d{4}\)$/);
    });

    it('refuses without the permission (403), bad input (400), an unknown or non-host user (404), the same host (409), and the generic PUT', async () => {
      const before = await hostOf();
      const refused = await post(path, { id: charger.id, hostId: hostA, reason: 'Try' }, support);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toContain('ROLE_UPDATE_HOST_MAPPING');
      for (const body of [{ id: charger.id, hostId: hostA }, { id: charger.id, hostId: 'not-a-uuid', reason: 'Reason' }, { id: charger.id, hostId: hostA, reason: 'Reason', extra: 1 }]) {
        const bad = await post(path, body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
      }
      const [notHost] = await q(sql`select u.id::text as id from users u left join hosts h on h.user_id = u.id where h.id is null order by u.id limit 1`);
      const unknown = await post(path, { id: charger.id, hostId: notHost!.id, reason: 'Wrong user' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'hostId' })]);
      expect((await post(path, { id: 987654321, hostId: hostA, reason: 'Nobody' })).status).toBe(404);
      const same = await post(path, { id: charger.id, hostId: before, reason: 'Again' });
      expect(same.status).toBe(409);
      expect(same.body.errors).toEqual([expect.objectContaining({ path: 'hostId' })]);
      const generic = await put(`/charger-service/admin/charger/${charger.id}`, { hostId: hostA });
      expect(generic.status).toBe(400);
      expect(await hostOf()).toBe(before);
    });
  });
  describe('audit configuration', () => {
    const configPath = '/upload-service/audit-config';
    let configId: number;
    let hostId: unknown;
    const count = async (entityType: string, id: unknown) => (await audit(entityType, id)).length;
    beforeAll(async () => {
      // The configurations are cached per process, not per database: start from this database's.
      invalidateAuditConfigurations();
      configId = Number((await q(sql`select id from audit_configurations where entity_type = 'host-support-requests'`))[0]!.id);
      hostId = (await q(sql`select id from hosts order by id limit 1`))[0]!.id;
    });

    it('audits only the listed actions of a configured type; an inactive configuration audits everything', async () => {
      const narrowed = await put(`${configPath}/${configId}`, { auditedActions: ['TRANSITION'] });
      expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
      // The configuration's own change is always audited.
      expect(await count('audit-configurations', configId)).toBe(1);
      const created = await post('/user-service/host-support', { hostId, subject: 'Meter reading wrong' });
      expect(created.status).toBe(201);
      const id = created.body.id;
      expect((await put(`/user-service/host-support/${id}`, { priority: 'HIGH', version: 0 })).status).toBe(200);
      expect(await audit('host-support-requests', id)).toEqual([]);
      expect((await post(`/user-service/host-support/${id}/transition`, { type: 'START', version: 1 })).status).toBe(200);
      expect((await audit('host-support-requests', id)).map((r) => r.event)).toEqual(['START']);

      const off = await call(env.t, 'PATCH', `${configPath}/${configId}/activate-inactivate`, { authKey: admin, body: { active: false } });
      expect(off.status).toBe(200);
      expect((await put(`/user-service/host-support/${id}`, { priority: 'LOW', version: 2 })).status).toBe(200);
      expect((await audit('host-support-requests', id)).map((r) => r.action)).toEqual(['transition', 'update']);
      expect((await call(env.t, 'PATCH', `${configPath}/${configId}/activate-inactivate`, { authKey: admin, body: { active: true } })).status).toBe(200);
      expect((await put(`${configPath}/${configId}`, { auditedActions: ['CREATE', 'UPDATE', 'ACTIVATE', 'INACTIVATE', 'TRANSITION'] })).status).toBe(200);
    });

    it('keeps the allow-listed actions audited whatever the configuration says', async () => {
      const [charger] = await q(sql`select id::int as id from chargers order by id desc limit 1`);
      const [config] = await q(sql`select id, audited_actions from audit_configurations where entity_type = 'chargers'`);
      expect((await put(`${configPath}/${config!.id}`, { auditedActions: ['CREATE'] })).status).toBe(200);
      const before = await count('chargers', charger!.id);
      expect((await post('/charger-service/admin/charger/always-on', { id: charger!.id, alwaysOn: true, reason: 'Hospital site' })).status).toBe(200);
      expect(await count('chargers', charger!.id)).toBe(before);
      const [host] = await q(sql`select h.user_id::text as id from hosts h join users u on u.id = h.user_id join chargers c on true where c.id = ${charger!.id} and h.is_active and u.is_active and h.user_id is distinct from c.host_id order by h.id limit 1`);
      expect((await post('/charger-service/admin/charger/host-mapping', { id: charger!.id, hostId: host!.id, reason: 'New agreement' })).status).toBe(200);
      expect((await audit('chargers', charger!.id)).slice(before).map((r) => r.action)).toEqual(['host-mapping']);
      expect((await put(`${configPath}/${config!.id}`, { auditedActions: config!.audited_actions })).status).toBe(200);
    });

    it('retention deletes only the configured type’s rows older than its retention, never the always-audited ones', async () => {
      expect((await put(`${configPath}/${configId}`, { retentionDays: 30 })).status).toBe(200);
      const day = 24 * 60 * 60 * 1000;
      const at = (days: number) => new Date(Date.now() - days * day).toISOString();
      const insert = async (entityType: string, action: string, days: number) =>
        (await q(sql`insert into audit_log (entity_type, entity_id, action, created_at) values (${entityType}, 'retention-test', ${action}, ${at(days)}::timestamptz) returning id`))[0]!.id;
      const old = await insert('host-support-requests', 'update', 40);
      const recent = await insert('host-support-requests', 'update', 10);
      const otherType = await insert('ocpp-command-batch', 'create', 4000);
      const money = await insert('settlements', 'transition', 4000);
      const security = await insert('host-support-requests', 'sign-in', 40);
      const deleted = await deleteExpiredAuditRows(env.database.db, new Date());
      expect(deleted['host-support-requests']).toBeGreaterThanOrEqual(1);
      const left = (await q(sql`select id from audit_log where entity_id = 'retention-test'`)).map((r) => r.id);
      expect(left.sort()).toEqual([recent, otherType, money, security].sort());
      expect(left).not.toContain(old);
    });
  });
  describe('referral codes', () => {
    const user = async () => (await q(sql`select id::text as id, name, referral_code from users where referral_code is not null and mobile_number not like '90000000%' order by id limit 1`))[0]!;

    it('lists the users holding a code under Referral Codes, for staff with the referral codes permission only', async () => {
      const listed = await call(env.t, 'GET', '/user-service/user?scope=referral&size=50', { authKey: support });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(listed.body.items.length).toBeGreaterThan(0);
      expect(listed.body.items.every((u: { referralCode: string | null }) => typeof u.referralCode === 'string' && u.referralCode.length > 0)).toBe(true);
      expect((await call(env.t, 'GET', '/user-service/user?scope=referral', { authKey: technician })).status).toBe(403);
    });

    it('gives a user a new code from their first name, then disables it, each audited with the reason', async () => {
      const u = await user();
      const made = await post('/user-service/referral/code', { id: u.id, reason: 'Old code shared on a coupon site' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const code = String(made.body.referralCode);
      expect(code).toMatch(/^[A-Z]{1,6}\d{6}$/);
      expect(code).not.toBe(u.referral_code);
      // All Users finds the user by the new code.
      const found = await call(env.t, 'GET', `/user-service/user?q=${code}`, { authKey: admin });
      expect(found.body.items.map((r: Row) => r.id)).toContain(u.id);
      const off = await post('/user-service/referral/code/disable', { id: u.id, reason: 'Abuse reported' });
      expect(off.status).toBe(200);
      expect(off.body.referralCode).toBeNull();
      expect((await audit('users', u.id)).map((r) => [r.action, r.reason, r.changes])).toEqual([
        ['referral-code', 'Old code shared on a coupon site', { referralCode: { from: u.referral_code, to: code } }],
        ['disable-referral-code', 'Abuse reported', { referralCode: { from: code, to: null } }],
      ]);
      const again = await post('/user-service/referral/code/disable', { id: u.id, reason: 'Abuse reported' });
      expect(again.status).toBe(409);
    });

    it('refuses without the permission (403), without a reason (400), an unknown user (404), and the generic PUT', async () => {
      const u = await user();
      const refused = await post('/user-service/referral/code', { id: u.id, reason: 'Try' }, support);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toContain('ROLE_CREATE_REFERRAL_CODE');
      const noReason = await post('/user-service/referral/code', { id: u.id });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual([expect.objectContaining({ path: 'reason' })]);
      expect((await post('/user-service/referral/code', { id: '00000000-0000-4000-8000-000000000000', reason: 'Nobody' })).status).toBe(404);
      const generic = await put(`/user-service/user/${u.id}`, { referralCode: 'HACKED123456', version: 0 });
      expect(generic.status).toBe(400);
      expect((await q(sql`select referral_code from users where id = ${u.id}::uuid`))[0]!.referral_code).toBe(u.referral_code);
    });
  });
});
