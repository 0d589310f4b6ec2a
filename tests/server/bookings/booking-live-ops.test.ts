// Instant booking and charging, load-balanced charging start and end, and FAIL from the charger: the simulator as the
// real charger on a real socket. Refusals (permission, body, customer, wallet, charger, connector, state) send nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChargerByBoxId } from '@server/ocpp/charger-identity';
import { startTransaction, stopTransaction } from '@server/ocpp/transaction-store';
import type { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { checkLedger } from '@server/ledger/ledger-check';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { ruleDrivers } from '../support/test-database';

describe.each(ruleDrivers)('instant charging, load balancing and charger failures on %s', (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let charger: SimulatedCharger;
  let admin: string;
  let operations: string;
  let support: string;
  let chargerId: number;
  let offlineCharger: { id: number; box: string };
  let customer: string;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const booking = async (id: number) => (await call(t, 'GET', `/booking-service/admin/booking/${id}`, { authKey: admin })).body;
  const commands = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from ocpp_commands`))[0]!.n);
  const instant = (authKey: string, body: Record<string, unknown>) => call(t, 'POST', '/booking-service/instant', { authKey, body });
  // The open session's booking, once the charger has its StartTransaction's answer too (sent after the call's row is
  // logged): a command sent before could reach a charger that does not know its transaction's id yet.
  const openBooking = async (connectorId: number) => {
    const rows = await until(() => q<{ booking_id: number | null }>(sql`select booking_id from ocpp_sessions where charger_id = ${chargerId} and connector_id = ${connectorId} and stopped_at is null`), (r) => r[0]?.booking_id != null);
    await until(async () => charger.session(connectorId)?.transactionId ?? null, (tx) => tx !== null);
    return rows;
  };

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, charger, chargerId, offlineCharger } = live);
    admin = (await signIn(t, '9000000001')).authKey;
    operations = (await signIn(t, '9000000002')).authKey;
    support = (await signIn(t, '9000000005')).authKey;
    const [user] = await q<{ user_id: string }>(sql`select w.user_id from wallets w join users u on u.id = w.user_id where w.credits >= 50000 and not w.postpaid and u.is_active and not u.operations_locked order by w.user_id limit 1`);
    customer = user!.user_id;
    await until(() => q<{ status: string }>(sql`select status from ocpp_connectors where charger_id = ${chargerId} and connector_id = 1`), (r) => r[0]?.status === 'Available');
  });
  afterAll(() => live.close());

  it('starts a session for a customer now (202), refusing locked, poor, offline and busy with words; the booking is the customer’s', async () => {
    const sent = await commands();
    expect((await instant(support, { userId: customer, chargerId, connectorId: 1 })).status).toBe(403);
    const bad = await instant(admin, { userId: customer, chargerId, connectorId: 0, extra: 1 });
    expect(bad.status).toBe(400);
    const [locked] = await q<{ id: string }>(sql`select id from users where is_active and not operations_locked order by id desc limit 1`);
    await database.db.execute(sql`update users set operations_locked = true where id = ${locked!.id}`);
    const lockedAnswer = await instant(admin, { userId: locked!.id, chargerId, connectorId: 1 });
    expect(lockedAnswer.status).toBe(409);
    expect(lockedAnswer.body.detail).toMatch(/operations are locked/);
    const [poor] = await q<{ user_id: string }>(sql`select w.user_id from wallets w join users u on u.id = w.user_id where w.credits < 5000 and not w.postpaid and u.is_active and not u.operations_locked limit 1`);
    const poorAnswer = await instant(admin, { userId: poor!.user_id, chargerId, connectorId: 1 });
    expect(poorAnswer.status).toBe(409);
    expect(poorAnswer.body.detail).toMatch(/^Not enough credits/);
    const offline = await instant(admin, { userId: customer, chargerId: offlineCharger.id, connectorId: 1 });
    expect(offline.status).toBe(409);
    expect(offline.body.detail).toMatch(/offline/);
    expect(await commands()).toBe(sent);

    const started = await instant(admin, { userId: customer, chargerId, connectorId: 1 });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.command).toMatchObject({ action: 'RemoteStartTransaction', status: 'accepted' });
    const [session] = await openBooking(1);
    const b = await booking(Number(session!.booking_id));
    expect(b).toMatchObject({ userId: customer, chargerId, status: 'CHARGING', paymentMode: 'WALLET', loadLimitA: null });
    const busy = await instant(admin, { userId: customer, chargerId, connectorId: 1 });
    expect(busy.status).toBe(409);
    expect(busy.body.detail).toMatch(/busy/);
  });

  it('limits a charging session to a current and ends the limit; pause sits above it; refused when not charging', async () => {
    const [session] = await openBooking(1);
    const id = Number(session!.booking_id);
    const sent = await commands();
    expect((await call(t, 'POST', '/booking-service/load-balanced-charging/start', { authKey: support, body: { id, limitA: 16 } })).status).toBe(403);
    for (const limitA of [5, 33, 16.5, '16']) {
      const res = await call(t, 'POST', '/booking-service/load-balanced-charging/start', { authKey: operations, body: { id, limitA } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('limitA');
    }
    expect((await call(t, 'POST', '/booking-service/load-balanced-charging/end', { authKey: operations, body: { id } })).status).toBe(409);
    expect(await commands()).toBe(sent);

    const limited = await call(t, 'POST', '/booking-service/load-balanced-charging/start', { authKey: operations, body: { id, limitA: 16 } });
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    expect(limited.body.booking).toMatchObject({ status: 'CHARGING', loadLimitA: 16 });
    expect(limited.body.command).toMatchObject({ action: 'SetChargingProfile', status: 'accepted' });
    expect(charger.session(1)?.limitA).toBe(16);
    // A pause (0 A, a higher stack level) wins; resuming brings the load limit back.
    expect((await call(t, 'POST', '/booking-service/admin/booking/pause-charging', { authKey: admin, body: { id } })).status).toBe(200);
    expect(charger.session(1)?.limitA).toBe(0);
    expect((await call(t, 'POST', '/booking-service/load-balanced-charging/start', { authKey: operations, body: { id, limitA: 10 } })).status).toBe(409);
    expect((await call(t, 'POST', '/booking-service/admin/booking/resume-charging', { authKey: admin, body: { id } })).status).toBe(200);
    expect(charger.session(1)?.limitA).toBe(16);

    const ended = await call(t, 'POST', '/booking-service/load-balanced-charging/end', { authKey: operations, body: { id } });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.booking).toMatchObject({ status: 'CHARGING', loadLimitA: null });
    expect(charger.session(1)?.limitA).toBeNull();
    const audit = await q<{ action: string; changes: unknown }>(sql`select action, changes from audit_log where entity_type = 'bookings' and entity_id = ${String(id)} and action like '%load-balancing' order by created_at, id`);
    expect(audit.map((a) => a.action)).toEqual(['start-load-balancing', 'end-load-balancing']);

    // Offline: nothing is sent.
    const [node] = await q<{ connected_node: string }>(sql`select connected_node from ocpp_charge_points where charger_id = ${chargerId}`);
    await database.db.execute(sql`update ocpp_charge_points set connected_node = null where charger_id = ${chargerId}`);
    const offline = await call(t, 'POST', '/booking-service/load-balanced-charging/start', { authKey: operations, body: { id, limitA: 16 } });
    expect(offline.status).toBe(409);
    expect(offline.body.detail).toMatch(/offline/);
    await database.db.execute(sql`update ocpp_charge_points set connected_node = ${node!.connected_node} where charger_id = ${chargerId}`);
  });

  it('fails a charging booking when its connector reports Faulted (the later StopTransaction changes nothing), with the ledger clean', async () => {
    const [session] = await openBooking(1);
    const id = Number(session!.booking_id);
    await charger.fault(1, 'GroundFailure', undefined, { stopAfter: true });
    const failed = await until(() => booking(id), (b) => b.status === 'FAILED');
    expect(failed).toMatchObject({ status: 'FAILED', amount: 0, loadLimitA: null });
    await until(() => q<{ status: string }>(sql`select status from charger_transactions where id = (select transaction_id from ocpp_sessions where booking_id = ${id})`), (r) => r[0]?.status !== 'IN_PROGRESS');
    expect((await booking(id)).status).toBe('FAILED');
    const events = await q<{ event: string | null }>(sql`select event from audit_log where entity_type = 'bookings' and entity_id = ${String(id)} and action = 'transition' order by created_at, id`);
    expect(events.map((e) => e.event)).toContain('FAIL');
    expect(events.map((e) => e.event)).not.toContain('COMPLETE');
    expect((await call(t, 'POST', '/booking-service/load-balanced-charging/start', { authKey: operations, body: { id, limitA: 16 } })).status).toBe(409);
    await charger.recover(1);
    expect(await checkLedger(database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
  });

  it('fails a session the car left (EVDisconnected) or the power cut (PowerLoss) before any energy; with energy it completes', async () => {
    const identity = (await findChargerByBoxId(database.db, offlineCharger.box))!;
    const card = `LIVEOPS${driver.slice(0, 2).toUpperCase()}`;
    await database.db.execute(sql`insert into rfid_card_history (card_number, user_id, action, acted_at, created_at, updated_at) values (${card}, ${customer}, 'ADDED', now(), now(), now())`);
    const now = new Date();
    const outcomes: string[] = [];
    for (const [i, reason, energy] of [[1, 'EVDisconnected', 0], [2, 'PowerLoss', 0], [3, 'EVDisconnected', 1200]] as const) {
      const started = await startTransaction(database.db, identity, { connectorId: 1, idTag: card, meterStart: 1000 * i, timestamp: new Date(now.getTime() + i * 1000).toISOString() }, now);
      expect(started.bookingId).not.toBeNull();
      await stopTransaction(database.db, identity.id, { transactionId: started.transactionId, meterStop: 1000 * i + energy, timestamp: new Date(now.getTime() + i * 1000 + 500).toISOString(), reason }, now);
      outcomes.push(String((await booking(started.bookingId!)).status));
    }
    expect(outcomes).toEqual(['FAILED', 'FAILED', 'COMPLETED']);
    expect(await checkLedger(database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
  });
});
