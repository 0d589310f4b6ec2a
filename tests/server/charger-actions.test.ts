// Charger actions: Update QR code, Always-on, Protected network and Replace hardware. Each
// needs its own permission, validates its body (400 with field paths), answers 404 for an unknown charger and 409
// for a state conflict, and writes an audit row with the change; two replacements taking one unit at once cannot
// both win; the generic charger update refuses the fields these actions own.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

const BASE = '/charger-service';
const adminId = demoStaffUserId('9000000001');
type Row = Record<string, unknown>;

describe.each(ruleDrivers)('charger actions on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let operations: string;
  let support: string;
  // Two chargers of one type, and a third of another type.
  let chargers: { id: number; unique_id: string; charger_type: string }[];
  let otherType: { id: number; unique_id: string; charger_type: string };
  const tag = driver === 'pglite' ? 'PG' : 'PQ';

  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const audit = (id: number, action: string) =>
    q(sql`select action, actor_user_id, reason, changes from audit_log where entity_type = 'chargers' and entity_id = ${String(id)} and action = ${action} order by seq`);
  const post = (path: string, body: Row, authKey = admin) => call(env.t, 'POST', `${BASE}/${path}`, { authKey, body });
  /** A new hardware unit of that type and status; answers its id. */
  const unit = async (serial: string, hardwareType: string, status = 'IN_STOCK') => {
    const [row] = await q(sql`insert into hardware (serial_number, hardware_type, status) values (${`${tag}-${serial}`}, ${hardwareType}, ${status}) returning id::int as id`);
    return Number(row!.id);
  };
  const status = async (id: number) => (await q(sql`select status from hardware where id = ${id}`))[0]!.status;

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    operations = (await env.signInAs('9000000002')).authKey;
    support = (await env.signInAs('9000000005')).authKey;
    const rows = rowsOf<{ id: number; unique_id: string; charger_type: string }>(
      await env.database.db.execute(sql`select id::int as id, unique_id, charger_type from chargers where charger_type = 'OCPP_16_JSON_CHARGER' order by id limit 2`),
    );
    expect(rows).toHaveLength(2);
    chargers = rows;
    const [other] = rowsOf<{ id: number; unique_id: string; charger_type: string }>(
      await env.database.db.execute(sql`select id::int as id, unique_id, charger_type from chargers where charger_type <> 'OCPP_16_JSON_CHARGER' order by id limit 1`),
    );
    otherType = other!;
  });

  it('updates a QR code (audited, old and new value); a code on another charger is a 409 naming it', async () => {
    const [a, b] = [chargers[0]!, chargers[1]!];
    const code = `${tag}-QR-0001`;
    const done = await post('qr-code', { id: a.id, qrCodeValue: `  ${code} ` }, operations);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ id: a.id, qrCodeValue: code });
    expect(await audit(a.id, 'update-qr-code')).toEqual([
      expect.objectContaining({ actor_user_id: demoStaffUserId('9000000002'), changes: { qrCodeValue: { from: null, to: code } } }),
    ]);
    const taken = await post('qr-code', { id: b.id, qrCodeValue: code });
    expect(taken.status).toBe(409);
    expect(taken.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(taken.body.detail).toContain(`is on charger ${a.unique_id}`);
    expect(taken.body.errors).toEqual([{ path: 'qrCodeValue', message: `On charger ${a.unique_id}` }]);
    const same = await post('qr-code', { id: a.id, qrCodeValue: code });
    expect(same.status).toBe(409);
    expect((await q(sql`select qr_code_value from chargers where id = ${b.id}`))[0]!.qr_code_value).toBeNull();
  });

  it('puts a charger in a user group and takes it out, with a reason, audited; refuses the same group, an inactive or unknown group, no permission and the generic PUT', async () => {
    const c = otherType;
    const [group, inactive] = await q(sql`select id::int as id, name, is_active from user_groups order by id limit 2`);
    expect(group).toBeDefined();
    await env.database.db.execute(sql`update user_groups set is_active = false where id = ${inactive!.id}`);
    await env.database.db.execute(sql`update user_groups set is_active = true where id = ${group!.id}`);
    await env.database.db.execute(sql`update chargers set group_id = null where id = ${c.id}`);
    const put = await post('group', { id: c.id, groupId: group!.id, reason: 'Fleet depot chargers' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ id: c.id, groupId: group!.id });
    expect(put.body._labels.groupId).toBe(group!.name);
    const again = await post('group', { id: c.id, groupId: group!.id, reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ path: 'groupId', message: 'In this group already' }]);
    const toInactive = await post('group', { id: c.id, groupId: inactive!.id, reason: 'r' });
    expect(toInactive.status).toBe(409);
    expect(toInactive.body.errors).toEqual([{ path: 'groupId', message: 'Inactive group' }]);
    expect((await post('group', { id: c.id, groupId: 987654321, reason: 'r' })).status).toBe(404);
    expect((await post('group', { id: c.id, groupId: group!.id, reason: ' ' })).status).toBe(400);
    expect((await post('group', { id: c.id, groupId: group!.id, reason: 'r' }, support)).status).toBe(403);
    const generic = await call(env.t, 'PUT', `${BASE}/admin/charger/${c.id}`, { authKey: admin, body: { groupId: inactive!.id } });
    expect(generic.status).toBe(400);
    expect(generic.body.errors).toContainEqual({ path: 'groupId', message: 'Unknown field' });
    const cleared = await post('group', { id: c.id, reason: 'Back to public use' });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.groupId).toBeNull();
    expect(await audit(c.id, 'group')).toEqual([
      { action: 'group', actor_user_id: adminId, reason: 'Fleet depot chargers', changes: { groupId: { from: null, to: group!.id } } },
      { action: 'group', actor_user_id: adminId, reason: 'Back to public use', changes: { groupId: { from: group!.id, to: null } } },
    ]);
    await env.database.db.execute(sql`update user_groups set is_active = true where id = ${inactive!.id}`);
  });

  it('turns always-on and protected network on and off with a reason, audited; the same value again is a 409', async () => {
    const c = chargers[0]!;
    const on = await post('admin/charger/always-on', { id: c.id, alwaysOn: true, reason: 'Fleet depot runs all night' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ alwaysOn: true, protectedNetwork: false });
    expect(await audit(c.id, 'always-on')).toEqual([
      { action: 'always-on', actor_user_id: adminId, reason: 'Fleet depot runs all night', changes: { alwaysOn: { from: false, to: true } } },
    ]);
    const again = await post('admin/charger/always-on', { id: c.id, alwaysOn: true, reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ path: 'alwaysOn', message: 'Already on' }]);
    const prot = await post('admin/charger/protected-network', { id: c.id, protectedNetwork: true, reason: 'Site on the customer VPN' }, operations);
    expect(prot.status).toBe(200);
    expect(prot.body).toMatchObject({ alwaysOn: true, protectedNetwork: true });
    const off = await post('admin/charger/protected-network', { id: c.id, protectedNetwork: false, reason: 'VPN removed' });
    expect(off.status).toBe(200);
    expect(off.body.protectedNetwork).toBe(false);
    // The test clock may stand still: compare the audit rows regardless of their order.
    expect((await audit(c.id, 'protected-network')).map((r) => [r.reason, (r.changes as Row).protectedNetwork]).sort()).toEqual([
      ['Site on the customer VPN', { from: false, to: true }],
      ['VPN removed', { from: true, to: false }],
    ]);
  });

  it('refuses each action without its permission (403), changing nothing', async () => {
    const c = chargers[1]!;
    const cases: [string, Row, string][] = [
      ['qr-code', { id: c.id, qrCodeValue: `${tag}-QR-0403` }, 'ROLE_UPDATE_QR_CODE'],
      ['admin/charger/always-on', { id: c.id, alwaysOn: true, reason: 'x' }, 'ROLE_UPDATE_ALWAYS_ON'],
      ['admin/charger/protected-network', { id: c.id, protectedNetwork: true, reason: 'x' }, 'ROLE_UPDATE_PROTECTED_NETWORK'],
      ['admin/charger/replace-hardware', { id: c.id, hardwareId: 1, oldUnitStatus: 'IN_STOCK', reason: 'x' }, 'ROLE_REPLACE_HARDWARE'],
    ];
    for (const [path, body, permission] of cases) {
      const refused = await post(path, body, support);
      expect(refused.status, path).toBe(403);
      expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(refused.body.detail).toContain(permission);
    }
    expect(await q(sql`select qr_code_value, always_on, protected_network, hardware_id from chargers where id = ${c.id}`)).toEqual([
      { qr_code_value: null, always_on: false, protected_network: false, hardware_id: null },
    ]);
  });

  it('answers bad input with 400 and field paths (NUL bytes and huge strings too), and an unknown charger or unit with 404', async () => {
    const c = chargers[1]!;
    for (const qrCodeValue of ['ABC12', 'QR CODE 1', 'QR_CODE_1', 'A'.repeat(65), 'QR\u0000CODE1', 'x'.repeat(100_000), '   ']) {
      const bad = await post('qr-code', { id: c.id, qrCodeValue });
      expect(bad.status, qrCodeValue.slice(0, 20)).toBe(400);
      expect(bad.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'qrCodeValue' })]);
    }
    expect((await post('qr-code', { id: c.id, qrCodeValue: 'ABC12' })).body.errors[0].message).toBe('Use 6 to 64 letters, digits or hyphens (e.g. CZ-QR-000123)');
    const noReason = await post('admin/charger/always-on', { id: c.id, alwaysOn: true, reason: ' ' });
    expect(noReason.body.errors).toEqual([expect.objectContaining({ path: 'reason' })]);
    const nulReason = await post('admin/charger/protected-network', { id: c.id, protectedNetwork: true, reason: 'a\u0000b' });
    expect(nulReason.status).toBe(400);
    expect(nulReason.body.errors).toEqual([expect.objectContaining({ path: 'reason' })]);
    const notBool = await post('admin/charger/always-on', { id: c.id, alwaysOn: 'yes', reason: 'r' });
    expect(notBool.body.errors).toEqual([expect.objectContaining({ path: 'alwaysOn' })]);
    const extra = await post('admin/charger/always-on', { id: c.id, alwaysOn: true, reason: 'r', hostId: adminId });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual([expect.objectContaining({ path: 'hostId' })]);
    const badStatus = await post('admin/charger/replace-hardware', { id: c.id, hardwareId: 1, oldUnitStatus: 'SCRAPPED', reason: 'r' });
    expect(badStatus.body.errors).toEqual([expect.objectContaining({ path: 'oldUnitStatus' })]);
    expect((await post('admin/charger/replace-hardware', { id: c.id, oldUnitStatus: 'IN_STOCK', reason: 'r' })).body.errors).toEqual([expect.objectContaining({ path: 'hardwareId' })]);
    const unknown = await post('admin/charger/always-on', { id: 987654321, alwaysOn: true, reason: 'r' });
    expect(unknown.status).toBe(404);
    expect((await post('qr-code', { id: 987654321, qrCodeValue: `${tag}-QR-0404` })).status).toBe(404);
    const noUnit = await post('admin/charger/replace-hardware', { id: c.id, hardwareId: 987654321, oldUnitStatus: 'IN_STOCK', reason: 'r' });
    expect(noUnit.status).toBe(404);
    expect(noUnit.body.detail).toBe('No hardware unit has this id.');
    expect(await q(sql`select always_on, protected_network, hardware_id from chargers where id = ${c.id}`)).toEqual([{ always_on: false, protected_network: false, hardware_id: null }]);
  });

  it('replaces hardware: the new unit installed, the old one back to stock or to repair, a history row and an audit row', async () => {
    const c = chargers[0]!;
    const first = await unit('R-001', c.charger_type);
    const second = await unit('R-002', c.charger_type);
    const put = await post('admin/charger/replace-hardware', { id: c.id, hardwareId: first, oldUnitStatus: 'IN_STOCK', reason: 'First unit' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.hardwareId).toBe(first);
    expect(await status(first)).toBe('INSTALLED');
    const swap = await post('admin/charger/replace-hardware', { id: c.id, hardwareId: second, oldUnitStatus: 'UNDER_REPAIR', reason: 'Display dead' }, operations);
    expect(swap.status, JSON.stringify(swap.body)).toBe(200);
    expect(swap.body.hardwareId).toBe(second);
    expect([await status(first), await status(second)]).toEqual(['UNDER_REPAIR', 'INSTALLED']);
    const history = await call(env.t, 'GET', `${BASE}/hardware-replacement?chargerId=${c.id}`, { authKey: operations });
    expect(history.status).toBe(200);
    expect(history.body.items.map((r: Row) => [r.fromHardwareId, r.toHardwareId, r.oldUnitStatus, r.reason]).sort()).toEqual([
      [first, second, 'UNDER_REPAIR', 'Display dead'],
      [null, first, null, 'First unit'],
    ].sort());
    expect((await audit(c.id, 'replace-hardware')).find((r) => r.reason === 'Display dead')).toEqual({
      action: 'replace-hardware',
      actor_user_id: demoStaffUserId('9000000002'),
      reason: 'Display dead',
      changes: { hardwareId: { from: first, to: second }, oldUnitStatus: { from: 'INSTALLED', to: 'UNDER_REPAIR' } },
    });
  });

  it('refuses a unit that is installed, not in stock or of another type (409), changing nothing', async () => {
    const [a, b] = [chargers[0]!, chargers[1]!];
    const [installed] = await q(sql`select hardware_id::int as id from chargers where id = ${a.id}`);
    const inTransit = await unit('R-003', b.charger_type, 'IN_TRANSIT');
    const wrongType = await unit('R-004', otherType.charger_type);
    const here = await post('admin/charger/replace-hardware', { id: a.id, hardwareId: installed!.id, oldUnitStatus: 'IN_STOCK', reason: 'r' });
    expect(here.status).toBe(409);
    expect(here.body.errors).toEqual([{ path: 'hardwareId', message: 'Already in this charger' }]);
    const elsewhere = await post('admin/charger/replace-hardware', { id: b.id, hardwareId: installed!.id, oldUnitStatus: 'IN_STOCK', reason: 'r' });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.detail).toContain(`installed in charger ${a.unique_id}`);
    const transit = await post('admin/charger/replace-hardware', { id: b.id, hardwareId: inTransit, oldUnitStatus: 'IN_STOCK', reason: 'r' });
    expect(transit.status).toBe(409);
    expect(transit.body.errors).toEqual([{ path: 'hardwareId', message: 'Not in stock' }]);
    const other = await post('admin/charger/replace-hardware', { id: b.id, hardwareId: wrongType, oldUnitStatus: 'IN_STOCK', reason: 'r' });
    expect(other.status).toBe(409);
    expect(other.body.errors).toEqual([{ path: 'hardwareId', message: 'Another type of unit' }]);
    expect(await q(sql`select hardware_id from chargers where id = ${b.id}`)).toEqual([{ hardware_id: null }]);
    expect([await status(inTransit), await status(wrongType)]).toEqual(['IN_TRANSIT', 'IN_STOCK']);
  });

  it('lets exactly one of two concurrent replacements taking the same unit win', async () => {
    const [a, b] = [chargers[0]!, chargers[1]!];
    const contested = await unit('R-005', a.charger_type);
    const results = await Promise.all(
      [a, b].map((c) => post('admin/charger/replace-hardware', { id: c.id, hardwareId: contested, oldUnitStatus: 'IN_STOCK', reason: 'Race' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const holders = await q(sql`select id::int as id from chargers where hardware_id = ${contested}`);
    expect(holders).toHaveLength(1);
    expect(await q(sql`select count(*)::int as n from charger_hardware_replacements where to_hardware_id = ${contested}`)).toEqual([{ n: 1 }]);
    expect(await status(contested)).toBe('INSTALLED');
  });

  it('refuses the owned fields in the generic charger update (400 Unknown field), changing nothing', async () => {
    const c = chargers[1]!;
    for (const body of [{ qrCodeValue: `${tag}-QR-0999` }, { alwaysOn: true }, { protectedNetwork: true }, { hardwareId: 1 }]) {
      const refused = await call(env.t, 'PUT', `${BASE}/admin/charger/${c.id}`, { authKey: admin, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors).toContainEqual({ path: Object.keys(body)[0], message: 'Unknown field' });
    }
    expect(await q(sql`select qr_code_value, always_on, protected_network from chargers where id = ${c.id}`)).toEqual([{ qr_code_value: null, always_on: false, protected_network: false }]);
  });
});
