// A scheduled booking's reservation, from the charger's side: the reserved card starting on it starts that booking
// (through its machine: no second booking beside it), while a start naming the reservation with another customer's
// card, or another charger's reservation id, makes a booking of its own; and a reservation the charger refused is
// asked again every RESERVATION_RETRY_MINUTES until the booking's start, each answer in the booking's history.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { findChargerByBoxId } from '@server/ocpp/charger-identity';
import { startTransaction } from '@server/ocpp/transaction-store';
import { runReservations } from '@server/reservations/reservation-service';
import type { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { openLiveCharger, quiet, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { testDrivers } from '../support/test-database';

const API = '/booking-service/admin/booking';
const timing = { leadMinutes: 15, graceMinutes: 15, retryMinutes: 2 };

describe.each(testDrivers)('a scheduled booking’s reservation at the charger on %s', (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let admin: string;
  let chargerId: number;
  let n = 0;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const pass = (now = new Date()) => runReservations({ db: database.db, bus: live.bus, now: () => now, logger: quiet }, timing);
  const reservationOf = async (bookingId: number) => (await call(t, 'GET', `${API}/${bookingId}/reservation`, { authKey: admin })).body;
  const timeline = async (bookingId: number) => ((await call(t, 'GET', `${API}/${bookingId}/timeline`, { authKey: admin })).body.items as { title: string }[]).map((i) => i.title);
  const bookingStatus = async (id: number) => (await q<{ status: string }>(sql`select status from bookings where id = ${id}`))[0]?.status;
  const connectors = () => (live.charger as unknown as { connectors: Parameters<SimulatedCharger['stopSession']>[0][] }).connectors;

  /** A customer who may charge (active, prepaid wallet over the minimum) with a card of their own. */
  async function customer(): Promise<{ userId: string; card: string }> {
    n += 1;
    const [user] = await q<{ user_id: string }>(
      sql`select w.user_id from wallets w join users u on u.id = w.user_id where w.credits >= 50000 and not w.postpaid and u.is_active and not u.operations_locked
        and not exists (select 1 from rfid_card_history h where h.user_id = w.user_id) order by w.user_id offset ${n} limit 1`,
    );
    const card = `RSB${driver.slice(0, 2).toUpperCase()}${n}`;
    await database.db.execute(sql`insert into rfid_card_history (card_number, user_id, action, acted_at, created_at, updated_at) values (${card}, ${user!.user_id}, 'ADDED', now(), now(), now())`);
    return { userId: user!.user_id, card };
  }

  /** A scheduled booking of the customer on connector `connector` of the charger, starting `inMs` from now. */
  async function scheduled(who: { userId: string }, connector: number, inMs: number): Promise<number> {
    const sockets = (await q<{ sockets: { code: string }[] }>(sql`select sockets from chargers where id = ${chargerId}`))[0]!.sockets;
    const [made] = await q<{ id: number }>(sql`
      insert into bookings (user_id, user_phone, charger_id, socket_code, status, version, started_at, energy_wh, amount, tariff_per_kwh, payment_mode, created_at, updated_at)
      select ${who.userId}, u.mobile_number, ${chargerId}, ${sockets[connector - 1]!.code}, 'SCHEDULED', 0, ${new Date(Date.now() + inMs).toISOString()}, 0, 0, 1800, 'WALLET', now(), now()
      from users u where u.id = ${who.userId} returning id`);
    return Number(made!.id);
  }

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, chargerId } = live);
    admin = (await signIn(t, '9000000001')).authKey;
    await until(() => q<{ connected_node: string | null }>(sql`select connected_node from ocpp_charge_points where charger_id = ${chargerId}`), (r) => r[0]?.connected_node != null, 30_000);
    // Connector 2 a socket of its own, so a booking names either connector.
    await database.db.execute(sql`update chargers set sockets = jsonb_set(sockets, '{1,code}', '"RSB_SECOND"') where id = ${chargerId}`);
    await database.db.execute(sql`update bookings set status = 'CANCELLED' where status = 'SCHEDULED' and charger_id = ${chargerId}`);
  }, 300_000);
  afterAll(() => live.close());

  it('starts the scheduled booking itself when its reserved card starts on the reservation: no second booking', async () => {
    const who = await customer();
    const bookingId = await scheduled(who, 2, 5 * 60_000);
    await pass();
    const reserved = await until(() => reservationOf(bookingId), (b) => b.reservation?.state === 'reserved', 15_000);
    expect(reserved.reservation).toMatchObject({ connectorId: 2, idTag: who.card });
    const before = (await q<{ n: number }>(sql`select count(*)::int as n from bookings where user_id = ${who.userId}`))[0]!.n;

    expect(await live.charger.startWithCard(2, who.card)).toBe('Accepted');
    const transactionId = await until(async () => live.charger.session(2)?.transactionId ?? null, (id) => id !== null, 15_000);
    expect(await until(() => bookingStatus(bookingId), (s) => s === 'CHARGING', 15_000)).toBe('CHARGING');
    const [session] = await q<{ booking_id: number }>(sql`select booking_id from ocpp_sessions where transaction_id = ${transactionId}`);
    expect(Number(session!.booking_id)).toBe(bookingId);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from bookings where user_id = ${who.userId}`))[0]!.n).toBe(before);
    // Moved by its machine: the START is in its audit, by no one (the charger), and the reservation is used.
    const [audit] = await q<{ event: string; from_state: string; to_state: string; actor_user_id: string | null }>(
      sql`select event, from_state, to_state, actor_user_id from audit_log where entity_type = 'bookings' and entity_id = ${String(bookingId)} and event = 'START'`,
    );
    expect(audit).toMatchObject({ event: 'START', from_state: 'SCHEDULED', to_state: 'CHARGING', actor_user_id: null });
    expect(await until(() => reservationOf(bookingId), (b) => b.reservation?.state === 'used', 10_000)).toMatchObject({ reservation: { state: 'used', transactionId } });
    // The session ends as any booking's does: completed, with its energy.
    await live.charger.stopSession(connectors()[1]!, 'Local');
    expect(await until(() => bookingStatus(bookingId), (s) => s === 'COMPLETED', 15_000)).toBe('COMPLETED');
  });

  it('does not take a charger’s word for whose reservation it is: another customer’s card, or another charger’s id, makes a booking of its own', async () => {
    const owner = await customer();
    const bookingId = await scheduled(owner, 1, 5 * 60_000);
    await pass();
    const { reservation } = await until(() => reservationOf(bookingId), (b) => b.reservation?.state === 'reserved', 15_000);
    const identity = (await findChargerByBoxId(database.db, (await q<{ charger_box_id: string }>(sql`select charger_box_id from chargers where id = ${chargerId}`))[0]!.charger_box_id))!;
    const stranger = await customer();
    const started = await startTransaction(database.db, identity, { connectorId: 1, idTag: stranger.card, meterStart: 1000, timestamp: new Date().toISOString(), reservationId: reservation.id }, new Date());
    expect(started.status).toBe('Accepted');
    expect(started.bookingId).not.toBe(bookingId);
    expect(await bookingStatus(bookingId)).toBe('SCHEDULED');
    // The owner's card naming a reservation id this charger does not have: its own booking too.
    const elsewhere = await startTransaction(database.db, identity, { connectorId: 1, idTag: owner.card, meterStart: 1000, timestamp: new Date(Date.now() + 1000).toISOString(), reservationId: reservation.id + 1_000_000 }, new Date());
    expect(elsewhere.bookingId).not.toBe(bookingId);
    expect(await bookingStatus(bookingId)).toBe('SCHEDULED');
    // Tidy: the sessions made here end, the booking is cancelled.
    await database.db.execute(sql`update ocpp_sessions set stopped_at = now() where transaction_id in (${started.transactionId}, ${elsewhere.transactionId})`);
    await database.db.execute(sql`update bookings set status = 'CANCELLED' where id = ${bookingId}`);
    await pass();
    await until(async () => live.charger.reservation(1), (r) => r === null, 15_000);
  });

  it('asks again for a reservation the charger refused, every retry interval until the booking’s start, each answer in its history', async () => {
    // Occupied: a session of another card on connector 1.
    const other = await customer();
    expect(await live.charger.startWithCard(1, other.card)).toBe('Accepted');
    await until(async () => live.charger.session(1)?.transactionId ?? null, (id) => id !== null, 15_000);
    const who = await customer();
    const bookingId = await scheduled(who, 1, 10 * 60_000);
    const reserveNows = async () => (await q<{ n: number }>(sql`select count(*)::int as n from ocpp_commands where action = 'ReserveNow' and payload->>'idTag' = ${who.card}`))[0]!.n;
    await pass();
    expect((await until(() => reservationOf(bookingId), (b) => b.reservation?.state === 'refused', 15_000)).reservation.answer).toBe('Occupied');
    expect(await reserveNows()).toBe(1);
    // Within the retry interval: not asked again.
    await pass(new Date(Date.now() + 60_000));
    expect(await reserveNows()).toBe(1);
    // The connector is free again; past the interval the charger is asked again, with the same reservation id.
    await live.charger.stopSession(connectors()[0]!, 'Local');
    await until(async () => live.charger.session(1), (s) => s === null, 10_000);
    await pass(new Date(Date.now() + 3 * 60_000));
    const reserved = await until(() => reservationOf(bookingId), (b) => b.reservation?.state === 'reserved', 15_000);
    expect(await reserveNows()).toBe(2);
    expect(live.charger.reservation(1)).toMatchObject({ id: reserved.reservation.id, idTag: who.card });
    const history = await timeline(bookingId);
    expect(history).toContain('Reservation of connector 1: the charger answered Occupied: the connector is in use or already reserved');
    expect(history).toContain('Reservation of connector 1: the charger answered Accepted: the connector is held');
    await database.db.execute(sql`update bookings set status = 'CANCELLED' where id = ${bookingId}`);
    await pass();
    await until(async () => live.charger.reservation(1), (r) => r === null, 15_000);
  });

  it('stops asking once the booking’s start has passed', async () => {
    await live.charger.fault(2, 'GroundFailure');
    await until(() => q<{ status: string }>(sql`select status from ocpp_connectors where charger_id = ${chargerId} and connector_id = 2`), (r) => r[0]?.status === 'Faulted', 15_000);
    const who = await customer();
    const bookingId = await scheduled(who, 2, 60_000);
    await pass();
    expect((await until(() => reservationOf(bookingId), (b) => b.reservation?.state === 'refused', 15_000)).reservation.answer).toBe('Faulted');
    await live.charger.recover(2);
    // Three minutes on, the booking's start (a minute away) has passed: a refusal then is final.
    await pass(new Date(Date.now() + 3 * 60_000));
    expect((await q<{ n: number }>(sql`select count(*)::int as n from ocpp_commands where action = 'ReserveNow' and payload->>'idTag' = ${who.card}`))[0]!.n).toBe(1);
    await database.db.execute(sql`update bookings set status = 'CANCELLED' where id = ${bookingId}`);
  });
});
