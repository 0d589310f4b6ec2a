// Smart Charging beyond one session, what the central system sends and keeps: the ChargePointMaxProfile and the
// TxDefaultProfile staff set (each answer reaching the profile's state), a stack level replaced, ClearChargingProfile by
// id and by purpose and stack level, GetCompositeSchedule, a location's default and the charger's own profile in force
// sent after a charger boots, and what the central system refuses itself (OCPP 1.6 §3.13, §5.5, §5.7, §5.16).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smartChargingPaths, type ChargingProfileInput } from '@domain/smart-charging';
import { startJobWorkers } from '@server/jobs/job-worker';
import { smartChargingJobHandlers } from '@server/smart-charging/smart-charging-service';
import { COMMAND_TIMEOUT_SECONDS, conformanceDrivers, useConformanceServer, type ConformanceServer } from './harness';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const maxProfile = (limit: number, stackLevel = 0): ChargingProfileInput => ({
  connectorId: 0,
  purpose: 'ChargePointMaxProfile',
  stackLevel,
  kind: 'Relative',
  schedule: { unit: 'A', periods: [{ startPeriod: 0, limit }] },
});
const defaultProfile = (connectorId: number, stackLevel: number, unit: 'A' | 'W' = 'A'): ChargingProfileInput => ({
  connectorId,
  purpose: 'TxDefaultProfile',
  stackLevel,
  kind: 'Recurring',
  recurrency: 'Daily',
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2030-01-01T00:00:00.000Z',
  schedule: {
    unit,
    startSchedule: '2026-01-01T00:00:00.000Z',
    duration: 86_400,
    minChargingRate: unit === 'A' ? 6 : 1380,
    periods: [
      { startPeriod: 0, limit: unit === 'A' ? 16 : 11_000, numberPhases: 3 },
      { startPeriod: 64_800, limit: unit === 'A' ? 32 : 22_000, numberPhases: 3 },
    ],
  },
});

/** Sets a profile on the charger through the API and answers its SetChargingProfile with `answer` (or stays silent). */
async function setProfile(cs: ConformanceServer, chargerId: number, cp: Awaited<ReturnType<ConformanceServer['bootedCharger']>>['cp'], body: ChargingProfileInput, answer: string | 'silence') {
  const done = cs.api('POST', smartChargingPaths.ofCharger(chargerId), body);
  const call = await cp.expectCall('SetChargingProfile');
  if (answer !== 'silence') call.reply({ status: answer });
  return { got: call.payload, done: await done };
}

const listOf = async (cs: ConformanceServer, chargerId: number) => (await cs.api('GET', smartChargingPaths.ofCharger(chargerId))).body.items as { id: number; state: string; purpose: string; stackLevel: number }[];

