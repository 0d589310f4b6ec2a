// A command to many chargers at once: a charger that does not speak OCPP is refused on its own record, with why, and
// holds back none of the others; a send where none speaks OCPP is refused whole. The batch's records name their
// chargers, and the latest batches are listed with their counts.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/db/rows';
import { testDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp, type SharedTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;
const query = async (env: SharedTestApp, q: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(q));

describe.each(testDrivers)('commands to many chargers (%s)', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let ocpp: Row[];
  let other: Row[];

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    ocpp = await query(env, sql`select id, unique_id, charger_box_id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' order by id limit 2`);
    other = await query(env, sql`select id, unique_id from chargers where charger_type <> 'OCPP_16_JSON_CHARGER' order by id limit 2`);
    expect(ocpp).toHaveLength(2);
    expect(other).toHaveLength(2);
  });

  const send = (chargerIds: unknown[]) => call(env.t, 'POST', '/ccu/charger-command', { authKey: admin, body: { chargerIds: chargerIds.map(Number), command: { action: 'ClearCache', payload: {} } } });

  it('refuses a charger that does not speak OCPP on its own record and sends to the others; the batch lists them by name', async () => {
    const sent = await send([ocpp[0]!.id, other[0]!.id, ocpp[1]!.id]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const byCharger = new Map((sent.body.items as Row[]).map((item) => [Number(item.chargerId), item]));
    expect(byCharger.size).toBe(3);
    // No charger is connected here: the OCPP ones are refused as offline, the other as not OCPP, each with its words.
    expect(byCharger.get(Number(ocpp[0]!.id))).toMatchObject({ status: 'offline', error: expect.stringMatching(/offline/), chargerUniqueId: ocpp[0]!.unique_id, chargeBoxId: ocpp[0]!.charger_box_id });
    expect(byCharger.get(Number(other[0]!.id))).toMatchObject({ status: 'failed', error: expect.stringMatching(/not an OCPP charger.*Nothing was sent/), chargerUniqueId: other[0]!.unique_id });
    const stored = await query(env, sql`select status, answered_at is not null as answered from ocpp_commands where batch_id = ${String(sent.body.batchId)}::uuid order by status`);
    expect(stored).toEqual([
      { status: 'failed', answered: true },
      { status: 'offline', answered: true },
      { status: 'offline', answered: true },
    ]);

    const listed = await call(env.t, 'GET', `/ccu/charger-command?batchId=${String(sent.body.batchId)}&size=100`, { authKey: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBe(3);
    expect((listed.body.items as Row[]).map((item) => item.chargerUniqueId).sort()).toEqual([ocpp[0]!.unique_id, ocpp[1]!.unique_id, other[0]!.unique_id].sort());

    const batches = await call(env.t, 'GET', '/ccu/charger-command/batches', { authKey: admin });
    expect(batches.status).toBe(200);
    expect((batches.body.items as Row[]).find((b) => b.batchId === sent.body.batchId)).toMatchObject({ action: 'ClearCache', chargers: 3, accepted: 0, pending: 0, requestedByName: expect.any(String) });
  });

  it('refuses a send where no charger speaks OCPP (409, nothing written), naming the charger when there is one', async () => {
    const count = async () => Number((await query(env, sql`select count(*)::int as n from ocpp_commands`))[0]!.n);
    const before = await count();
    const one = await send([other[0]!.id]);
    expect(one.status).toBe(409);
    expect(one.body).toMatchObject({ type: '/problems/not-an-ocpp-charger', detail: expect.stringContaining(String(other[0]!.unique_id)) });
    const two = await send([other[0]!.id, other[1]!.id]);
    expect(two.status).toBe(409);
    expect(two.body.detail).toMatch(/None of these 2 chargers speaks OCPP/);
    expect(await count()).toBe(before);
  });

  it('lists the latest batches only to staff who may send commands', async () => {
    const noRole = (await env.signInAs('9000000007')).authKey;
    const refused = await call(env.t, 'GET', '/ccu/charger-command/batches', { authKey: noRole });
    expect(refused.status).toBe(403);
    const bad = await call(env.t, 'GET', '/ccu/charger-command/batches?size=500', { authKey: admin });
    expect(bad.status).toBe(400);
  });
});
