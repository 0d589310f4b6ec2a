// The OCPP central system with the simulator as the real client: real WebSockets on a real HTTP server, the real
// database, no mocks of the socket.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentralSystem, type CentralSystem } from '@server/ocpp/central-system';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { createInProcessBus, type NotificationBus } from '@server/live/notification-bus';
import type { OpenDatabase } from '@server/db/open-database';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { rowsOf } from '@server/seed/seed-sql';
import { call, createTestApp, signIn, wallClock, type TestApp } from '../support/test-app';
import { quiet, until } from '../support/live-charger';
import { createTestDatabase } from '../support/test-database';


describe('OCPP central system (simulator as client)', () => {
  let database: OpenDatabase;
  let t: TestApp;
  let bus: NotificationBus;
  let central: CentralSystem;
  let server: ReturnType<typeof serve>;
  let wsUrl: string;
  let boxes: { id: number; box: string }[];
  let adminKey: string;
  const sims: SimulatedCharger[] = [];
  const sim = (box: string, password = DEV_CHARGER_PASSWORD) => {
    const s = new SimulatedCharger({ url: wsUrl, identity: box, password, connectors: 2, powerKw: 22, meterIntervalSeconds: 1, backoff: { initialDelay: 100, maxDelay: 500 } });
    sims.push(s);
    return s;
  };
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  // Stops the simulators an earlier test left on this charger: a second connection would replace theirs, and they
  // would come back and replace it.
  const alone = async (box: string) => Promise.all(sims.filter((s) => s.options.identity === box).map((s) => s.stop()));

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    bus = createInProcessBus();
    // The app keeps the real time, as the central system does: a test charge's tag is good for a while after the app
    // sends it, judged against the StartTransaction the central system takes.
    t = createTestApp(database, {}, { bus, clock: wallClock() });
    central = createCentralSystem({ db: database.db, bus, logger: quiet, callTimeoutMs: 5_000 });
    server = await new Promise((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    server.on('upgrade', (req, socket, head) => central.handleUpgrade(req, socket, head));
    wsUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ocpp`;
    boxes = (await q<{ id: number; charger_box_id: string }>(sql`select id, charger_box_id from chargers c where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null and not exists (select 1 from ocpp_sessions s where s.charger_id = c.id and s.stopped_at is null) order by id limit 4`)).map((r) => ({ id: Number(r.id), box: r.charger_box_id }));
    expect(boxes.length).toBe(4);
    // The simulators here play two connectors: the chargers get a second socket like their first (the central system
    // refuses a connector a charger does not have, and reads the sockets when it connects).
    await q(sql`update chargers set sockets = sockets || jsonb_build_array(sockets -> 0) where id in (${sql.join(boxes.map((b) => sql`${b.id}`), sql`, `)}) and jsonb_array_length(sockets) = 1`);
    adminKey = (await signIn(t, '9000000001')).authKey;
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await central.close();
    await new Promise<void>((r) => server.close(() => r()));
    await bus.close();
    await database.close();
  });

  it('accepts a known charger with its password, refuses an unknown identity and a wrong password at the handshake', async () => {
    await expect(sim('NO-SUCH-BOX').start()).rejects.toThrow(/401|Unauthorized/);
    await expect(sim(boxes[0]!.box, 'wrong-password-123456').start()).rejects.toThrow(/401|Unauthorized/);
    const ok = sim(boxes[0]!.box);
    await ok.start();
    const [row] = await until(
      () => q<{ connectivity_status: string; vendor: string | null; firmware_version: string | null }>(sql`select c.connectivity_status, p.vendor, p.firmware_version from chargers c join ocpp_charge_points p on p.charger_id = c.id where c.id = ${boxes[0]!.id}`),
      (rows) => rows[0]?.vendor === 'CZO Simulator',
    );
    expect(row).toEqual({ connectivity_status: 'ONLINE', vendor: 'CZO Simulator', firmware_version: '1.6.4-sim' });
  });

  it('routes a command to the charger and records its answer; an offline charger is refused at once', async () => {
    const admin = { authKey: adminKey };
    const reset = await call(t, 'POST', '/ccu/charger-command', { authKey: admin.authKey, body: { chargerIds: [boxes[0]!.id, boxes[3]!.id], command: { action: 'GetConfiguration', payload: { key: ['HeartbeatInterval'] } }, wait: true } });
    expect(reset.status).toBe(200);
    const [online, offline] = reset.body.items;
    expect(online).toMatchObject({ chargerId: boxes[0]!.id, status: 'accepted', response: { configurationKey: [{ key: 'HeartbeatInterval', value: '300' }] } });
    expect(offline).toMatchObject({ chargerId: boxes[3]!.id, status: 'offline', error: expect.stringMatching(/offline/) });
    const unknownKey = await call(t, 'POST', '/ccu/charger-command', { authKey: admin.authKey, body: { chargerIds: [boxes[0]!.id], command: { action: 'ChangeConfiguration', payload: { key: 'NoSuchKey', value: '1' } }, wait: true } });
    expect(unknownKey.body.items[0]).toMatchObject({ status: 'rejected', response: { status: 'NotSupported' } });
    // Each batch is in the audit log by the time its answer is given (the entry is written while the command goes out).
    const audited = await q<{ action: string; changes: { chargers: number } }>(sql`select action, changes from audit_log where entity_type = 'ocpp-command-batch' and entity_id = ${String(reset.body.batchId)}`);
    expect(audited).toEqual([{ action: 'GetConfiguration', changes: { chargers: 2 } }]);
  });

  it('writes nothing for a batch with an unknown charger (404, no record, no audit row); a non-OCPP charger among OCPP ones is refused on its own record', async () => {
    const [other] = await q<{ id: number; unique_id: string }>(sql`select id, unique_id from chargers where charger_type <> 'OCPP_16_JSON_CHARGER' order by id limit 1`);
    const count = async () => (await q<{ n: number }>(sql`select (select count(*) from ocpp_commands)::int + (select count(*) from audit_log where entity_type = 'ocpp-command-batch')::int as n`))[0]!.n;
    const before = await count();
    const send = (chargerIds: number[]) => call(t, 'POST', '/ccu/charger-command', { authKey: adminKey, body: { chargerIds, command: { action: 'ClearCache', payload: {} } } });
    for (const unknown of [2 ** 40, 987_654]) {
      const answer = await send([boxes[0]!.id, unknown]);
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe(`No charger has the id ${unknown}.`);
    }
    expect(await count()).toBe(before);
    // The same charger twice is one record.
    const twice = await send([boxes[3]!.id, boxes[3]!.id]);
    expect(twice.status).toBe(202);
    expect(twice.body.items).toHaveLength(1);
    expect(await count()).toBe(before + 2);
    const mixed = await send([boxes[3]!.id, Number(other!.id)]);
    expect(mixed.status).toBe(202);
    expect(mixed.body.items).toMatchObject([
      { chargerId: boxes[3]!.id, status: 'offline' },
      { chargerId: Number(other!.id), status: 'failed', error: expect.stringMatching(/^This charger is not an OCPP charger: .*Nothing was sent\.$/) },
    ]);
  });

  it('test charge: start, meter values, stop; one booking, ended once', async () => {
    const admin = { authKey: adminKey };
    const started = await call(t, 'POST', '/ccu/test-charging/start', { authKey: admin.authKey, body: { chargerId: boxes[0]!.id, connectorId: 1 } });
    expect(started.body.items[0].status).toBe('accepted');
    const live = await until(
      async () => (await call(t, 'GET', `/ccu/charger/${boxes[0]!.id}/live`, { authKey: admin.authKey })).body,
      (b) => b.sessions?.[0]?.energyWh > 0,
    );
    expect(live.isOnline).toBe(true);
    const session = live.sessions[0];
    expect(session).toMatchObject({ connectorId: 1, isTest: true });
    expect(session.energyWh).toBeGreaterThan(0);
    const stopped = await call(t, 'POST', '/ccu/test-charging/stop', { authKey: admin.authKey, body: { chargerId: boxes[0]!.id, transactionId: session.transactionId } });
    expect(stopped.body.items[0].status).toBe('accepted');
    const [booking] = await until(
      () => q<{ status: string; energy_wh: number }>(sql`select status, energy_wh from bookings where id = ${session.bookingId}`),
      (rows) => rows[0]?.status === 'COMPLETED',
    );
    expect(booking!.energy_wh).toBeGreaterThan(0);
    // Made started by the booking machine's START (in the statement that makes it), ended by its COMPLETE: each with
    // its audit row, the version moved on by each.
    const trail = await q<{ from_state: string; to_state: string; event: string; actor_user_id: string | null }>(
      sql`select from_state, to_state, event, actor_user_id from audit_log where entity_type = 'bookings' and entity_id = ${String(session.bookingId)} order by seq`,
    );
    expect(trail).toEqual([
      { from_state: 'SCHEDULED', to_state: 'CHARGING', event: 'START', actor_user_id: null },
      { from_state: 'CHARGING', to_state: 'COMPLETED', event: 'COMPLETE', actor_user_id: null },
    ]);
    const [versioned] = await q<{ version: number }>(sql`select version from bookings where id = ${session.bookingId}`);
    expect(versioned!.version).toBe(2);
    // A replayed StopTransaction changes nothing.
    await sims[2]!.call('StopTransaction', { transactionId: session.transactionId, meterStop: 99_999_999, timestamp: new Date().toISOString(), reason: 'Remote' });
    const [again] = await q<{ energy_wh: number }>(sql`select energy_wh from bookings where id = ${session.bookingId}`);
    expect(again!.energy_wh).toBe(booking!.energy_wh);
  });

  it('Faulted opens one servicing ticket per episode and recovery comments it; an ignored code opens none', async () => {
    const charger = sim(boxes[1]!.box);
    await charger.start();
    const [before] = await q<{ max: number | null }>(sql`select max(id) as max from tickets`);
    await q(sql`insert into ignored_error_codes (charger_type, error_code, description, is_active) values ('OCPP_16_JSON_CHARGER', 'SIM-IGNORED-7', 'test', true)`);
    await charger.fault(1, 'OtherError', 'SIM-IGNORED-7');
    await charger.recover(1);
    await charger.fault(2, 'OverCurrentFailure');
    await charger.fault(2, 'OverCurrentFailure'); // the same episode: no second ticket
    const tickets = await until(
      () => q<{ id: number; issue: string; status: string }>(sql`select id, issue, status from tickets where kind = 'CHARGER_SERVICING' and charger = ${boxes[1]!.id} and id > ${before!.max ?? 0}`),
      (rows) => rows.length > 0,
    );
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ issue: 'NOT_CHARGING', status: 'OPEN' });
    const opened = await q<{ action: string; to_state: string; reason: string; actor_user_id: string | null }>(
      sql`select action, to_state, reason, actor_user_id from audit_log where entity_type = 'tickets' and entity_id = ${String(tickets[0]!.id)}`,
    );
    expect(opened).toEqual([{ action: 'create', to_state: 'OPEN', reason: 'OCPP StatusNotification Faulted (OverCurrentFailure)', actor_user_id: null }]);
    await charger.recover(2);
    const comments = await until(
      () => q<{ body: string }>(sql`select body from comments where entity_type = 'tickets' and entity_id = ${String(tickets[0]!.id)}`),
      (rows) => rows.length > 0,
    );
    expect(comments[0]!.body).toMatch(/Recovered: connector 2/);
    // The charger is faulted while any of its connectors is (an ignored code too: it opens no ticket), online after.
    const connectivity = async () => (await q<{ connectivity_status: string }>(sql`select connectivity_status from chargers where id = ${boxes[1]!.id}`))[0]!.connectivity_status;
    expect(await connectivity()).toBe('ONLINE');
    await charger.fault(1, 'OtherError', 'SIM-IGNORED-7');
    await charger.fault(2, 'OtherError', 'SIM-IGNORED-7');
    expect(await connectivity()).toBe('FAULTED');
    await charger.recover(1);
    expect(await connectivity()).toBe('FAULTED');
    await charger.recover(2);
    expect(await connectivity()).toBe('ONLINE');
    // The charger as a whole (connector 0, its row gone as if never heard of) with an ignored code: faulted, no ticket.
    await q(sql`delete from ocpp_connectors where charger_id = ${boxes[1]!.id} and connector_id = 0`);
    await charger.fault(0, 'OtherError', 'SIM-IGNORED-7');
    expect(await connectivity()).toBe('FAULTED');
    const [count] = await q<{ n: number }>(sql`select count(*)::int as n from tickets where kind = 'CHARGER_SERVICING' and charger = ${boxes[1]!.id} and id > ${before!.max ?? 0}`);
    expect(count!.n).toBe(1);
    await charger.recover(0);
    expect(await connectivity()).toBe('ONLINE');
  });

  it('Authorize: a blocked card and an unknown card are refused, and each request lands in Authorize History', async () => {
    const charger = sims.find((s) => s.options.identity === boxes[1]!.box)!;
    const [user] = await q<{ id: string }>(sql`select id from users order by created_at limit 1`);
    await q(sql`insert into rfid_card_history (card_number, user_id, action, acted_at) values ('SIMBLOCKED01', ${user!.id}, 'ADDED', now() - interval '2 days'), ('SIMBLOCKED01', ${user!.id}, 'BLOCKED', now() - interval '1 day')`);
    expect(await charger.startWithCard(1, 'SIMBLOCKED01')).toBe('Blocked');
    expect(await charger.startWithCard(1, 'NOSUCHCARD99')).toBe('Invalid');
    const history = await q<{ card_number: string; result: string }>(sql`select card_number, result from rfid_authorize_requests where charger_id = ${boxes[1]!.id} and card_number in ('SIMBLOCKED01', 'NOSUCHCARD99') order by id`);
    expect(history).toEqual([
      { card_number: 'SIMBLOCKED01', result: 'REJECTED' },
      { card_number: 'NOSUCHCARD99', result: 'REJECTED' },
    ]);
  });

  it('answers a malformed frame and a schema violation with OCPP 1.6 CALLERRORs, logs them, and keeps the charger connected', async () => {
    const charger = sim(boxes[2]!.box);
    await charger.start();
    const received: string[] = [];
    charger.onReceived((frame) => received.push(frame));
    charger.sendRaw('this is not json');
    charger.sendRaw(JSON.stringify([2, 'bad-1', 'StatusNotification', { connectorId: 1 }]));
    const errors = await until(async () => received.filter((f) => f.startsWith('[4')), (list) => list.length >= 2);
    expect(JSON.parse(errors[0]!)[2]).toBe('FormationViolation');
    expect(JSON.parse(errors[1]!)).toEqual([4, 'bad-1', expect.stringMatching(/^(OccurenceConstraintViolation|OccurrenceConstraintViolation|FormationViolation)$/), expect.any(String), expect.anything()]);
    expect(await charger.call('Heartbeat', {})).toHaveProperty('currentTime');
    await central.flushLog();
    const logged = await q<{ message_type: string; error_code: string | null }>(sql`select message_type, error_code from ocpp_messages where charger_id = ${boxes[2]!.id} and error_code is not null order by id`);
    expect(logged.map((r) => r.error_code)).toContain('FormationViolation');
  });
  it('a charger that loses its connection mid-session reconnects and replays its StopTransaction: the session ends once', async () => {
    await alone(boxes[3]!.box);
    // A slower back-off than the other simulators here, so the session surely ends while the charger is offline.
    const charger = new SimulatedCharger({ url: wsUrl, identity: boxes[3]!.box, password: DEV_CHARGER_PASSWORD, meterIntervalSeconds: 1, backoff: { initialDelay: 1_000, maxDelay: 1_500 } });
    sims.push(charger);
    await charger.start();
    const started = await call(t, 'POST', '/ccu/test-charging/start', { authKey: adminKey, body: { chargerId: boxes[3]!.id, connectorId: 1 } });
    expect(started.body.items[0].status).toBe('accepted');
    const live = await until(
      async () => (await call(t, 'GET', `/ccu/charger/${boxes[3]!.id}/live`, { authKey: adminKey })).body,
      (b) => b.sessions?.[0]?.energyWh > 0,
    );
    const session = live.sessions[0];
    charger.drop();
    expect(await until(async () => charger.online, (online) => !online)).toBe(false);
    await charger.stopSession(charger.connectors[0]!, 'Local');
    expect(charger.pendingStops).toHaveLength(1);
    const connectivity = () => q<{ connectivity_status: string }>(sql`select connectivity_status from chargers where id = ${boxes[3]!.id}`);
    expect((await until(connectivity, (rows) => rows[0]?.connectivity_status === 'OFFLINE', 2_000))[0]!.connectivity_status).toBe('OFFLINE');
    // Back after its back-off: it boots again and sends the queued StopTransaction.
    expect(await until(async () => charger.pendingStops.length, (n) => n === 0, 10_000)).toBe(0);
    expect(charger.online).toBe(true);
    expect(charger.counters.connects).toBe(2);
    expect((await until(connectivity, (rows) => rows[0]?.connectivity_status === 'ONLINE'))[0]!.connectivity_status).toBe('ONLINE');
    const [booking] = await until(
      () => q<{ status: string; energy_wh: number }>(sql`select status, energy_wh from bookings where id = ${session.bookingId}`),
      (rows) => rows[0]?.status === 'COMPLETED',
    );
    expect(booking!.energy_wh).toBeGreaterThan(0);
    // Sent again (as a charger does when the answer was lost): still one ending.
    await charger.call('StopTransaction', { transactionId: session.transactionId, meterStop: 99_999_999, timestamp: new Date().toISOString(), reason: 'Local' });
    const endings = await q<{ n: number }>(sql`select count(*)::int as n from audit_log where entity_type = 'bookings' and entity_id = ${String(session.bookingId)} and action = 'transition' and to_state in ('COMPLETED', 'STOPPED_BY_ADMIN', 'FAILED')`);
    expect(endings[0]!.n).toBe(1);
    const [transaction] = await q<{ status: string; energy_wh: number }>(sql`select status, energy_wh from charger_transactions where id = ${session.transactionId}`);
    expect(transaction).toEqual({ status: 'COMPLETED', energy_wh: booking!.energy_wh });
  });
  it('a charger connecting again while its old socket is open replaces it and stays online', async () => {
    await alone(boxes[2]!.box);
    // The older one waits long before it reconnects (it is stopped before then): only the newer one comes back.
    const older = new SimulatedCharger({ url: wsUrl, identity: boxes[2]!.box, password: DEV_CHARGER_PASSWORD, backoff: { initialDelay: 10_000, maxDelay: 20_000 } });
    sims.push(older);
    await older.start();
    const newer = sim(boxes[2]!.box);
    await newer.start();
    await older.stop(); // the replaced socket is closed by the server; stopped, it does not come back
    const node = () => q<{ connected_node: string | null; connectivity_status: string }>(sql`select p.connected_node, c.connectivity_status from ocpp_charge_points p join chargers c on c.id = p.charger_id where p.charger_id = ${boxes[2]!.id}`);
    await new Promise((r) => setTimeout(r, 500));
    const [row] = await node();
    expect(row).toEqual({ connected_node: central.nodeId, connectivity_status: 'ONLINE' });
    expect(newer.online).toBe(true);
    // A heartbeat is answered once stored (heartbeats are written together, a few times a second).
    const before = Date.now();
    expect(await newer.call('Heartbeat', {})).toHaveProperty('currentTime');
    const [beat] = await q<{ last_heartbeat_at: Date | string }>(sql`select last_heartbeat_at from chargers where id = ${boxes[2]!.id}`);
    expect(new Date(beat!.last_heartbeat_at).getTime()).toBeGreaterThanOrEqual(before);
    await newer.stop();
    expect((await until(node, (rows) => rows[0]?.connected_node === null))[0]).toEqual({ connected_node: null, connectivity_status: 'OFFLINE' });
  });
  it('a message the central system fails to store is answered InternalError, with nothing of the database in it', async () => {
    await alone(boxes[1]!.box);
    const charger = sim(boxes[1]!.box);
    await charger.start();
    await q(sql`alter table ocpp_meter_values rename to ocpp_meter_values_away`);
    try {
      const error = await charger.call('MeterValues', { connectorId: 1, meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: '1000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] }] }).then(
        () => null,
        (e: unknown) => e as { rpcErrorCode?: string; message: string },
      );
      expect(error?.rpcErrorCode).toBe('InternalError');
      expect(error?.message).toBe('The central system could not handle this message. Send it again.');
    } finally {
      await q(sql`alter table ocpp_meter_values_away rename to ocpp_meter_values`);
    }
    // The charger stays connected and the next one is stored.
    expect(await charger.call('MeterValues', { connectorId: 1, meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: '1001', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] }] })).toEqual({});
    const [stored] = await q<{ n: number }>(sql`select count(*)::int as n from ocpp_meter_values where charger_id = ${boxes[1]!.id} and energy_wh = 1001`);
    expect(stored!.n).toBe(1);
  });
});