describe.each(conformanceDrivers)('Smart Charging on %s', { timeout: 90_000 }, (driver) => {
  const cs = useConformanceServer(driver);

  it('SC-10 SetChargingProfile ChargePointMaxProfile accepted: the charger gets connector 0 and the profile; it is in force', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const { got, done } = await setProfile(cs, charger.id, cp, maxProfile(16), 'Accepted');
    expect(done.status).toBe(201);
    expect(got).toEqual({
      connectorId: 0,
      csChargingProfiles: { chargingProfileId: done.body.id, stackLevel: 0, chargingProfilePurpose: 'ChargePointMaxProfile', chargingProfileKind: 'Relative', chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] } },
    });
    expect(done.body).toMatchObject({ state: 'accepted', purpose: 'ChargePointMaxProfile', connectorId: 0 });
    await cp.close();
  });

  it('SC-11 SetChargingProfile TxDefaultProfile (Recurring Daily, validity, W and A, phases, minimum rate) accepted on a connector and on connector 0', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const one = await setProfile(cs, charger.id, cp, defaultProfile(1, 1), 'Accepted');
    expect(one.got).toMatchObject({
      connectorId: 1,
      csChargingProfiles: {
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Recurring',
        recurrencyKind: 'Daily',
        validFrom: '2026-01-01T00:00:00.000Z',
        validTo: '2030-01-01T00:00:00.000Z',
        chargingSchedule: { duration: 86_400, startSchedule: '2026-01-01T00:00:00.000Z', chargingRateUnit: 'A', minChargingRate: 6, chargingSchedulePeriod: [{ startPeriod: 0, limit: 16, numberPhases: 3 }, { startPeriod: 64_800, limit: 32, numberPhases: 3 }] },
      },
    });
    const all = await setProfile(cs, charger.id, cp, defaultProfile(0, 2, 'W'), 'Accepted');
    expect((all.got.csChargingProfiles as { chargingSchedule: { chargingRateUnit: string } }).chargingSchedule.chargingRateUnit).toBe('W');
    expect((await listOf(cs, charger.id)).map((p) => p.state)).toEqual(['accepted', 'accepted']);
    await cp.close();
  });

  it('SC-12 SetChargingProfile Rejected and NotSupported: the profile recorded rejected with the answer', async () => {
    const { charger, cp } = await cs.bootedCharger();
    expect((await setProfile(cs, charger.id, cp, maxProfile(10), 'Rejected')).done.body).toMatchObject({ state: 'rejected', answer: 'Rejected' });
    expect((await setProfile(cs, charger.id, cp, maxProfile(10, 1), 'NotSupported')).done.body).toMatchObject({ state: 'rejected', answer: 'NotSupported' });
    await cp.close();
  });

  it('SC-13 A profile of the same purpose and stack level replaces the one held', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const first = (await setProfile(cs, charger.id, cp, maxProfile(20, 2), 'Accepted')).done.body;
    const second = (await setProfile(cs, charger.id, cp, maxProfile(12, 2), 'Accepted')).done.body;
    expect(second.id).not.toBe(first.id);
    expect((await listOf(cs, charger.id)).map((p) => p.id)).toEqual([second.id]);
    await cp.close();
  });

  it('SC-14 ClearChargingProfile by id accepted: the charger gets the id; the profile is gone', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const made = (await setProfile(cs, charger.id, cp, maxProfile(20), 'Accepted')).done.body;
    const cleared = cs.api('POST', smartChargingPaths.clear(charger.id), { id: made.id });
    const call = await cp.expectCall('ClearChargingProfile');
    expect(call.payload).toEqual({ id: made.id });
    call.reply({ status: 'Accepted' });
    expect((await cleared).body).toMatchObject({ status: 'accepted', removed: 1 });
    expect(await listOf(cs, charger.id)).toEqual([]);
    await cp.close();
  });

  it('SC-15 ClearChargingProfile by purpose and stack level: only the matching profiles go; Unknown changes nothing', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const max = (await setProfile(cs, charger.id, cp, maxProfile(20), 'Accepted')).done.body;
    await setProfile(cs, charger.id, cp, defaultProfile(0, 4), 'Accepted');
    const cleared = cs.api('POST', smartChargingPaths.clear(charger.id), { purpose: 'TxDefaultProfile', stackLevel: 4 });
    const call = await cp.expectCall('ClearChargingProfile');
    expect(call.payload).toEqual({ chargingProfilePurpose: 'TxDefaultProfile', stackLevel: 4 });
    call.reply({ status: 'Accepted' });
    expect((await cleared).body).toMatchObject({ status: 'accepted', removed: 1 });
    expect((await listOf(cs, charger.id)).map((p) => p.id)).toEqual([max.id]);
    const unknown = cs.api('POST', smartChargingPaths.clear(charger.id), { purpose: 'TxDefaultProfile', connectorId: 0 });
    (await cp.expectCall('ClearChargingProfile')).reply({ status: 'Unknown' });
    expect((await unknown).body).toMatchObject({ status: 'rejected', answer: 'Unknown', removed: 0 });
    expect((await listOf(cs, charger.id)).map((p) => p.id)).toEqual([max.id]);
    await cp.close();
  });

  it('SC-16 GetCompositeSchedule accepted: the charger gets connector, duration and unit; its periods reach the console', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const asked = cs.api('POST', smartChargingPaths.composite(charger.id), { connectorId: 1, duration: 7200, unit: 'W' });
    const call = await cp.expectCall('GetCompositeSchedule');
    expect(call.payload).toEqual({ connectorId: 1, duration: 7200, chargingRateUnit: 'W' });
    const schedule = { duration: 7200, startSchedule: '2026-11-29T10:00:00.000Z', chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 7400 }, { startPeriod: 3600, limit: 3700 }] };
    call.reply({ status: 'Accepted', connectorId: 1, scheduleStart: '2026-11-29T10:00:00.000Z', chargingSchedule: schedule });
    expect((await asked).body).toEqual({ state: 'accepted', answer: null, connectorId: 1, scheduleStart: '2026-11-29T10:00:00.000Z', chargingSchedule: schedule });
    await cp.close();
  });

  it('SC-17 GetCompositeSchedule Rejected: no schedule, the refusal kept', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const asked = cs.api('POST', smartChargingPaths.composite(charger.id), { connectorId: 0, duration: 600 });
    (await cp.expectCall('GetCompositeSchedule')).reply({ status: 'Rejected' });
    expect((await asked).body).toMatchObject({ state: 'rejected', answer: 'Rejected', chargingSchedule: null });
    const [record] = await cs.rows<{ status: string }>(sql`select status from ocpp_commands where charger_id = ${charger.id} and action = 'GetCompositeSchedule'`);
    expect(record?.status).toBe('rejected');
    await cp.close();
  });

  it('SC-18 A TxProfile without a transaction refused by the central system (400), nothing sent', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const refused = await cs.api('POST', smartChargingPaths.ofCharger(charger.id), { ...maxProfile(10), connectorId: 1, purpose: 'TxProfile' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'purpose' })]));
    await expect(cp.expectCall('SetChargingProfile', { timeoutMs: 1_000 })).rejects.toThrow(/No SetChargingProfile/);
    expect(await listOf(cs, charger.id)).toEqual([]);
    await cp.close();
  });

  it('SC-19 SetChargingProfile not answered: the profile recorded failed after the command timeout', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const { done } = await setProfile(cs, charger.id, cp, maxProfile(8), 'silence');
    expect(done.body).toMatchObject({ state: 'failed', answer: `The charger did not answer within ${COMMAND_TIMEOUT_SECONDS} s.` });
    await cp.close();
  });

  it("SC-20 A location's default profile sent to a charger of the location after its boot is answered", async () => {
    const probe = await cs.charger();
    const [placed] = await cs.rows<{ location_id: number }>(sql`select location_id from chargers where id = ${probe.id}`);
    const locationId = Number(placed!.location_id);
    const added = await cs.api('POST', smartChargingPaths.ofLocation(locationId), maxProfile(30, 5));
    expect(added.status).toBe(201);
    const id = added.body.profile.id as number;
    const workers = startJobWorkers({ db: cs.database.db, handlers: smartChargingJobHandlers({ bus: cs.bus }), pollMs: 100, logger: quiet });
    try {
      const cp = await cs.connect(probe);
      expect(await cp.ok('BootNotification', { chargePointVendor: 'Conformance', chargePointModel: 'Scripted' })).toMatchObject({ status: 'Accepted' });
      const call = await cp.expectCall('SetChargingProfile', { timeoutMs: 20_000 });
      expect(call.payload).toEqual({ connectorId: 0, csChargingProfiles: expect.objectContaining({ chargingProfileId: id, chargingProfilePurpose: 'ChargePointMaxProfile', stackLevel: 5 }) });
      call.reply({ status: 'Accepted' });
      await cs.until(() => listOf(cs, probe.id), (items) => items.some((p) => p.id === id && p.state === 'accepted'));
      expect((await listOf(cs, probe.id)).find((p) => p.id === id)?.state).toBe('accepted');
      await cp.close();
    } finally {
      await workers.stop();
      // The default goes again, so no other case's charger of that location is sent it.
      await cs.api('DELETE', smartChargingPaths.locationProfile(locationId, id));
    }
  });

  it('SC-21 After a reboot the charger receives its stored profile: its own ChargePointMaxProfile in force is sent again with its id; a rejected one is not', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const kept = await setProfile(cs, charger.id, cp, maxProfile(14, 6), 'Accepted');
    expect(kept.done.body.state).toBe('accepted');
    const refused = await setProfile(cs, charger.id, cp, defaultProfile(0, 7), 'Rejected');
    expect(refused.done.body.state).toBe('rejected');
    await cp.close();
    const workers = startJobWorkers({ db: cs.database.db, handlers: smartChargingJobHandlers({ bus: cs.bus }), pollMs: 100, logger: quiet });
    try {
      // A new controller: the charger holds nothing and boots again.
      const again = await cs.connect(charger);
      expect(await again.ok('BootNotification', { chargePointVendor: 'Conformance', chargePointModel: 'Scripted' })).toMatchObject({ status: 'Accepted' });
      const call = await again.expectCall('SetChargingProfile', { timeoutMs: 20_000 });
      expect(call.payload).toEqual({ connectorId: 0, csChargingProfiles: kept.got.csChargingProfiles });
      call.reply({ status: 'Accepted' });
      const job = sql`select state from background_jobs where kind = 'smart-charging.location-defaults' and payload->>'chargerId' = ${String(charger.id)} order by id desc limit 1`;
      await cs.until(() => cs.rows<{ state: string }>(job), (rows) => rows[0]?.state === 'done', 20_000);
      // The job has ended: the rejected profile was not sent.
      const sent = again.received.filter((f) => Array.isArray(f) && f[0] === 2 && f[2] === 'SetChargingProfile');
      expect(sent).toHaveLength(1);
      const list = await listOf(cs, charger.id);
      expect(list.find((p) => p.id === kept.done.body.id)?.state).toBe('accepted');
      expect(list.find((p) => p.id === refused.done.body.id)?.state).toBe('rejected');
      await again.close();
    } finally {
      await workers.stop();
    }
  });
});
