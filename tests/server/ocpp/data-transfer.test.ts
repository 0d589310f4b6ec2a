// DataTransfer to chargers: sent through the one command route to a simulated charger over a real socket, its answer
// (status and data) in the command record, one or many chargers with a result each, the batch's audit row; its own
// permission besides sending commands; bad input refused with nothing written. And the simulator's TriggerMessage:
// every 1.6 target answered with the real message.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { SIMULATOR_VENDOR_ID } from '@tools/ocpp-simulator/data-transfer';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { ruleDrivers } from '../support/test-database';

describe.each(ruleDrivers)('DataTransfer to chargers on %s', (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let admin: string;
  let operations: string;
  let chargerId: number;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const send = (authKey: string, payload: unknown, chargerIds = [chargerId]) =>
    call(t, 'POST', '/ccu/charger-command', { authKey, body: { chargerIds, command: { action: 'DataTransfer', payload }, wait: true } });
  const records = async () => (await q<{ n: number }>(sql`select count(*)::int as n from ocpp_commands where action = 'DataTransfer'`))[0]!.n;

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, chargerId } = live);
    admin = (await signIn(t, '9000000001')).authKey;
    // Operations keeps ROLE_EXECUTE_COMMAND without ROLE_DATA_TRANSFER: sending commands is not this right.
    await database.db.execute(sql`update roles set permissions = array_remove(permissions, 'ROLE_DATA_TRANSFER') where name = 'Operations'`);
    operations = (await signIn(t, '9000000002')).authKey;
    await until(() => q<{ connected_node: string | null }>(sql`select connected_node from ocpp_charge_points where charger_id = ${chargerId}`), (r) => r[0]?.connected_node != null);
  }, 300_000);
  afterAll(() => live.close());

  it('sends the vendor data and keeps the charger’s answer, with its data, in the record and the audit', async () => {
    const sent = await send(admin, { vendorId: SIMULATOR_VENDOR_ID, messageId: 'Echo', data: '{"display":"Welcome"}' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.items[0]).toMatchObject({ action: 'DataTransfer', status: 'accepted', payload: { vendorId: SIMULATOR_VENDOR_ID, messageId: 'Echo', data: '{"display":"Welcome"}' }, response: { status: 'Accepted', data: '{"display":"Welcome"}' } });
    const [audit] = await q<{ action: string; actor_user_id: string | null }>(
      sql`select action, actor_user_id from audit_log where entity_type = 'ocpp-command-batch' and entity_id = ${sent.body.batchId}`,
    );
    expect(audit).toMatchObject({ action: 'DataTransfer' });
    expect(audit!.actor_user_id).not.toBeNull();
    // The charger's frame carried exactly what staff gave.
    // (The log of frames sent is written in batches: the row may land just after the answer.)
    await vi.waitFor(
      async () => {
        const [frame] = await q<{ payload: unknown }>(sql`select payload from ocpp_messages where charger_id = ${chargerId} and direction = 'OUT' and action = 'DataTransfer' order by id desc limit 1`);
        expect(frame?.payload).toEqual({ vendorId: SIMULATOR_VENDOR_ID, messageId: 'Echo', data: '{"display":"Welcome"}' });
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('records each refusal of the charger as rejected with its answer', async () => {
    const unknownVendor = await send(admin, { vendorId: 'Another Vendor', data: 'x' });
    expect(unknownVendor.body.items[0]).toMatchObject({ status: 'rejected', response: { status: 'UnknownVendorId' } });
    const unknownMessage = await send(admin, { vendorId: SIMULATOR_VENDOR_ID, messageId: 'NoSuchMessage' });
    expect(unknownMessage.body.items[0]).toMatchObject({ status: 'rejected', response: { status: 'UnknownMessageId' } });
    const rejected = await send(admin, { vendorId: SIMULATOR_VENDOR_ID, messageId: 'Refuse' });
    expect(rejected.body.items[0]).toMatchObject({ status: 'rejected', response: { status: 'Rejected' } });
  });

  it('goes to many chargers at once, each with its own result', async () => {
    const sent = await send(admin, { vendorId: SIMULATOR_VENDOR_ID, data: 'batch' }, [chargerId, live.offlineCharger.id]);
    expect(sent.status).toBe(200);
    const byCharger = new Map((sent.body.items as { chargerId: number; status: string; response: unknown }[]).map((i) => [i.chargerId, i]));
    expect(byCharger.get(chargerId)).toMatchObject({ status: 'accepted', response: { status: 'Accepted', data: 'batch' } });
    expect(byCharger.get(live.offlineCharger.id)).toMatchObject({ status: 'offline' });
    const batch = await call(t, 'GET', `/ccu/charger-command?batchId=${sent.body.batchId}&size=10`, { authKey: admin });
    expect(batch.body.count).toBe(2);
  });

  it('needs ROLE_DATA_TRANSFER besides sending commands, and refuses bad input, writing nothing', async () => {
    const before = await records();
    const forbidden = await send(operations, { vendorId: SIMULATOR_VENDOR_ID, data: 'x' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('content-type')).toContain('application/problem+json');
    // The same staff member still sends the other commands.
    expect((await call(t, 'POST', '/ccu/charger-command', { authKey: operations, body: { chargerIds: [chargerId], command: { action: 'ClearCache', payload: {} }, wait: true } })).status).toBe(200);
    for (const payload of [
      { vendorId: 'v'.repeat(256) },
      { vendorId: '' },
      { vendorId: '   ' },
      { vendorId: SIMULATOR_VENDOR_ID, messageId: 'm'.repeat(51) },
      { vendorId: SIMULATOR_VENDOR_ID, data: 'd'.repeat(4_001) },
      { vendorId: SIMULATOR_VENDOR_ID, data: 12 },
      { vendorId: SIMULATOR_VENDOR_ID, extra: true },
      {},
    ]) {
      const refused = await send(admin, payload);
      expect(refused.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
    }
    expect(await records()).toBe(before);
  });

  it('has the simulator answer every TriggerMessage target with the message itself', async () => {
    const trigger = (requestedMessage: string, connectorId?: number) =>
      call(t, 'POST', '/ccu/charger-command', { authKey: admin, body: { chargerIds: [chargerId], command: { action: 'TriggerMessage', payload: { requestedMessage, ...(connectorId ? { connectorId } : {}) } }, wait: true } });
    const lastIn = async (action: string) => (await q<{ id: number; payload: Record<string, unknown> }>(sql`select id, payload from ocpp_messages where charger_id = ${chargerId} and direction = 'IN' and message_type = 'CALL' and action = ${action} order by id desc limit 1`))[0];
    for (const [message, expected] of [
      ['BootNotification', (p: Record<string, unknown>) => typeof p.chargePointVendor === 'string'],
      ['Heartbeat', () => true],
      ['StatusNotification', (p: Record<string, unknown>) => p.connectorId === 2],
      ['MeterValues', (p: Record<string, unknown>) => p.connectorId === 2 && JSON.stringify(p.meterValue).includes('"Trigger"')],
      ['DiagnosticsStatusNotification', (p: Record<string, unknown>) => p.status === 'Idle'],
      ['FirmwareStatusNotification', (p: Record<string, unknown>) => p.status === 'Idle'],
    ] as const) {
      const before = (await lastIn(message))?.id ?? 0;
      const answer = await trigger(message, message === 'StatusNotification' || message === 'MeterValues' ? 2 : undefined);
      expect(answer.body.items[0], message).toMatchObject({ status: 'accepted', response: { status: 'Accepted' } });
      // The message logs in batches: waited for, generously on a busy machine.
      const taken = await until(() => lastIn(message), (m) => m !== undefined && m.id > before && expected(m.payload), 20_000);
      expect(taken && taken.id > before && expected(taken.payload), message).toBe(true);
    }
  });
});
