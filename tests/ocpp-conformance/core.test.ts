// Core profile, what the charge point sends: boot, heartbeat, authorisation, transactions, meter values, statuses,
// data transfer, and the frames a 1.6 central system must refuse (OCPP 1.6 §4 and OCPP-J 1.6 §4).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conformanceDrivers, HEARTBEAT_SECONDS, useConformanceServer, type ChargePoint } from './harness';

const boot = { chargePointVendor: 'Conformance', chargePointModel: 'Scripted', chargePointSerialNumber: 'SN-1', firmwareVersion: '1.0.0' };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const energy = (wh: number, timestamp = new Date().toISOString()) => ({ timestamp, sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] });

const statuses = ['Available', 'Preparing', 'Charging', 'SuspendedEVSE', 'SuspendedEV', 'Finishing', 'Reserved', 'Unavailable', 'Faulted'] as const;
const errorCodes = [
  'ConnectorLockFailure', 'EVCommunicationError', 'GroundFailure', 'HighTemperature', 'InternalError', 'LocalListConflict', 'NoError', 'OtherError',
  'OverCurrentFailure', 'PowerMeterFailure', 'PowerSwitchFailure', 'ReaderFailure', 'ResetFailure', 'UnderVoltage', 'OverVoltage', 'WeakSignal',
] as const;

