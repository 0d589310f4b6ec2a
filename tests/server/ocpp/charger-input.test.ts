// What a charger sends that it cannot mean, tried from outside over real sockets on both drivers: a connector it does
// not have, a reading out of range, a frame too large, an error that would echo a frame back. Each is answered with
// the OCPP 1.6 CALLERROR that fits and stores nothing, and never fails another charger's message written in the same
// batch; a write that fails all the same fails its own charger's message only, and is logged without its statement.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import ocpp from 'ocpp-rpc';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '@server/app-deps';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { createInProcessBus, type NotificationBus } from '@server/live/notification-bus';
import { createCentralSystem, type CentralSystem } from '@server/ocpp/central-system';
import { MAX_ENERGY_REGISTER_WH } from '@server/ocpp/ocpp-checks';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { until } from '../support/live-charger';
import { createTestDatabase, testDrivers } from '../support/test-database';

const { RPCClient } = ocpp as unknown as {
  RPCClient: new (options: Record<string, unknown>) => { connect(): Promise<unknown>; sendRaw(frame: string): void; on(event: 'close', cb: (event: { code: number }) => void): void };
};

/** The frame limit of this file's central system (the default is 64 KiB; a smaller one keeps the frames small). */
const MAX_FRAME = 16_384;

/** What a call to the central system ended with: its result, or the CALLERROR's code and description. */
async function outcome(call: Promise<unknown>): Promise<{ ok: true; result: unknown } | { ok: false; code: string; message: string }> {
  try {
    return { ok: true, result: await call };
  } catch (error) {
    const e = error as { rpcErrorCode?: string; message?: string };
    return { ok: false, code: e.rpcErrorCode ?? 'none', message: e.message ?? '' };
  }
}

