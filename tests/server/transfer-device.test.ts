// Transfer device: a charger moves to the host with a given number, after a preview of from and to.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { transferDevicePaths, transferDevicePreviewSchema, transferProblemTypes } from '@domain/transfer-device';
import { rowsOf } from '@server/seed/seed-sql';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;
interface Host {
  userId: string;
  mobileNumber: string;
}

describe.each(ruleDrivers)('transfer device on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let operations: string;
  let support: string;
  /** Active hosts (users with an active host record), numbers ascending. */
  let hosts: Host[];
  /** Unique ids of chargers whose host is none of `hosts` and that no other test of this file moves. */
  let chargers: { id: number; uniqueId: string; hostId: string | null }[];

  const query = async <T = Row>(q: ReturnType<typeof sql>) => rowsOf<T>(await env.database.db.execute(q));
  const hostOf = async (chargerId: number) => (await query<{ host_id: string | null }>(sql`select host_id::text as host_id from chargers where id = ${chargerId}`))[0]!.host_id;

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    operations = (await env.signInAs('9000000002')).authKey;
    support = (await env.signInAs('9000000005')).authKey;
    hosts = (
      await query<{ user_id: string; mobile_number: string }>(sql`
        select u.id::text as user_id, u.mobile_number from users u join hosts h on h.user_id = u.id
        where u.is_active and h.is_active order by u.mobile_number limit 6`)
    ).map((r) => ({ userId: r.user_id, mobileNumber: r.mobile_number }));
    expect(hosts.length).toBeGreaterThanOrEqual(4);
    chargers = (
      await query<{ id: number; unique_id: string; host_id: string | null }>(sql`
        select id::int as id, unique_id, host_id::text as host_id from chargers
        where host_id is null or host_id::text not in (${sql.join(hosts.map((h) => sql`${h.userId}`), sql`, `)})
        order by id limit 6`)
    ).map((r) => ({ id: r.id, uniqueId: r.unique_id, hostId: r.host_id }));
    expect(chargers.length).toBe(6);
  });

  it('previews and transfers a charger to the host with a number in any common form, with an audit row of from and to', async () => {
    const charger = chargers[0]!;
    const to = hosts[0]!;
    const typed = `+91 ${to.mobileNumber.slice(0, 5)}-${to.mobileNumber.slice(5)}`;
    const preview = await call(env.t, 'POST', transferDevicePaths.preview, { authKey: operations, body: { uniqueId: charger.uniqueId.toLowerCase(), phoneNumber: typed } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const shown = transferDevicePreviewSchema.parse(preview.body);
    expect(shown.charger).toMatchObject({ id: charger.id, uniqueId: charger.uniqueId });
    expect(shown.from?.userId ?? null).toBe(charger.hostId);
    expect(shown.to).toMatchObject({ userId: to.userId, mobileNumber: to.mobileNumber });
    expect(shown.to.businessName).toEqual(expect.any(String));
    // The preview writes nothing.
    expect(await hostOf(charger.id)).toBe(charger.hostId);

    const done = await call(env.t, 'POST', transferDevicePaths.transfer, {
      authKey: operations,
      body: { uniqueId: charger.uniqueId, phoneNumber: `0${to.mobileNumber}`, fromHostId: charger.hostId },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(transferDevicePreviewSchema.parse(done.body).to.userId).toBe(to.userId);
    expect(await hostOf(charger.id)).toBe(to.userId);

    // The charger's record (its page) names the new host.
    const record = await call(env.t, 'GET', `/charger-service/admin/charger/${charger.id}`, { authKey: operations });
    expect(record.status).toBe(200);
    expect(record.body.hostId).toBe(to.userId);

    const [audit] = await query(sql`select action, actor_user_id::text as actor, changes from audit_log where entity_type = 'chargers' and entity_id = ${String(charger.id)} and action = 'transfer-device'`);
    expect(audit).toMatchObject({ action: 'transfer-device', changes: { hostId: { fromUserId: charger.hostId, toUserId: to.userId } } });
    const change = (audit!.changes as { hostId: { from: string | null; to: string } }).hostId;
    expect(change.to).toBe(`${[shown.to.businessName, shown.to.name].filter(Boolean).join(', ')} (******${to.mobileNumber.slice(-4)})`);
    if (shown.from) expect(change.from).toContain(`(******${shown.from.mobileNumber.slice(-4)})`);
    else expect(change.from).toBeNull();
    expect(audit!.actor).toEqual(expect.any(String));
  });

  it('refuses callers without ROLE_TRANSFER_DEVICE (403) and writes nothing', async () => {
    const charger = chargers[1]!;
    const body = { uniqueId: charger.uniqueId, phoneNumber: hosts[1]!.mobileNumber };
    const preview = await call(env.t, 'POST', transferDevicePaths.preview, { authKey: support, body });
    expect(preview.status).toBe(403);
    expect(preview.contentType).toContain('application/problem+json');
    const transfer = await call(env.t, 'POST', transferDevicePaths.transfer, { authKey: support, body: { ...body, fromHostId: charger.hostId } });
    expect(transfer.status).toBe(403);
    expect((await call(env.t, 'POST', transferDevicePaths.transfer, { body: { ...body, fromHostId: charger.hostId } })).status).toBe(401);
    expect(await hostOf(charger.id)).toBe(charger.hostId);
  });

  it('answers bad input with 400 problem+json and field paths, never 500', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['uniqueId', 'phoneNumber']],
      [{ uniqueId: '', phoneNumber: '12345' }, ['uniqueId', 'phoneNumber']],
      [{ uniqueId: 'CZ 000001', phoneNumber: '9876543210' }, ['uniqueId']],
      [{ uniqueId: 'CZ000001', phoneNumber: 9876543210 }, ['phoneNumber']],
      [{ uniqueId: 'CZ000001', phoneNumber: '9876543210', extra: 1 }, ['extra']],
    ];
    for (const [body, paths] of cases) {
      const preview = await call(env.t, 'POST', transferDevicePaths.preview, { authKey: admin, body });
      expect(preview.status, JSON.stringify(body)).toBe(400);
      expect(preview.contentType).toContain('application/problem+json');
      expect(preview.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([...paths].sort());
    }
    const noFrom = await call(env.t, 'POST', transferDevicePaths.transfer, { authKey: admin, body: { uniqueId: 'CZ000001', phoneNumber: '9876543210' } });
    expect(noFrom.status).toBe(400);
    expect(noFrom.body.errors).toEqual([expect.objectContaining({ path: 'fromHostId' })]);
    const badFrom = await call(env.t, 'POST', transferDevicePaths.transfer, { authKey: admin, body: { uniqueId: 'CZ000001', phoneNumber: '9876543210', fromHostId: 'nobody' } });
    expect(badFrom.status).toBe(400);
    expect(badFrom.body.errors).toEqual([expect.objectContaining({ path: 'fromHostId' })]);
    const malformed = await call(env.t, 'POST', transferDevicePaths.preview, { authKey: admin, rawBody: '{"uniqueId":' });
    expect(malformed.status).toBe(400);
  });

  it('refuses an unknown charger, a number with no host, an inactive host and the host that already has it', async () => {
    const charger = chargers[2]!;
    const unknown = await call(env.t, 'POST', transferDevicePaths.preview, { authKey: admin, body: { uniqueId: 'CZ999999', phoneNumber: hosts[2]!.mobileNumber } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ type: transferProblemTypes.unknownCharger, errors: [{ path: 'uniqueId', message: 'No charger has the unique id CZ999999' }] });

    // A staff member's number is a user but no host.
    const noHost = await call(env.t, 'POST', transferDevicePaths.preview, { authKey: admin, body: { uniqueId: charger.uniqueId, phoneNumber: '9000000006' } });
    expect(noHost.status).toBe(404);
    expect(noHost.body).toMatchObject({ type: transferProblemTypes.unknownHost, errors: [{ path: 'phoneNumber', message: 'No host has the number +91 90000 00006' }] });
    const nobody = await call(env.t, 'POST', transferDevicePaths.transfer, { authKey: admin, body: { uniqueId: charger.uniqueId, phoneNumber: '6999999999', fromHostId: charger.hostId } });
    expect(nobody.status).toBe(404);
    expect(nobody.body.errors[0].path).toBe('phoneNumber');

    const [inactive] = await query<{ mobile_number: string }>(sql`select u.mobile_number from users u join hosts h on h.user_id = u.id where not h.is_active order by u.mobile_number limit 1`);
    if (inactive) {
      const refused = await call(env.t, 'POST', transferDevicePaths.preview, { authKey: admin, body: { uniqueId: charger.uniqueId, phoneNumber: inactive.mobile_number } });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ type: transferProblemTypes.inactiveHost, errors: [{ path: 'phoneNumber' }] });
    }

    // Move it to a host, then ask to move it to the same host again.
    const to = hosts[2]!;
    expect((await call(env.t, 'POST', transferDevicePaths.transfer, { authKey: admin, body: { uniqueId: charger.uniqueId, phoneNumber: to.mobileNumber, fromHostId: charger.hostId } })).status).toBe(200);
    const audits = async () => (await query<{ n: number }>(sql`select count(*)::int as n from audit_log where entity_type = 'chargers' and entity_id = ${String(charger.id)}`))[0]!.n;
    const before = await audits();
    const same = await call(env.t, 'POST', transferDevicePaths.preview, { authKey: admin, body: { uniqueId: charger.uniqueId, phoneNumber: to.mobileNumber } });
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ type: transferProblemTypes.sameHost, errors: [{ path: 'phoneNumber', message: `${charger.uniqueId} already belongs to ${same.body.errors[0].message.split(' already belongs to ')[1]}` }] });
    const again = await call(env.t, 'POST', transferDevicePaths.transfer, { authKey: admin, body: { uniqueId: charger.uniqueId, phoneNumber: to.mobileNumber, fromHostId: to.userId } });
    expect(again.status).toBe(409);
    expect(again.body.type).toBe(transferProblemTypes.sameHost);
    expect(await audits()).toBe(before);
    expect(await hostOf(charger.id)).toBe(to.userId);
  });

  it('refuses a transfer against a stale "from" (409 on fromHostId), and of two at once exactly one applies', async () => {
    const charger = chargers[3]!;
    // Stale: the preview showed another host.
    const stale = await call(env.t, 'POST', transferDevicePaths.transfer, { authKey: admin, body: { uniqueId: charger.uniqueId, phoneNumber: hosts[3]!.mobileNumber, fromHostId: hosts[4]!.userId } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ type: transferProblemTypes.hostChanged, errors: [{ path: 'fromHostId' }] });
    expect(await hostOf(charger.id)).toBe(charger.hostId);

    for (const [round, target] of [[0, chargers[4]!], [1, chargers[5]!]] as const) {
      const [a, b] = round === 0 ? [hosts[3]!, hosts[4]!] : [hosts[5]!, hosts[3]!];
      const answers = await Promise.all(
        [a, b].map((to) =>
          call(env.t, 'POST', transferDevicePaths.transfer, { authKey: admin, body: { uniqueId: target.uniqueId, phoneNumber: to.mobileNumber, fromHostId: target.hostId } }),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(answers.map((r) => r.body))).toEqual([200, 409]);
      const loser = answers.find((r) => r.status === 409)!;
      expect(loser.body.type).toBe(transferProblemTypes.hostChanged);
      const winner = answers.find((r) => r.status === 200)!;
      expect(await hostOf(target.id)).toBe(winner.body.to.userId);
      const [{ n }] = (await query<{ n: number }>(sql`select count(*)::int as n from audit_log where entity_type = 'chargers' and entity_id = ${String(target.id)} and action = 'transfer-device'`)) as [{ n: number }];
      expect(n).toBe(1);
    }
  });

  it('keeps the host out of the generic charger update (owned by Transfer device)', async () => {
    const charger = chargers[1]!;
    const put = await call(env.t, 'PUT', `/charger-service/admin/charger/${charger.id}`, { authKey: admin, body: { hostId: hosts[0]!.userId } });
    expect(put.status).toBe(400);
    expect(put.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'hostId' })]));
    expect(await hostOf(charger.id)).toBe(charger.hostId);
  });
});
