// A customer's charging session stops or changes current only through its booking's own actions, whichever route
// asks: the generic command route and test charging's stop refuse it (409 naming the booking's action, or 403 without
// the permission), and the simulated charger, on a real socket, receives nothing. The booking's Stop charging still
// stops it, and test charging still stops a test charge.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcppCommand } from '@domain/ocpp';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import type { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { ruleDrivers } from '../support/test-database';

describe.each(ruleDrivers)("a customer's session is stopped and throttled only from its booking, on %s", (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let charger: SimulatedCharger;
  let chargerId: number;
  let admin: string;
  let operations: string;
  let technician: string;
  /** Every frame the simulated charger received, by OCPP action (calls only). */
  const received: string[] = [];
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const records = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from ocpp_commands`))[0]!.n);
  const booking = async (id: number) => (await call(t, 'GET', `/booking-service/admin/booking/${id}`, { authKey: admin })).body;
  const command = (authKey: string, cmd: OcppCommand, chargerIds = [chargerId]) => call(t, 'POST', '/ccu/charger-command', { authKey, body: { chargerIds, command: cmd, wait: true } });
  const testStop = (authKey: string, transactionId: number) => call(t, 'POST', '/ccu/test-charging/stop', { authKey, body: { chargerId, transactionId } });
  // The session as the database has it, once the charger has its StartTransaction's answer too (the answer follows
  // the call's row in the message log, so a command sent the moment the row is in could reach a charger that does not
  // know its transaction's id yet).
  const openSession = async (connectorId: number) => {
    const [row] = await until(
      () => q<{ transaction_id: number; booking_id: number | null }>(sql`select transaction_id, booking_id from ocpp_sessions where charger_id = ${chargerId} and connector_id = ${connectorId} and stopped_at is null`),
      (r) => r[0]?.booking_id != null,
    );
    const transactionId = Number(row!.transaction_id);
    await until(async () => charger.session(connectorId)?.transactionId, (id) => id === transactionId);
    return { transactionId, bookingId: Number(row!.booking_id) };
  };
  const txProfile = (connectorId: number, limit: number, transactionId?: number, chargingProfileId = 77): OcppCommand => ({
    action: 'SetChargingProfile',
    payload: {
      connectorId,
      csChargingProfiles: {
        chargingProfileId,
        ...(transactionId === undefined ? {} : { transactionId }),
        stackLevel: 5,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit }] },
      },
    },
  });

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, charger, chargerId } = live);
    charger.onReceived((frame) => {
      const [kind, , action] = JSON.parse(frame) as [number, string, string];
      if (kind === 2) received.push(action);
    });
    admin = (await signIn(t, '9000000001')).authKey;
    // Operations holds ROLE_EXECUTE_COMMAND, ROLE_TEST_DEVICE, ROLE_STOP_BOOKING and ROLE_LOAD_BALANCED_CHARGING; the
    // Field Technician ROLE_TEST_DEVICE alone of these.
    operations = (await signIn(t, '9000000002')).authKey;
    technician = (await signIn(t, '9000000003')).authKey;
    await until(() => q<{ status: string }>(sql`select status from ocpp_connectors where charger_id = ${chargerId} and connector_id = 1`), (r) => r[0]?.status === 'Available');
  });
  afterAll(() => live.close());

  it("refuses every other way to stop or throttle a customer's session, sending nothing; the booking's Stop charging stops it", async () => {
    const [user] = await q<{ user_id: string }>(
      sql`select w.user_id from wallets w join users u on u.id = w.user_id where w.credits >= 50000 and not w.postpaid and u.is_active and not u.operations_locked order by w.user_id limit 1`,
    );
    const started = await call(t, 'POST', '/booking-service/instant', { authKey: admin, body: { userId: user!.user_id, chargerId, connectorId: 1 } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const { transactionId, bookingId } = await openSession(1);
    // The charger holds the transaction too (it has the StartTransaction's answer), so a stop would reach it.
    expect(await until(async () => charger.session(1)?.transactionId, (id) => id === transactionId)).toBe(transactionId);
    expect(await booking(bookingId)).toMatchObject({ status: 'CHARGING', userId: user!.user_id });
    const sentRecords = await records();
    const sentFrames = received.length;

    // The Field Technician: test charging's stop names the booking's Stop; the generic command route is not theirs.
    const byTechnician = await testStop(technician, transactionId);
    expect(byTechnician.status).toBe(409);
    expect(byTechnician.body).toMatchObject({ type: '/problems/customer-session', bookingId, bookingAction: 'stop-charging' });
    expect(byTechnician.body.detail).toBe(`This session belongs to booking ${bookingId}: stop it with the booking's Stop charging action (a reason is needed). Nothing was sent.`);
    expect((await command(technician, { action: 'RemoteStopTransaction', payload: { transactionId } })).status).toBe(403);
    expect((await command(technician, txProfile(1, 0))).status).toBe(403);

    // Operations, with ROLE_EXECUTE_COMMAND: a remote stop, alone or in a batch, and test charging's stop.
    for (const chargerIds of [[chargerId], [live.offlineCharger.id, chargerId]]) {
      const stop = await command(operations, { action: 'RemoteStopTransaction', payload: { transactionId } }, chargerIds);
      expect(stop.status).toBe(409);
      expect(stop.body).toMatchObject({ type: '/problems/customer-session', bookingId, detail: expect.stringContaining("the booking's Stop charging action (a reason is needed)") });
    }
    expect((await testStop(operations, transactionId)).status).toBe(409);
    // An unlock of its connector: the charger would finish the transaction first (OCPP 1.6 §5.18), a stop.
    const unlock = await command(operations, { action: 'UnlockConnector', payload: { connectorId: 1 } });
    expect(unlock.status).toBe(409);
    expect(unlock.body).toMatchObject({ type: '/problems/customer-session', bookingId, bookingAction: 'stop-charging' });
    // Charging profiles that would change its current: a TxProfile on its connector (0 A or any other limit), one
    // naming its transaction from another connector, one taking the id of the booking's pause on another connector
    // (a charger replaces the profile of that id wherever it is), and clears that could remove the booking's own
    // profiles.
    const throttles: OcppCommand[] = [
      txProfile(1, 0),
      txProfile(1, 32),
      txProfile(2, 0, transactionId),
      txProfile(2, 32, undefined, 9001),
      { action: 'ClearChargingProfile', payload: { chargingProfilePurpose: 'TxProfile' } },
      { action: 'ClearChargingProfile', payload: { connectorId: 0, chargingProfilePurpose: 'TxProfile' } },
      { action: 'ClearChargingProfile', payload: { connectorId: 1, chargingProfilePurpose: 'TxProfile' } },
      { action: 'ClearChargingProfile', payload: { id: 9001, connectorId: 2, chargingProfilePurpose: 'TxProfile' } },
    ];
    for (const throttle of throttles) {
      const refused = await command(operations, throttle);
      expect(refused.status, JSON.stringify(throttle)).toBe(409);
      expect(refused.body).toMatchObject({ type: '/problems/customer-session', bookingId, bookingAction: 'start-load-balancing' });
      expect(refused.body.detail).toBe(
        `This session belongs to booking ${bookingId}: change its current with the booking's Start load balancing or End load balancing action (Pause charging and Resume charging for 0 A). Nothing was sent.`,
      );
    }

    // Nothing reached the charger, no command was recorded, and the session charges on at full rate.
    expect(await records()).toBe(sentRecords);
    expect(received.slice(sentFrames)).toEqual([]);
    expect(charger.session(1)).toMatchObject({ transactionId, limitA: null });
    expect(await booking(bookingId)).toMatchObject({ status: 'CHARGING', loadLimitA: null });

    // What does not reach the session still goes: a clear on the other connector (nothing there to clear).
    const elsewhere = await command(operations, { action: 'ClearChargingProfile', payload: { connectorId: 2, chargingProfilePurpose: 'TxProfile' } });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    expect(elsewhere.body.items[0]).toMatchObject({ action: 'ClearChargingProfile', status: 'rejected', response: { status: 'Unknown' } });
    expect(await until(async () => received.slice(sentFrames), (r) => r.length > 0)).toEqual(['ClearChargingProfile']);

    // The booking's own Stop charging, with its reason, stops it.
    expect((await call(t, 'POST', '/booking-service/stop-charging', { authKey: technician, body: { id: bookingId, reason: 'Driver asked' } })).status).toBe(403);
    const stopped = await call(t, 'POST', '/booking-service/stop-charging', { authKey: operations, body: { id: bookingId, reason: 'Driver asked support to stop' } });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.command).toMatchObject({ action: 'RemoteStopTransaction', status: 'accepted', payload: { transactionId } });
    expect((await until(() => booking(bookingId), (b) => b.status === 'STOPPED_BY_ADMIN')).status).toBe('STOPPED_BY_ADMIN');
    const [audit] = await q<{ reason: string }>(sql`select reason from audit_log where entity_type = 'bookings' and entity_id = ${String(bookingId)} and action = 'stop-charging'`);
    expect(audit!.reason).toBe('Driver asked support to stop');
    await until(async () => charger.session(1), (s) => s === null);
  });

  it('test charging still stops a test charge, and only a test charge', async () => {
    await until(() => q<{ status: string }>(sql`select status from ocpp_connectors where charger_id = ${chargerId} and connector_id = 2`), (r) => r[0]?.status === 'Available');
    const started = await call(t, 'POST', '/ccu/test-charging/start', { authKey: technician, body: { chargerId, connectorId: 2 } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.items[0].status).toBe('accepted');
    const { transactionId, bookingId } = await openSession(2);
    const sentRecords = await records();

    // A transaction that is no open test charge of this charger: refused in words, nothing sent.
    const unknown = await testStop(technician, transactionId + 1_000_000);
    expect(unknown.status).toBe(409);
    expect(unknown.body.detail).toMatch(/is not an open test charge .*only a test charge stops here\. Nothing was sent\./);
    expect(await records()).toBe(sentRecords);

    // A test charge is no customer's: its current may be set from the command route.
    const limited = await command(operations, txProfile(2, 10));
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    expect(limited.body.items[0]).toMatchObject({ status: 'accepted' });
    expect(charger.session(2)?.limitA).toBe(10);

    const stopped = await testStop(technician, transactionId);
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.items[0]).toMatchObject({ action: 'RemoteStopTransaction', status: 'accepted' });
    await until(async () => charger.session(2), (s) => s === null);
    expect((await until(() => booking(bookingId), (b) => b.status === 'COMPLETED')).status).toBe('COMPLETED');
  });
});
