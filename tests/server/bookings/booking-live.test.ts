// Stop, pause and resume a live booking through its charger: the simulator as the real charger on a real socket.
// The booking moves only when the charger says so; refusals (permission, body, state, no live session) send nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF_PAISE_PER_KWH } from '@server/bookings/charger-started-booking';
import type { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { checkLedger } from '@server/ledger/ledger-check';
import { walletBalance } from '@server/ledger/ledger';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { ruleDrivers } from '../support/test-database';

describe.each(ruleDrivers)('live booking actions on %s', (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let charger: SimulatedCharger;
  let admin: string;
  let support: string;
  let chargerId: number;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const booking = async (id: number) => (await call(t, 'GET', `/booking-service/admin/booking/${id}`, { authKey: admin })).body;
  const commands = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from ocpp_commands`))[0]!.n);

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, charger, chargerId } = live);
    admin = (await signIn(t, '9000000001')).authKey;
    support = (await signIn(t, '9000000005')).authKey;
  });
  afterAll(() => live.close());

  it('pauses (0 A), resumes and stops a session from the booking; the stop ends it with the meter’s energy and the wallet pays', async () => {
    await until(() => q<{ connected_node: string | null }>(sql`select connected_node from ocpp_charge_points where charger_id = ${chargerId}`), (r) => r[0]?.connected_node != null);
    const [user] = await q<{ user_id: string }>(sql`select user_id from wallets where credits >= 50000 and not postpaid order by user_id limit 1`);
    const card = `BKLIVE${driver.slice(0, 2).toUpperCase()}`;
    await database.db.execute(sql`insert into rfid_card_history (card_number, user_id, action, acted_at, created_at, updated_at) values (${card}, ${user!.user_id}, 'ADDED', now(), now(), now())`);
    const before = await walletBalance(database.db, user!.user_id);
    const started = await call(t, 'POST', '/ccu/charger-command', { authKey: admin, body: { chargerIds: [chargerId], command: { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: card } }, wait: true } });
    expect(started.body.items[0].status).toBe('accepted');
    const [session] = await until(() => q<{ booking_id: number | null }>(sql`select booking_id from ocpp_sessions where charger_id = ${chargerId} and stopped_at is null`), (r) => r[0]?.booking_id != null);
    const id = Number(session!.booking_id);
    // The charger has its StartTransaction's answer (sent once the call's row is logged): it knows the transaction's id.
    await until(async () => charger.session(1)?.transactionId ?? null, (tx) => tx !== null);
    expect(await booking(id)).toMatchObject({ status: 'CHARGING', paymentMode: 'WALLET' });

    // Refusals send nothing: no permission, bad body, a state that does not allow it.
    const sent = await commands();
    expect((await call(t, 'POST', '/booking-service/admin/booking/pause-charging', { authKey: support, body: { id } })).status).toBe(403);
    expect((await call(t, 'POST', '/booking-service/admin/booking/pause-charging', { authKey: admin, body: { id: 'one' } })).status).toBe(400);
    // Support may not stop a session (403); staff who may are asked for the reason (400).
    expect((await call(t, 'POST', '/booking-service/stop-charging', { authKey: support, body: { id, reason: 'Customer asked' } })).status).toBe(403);
    expect((await call(t, 'POST', '/booking-service/stop-charging', { authKey: admin, body: { id } })).status).toBe(400);
    const resumeCharging = await call(t, 'POST', '/booking-service/admin/booking/resume-charging', { authKey: admin, body: { id } });
    expect(resumeCharging.status).toBe(409);
    expect(resumeCharging.body).toMatchObject({ currentState: 'CHARGING' });
    expect(await commands()).toBe(sent);

    const paused = await call(t, 'POST', '/booking-service/admin/booking/pause-charging', { authKey: admin, body: { id } });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.booking).toMatchObject({ status: 'PAUSED' });
    expect(paused.body.command).toMatchObject({ action: 'SetChargingProfile', status: 'accepted' });
    expect(charger.session(1)?.limitA).toBe(0);
    const resumed = await call(t, 'POST', '/booking-service/admin/booking/resume-charging', { authKey: admin, body: { id } });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.booking).toMatchObject({ status: 'CHARGING' });
    expect(charger.session(1)?.limitA).toBeNull();

    await until(() => q<{ e: number }>(sql`select last_energy_wh - meter_start_wh as e from ocpp_sessions where booking_id = ${id}`), (r) => Number(r[0]?.e) > 0);
    const stopped = await call(t, 'POST', '/booking-service/stop-charging', { authKey: admin, body: { id, reason: 'Driver asked support to stop' } });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.command).toMatchObject({ action: 'RemoteStopTransaction', status: 'accepted' });
    const ended = await until(() => booking(id), (b) => b.status === 'STOPPED_BY_ADMIN');
    expect(ended.status).toBe('STOPPED_BY_ADMIN');
    expect(ended.energyWh).toBeGreaterThan(0);
    expect(ended.amount).toBe(Math.round((ended.energyWh * DEFAULT_TARIFF_PAISE_PER_KWH) / 1000));
    expect(await walletBalance(database.db, user!.user_id)).toBe(before - ended.amount);
    const events = await q<{ event: string | null; action: string }>(sql`select event, action from audit_log where entity_type = 'bookings' and entity_id = ${String(id)} order by created_at, id`);
    // (The rows a request writes share its time, so they are compared as a set.)
    expect(events.map((e) => e.event ?? e.action).sort()).toEqual(['PAUSE', 'RESUME', 'START', 'STOP', 'pause-charging', 'resume-charging', 'stop-charging']);
    expect(await checkLedger(database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });

    // Ended: nothing more to stop, and a booking with no charger session is refused with words saying so.
    expect((await call(t, 'POST', '/booking-service/stop-charging', { authKey: admin, body: { id, reason: 'Once more' } })).status).toBe(409);
    const [other] = await q<{ id: number }>(sql`select b.id from bookings b where b.status = 'CHARGING' and not exists (select 1 from ocpp_sessions s where s.booking_id = b.id) limit 1`);
    const noCharger = await call(t, 'POST', '/booking-service/stop-charging', { authKey: admin, body: { id: Number(other!.id), reason: 'Driver asked support to stop' } });
    expect(noCharger.status).toBe(409);
    expect(noCharger.body.detail).toMatch(/no live charger session/);
  });
});