describe.each(conformanceDrivers)('Core on %s', (driver) => {
  const cs = useConformanceServer(driver);
  const transaction = async (id: number) =>
    (await cs.rows<{ status: string; energy_wh: number | null; stop_reason: string | null; ended_at: string | null; booking_status: string | null; stopped_at: string | null }>(sql`
      select t.status, t.energy_wh, t.stop_reason, t.ended_at, b.status as booking_status, s.stopped_at
      from charger_transactions t join ocpp_sessions s on s.transaction_id = t.id left join bookings b on b.id = s.booking_id where t.id = ${id}`))[0];
  const start = async (cp: ChargePoint, idTag: string, connectorId = 1, meterStart = 1000, timestamp = new Date().toISOString()) =>
    cp.ok<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', { connectorId, idTag, meterStart, timestamp });
  // A one-off tag of the console's as it makes one, `minutesOld` minutes ago: a test charge's RemoteStartTransaction
  // record, or a session started for a customer (an accepted card's holder) on a connector of the charger.
  const oneOffTag = async (kind: 'test' | 'instant', chargerId: number, minutesOld = 0, connectorId = 1) => {
    const idTag = `${kind === 'test' ? 'CZOTEST' : 'CZOINST'}${randomBytes(5).toString('hex').toUpperCase()}`;
    const madeAt = minutesAgo(minutesOld);
    if (kind === 'test') {
      await cs.rows(sql`insert into ocpp_commands (charger_id, action, payload, status, created_at) values (${chargerId}, 'RemoteStartTransaction', ${JSON.stringify({ connectorId, idTag })}::jsonb, 'accepted', ${madeAt})`);
    } else {
      const [holder] = await cs.rows<{ user_id: string }>(sql`select user_id from rfid_card_history where card_number = ${await cs.card('accepted')} limit 1`);
      await cs.rows(sql`insert into instant_charge_requests (id_tag, user_id, charger_id, connector_id, created_at) values (${idTag}, ${holder!.user_id}, ${chargerId}, ${connectorId}, ${madeAt})`);
    }
    return idTag;
  };
  const authorizeHistory = async (chargerId: number, idTag: string) =>
    cs.rows<{ result: string; reason: string }>(sql`select result, reason from rfid_authorize_requests where charger_id = ${chargerId} and card_number = ${idTag} order by id`);
  const connectorRow = async (chargerId: number, connectorId: number) =>
    (await cs.rows<{ status: string; error_code: string }>(sql`select status, error_code from ocpp_connectors where charger_id = ${chargerId} and connector_id = ${connectorId}`))[0];

  describe('Boot and connection', () => {
    it('CORE-01 BootNotification accepted with the heartbeat interval and the current time; the charger is online', async () => {
      const charger = await cs.charger();
      const cp = await cs.connect(charger);
      expect(cp.protocol).toBe('ocpp1.6');
      const before = Date.now();
      const answer = await cp.ok<{ status: string; interval: number; currentTime: string }>('BootNotification', boot);
      expect(answer.status).toBe('Accepted');
      expect(answer.interval).toBe(HEARTBEAT_SECONDS);
      expect(Math.abs(Date.parse(answer.currentTime) - before)).toBeLessThan(60_000);
      const [row] = await cs.rows<{ connectivity_status: string; vendor: string; model: string; firmware_version: string }>(
        sql`select c.connectivity_status, p.vendor, p.model, p.firmware_version from chargers c join ocpp_charge_points p on p.charger_id = c.id where c.id = ${charger.id}`,
      );
      expect(row).toMatchObject({ connectivity_status: 'ONLINE', vendor: 'Conformance', model: 'Scripted', firmware_version: '1.0.0' });
      await cp.close();
    });

    it('CORE-02 BootNotification of a charger staff made inactive rejected, with an interval to retry', async () => {
      const charger = await cs.charger({ active: false });
      const cp = await cs.connect(charger);
      const answer = await cp.ok<{ status: string; interval: number; currentTime: string }>('BootNotification', boot);
      expect(answer.status).toBe('Rejected');
      expect(answer.interval).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(answer.currentTime))).toBe(false);
      await cp.close();
    });

    it('CORE-03 Unknown charge box identity refused at the handshake (401)', async () => {
      expect(await cs.connectRefused('NO-SUCH-CHARGE-BOX', 'some-password-1234567')).toBe(401);
    });

    it('CORE-04 Wrong password refused at the handshake (401)', async () => {
      const charger = await cs.charger();
      expect(await cs.connectRefused(charger.box, `${charger.password}x`)).toBe(401);
    });

    it('CORE-05 No Basic credentials refused at the handshake (401)', async () => {
      const charger = await cs.charger();
      expect(await cs.connectRefused(charger.box, null)).toBe(401);
    });

    it('CORE-06 Heartbeat answered with the current time; last heartbeat kept', async () => {
      const { charger, cp } = await cs.bootedCharger();
      await cs.rows(sql`update chargers set last_heartbeat_at = '2020-01-01T00:00:00Z' where id = ${charger.id}`);
      const before = Date.now();
      const answer = await cp.ok<{ currentTime: string }>('Heartbeat', {});
      expect(Math.abs(Date.parse(answer.currentTime) - before)).toBeLessThan(60_000);
      const [row] = await cs.rows<{ last_heartbeat_at: string }>(sql`select last_heartbeat_at from chargers where id = ${charger.id}`);
      expect(Date.parse(row!.last_heartbeat_at)).toBeGreaterThanOrEqual(before - 60_000);
      await cp.close();
    });

    it('CORE-07 A second connection of the same charge box replaces the first (closed 4001)', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const second = await cs.connect(charger);
      expect((await cp.closed).code).toBe(4001);
      expect((await second.ok<{ status: string }>('BootNotification', boot)).status).toBe('Accepted');
      await second.close();
    });
  });

  describe('Authorize', () => {
    it('CORE-10 Authorize of an active card accepted, kept in Authorize History', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const idTag = await cs.card('accepted');
      expect(await cp.ok('Authorize', { idTag })).toEqual({ idTagInfo: { status: 'Accepted' } });
      const [row] = await cs.rows<{ result: string }>(sql`select result from rfid_authorize_requests where charger_id = ${charger.id} and card_number = ${idTag}`);
      expect(row?.result).toBe('ACCEPTED');
      await cp.close();
    });

    it('CORE-11 Authorize of a blocked card answered Blocked', async () => {
      const { cp } = await cs.bootedCharger();
      expect(await cp.ok('Authorize', { idTag: await cs.card('blocked') })).toEqual({ idTagInfo: { status: 'Blocked' } });
      await cp.close();
    });

    it('CORE-12 Authorize of a card removed from its account answered Invalid', async () => {
      const { cp } = await cs.bootedCharger();
      expect(await cp.ok('Authorize', { idTag: await cs.card('removed') })).toEqual({ idTagInfo: { status: 'Invalid' } });
      await cp.close();
    });

    it('CORE-13 Authorize of an unknown idTag answered Invalid', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const idTag = await cs.card('unknown');
      expect(await cp.ok('Authorize', { idTag })).toEqual({ idTagInfo: { status: 'Invalid' } });
      const [row] = await cs.rows<{ result: string; reason: string }>(sql`select result, reason from rfid_authorize_requests where charger_id = ${charger.id} and card_number = ${idTag}`);
      expect(row).toEqual({ result: 'REJECTED', reason: 'Unknown card' });
      await cp.close();
    });

    it('CORE-14 Authorize with an idTag over 20 characters refused (FormationViolation), nothing kept', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const answer = await cp.call('Authorize', { idTag: 'X'.repeat(21) });
      expect(answer).toMatchObject({ type: 'error', code: 'FormationViolation' });
      expect(await cs.rows(sql`select 1 from rfid_authorize_requests where charger_id = ${charger.id}`)).toHaveLength(0);
      await cp.close();
    });

    it('CORE-15 Authorize of a customer’s one-off tag (CZOINST…) accepted until a transaction starts with it, then Invalid; Invalid past its lifetime; the reason in Authorize History', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const idTag = await oneOffTag('instant', charger.id);
      expect(await cp.ok('Authorize', { idTag })).toEqual({ idTagInfo: { status: 'Accepted' } });
      const { transactionId, idTagInfo } = await start(cp, idTag);
      expect(idTagInfo.status).toBe('Accepted');
      expect(await cp.ok('Authorize', { idTag })).toEqual({ idTagInfo: { status: 'Invalid' } });
      const stale = await oneOffTag('instant', charger.id, 11);
      expect(await cp.ok('Authorize', { idTag: stale })).toEqual({ idTagInfo: { status: 'Invalid' } });
      expect(await authorizeHistory(charger.id, idTag)).toEqual([
        { result: 'ACCEPTED', reason: 'Session started by staff for the customer' },
        { result: 'REJECTED', reason: 'Instant charging tag already used' },
      ]);
      expect(await authorizeHistory(charger.id, stale)).toEqual([{ result: 'REJECTED', reason: 'Instant charging tag expired' }]);
      await cp.ok('StopTransaction', { transactionId, meterStop: 1000, timestamp: new Date().toISOString() });
      await cp.close();
    });

    it('CORE-16 Authorize of a test tag (CZOTEST…) accepted until a transaction starts with it, then Invalid; Invalid past its lifetime; the reason in Authorize History', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const idTag = await oneOffTag('test', charger.id);
      expect(await cp.ok('Authorize', { idTag })).toEqual({ idTagInfo: { status: 'Accepted' } });
      const { transactionId, idTagInfo } = await start(cp, idTag);
      expect(idTagInfo.status).toBe('Accepted');
      expect(await cp.ok('Authorize', { idTag })).toEqual({ idTagInfo: { status: 'Invalid' } });
      const stale = await oneOffTag('test', charger.id, 11);
      expect(await cp.ok('Authorize', { idTag: stale })).toEqual({ idTagInfo: { status: 'Invalid' } });
      expect((await authorizeHistory(charger.id, idTag)).map((r) => r.reason)).toEqual(['Test charge started from the console', 'Test tag already used']);
      expect(await authorizeHistory(charger.id, stale)).toEqual([{ result: 'REJECTED', reason: 'Test tag expired' }]);
      await cp.ok('StopTransaction', { transactionId, meterStop: 1000, timestamp: new Date().toISOString() });
      await cp.close();
    });
  });

  describe('Transactions', () => {
    it('CORE-20 StartTransaction with an active card accepted: a transaction id, the session and its booking charging', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const idTag = await cs.card('accepted');
      const answer = await start(cp, idTag);
      expect(answer.idTagInfo.status).toBe('Accepted');
      expect(Number.isInteger(answer.transactionId) && answer.transactionId > 0).toBe(true);
      expect(await transaction(answer.transactionId)).toMatchObject({ status: 'IN_PROGRESS', booking_status: 'CHARGING', stopped_at: null });
      const [session] = await cs.rows<{ charger_id: number; connector_id: number; id_tag: string }>(sql`select charger_id, connector_id, id_tag from ocpp_sessions where transaction_id = ${answer.transactionId}`);
      expect(session).toMatchObject({ charger_id: charger.id, connector_id: 1, id_tag: idTag });
      await cp.ok('StopTransaction', { transactionId: answer.transactionId, meterStop: 1000, timestamp: new Date().toISOString(), idTag });
      await cp.close();
    });

    it('CORE-21 StartTransaction with an unknown idTag answered Invalid: a failed transaction, no booking, nothing charged', async () => {
      const { cp } = await cs.bootedCharger();
      const answer = await start(cp, await cs.card('unknown'));
      expect(answer.idTagInfo.status).toBe('Invalid');
      expect(await transaction(answer.transactionId)).toMatchObject({ status: 'FAILED', booking_status: null });
      await cp.close();
    });

    it('CORE-22 StartTransaction with a blocked card answered Blocked: a failed transaction', async () => {
      const { cp } = await cs.bootedCharger();
      const answer = await start(cp, await cs.card('blocked'));
      expect(answer.idTagInfo.status).toBe('Blocked');
      expect((await transaction(answer.transactionId))?.status).toBe('FAILED');
      await cp.close();
    });

    it('CORE-23 StartTransaction on a connector the charger does not have refused (PropertyConstraintViolation), nothing stored', async () => {
      const { charger, cp } = await cs.bootedCharger({ connectors: 2 });
      for (const connectorId of [0, 3]) {
        const answer = await cp.call('StartTransaction', { connectorId, idTag: 'ANY', meterStart: 0, timestamp: new Date().toISOString() });
        expect(answer).toMatchObject({ type: 'error', code: 'PropertyConstraintViolation' });
      }
      expect(await cs.rows(sql`select 1 from ocpp_sessions where charger_id = ${charger.id}`)).toHaveLength(0);
      await cp.close();
    });

    it('CORE-24 StartTransaction sent again (its answer lost) gets the same transaction, no second booking', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const idTag = await cs.card('accepted');
      const timestamp = new Date().toISOString();
      const first = await start(cp, idTag, 1, 500, timestamp);
      const again = await start(cp, idTag, 1, 500, timestamp);
      expect(again.transactionId).toBe(first.transactionId);
      expect(await cs.rows(sql`select 1 from ocpp_sessions where charger_id = ${charger.id}`)).toHaveLength(1);
      await cp.ok('StopTransaction', { transactionId: first.transactionId, meterStop: 500, timestamp: new Date().toISOString() });
      await cp.close();
    });

    it('CORE-25 StartTransaction on each connector of a two-connector charger: two transactions at once', async () => {
      const { charger, cp } = await cs.bootedCharger({ connectors: 2 });
      const [a, b] = [await start(cp, await cs.card('accepted'), 1), await start(cp, await cs.card('accepted'), 2)];
      expect(a.idTagInfo.status).toBe('Accepted');
      expect(b.idTagInfo.status).toBe('Accepted');
      expect(a.transactionId).not.toBe(b.transactionId);
      expect(await cs.rows(sql`select connector_id from ocpp_sessions where charger_id = ${charger.id} and stopped_at is null order by connector_id`)).toEqual([{ connector_id: 1 }, { connector_id: 2 }]);
      for (const t of [a, b]) await cp.ok('StopTransaction', { transactionId: t.transactionId, meterStop: 1000, timestamp: new Date().toISOString() });
      await cp.close();
    });

    it('CORE-26 StopTransaction (no reason: Local) accepted: the transaction completes with its energy, the booking completes', async () => {
      const { cp } = await cs.bootedCharger();
      const idTag = await cs.card('accepted');
      const { transactionId } = await start(cp, idTag, 1, 1000);
      const answer = await cp.ok<{ idTagInfo?: { status: string } }>('StopTransaction', { transactionId, meterStop: 3500, timestamp: new Date().toISOString(), idTag });
      expect(answer.idTagInfo?.status).toBe('Accepted');
      expect(await transaction(transactionId)).toMatchObject({ status: 'COMPLETED', energy_wh: 2500, stop_reason: 'LOCAL', booking_status: 'COMPLETED' });
      await cp.close();
    });

    it('CORE-27 StopTransaction with reason EVDisconnected before any energy: the session failed, not charged', async () => {
      const { cp } = await cs.bootedCharger();
      const { transactionId } = await start(cp, await cs.card('accepted'), 1, 1000);
      await cp.ok('StopTransaction', { transactionId, meterStop: 1000, timestamp: new Date().toISOString(), reason: 'EVDisconnected' });
      expect(await transaction(transactionId)).toMatchObject({ status: 'FAILED', energy_wh: 0, stop_reason: 'EV_DISCONNECTED', booking_status: 'FAILED' });
      await cp.close();
    });

    it('CORE-28 StopTransaction with reason Remote, EmergencyStop, Other: each kept as the stop reason', async () => {
      const { cp } = await cs.bootedCharger();
      const kept: Record<string, string> = {};
      for (const reason of ['EmergencyStop', 'Other', 'HardReset']) {
        const { transactionId } = await start(cp, await cs.card('unknown'), 1, 0);
        // An unknown card's transaction failed at its start: its stop is accepted and changes nothing…
        await cp.ok('StopTransaction', { transactionId, meterStop: 10, timestamp: new Date().toISOString(), reason });
      }
      for (const reason of ['EmergencyStop', 'Other', 'HardReset']) {
        const { transactionId } = await start(cp, await cs.card('accepted'), 1, 0);
        await cp.ok('StopTransaction', { transactionId, meterStop: 10, timestamp: new Date().toISOString(), reason });
        kept[reason] = (await transaction(transactionId))!.stop_reason!;
      }
      // …and an accepted one keeps why it stopped (1.6's reasons the product has no word for are Other).
      expect(kept).toEqual({ EmergencyStop: 'EMERGENCY_STOP', Other: 'OTHER', HardReset: 'OTHER' });
      await cp.close();
    });

    it('CORE-29 StopTransaction with transactionData: its meter values kept with the transaction', async () => {
      const { cp } = await cs.bootedCharger();
      const { transactionId } = await start(cp, await cs.card('accepted'), 1, 0);
      const transactionData = [energy(400, minutesAgo(2)), energy(900, minutesAgo(1))];
      await cp.ok('StopTransaction', { transactionId, meterStop: 1200, timestamp: new Date().toISOString(), transactionData });
      const rows = await cs.until(
        () => cs.rows<{ energy_wh: number }>(sql`select energy_wh from ocpp_meter_values where transaction_id = ${transactionId} order by sampled_at`),
        (r) => r.length >= 2,
      );
      expect(rows.map((r) => Number(r.energy_wh))).toEqual([400, 900]);
      expect((await transaction(transactionId))?.energy_wh).toBe(1200);
      await cp.close();
    });

    it('CORE-30 StopTransaction replayed after a reconnect keeps the original stop time and its meter values’ times', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const { transactionId } = await start(cp, await cs.card('accepted'), 1, 0, minutesAgo(30));
      // The charger lost its connection, stopped offline 10 minutes ago, and sends the stop once it is back.
      await cp.close();
      const again = await cs.connect(charger);
      await again.ok('BootNotification', boot);
      const stoppedAt = minutesAgo(10);
      const sampledAt = minutesAgo(15);
      await again.ok('StopTransaction', { transactionId, meterStop: 5000, timestamp: stoppedAt, reason: 'Local', transactionData: [energy(4000, sampledAt)] });
      const row = await transaction(transactionId);
      expect(new Date(row!.ended_at!).toISOString()).toBe(stoppedAt);
      expect(row).toMatchObject({ status: 'COMPLETED', energy_wh: 5000 });
      const [sample] = await cs.until(() => cs.rows<{ sampled_at: string }>(sql`select sampled_at from ocpp_meter_values where transaction_id = ${transactionId}`), (r) => r.length > 0);
      expect(new Date(sample!.sampled_at).toISOString()).toBe(sampledAt);
      await again.close();
    });

    it('CORE-31 StopTransaction DeAuthorized after a refused start: accepted, the failed transaction unchanged', async () => {
      const { cp } = await cs.bootedCharger();
      const { transactionId, idTagInfo } = await start(cp, await cs.card('blocked'), 1, 0);
      expect(idTagInfo.status).toBe('Blocked');
      await cp.ok('StopTransaction', { transactionId, meterStop: 50, timestamp: new Date().toISOString(), reason: 'DeAuthorized' });
      expect(await transaction(transactionId)).toMatchObject({ status: 'FAILED', energy_wh: null });
      await cp.close();
    });

    it('CORE-32 StopTransaction of an unknown transactionId accepted (the charger stops resending), nothing stored', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const answer = await cp.call('StopTransaction', { transactionId: 2_000_000_000, meterStop: 10, timestamp: new Date().toISOString() });
      expect(answer).toMatchObject({ type: 'result' });
      expect(await cs.rows(sql`select 1 from charger_transactions where charger_id = ${charger.id}`)).toHaveLength(0);
      await cp.close();
    });

    it('CORE-33 StopTransaction sent twice: the second accepted and changes nothing', async () => {
      const { cp } = await cs.bootedCharger();
      const { transactionId } = await start(cp, await cs.card('accepted'), 1, 0);
      const stoppedAt = new Date().toISOString();
      await cp.ok('StopTransaction', { transactionId, meterStop: 700, timestamp: stoppedAt });
      const first = await transaction(transactionId);
      await cp.ok('StopTransaction', { transactionId, meterStop: 900, timestamp: new Date(Date.now() + 60_000).toISOString() });
      expect(await transaction(transactionId)).toEqual(first);
      await cp.close();
    });

    it('CORE-35 StopTransaction answers the stop’s idTag as it is now: a card blocked during the transaction is Blocked', async () => {
      const { cp } = await cs.bootedCharger();
      const idTag = await cs.card('accepted');
      const { transactionId } = await start(cp, idTag, 1, 0);
      const [holder] = await cs.rows<{ user_id: string }>(sql`select user_id from rfid_card_history where card_number = ${idTag} order by acted_at desc, id desc limit 1`);
      await cs.rows(sql`insert into rfid_card_history (card_number, user_id, action, acted_at) values (${idTag}, ${holder!.user_id}, 'BLOCKED', now())`);
      const answer = await cp.ok<{ idTagInfo: { status: string } }>('StopTransaction', { transactionId, idTag, meterStop: 800, timestamp: new Date().toISOString() });
      expect(answer.idTagInfo.status).toBe('Blocked');
      // The transaction ends all the same: the energy was delivered.
      expect((await transaction(transactionId))?.status).toBe('COMPLETED');
      await cp.close();
    });

    it('CORE-34 StopTransaction with a negative meterStop refused (PropertyConstraintViolation), the transaction stays open', async () => {
      const { cp } = await cs.bootedCharger();
      const { transactionId } = await start(cp, await cs.card('accepted'), 1, 0);
      expect(await cp.call('StopTransaction', { transactionId, meterStop: -5, timestamp: new Date().toISOString() })).toMatchObject({ type: 'error', code: 'PropertyConstraintViolation' });
      expect((await transaction(transactionId))?.status).toBe('IN_PROGRESS');
      await cp.ok('StopTransaction', { transactionId, meterStop: 5, timestamp: new Date().toISOString() });
      await cp.close();
    });

    it('CORE-36 StartTransaction with a customer’s one-off tag already used answered Invalid: a failed transaction, no second booking, nothing charged; the first transaction sent again still gets its own, Accepted', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const idTag = await oneOffTag('instant', charger.id);
      const timestamp = new Date().toISOString();
      const first = await start(cp, idTag, 1, 500, timestamp);
      expect(first.idTagInfo.status).toBe('Accepted');
      expect((await transaction(first.transactionId))?.booking_status).toBe('CHARGING');
      const second = await start(cp, idTag, 1, 900);
      expect(second.idTagInfo.status).toBe('Invalid');
      expect(second.transactionId).not.toBe(first.transactionId);
      expect(await transaction(second.transactionId)).toMatchObject({ status: 'FAILED', booking_status: null });
      const resent = await start(cp, idTag, 1, 500, timestamp);
      expect(resent).toEqual(first);
      expect(await cs.rows(sql`select 1 from ocpp_sessions where charger_id = ${charger.id} and booking_id is not null`)).toHaveLength(1);
      await cp.ok('StopTransaction', { transactionId: first.transactionId, meterStop: 500, timestamp: new Date().toISOString() });
      await cp.close();
    });

    it('CORE-37 StartTransaction with a test tag already used answered Invalid: a failed transaction; the first transaction sent again still gets its own, Accepted', async () => {
      const { cp, charger } = await cs.bootedCharger();
      const idTag = await oneOffTag('test', charger.id);
      const timestamp = new Date().toISOString();
      const first = await start(cp, idTag, 1, 0, timestamp);
      expect(first.idTagInfo.status).toBe('Accepted');
      const second = await start(cp, idTag, 2, 0);
      expect(second.idTagInfo.status).toBe('Invalid');
      expect((await transaction(second.transactionId))?.status).toBe('FAILED');
      expect(await start(cp, idTag, 1, 0, timestamp)).toEqual(first);
      await cp.ok('StopTransaction', { transactionId: first.transactionId, meterStop: 10, timestamp: new Date().toISOString() });
      await cp.close();
    });

    it('CORE-38 StartTransaction with a one-off tag past its lifetime answered Invalid; one started in time and sent after an outage accepted', async () => {
      const { cp, charger } = await cs.bootedCharger();
      const stale = await start(cp, await oneOffTag('instant', charger.id, 30), 1, 0);
      expect(stale.idTagInfo.status).toBe('Invalid');
      expect(await transaction(stale.transactionId)).toMatchObject({ status: 'FAILED', booking_status: null });
      expect((await start(cp, await oneOffTag('test', charger.id, 30), 1, 0)).idTagInfo.status).toBe('Invalid');
      // Made 30 minutes ago, started 5 minutes later while the charger was offline, sent now.
      const offline = await start(cp, await oneOffTag('instant', charger.id, 30), 1, 0, minutesAgo(25));
      expect(offline.idTagInfo.status).toBe('Accepted');
      expect((await transaction(offline.transactionId))?.booking_status).toBe('CHARGING');
      await cp.ok('StopTransaction', { transactionId: offline.transactionId, meterStop: 10, timestamp: new Date().toISOString() });
      await cp.close();
    });

    it('CORE-39 StartTransaction with a customer’s one-off tag on another connector than its own answered Invalid, no booking', async () => {
      const { cp, charger } = await cs.bootedCharger({ connectors: 2 });
      const idTag = await oneOffTag('instant', charger.id, 0, 2);
      const answer = await start(cp, idTag, 1, 0);
      expect(answer.idTagInfo.status).toBe('Invalid');
      expect(await transaction(answer.transactionId)).toMatchObject({ status: 'FAILED', booking_status: null });
      await cp.close();
    });
  });

  describe('MeterValues', () => {
    it('CORE-40 MeterValues in a transaction kept, and the session’s live energy and power move on', async () => {
      const { cp } = await cs.bootedCharger();
      const { transactionId } = await start(cp, await cs.card('accepted'), 1, 1000);
      const meterValue = [{ timestamp: new Date().toISOString(), sampledValue: [
        { value: '2.5', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
        { value: '7200', measurand: 'Power.Active.Import', unit: 'W' },
        { value: '64', measurand: 'SoC', unit: 'Percent' },
      ] }];
      expect(await cp.ok('MeterValues', { connectorId: 1, transactionId, meterValue })).toEqual({});
      const [sample] = await cs.rows<{ energy_wh: number; power_w: number; soc: number }>(sql`select energy_wh, power_w, soc from ocpp_meter_values where transaction_id = ${transactionId}`);
      expect(sample).toEqual({ energy_wh: 2500, power_w: 7200, soc: 64 });
      const [session] = await cs.rows<{ last_energy_wh: number; last_power_w: number }>(sql`select last_energy_wh, last_power_w from ocpp_sessions where transaction_id = ${transactionId}`);
      expect(session).toEqual({ last_energy_wh: 2500, last_power_w: 7200 });
      await cp.ok('StopTransaction', { transactionId, meterStop: 2500, timestamp: new Date().toISOString() });
      await cp.close();
    });

    it('CORE-41 MeterValues outside a transaction (connector 0, the whole charger) kept as telemetry', async () => {
      const { charger, cp } = await cs.bootedCharger();
      expect(await cp.ok('MeterValues', { connectorId: 0, meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: '230.5', measurand: 'Voltage', unit: 'V' }] }] })).toEqual({});
      const [sample] = await cs.rows<{ connector_id: number; transaction_id: number | null; voltage_v: number }>(sql`select connector_id, transaction_id, voltage_v from ocpp_meter_values where charger_id = ${charger.id}`);
      expect(sample).toEqual({ connector_id: 0, transaction_id: null, voltage_v: 230.5 });
      await cp.close();
    });

    it('CORE-42 MeterValues with a reading that is not a number refused (TypeConstraintViolation), nothing kept', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const answer = await cp.call('MeterValues', { connectorId: 1, meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: 'abc' }] }] });
      expect(answer).toMatchObject({ type: 'error', code: 'TypeConstraintViolation' });
      expect(await cs.rows(sql`select 1 from ocpp_meter_values where charger_id = ${charger.id}`)).toHaveLength(0);
      await cp.close();
    });

    it('CORE-43 MeterValues with a power past 10 MW refused (PropertyConstraintViolation)', async () => {
      const { cp } = await cs.bootedCharger();
      const answer = await cp.call('MeterValues', { connectorId: 1, meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: '20000', measurand: 'Power.Active.Import', unit: 'kW' }] }] });
      expect(answer).toMatchObject({ type: 'error', code: 'PropertyConstraintViolation' });
      await cp.close();
    });
  });

  describe('StatusNotification', () => {
    it('CORE-50 StatusNotification of every 1.6 status accepted and kept as the connector’s status', async () => {
      const { charger, cp } = await cs.bootedCharger();
      for (const status of statuses) {
        expect(await cp.ok('StatusNotification', { connectorId: 1, status, errorCode: status === 'Faulted' ? 'GroundFailure' : 'NoError', timestamp: new Date().toISOString() })).toEqual({});
        expect((await connectorRow(charger.id, 1))?.status, status).toBe(status);
      }
      await cp.close();
    });

    it('CORE-51 StatusNotification of every 1.6 error code accepted and kept', async () => {
      const { charger, cp } = await cs.bootedCharger();
      for (const errorCode of errorCodes) {
        // Not Faulted: an error code beside a working status is a warning the charger reports.
        expect(await cp.ok('StatusNotification', { connectorId: 2, status: 'Available', errorCode, vendorErrorCode: 'V-1' })).toEqual({});
        expect((await connectorRow(charger.id, 2))?.error_code, errorCode).toBe(errorCode);
      }
      await cp.close();
    });

    it('CORE-52 StatusNotification Faulted opens one servicing ticket; back to Available comments it', async () => {
      const { charger, cp } = await cs.bootedCharger();
      await cp.ok('StatusNotification', { connectorId: 1, status: 'Faulted', errorCode: 'HighTemperature' });
      await cp.ok('StatusNotification', { connectorId: 1, status: 'Faulted', errorCode: 'HighTemperature' });
      const [fault] = await cs.rows<{ fault_ticket_id: number | null; connectivity_status: string }>(
        sql`select o.fault_ticket_id, c.connectivity_status from ocpp_connectors o join chargers c on c.id = o.charger_id where o.charger_id = ${charger.id} and o.connector_id = 1`,
      );
      expect(fault?.fault_ticket_id).not.toBeNull();
      expect(fault?.connectivity_status).toBe('FAULTED');
      const tickets = await cs.rows<{ id: number; title: string }>(sql`select id, title from tickets where charger = ${charger.id}`);
      expect(tickets).toHaveLength(1);
      expect(tickets[0]!.title).toMatch(/HighTemperature/);
      await cp.ok('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
      const comments = await cs.rows(sql`select 1 from comments where entity_id = ${String(tickets[0]!.id)}`);
      expect(comments.length).toBeGreaterThan(0);
      expect((await connectorRow(charger.id, 1))?.status).toBe('Available');
      await cp.close();
    });

    it('CORE-53 StatusNotification of connector 0 (the whole charger) accepted', async () => {
      const { charger, cp } = await cs.bootedCharger();
      expect(await cp.ok('StatusNotification', { connectorId: 0, status: 'Unavailable', errorCode: 'NoError' })).toEqual({});
      expect((await connectorRow(charger.id, 0))?.status).toBe('Unavailable');
      await cp.close();
    });

    it('CORE-54 StatusNotification of a connector the charger does not have refused (PropertyConstraintViolation)', async () => {
      const { charger, cp } = await cs.bootedCharger({ connectors: 1 });
      expect(await cp.call('StatusNotification', { connectorId: 2, status: 'Available', errorCode: 'NoError' })).toMatchObject({ type: 'error', code: 'PropertyConstraintViolation' });
      expect(await connectorRow(charger.id, 2)).toBeUndefined();
      await cp.close();
    });
  });

  describe('DataTransfer', () => {
    it('CORE-60 DataTransfer of a vendor the central system has no extension for answered UnknownVendorId', async () => {
      const { cp } = await cs.bootedCharger();
      expect(await cp.ok('DataTransfer', { vendorId: 'com.example.unknown', messageId: 'Hello', data: 'x' })).toEqual({ status: 'UnknownVendorId' });
      await cp.close();
    });
  });

  describe('Frames', () => {
    it('CORE-70 A frame that is not JSON answered FormationViolation; the connection stays open', async () => {
      const { cp } = await cs.bootedCharger();
      cp.send('this is not json');
      expect((await cp.answer('-1')).slice(0, 3)).toEqual([4, '-1', 'FormationViolation']);
      expect((await cp.ok<{ currentTime: string }>('Heartbeat', {})).currentTime).toBeTruthy();
      await cp.close();
    });

    it('CORE-71 A JSON frame that is not an OCPP-J array answered FormationViolation', async () => {
      const { cp } = await cs.bootedCharger();
      cp.send('{"action":"Heartbeat"}');
      expect((await cp.answer('-1')).slice(0, 3)).toEqual([4, '-1', 'FormationViolation']);
      await cp.close();
    });

    it('CORE-72 A CALL of an action 1.6 does not have answered NotImplemented', async () => {
      const { cp } = await cs.bootedCharger();
      expect(await cp.call('MakeCoffee', {})).toMatchObject({ type: 'error', code: 'NotImplemented' });
      await cp.close();
    });

    it('CORE-73 A CALL of an action only the central system sends (Reset) answered NotImplemented', async () => {
      const { cp } = await cs.bootedCharger();
      expect(await cp.call('Reset', { type: 'Soft' })).toMatchObject({ type: 'error', code: 'NotImplemented' });
      await cp.close();
    });

    it('CORE-74 A CALL missing a required field answered OccurenceConstraintViolation (1.6-J spelling)', async () => {
      const { cp } = await cs.bootedCharger();
      expect(await cp.call('StatusNotification', { connectorId: 1, status: 'Available' })).toMatchObject({ type: 'error', code: 'OccurenceConstraintViolation' });
      await cp.close();
    });

    it('CORE-75 A field of the wrong type answered TypeConstraintViolation', async () => {
      const { cp } = await cs.bootedCharger();
      expect(await cp.call('StatusNotification', { connectorId: '1', status: 'Available', errorCode: 'NoError' })).toMatchObject({ type: 'error', code: 'TypeConstraintViolation' });
      expect(await cp.call('Heartbeat', [])).toMatchObject({ type: 'error', code: 'TypeConstraintViolation' });
      await cp.close();
    });

    it('CORE-76 A value outside its enumeration, format or length refused (FormationViolation), nothing stored', async () => {
      const { charger, cp } = await cs.bootedCharger();
      expect(await cp.call('StatusNotification', { connectorId: 1, status: 'Sleeping', errorCode: 'NoError' })).toMatchObject({ type: 'error', code: 'FormationViolation' });
      expect(await cp.call('StartTransaction', { connectorId: 1, idTag: 'A', meterStart: 0, timestamp: 'yesterday' })).toMatchObject({ type: 'error', code: 'FormationViolation' });
      expect(await cp.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError', info: 'i'.repeat(51) })).toMatchObject({ type: 'error', code: 'FormationViolation' });
      expect(await connectorRow(charger.id, 1)).toBeUndefined();
      await cp.close();
    });

    it('CORE-77 A property the schema does not have refused (PropertyConstraintViolation)', async () => {
      const { cp } = await cs.bootedCharger();
      expect(await cp.call('Heartbeat', { extra: 1 })).toMatchObject({ type: 'error', code: 'PropertyConstraintViolation' });
      await cp.close();
    });

    it('CORE-78 A message id over 36 characters refused (FormationViolation)', async () => {
      const { cp } = await cs.bootedCharger();
      const id = 'm'.repeat(40);
      cp.send(JSON.stringify([2, id, 'Heartbeat', {}]));
      expect((await cp.answer(id.slice(0, 36))).slice(0, 3)).toEqual([4, id.slice(0, 36), 'FormationViolation']);
      await cp.close();
    });

    it('CORE-79 A frame over the size limit closes the connection (1009) unread', async () => {
      const { cp } = await cs.bootedCharger();
      cp.send(JSON.stringify([2, 'big', 'DataTransfer', { vendorId: 'X', data: 'x'.repeat(cs.t.config.ocpp.maxFrameBytes + 10) }]));
      expect((await cp.closed).code).toBe(1009);
    });

    it('CORE-80 Every frame in and out is kept in the message log', async () => {
      const { charger, cp } = await cs.bootedCharger();
      await cp.ok('Heartbeat', {});
      cp.send('garbage');
      await cp.answer('-1');
      await cs.flushLog();
      const rows = await cs.rows<{ direction: string; message_type: string; action: string | null }>(sql`select direction, message_type, action from ocpp_messages where charger_id = ${charger.id} order by id`);
      expect(rows).toEqual(expect.arrayContaining([
        { direction: 'IN', message_type: 'CALL', action: 'Heartbeat' },
        { direction: 'OUT', message_type: 'RESULT', action: 'Heartbeat' },
        expect.objectContaining({ direction: 'IN', message_type: 'BAD' }),
      ]));
      await cp.close();
    });
  });
});
