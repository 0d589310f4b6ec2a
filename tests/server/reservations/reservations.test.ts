// Reservations: a scheduled booking's connector reserved ahead on a simulated charger over a real socket, cancelled
// with the booking, each refusal of the charger reaching the booking, expiry, use by the reserved card, a charger
// offline at reservation time asked again when it reconnects, and staff's own reservations (permission, bad input).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { runReservations } from '@server/reservations/reservation-service';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { openLiveCharger, quiet, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { ruleDrivers } from '../support/test-database';

const API = '/booking-service/admin/booking';
const timing = { leadMinutes: 15, graceMinutes: 15 };

describe.each(ruleDrivers)('reservations on %s', (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let admin: string;
  let support: string;
  let chargerId: number;
  let sockets: { code: string }[];
  let n = 0;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const pass = () => runReservations({ db: database.db, bus: live.bus, now: () => new Date(), logger: quiet }, timing);
  const reservationOf = async (bookingId: number) => (await call(t, 'GET', `${API}/${bookingId}/reservation`, { authKey: admin })).body;
  const stateOf = async (bookingId: number) => (await reservationOf(bookingId)).reservation?.state as string | undefined;
  const timeline = async (bookingId: number) => ((await call(t, 'GET', `${API}/${bookingId}/timeline`, { authKey: admin })).body.items as { title: string }[]).map((i) => i.title);

  /** A customer with an active card, and a scheduled booking of theirs starting `inMs` from now on the charger's connector. */
  async function scheduled(connector: number | null, inMs: number, onCharger = chargerId): Promise<{ id: number; card: string }> {
    n += 1;
    const [user] = await q<{ id: string; mobile_number: string }>(sql`select u.id, u.mobile_number from users u join wallets w on w.user_id = u.id order by u.id offset ${20 + n} limit 1`);
    const card = `RSV${driver.slice(0, 2).toUpperCase()}${n}`;
    await database.db.execute(sql`insert into rfid_card_history (card_number, user_id, action, acted_at, created_at, updated_at) values (${card}, ${user!.id}, 'ADDED', now(), now(), now())`);
    const socket = connector === null ? null : (sockets[connector - 1]?.code ?? null);
    const [made] = await q<{ id: number }>(sql`
      insert into bookings (user_id, user_phone, charger_id, socket_code, status, version, started_at, energy_wh, amount, tariff_per_kwh, payment_mode, created_at, updated_at)
      values (${user!.id}, ${user!.mobile_number}, ${onCharger}, ${socket}, 'SCHEDULED', 0, ${new Date(Date.now() + inMs).toISOString()}, 0, 0, 1800, 'UPI', now(), now()) returning id`);
    return { id: Number(made!.id), card };
  }

  const connectorStatus = async (connector: number, id = chargerId) => (await q<{ status: string }>(sql`select status from ocpp_connectors where charger_id = ${id} and connector_id = ${connector}`))[0]?.status;

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, chargerId } = live);
    admin = (await signIn(t, '9000000001')).authKey;
    support = (await signIn(t, '9000000005')).authKey;
    await until(() => q<{ connected_node: string | null }>(sql`select connected_node from ocpp_charge_points where charger_id = ${chargerId}`), (r) => r[0]?.connected_node != null);
    // The two connectors of another socket type each, so a booking's socket names one of them.
    await database.db.execute(sql`update chargers set sockets = jsonb_set(sockets, '{1,code}', '"RSV_SECOND"') where id = ${chargerId}`);
    sockets = (await q<{ sockets: { code: string }[] }>(sql`select sockets from chargers where id = ${chargerId}`))[0]!.sockets;
    // Every scheduled booking of the seed is left out of these chargers' passes: only this file's are due.
    await database.db.execute(sql`update bookings set status = 'CANCELLED' where status = 'SCHEDULED' and charger_id in (${chargerId}, ${live.offlineCharger.id})`);
    // The first run after a change to the seed prepares the test database's template (slow on a busy machine).
  }, 300_000);
  afterAll(() => live.close());

  it('reserves a scheduled booking’s connector ahead of its start, shows it on the booking, and cancels it with the booking', async () => {
    const later = await scheduled(2, 60 * 60_000);
    const soon = await scheduled(2, 5 * 60_000);
    await pass();
    // An hour away: not yet, and the booking says when.
    expect(await reservationOf(later.id)).toMatchObject({ reservation: null, note: expect.stringContaining('15 min before the start') });
    const reserved = await until(() => reservationOf(soon.id), (b) => b.reservation?.state === 'reserved');
    expect(reserved.reservation).toMatchObject({ connectorId: 2, idTag: soon.card, state: 'reserved', answer: 'Accepted' });
    expect(live.charger.reservation(2)).toMatchObject({ id: reserved.reservation.id, idTag: soon.card });
    expect(await until(() => connectorStatus(2), (s) => s === 'Reserved')).toBe('Reserved');
    expect(await timeline(soon.id)).toContain('Reservation of connector 2: the charger answered Accepted: the connector is held');
    // A second pass sends nothing more: the reservation id stays the booking's.
    const before = (await q<{ n: number }>(sql`select count(*)::int as n from ocpp_commands where action = 'ReserveNow'`))[0]!.n;
    await pass();
    expect((await q<{ n: number }>(sql`select count(*)::int as n from ocpp_commands where action = 'ReserveNow'`))[0]!.n).toBe(before);

    const record = (await call(t, 'GET', `${API}/${soon.id}`, { authKey: admin })).body;
    const cancelled = await call(t, 'POST', `${API}/${soon.id}/transition`, { authKey: admin, body: { type: 'CANCEL', reason: 'Driver changed plans', version: record.version } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // The booking's change runs the pass at once: the charger is asked to cancel, and frees the connector.
    expect(await until(() => stateOf(soon.id), (s) => s === 'cancelled')).toBe('cancelled');
    expect(await until(async () => live.charger.reservation(2), (r) => r === null)).toBeNull();
    expect(await until(() => connectorStatus(2), (s) => s === 'Available')).toBe('Available');
    expect(await timeline(soon.id)).toContain('Cancelling the reservation of connector 2: the charger answered Accepted: the connector is free again');
  });

  it('brings each refusal of the charger to the booking in words', async () => {
    // Occupied: a session on connector 1.
    const other = `RSVOCC${driver.slice(0, 2)}`;
    const [user] = await q<{ user_id: string }>(sql`select user_id from wallets where credits >= 50000 and not postpaid order by user_id limit 1`);
    await database.db.execute(sql`insert into rfid_card_history (card_number, user_id, action, acted_at, created_at, updated_at) values (${other}, ${user!.user_id}, 'ADDED', now(), now(), now())`);
    expect(await live.charger.startWithCard(1, other)).toBe('Accepted');
    await until(async () => live.charger.session(1)?.transactionId ?? null, (id) => id !== null);
    const occupied = await scheduled(1, 5 * 60_000);
    await pass();
    const refused = await until(() => reservationOf(occupied.id), (b) => b.reservation?.state === 'refused');
    expect(refused.reservation).toMatchObject({ answer: 'Occupied', summary: 'Refused by the charger: Occupied: the connector is in use or already reserved' });
    expect(await timeline(occupied.id)).toContain('Reservation of connector 1: the charger answered Occupied: the connector is in use or already reserved');
    await live.charger.stopSession((live.charger as unknown as { connectors: Parameters<SimulatedCharger['stopSession']>[0][] }).connectors[0]!, 'Local');

    // Faulted.
    await live.charger.fault(2, 'GroundFailure');
    await until(() => connectorStatus(2), (s) => s === 'Faulted');
    const faulted = await scheduled(2, 5 * 60_000);
    await pass();
    expect((await until(() => reservationOf(faulted.id), (b) => b.reservation?.state === 'refused')).reservation.answer).toBe('Faulted');
    await live.charger.recover(2);

    // Unavailable: the connector taken out of use.
    const out = await call(t, 'POST', '/ccu/charger-command', { authKey: admin, body: { chargerIds: [chargerId], command: { action: 'ChangeAvailability', payload: { connectorId: 2, type: 'Inoperative' } }, wait: true } });
    expect(out.body.items[0].status).toBe('accepted');
    await until(() => connectorStatus(2), (s) => s === 'Unavailable');
    const unavailable = await scheduled(2, 5 * 60_000);
    await pass();
    expect((await until(() => reservationOf(unavailable.id), (b) => b.reservation?.state === 'refused')).reservation.summary).toBe('Refused by the charger: Unavailable: the connector is out of use');
    await call(t, 'POST', '/ccu/charger-command', { authKey: admin, body: { chargerIds: [chargerId], command: { action: 'ChangeAvailability', payload: { connectorId: 2, type: 'Operative' } }, wait: true } });
    await until(() => connectorStatus(2), (s) => s === 'Available');

    // Rejected: a connector the charger does not have (its reservation made for connector 3).
    const rejected = await scheduled(2, 5 * 60_000);
    await database.db.execute(sql`insert into ocpp_reservations (booking_id, charger_id, connector_id, id_tag, expires_at) values (${rejected.id}, ${chargerId}, 3, ${rejected.card}, now() + interval '20 minutes')`);
    await database.db.execute(sql`insert into ocpp_commands (id, charger_id, action, payload, status, created_at, answered_at) values (gen_random_uuid(), ${chargerId}, 'ReserveNow', '{}'::jsonb, 'offline', now(), now())`);
    await database.db.execute(sql`update ocpp_reservations set reserve_command_id = (select id from ocpp_commands where action = 'ReserveNow' and status = 'offline' and charger_id = ${chargerId} order by created_at desc limit 1) where booking_id = ${rejected.id}`);
    await pass();
    expect((await until(() => reservationOf(rejected.id), (b) => b.reservation?.state === 'refused')).reservation.summary).toBe('Refused by the charger: Rejected: the charger takes no reservations');
  });

  it('lets only the reserved card start there, records the use, and records an expiry the charger carried out', async () => {
    const booked = await scheduled(1, 5 * 60_000);
    await pass();
    const reserved = await until(() => reservationOf(booked.id), (b) => b.reservation?.state === 'reserved');
    expect(await live.charger.startWithCard(1, `RSVOCC${driver.slice(0, 2)}`)).toBe('Reserved');
    expect(await live.charger.startWithCard(1, booked.card)).toBe('Accepted');
    const used = await until(() => reservationOf(booked.id), (b) => b.reservation?.state === 'used');
    expect(used.reservation).toMatchObject({ id: reserved.reservation.id, state: 'used', transactionId: expect.any(Number) });
    const [session] = await q<{ transaction_id: number }>(sql`select transaction_id from ocpp_sessions where charger_id = ${chargerId} and stopped_at is null and id_tag = ${booked.card}`);
    expect(used.reservation.transactionId).toBe(Number(session!.transaction_id));
    await live.charger.stopSession((live.charger as unknown as { connectors: Parameters<SimulatedCharger['stopSession']>[0][] }).connectors[0]!, 'Local');
    await until(() => connectorStatus(1), (s) => s === 'Available');

    // Started 15 min ago less 3 s: the reservation lasts 3 s more, then the charger frees the connector itself.
    const expiring = await scheduled(2, -timing.graceMinutes * 60_000 + 3_000);
    await pass();
    await until(() => stateOf(expiring.id), (s) => s === 'reserved');
    await until(() => connectorStatus(2), (s) => s === 'Reserved');
    expect(await until(() => connectorStatus(2), (s) => s === 'Available', 15_000)).toBe('Available');
    await pass();
    expect(await stateOf(expiring.id)).toBe('expired');
    expect(await timeline(expiring.id)).toContain('Reservation expired unused: the charger released connector 2');
  });

  it('asks a charger offline at reservation time again when it reconnects, and says so on the booking meanwhile', async () => {
    const booked = await scheduled(null, 5 * 60_000, live.offlineCharger.id);
    await pass();
    const offline = await until(() => reservationOf(booked.id), (b) => b.reservation?.state === 'offline');
    expect(offline.reservation.summary).toBe('Not reserved: charger offline: it is asked again when the charger reconnects');
    const sim = new SimulatedCharger({ url: `${live.url.replace('http', 'ws')}/ocpp`, identity: live.offlineCharger.box, password: DEV_CHARGER_PASSWORD, connectors: 1, backoff: { initialDelay: 100, maxDelay: 500 } });
    try {
      await sim.start();
      // Its connection is a connectivity change: the pass runs at once.
      const reserved = await until(() => reservationOf(booked.id), (b) => b.reservation?.state === 'reserved', 15_000);
      expect(reserved.reservation).toMatchObject({ id: offline.reservation.id, connectorId: 1, state: 'reserved' });
      expect(sim.reservation(1)).toMatchObject({ id: offline.reservation.id, idTag: booked.card });
    } finally {
      await sim.stop();
    }
  });

  it('lets staff who may reserve a connector by hand and cancel it; others are refused, bad input is a 400 and changes nothing', async () => {
    const path = `/ccu/charger/${chargerId}/reservations`;
    const count = async () => (await q<{ n: number }>(sql`select count(*)::int as n from ocpp_reservations`))[0]!.n;
    const before = await count();
    expect((await call(t, 'POST', path, { authKey: support, body: { connectorId: 2, idTag: 'HANDCARD1', minutes: 30 } })).status).toBe(403);
    const bad = await call(t, 'POST', path, { authKey: admin, body: { connectorId: 2, idTag: '', minutes: 1 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('At least 5 minutes');
    expect((await call(t, 'POST', path, { authKey: admin, body: { connectorId: 7, idTag: 'HANDCARD1', minutes: 30 } })).status).toBe(400);
    expect((await call(t, 'POST', `/ccu/charger/${live.offlineCharger.id}/reservations`, { authKey: admin, body: { connectorId: 1, idTag: 'HANDCARD1', minutes: 30 } })).status).toBe(409);
    expect(await count()).toBe(before);

    const made = await call(t, 'POST', path, { authKey: admin, body: { connectorId: 2, idTag: 'HANDCARD1', minutes: 30 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ connectorId: 2, idTag: 'HANDCARD1', state: 'reserved', bookingId: null });
    const listed = await call(t, 'GET', path, { authKey: admin });
    expect(listed.body.items[0]).toMatchObject({ id: made.body.id, state: 'reserved' });
    expect((await call(t, 'POST', `/ccu/reservations/${made.body.id}/cancel`, { authKey: support })).status).toBe(403);
    const cancelled = await call(t, 'POST', `/ccu/reservations/${made.body.id}/cancel`, { authKey: admin });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    expect(await until(async () => live.charger.reservation(2), (r) => r === null)).toBeNull();
    expect((await call(t, 'POST', `/ccu/reservations/${made.body.id}/cancel`, { authKey: admin })).status).toBe(409);
    expect((await call(t, 'POST', '/ccu/reservations/abc/cancel', { authKey: admin })).status).toBe(404);
  });
});