describe.each(testDrivers)('charger input the central system refuses, on %s', (driver) => {
  let database: OpenDatabase;
  let bus: NotificationBus;
  let central: CentralSystem;
  let server: ReturnType<typeof serve>;
  let wsUrl: string;
  const warnings: string[] = [];
  const logger: Logger = { info: () => {}, warn: (line: unknown) => void warnings.push(String(line)), error: (line: unknown) => void warnings.push(String(line)) };
  /** Four single-connector chargers, connected. */
  let boxes: { id: number; box: string }[];
  const sims: SimulatedCharger[] = [];
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const now = () => new Date().toISOString();
  const status = (connectorId: number, value = 'Available') => ({ connectorId, status: value, errorCode: 'NoError', timestamp: now() });
  const energy = (connectorId: number, value: string, extra: Record<string, unknown> = {}) => ({
    connectorId,
    meterValue: [{ timestamp: now(), sampledValue: [{ value, measurand: 'Energy.Active.Import.Register', unit: 'Wh', ...extra }] }],
  });
  const meterRows = async (chargerId: number) => Number((await q<{ n: number }>(sql`select count(*)::int as n from ocpp_meter_values where charger_id = ${chargerId}`))[0]!.n);
  const connectorsOf = async (chargerId: number) => (await q<{ connector_id: number; status: string }>(sql`select connector_id, status from ocpp_connectors where charger_id = ${chargerId} order by connector_id`)).map((r) => [r.connector_id, r.status]);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    bus = createInProcessBus();
    central = createCentralSystem({ db: database.db, bus, logger, callTimeoutMs: 5_000, maxFrameBytes: MAX_FRAME });
    server = await new Promise((resolve) => {
      const s = serve({ fetch: () => new Response('not here', { status: 404 }), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    server.on('upgrade', (req, socket, head) => central.handleUpgrade(req, socket, head));
    wsUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ocpp`;
    boxes = (
      await q<{ id: number; charger_box_id: string }>(
        sql`select id, charger_box_id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null and jsonb_array_length(sockets) = 1 order by id limit 4`,
      )
    ).map((r) => ({ id: Number(r.id), box: r.charger_box_id }));
    expect(boxes).toHaveLength(4);
    for (const b of boxes) {
      const sim = new SimulatedCharger({ url: wsUrl, identity: b.box, password: DEV_CHARGER_PASSWORD, backoff: { initialDelay: 100, maxDelay: 300 }, callTimeoutMs: 5_000 });
      sims.push(sim);
      await sim.start();
    }
    // Booted, and the connectors' first statuses written.
    for (const b of boxes) await until(() => connectorsOf(b.id), (rows) => rows.length === 2);
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await central.close();
    await new Promise<void>((r) => server.close(() => r()));
    await bus.close();
    await database.close();
  });

  it("never lets one charger's connector 99999999999 fail the other chargers' statuses and meter values written in the same batch", async () => {
    const [bad, ...good] = sims;
    for (const [round, value] of ['Preparing', 'Unavailable', 'Available'].entries()) {
      const answers = await Promise.all([outcome(bad!.call('StatusNotification', status(99_999_999_999, value))), ...good.map((s) => outcome(s.call('StatusNotification', status(1, value))))]);
      expect(answers[0], `round ${round}`).toMatchObject({ ok: false, code: 'PropertyConstraintViolation' });
      expect(answers.slice(1), `round ${round}`).toEqual([{ ok: true, result: {} }, { ok: true, result: {} }, { ok: true, result: {} }]);
      for (const b of boxes.slice(1)) expect(await connectorsOf(b.id)).toEqual([[0, 'Available'], [1, value]]);
    }
    const before = await Promise.all(boxes.map((b) => meterRows(b.id)));
    for (const reading of [energy(99_999_999_999, '1000'), energy(1, '-1e20')]) {
      const answers = await Promise.all([outcome(bad!.call('MeterValues', reading)), ...good.map((s) => outcome(s.call('MeterValues', energy(1, '123456'))))]);
      expect(answers[0]).toMatchObject({ ok: false, code: 'PropertyConstraintViolation' });
      expect(answers.slice(1).every((a) => a.ok)).toBe(true);
    }
    expect(await Promise.all(boxes.map((b) => meterRows(b.id)))).toEqual([before[0], before[1]! + 2, before[2]! + 2, before[3]! + 2]);
    expect(await connectorsOf(boxes[0]!.id)).toEqual([[0, 'Available'], [1, 'Available']]);
    expect(warnings.filter((w) => /write-failed|handler-failed/.test(w))).toEqual([]);
  });

  it('refuses a connector the charger does not have (PropertyConstraintViolation) and stores nothing; 0 and its own connector are taken', async () => {
    const sim = sims[1]!;
    const id = boxes[1]!.id;
    for (const connectorId of [-5, 2, 2_147_483_647, 99_999_999_999]) {
      expect(await outcome(sim.call('StatusNotification', status(connectorId, 'Unavailable'))), `connector ${connectorId}`).toMatchObject({ ok: false, code: 'PropertyConstraintViolation', message: expect.stringContaining('is not a connector of this charger') });
      expect(await outcome(sim.call('MeterValues', energy(connectorId, '1000'))), `meter values on connector ${connectorId}`).toMatchObject({ ok: false, code: 'PropertyConstraintViolation' });
    }
    expect(await connectorsOf(id)).toEqual([[0, 'Available'], [1, 'Available']]);
    expect(await outcome(sim.call('StatusNotification', status(0, 'Unavailable')))).toEqual({ ok: true, result: {} });
    expect(await outcome(sim.call('StatusNotification', status(1, 'Unavailable')))).toEqual({ ok: true, result: {} });
    expect(await connectorsOf(id)).toEqual([[0, 'Unavailable'], [1, 'Unavailable']]);

    // A transaction is on a connector of 1 or more, its meter start a register reading.
    const transactions = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from charger_transactions where charger_id = ${id}`))[0]!.n);
    const before = await transactions();
    for (const start of [
      { connectorId: 0, meterStart: 1000 },
      { connectorId: 2, meterStart: 1000 },
      { connectorId: 1, meterStart: -1 },
      { connectorId: 1, meterStart: MAX_ENERGY_REGISTER_WH + 1 },
    ]) {
      expect(await outcome(sim.call('StartTransaction', { ...start, idTag: 'NO-SUCH-CARD', timestamp: now() })), JSON.stringify(start)).toMatchObject({ ok: false, code: 'PropertyConstraintViolation' });
    }
    expect(await transactions()).toBe(before);
    const stop = await outcome(sim.call('StopTransaction', { transactionId: 1e15, meterStop: -1, timestamp: now() }));
    expect(stop).toMatchObject({ ok: false, code: 'PropertyConstraintViolation' });
    // Text no column can hold.
    const authorized = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from rfid_authorize_requests where charger_id = ${id}`))[0]!.n);
    const asked = await authorized();
    expect(await outcome(sim.call('Authorize', { idTag: 'CARD\u0000X' }))).toMatchObject({ ok: false, code: 'PropertyConstraintViolation', message: expect.stringContaining('idTag') });
    expect(await outcome(sim.call('StatusNotification', { ...status(1, 'Faulted'), errorCode: 'OtherError', info: 'bad\ud800' }))).toMatchObject({ ok: false, code: 'PropertyConstraintViolation' });
    expect(await authorized()).toBe(asked);
    expect(await connectorsOf(id)).toEqual([[0, 'Unavailable'], [1, 'Unavailable']]);
  });

  it('refuses readings out of range or not numbers, and stores nothing of the message; kWh counts as 1,000 Wh', async () => {
    const sim = sims[2]!;
    const id = boxes[2]!.id;
    const before = await meterRows(id);
    const refused: [Record<string, unknown>, string][] = [
      [energy(1, '-1e20'), 'PropertyConstraintViolation'],
      [energy(1, '-1'), 'PropertyConstraintViolation'],
      [energy(1, String(MAX_ENERGY_REGISTER_WH + 1)), 'PropertyConstraintViolation'],
      [energy(1, '2000000000', { unit: 'kWh' }), 'PropertyConstraintViolation'],
      [energy(1, 'abc'), 'TypeConstraintViolation'],
      [energy(1, '1e400'), 'TypeConstraintViolation'],
      [energy(1, '1e20', { measurand: 'Power.Active.Import', unit: 'W' }), 'PropertyConstraintViolation'],
      [energy(1, '-3', { measurand: 'Current.Import', unit: 'A' }), 'PropertyConstraintViolation'],
      [energy(1, '101', { measurand: 'SoC', unit: 'Percent' }), 'PropertyConstraintViolation'],
      // One good sample and one bad: nothing of the message is stored.
      [{ connectorId: 1, meterValue: [energy(1, '5000').meterValue[0], energy(1, '-5').meterValue[0]] }, 'PropertyConstraintViolation'],
      // Each phase within range, their sum not.
      [{ connectorId: 1, meterValue: [{ timestamp: now(), sampledValue: ['L1', 'L2', 'L3'].map((phase) => ({ value: '4000000', measurand: 'Power.Active.Import', unit: 'W', phase })) }] }, 'PropertyConstraintViolation'],
    ];
    for (const [params, code] of refused) expect(await outcome(sim.call('MeterValues', params)), JSON.stringify(params)).toMatchObject({ ok: false, code });
    expect(await meterRows(id)).toBe(before);
    // Signed data and a measurand we do not keep are not read; a reading in kWh is stored in Wh.
    expect(await outcome(sim.call('MeterValues', energy(1, 'AB12CD==', { format: 'SignedData' })))).toEqual({ ok: true, result: {} });
    expect(await outcome(sim.call('MeterValues', energy(1, '-40', { measurand: 'Temperature', unit: 'Celsius' })))).toEqual({ ok: true, result: {} });
    expect(await outcome(sim.call('MeterValues', energy(1, '12.5', { unit: 'kWh' })))).toEqual({ ok: true, result: {} });
    const [last] = await q<{ energy_wh: number }>(sql`select energy_wh from ocpp_meter_values where charger_id = ${id} order by id desc limit 1`);
    expect(Number(last!.energy_wh)).toBe(12_500);
  });

  it('closes a charger sending a frame past the limit (1009) without reading it; a frame within it is answered', async () => {
    const sim = sims[3]!;
    expect(await outcome(sim.call('DataTransfer', { vendorId: 'CZO', data: 'x'.repeat(MAX_FRAME - 200) }))).toEqual({ ok: true, result: { status: 'UnknownVendorId' } });
    // The charger's own connection, without the simulator's reconnects, to see how it is closed.
    await sim.stop();
    const client = new RPCClient({ endpoint: wsUrl, identity: boxes[3]!.box, password: DEV_CHARGER_PASSWORD, protocols: ['ocpp1.6'], reconnect: false });
    const closed = new Promise<number>((resolve) => client.on('close', (event: { code: number }) => resolve(event.code)));
    await client.connect();
    const oversizedBefore = central.stats().oversized;
    client.sendRaw(JSON.stringify([2, 'big-1', 'DataTransfer', { vendorId: 'CZO', data: 'x'.repeat(MAX_FRAME + 1) }]));
    expect(await closed).toBe(1009);
    expect(central.stats().oversized).toBe(oversizedBefore + 1);
    expect(warnings.some((w) => w.includes('ocpp-frame-too-large'))).toBe(true);
    await central.flushLog();
    const [bad] = await q<{ payload: { error: string } }>(sql`select payload from ocpp_messages where charger_id = ${boxes[3]!.id} and message_type = 'BAD' order by id desc limit 1`);
    expect(bad!.payload.error).toMatch(/over 16384 bytes/);
    // The charger comes back.
    await sim.start();
    expect(await outcome(sim.call('Heartbeat', {}))).toMatchObject({ ok: true });
  });

  it('answers a frame it refuses with a short CALLERROR (no echo of the frame), and logs it short', async () => {
    const sim = sims[0]!;
    const received: string[] = [];
    sim.onReceived((frame) => void received.push(frame));
    const big = 'y'.repeat(12_000);
    const longId = 'i'.repeat(100);
    const frames = [
      // A schema error (ocpp-rpc puts the whole call in its details).
      JSON.stringify([2, 'bad-type-1', 'StatusNotification', { connectorId: big, status: 'Available', errorCode: 'NoError' }]),
      // A method that does not exist, named at length.
      JSON.stringify([2, 'no-such-1', big, {}]),
      // A message id past 1.6's 36 characters.
      JSON.stringify([2, longId, 'Heartbeat', {}]),
      // Not JSON at all.
      `[2, "broken-1", "Heartbeat", {${big}`,
    ];
    for (const frame of frames) sim.sendRaw(frame);
    const errors = await until(
      async () => received.filter((f) => f.startsWith('[4,')),
      (list) => list.length >= 4,
    );
    expect(errors).toHaveLength(4);
    for (const frame of errors) expect(frame.length, frame.slice(0, 200)).toBeLessThan(500);
    const parsed = errors.map((f) => JSON.parse(f) as [number, string, string, string, unknown]);
    expect(parsed.map((e) => e[2]).sort()).toEqual(['FormationViolation', 'FormationViolation', 'NotImplemented', 'TypeConstraintViolation']);
    expect(parsed.find((e) => e[2] === 'TypeConstraintViolation')).toEqual([4, 'bad-type-1', 'TypeConstraintViolation', expect.any(String), {}]);
    expect(parsed.some((e) => e[1] === longId.slice(0, 36))).toBe(true);
    await central.flushLog();
    const logged = await q<{ message_type: string; text: string }>(
      sql`select message_type, payload::text as text from ocpp_messages where charger_id = ${boxes[0]!.id} and message_type in ('ERROR', 'BAD') order by id desc limit 4`,
    );
    expect(logged).toHaveLength(4);
    for (const row of logged) expect(row.text.length, row.text.slice(0, 200)).toBeLessThan(1_000);
  });

  it('fails only its own charger when a write fails all the same, and logs the database error by its code, never the statement', async () => {
    // A rule the database holds that no check at the door knows of: this test's own, on its own database.
    await q(sql`alter table ocpp_connectors add constraint test_no_reserved check (status <> 'Reserved')`);
    try {
      const [bad, ...good] = sims.slice(0, 3);
      const answers = await Promise.all([outcome(bad!.call('StatusNotification', status(1, 'Reserved'))), ...good.map((s) => outcome(s.call('StatusNotification', status(1, 'Preparing'))))]);
      expect(answers[0]).toMatchObject({ ok: false, code: 'InternalError' });
      expect(answers.slice(1)).toEqual([{ ok: true, result: {} }, { ok: true, result: {} }]);
      for (const b of boxes.slice(1, 3)) expect((await connectorsOf(b.id))[1]).toEqual([1, 'Preparing']);
      const failed = warnings.filter((w) => w.includes('ocpp-status-write-failed'));
      expect(failed.length).toBeGreaterThan(0);
      for (const line of failed) expect(line).toContain('23514');
      for (const line of warnings) expect(line).not.toMatch(/Failed query|insert into|params/i);
    } finally {
      await q(sql`alter table ocpp_connectors drop constraint test_no_reserved`);
    }
  });
});
