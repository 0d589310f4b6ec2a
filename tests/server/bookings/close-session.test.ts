// Close session: staff end a session the charger will not end. The booking completes with the session's last meter value
// (or the energy staff enter), paid at its tariff through the same path as a charger's stop, its charger session closed;
// a StopTransaction the charger sends later is accepted and changes nothing. The simulator plays the real charger.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@server/ledger/ledger-check';
import { walletBalance } from '@server/ledger/ledger';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import type { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { testDrivers } from '../support/test-database';

const API = '/booking-service/admin/booking';

describe.each(testDrivers)('closing a stuck session on %s', (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let charger: SimulatedCharger;
  let chargerId: number;
  let admin: string;
  let operations: string;
  let support: string;
  let readOnly: string;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const booking = async (id: number) => (await call(t, 'GET', `${API}/${id}`, { authKey: admin })).body;
  const postings = async (id: number) => q<{ kind: string; dedupe_key: string | null }>(sql`select kind, dedupe_key from ledger_postings where booking_id = ${id} order by id`);
  const close = (authKey: string, id: number, version: number, extra: Record<string, unknown> = {}) =>
    call(t, 'POST', `${API}/${id}/transition`, { authKey, body: { type: 'CLOSE_SESSION', reason: 'The charger never sent its stop', version, ...extra } });

  /** A session started with a wallet user's card on the connector, charging with energy metered; answers its booking. */
  async function startSession(connectorId: number, card: string, skipUsers: number): Promise<{ id: number; userId: string; transactionId: number }> {
    const [user] = await q<{ user_id: string }>(sql`select user_id from wallets where credits >= 50000 and not postpaid order by user_id offset ${skipUsers} limit 1`);
    await database.db.execute(sql`insert into rfid_card_history (card_number, user_id, action, acted_at, created_at, updated_at) values (${card}, ${user!.user_id}, 'ADDED', now(), now(), now())`);
    await charger.startWithCard(connectorId, card);
    const [session] = await until(
      () => q<{ booking_id: number | null; transaction_id: number; e: number }>(sql`select booking_id, transaction_id, last_energy_wh - meter_start_wh as e from ocpp_sessions where charger_id = ${chargerId} and connector_id = ${connectorId} and stopped_at is null`),
      (r) => r[0]?.booking_id != null && Number(r[0].e) > 0,
    );
    return { id: Number(session!.booking_id), userId: user!.user_id, transactionId: Number(session!.transaction_id) };
  }

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, charger, chargerId } = live);
    admin = (await signIn(t, '9000000001')).authKey;
    operations = (await signIn(t, '9000000002')).authKey;
    support = (await signIn(t, '9000000005')).authKey;
    readOnly = (await signIn(t, '9000000006')).authKey;
    await until(() => q<{ connected_node: string | null }>(sql`select connected_node from ocpp_charge_points where charger_id = ${chargerId}`), (r) => r[0]?.connected_node != null);
  });
  afterAll(() => live.close());

  it('completes the booking with the last meter value, pays once, closes the session, and a late stop changes nothing', async () => {
    const { id, userId, transactionId } = await startSession(1, `CLOSE1${driver.slice(0, 2).toUpperCase()}`, 0);
    const started = await booking(id);
    expect(started).toMatchObject({ status: 'CHARGING', paymentMode: 'WALLET' });
    const walletBefore = await walletBalance(database.db, userId);

    // Refused without the permission (Customer Support, Read Only) and for bad energy: nothing changes.
    expect((await close(support, id, started.version)).status).toBe(403);
    expect((await close(readOnly, id, started.version)).status).toBe(403);
    for (const energyWh of [-1, 1.5, 500_001, 'twelve']) {
      const bad = await close(operations, id, started.version, { energyWh });
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    }
    expect(await booking(id)).toMatchObject({ status: 'CHARGING', version: started.version });
    expect(await q(sql`select 1 from ocpp_sessions where transaction_id = ${transactionId} and stopped_at is null`)).toHaveLength(1);
    expect(await postings(id)).toEqual([]);

    const closed = await close(operations, id, started.version);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const [session] = await q<{ stopped_at: unknown; e: number; status: string; stop_reason: string; energy_wh: number }>(sql`
      select s.stopped_at, s.last_energy_wh - s.meter_start_wh as e, t.status, t.stop_reason, t.energy_wh
      from ocpp_sessions s join charger_transactions t on t.id = s.transaction_id where s.transaction_id = ${transactionId}`);
    expect(session!.stopped_at).not.toBeNull();
    expect(session).toMatchObject({ status: 'COMPLETED', stop_reason: 'CLOSED_BY_STAFF' });
    const done = await booking(id);
    expect(done.status).toBe('COMPLETED');
    expect(done.energyWh).toBeGreaterThan(0);
    expect(done.energyWh).toBe(Number(session!.e));
    expect(Number(session!.energy_wh)).toBe(done.energyWh);
    expect(done.amount).toBe(Math.round((done.energyWh * done.tariffPerKwh) / 1000));
    expect(done.endedAt).not.toBeNull();
    expect(await walletBalance(database.db, userId)).toBe(walletBefore - done.amount);
    expect((await postings(id)).map((p) => p.kind)).toEqual(['BOOKING_PAYMENT']);
    const [audit] = await q<{ event: string; reason: string; actor_user_id: string | null }>(sql`select event, reason, actor_user_id from audit_log where entity_type = 'bookings' and entity_id = ${String(id)} and event = 'CLOSE_SESSION'`);
    expect(audit).toMatchObject({ reason: 'The charger never sent its stop' });
    expect(audit!.actor_user_id).not.toBeNull();

    // A completed booking is closed already.
    expect((await close(operations, id, done.version)).status).toBe(409);

    // The charger's stop comes at last, even one with a reading it would be refused for: accepted, nothing changes.
    const late = await charger.call('StopTransaction', { transactionId, meterStop: 2_000_000_000_000, timestamp: new Date().toISOString(), reason: 'Local' });
    expect(late).toMatchObject({ idTagInfo: { status: 'Accepted' } });
    const lateGood = await charger.call('StopTransaction', { transactionId, meterStop: 999_999, timestamp: new Date().toISOString(), reason: 'Local' });
    expect(lateGood).toMatchObject({ idTagInfo: { status: 'Accepted' } });
    expect(await booking(id)).toMatchObject({ status: 'COMPLETED', energyWh: done.energyWh, amount: done.amount, version: done.version });
    expect((await postings(id)).map((p) => p.kind)).toEqual(['BOOKING_PAYMENT']);
    expect(await walletBalance(database.db, userId)).toBe(walletBefore - done.amount);
    expect(await checkLedger(database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
  });

  it('completes a paused booking with the energy staff enter', async () => {
    const { id, userId, transactionId } = await startSession(2, `CLOSE2${driver.slice(0, 2).toUpperCase()}`, 1);
    await database.db.execute(sql`update bookings set status = 'PAUSED' where id = ${id}`);
    const paused = await booking(id);
    const walletBefore = await walletBalance(database.db, userId);
    const closed = await close(admin, id, paused.version, { energyWh: 2_500 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const amount = Math.round((2_500 * paused.tariffPerKwh) / 1000);
    expect(await booking(id)).toMatchObject({ status: 'COMPLETED', energyWh: 2_500, amount });
    expect(await walletBalance(database.db, userId)).toBe(walletBefore - amount);
    const [session] = await q<{ e: number; energy_wh: number; stop_reason: string }>(sql`
      select s.last_energy_wh - s.meter_start_wh as e, t.energy_wh, t.stop_reason from ocpp_sessions s join charger_transactions t on t.id = s.transaction_id where s.transaction_id = ${transactionId}`);
    expect(session).toMatchObject({ stop_reason: 'CLOSED_BY_STAFF' });
    expect(Number(session!.e)).toBe(2_500);
    expect(Number(session!.energy_wh)).toBe(2_500);
    expect((await postings(id)).map((p) => p.kind)).toEqual(['BOOKING_PAYMENT']);
  });
});
