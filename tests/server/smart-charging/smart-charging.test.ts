// Charging profiles against a simulated charger over a real socket: a ChargePointMax and a TxDefault profile set and
// held by the charger, the same purpose and stack level replaced, clearing by id and by purpose, the composite
// schedule in A and W, a location's defaults sent to its online chargers and again after a charger boots (with the
// charger's own profiles in force, its own taking precedence at the same place), and the refusals (bad input changing
// nothing, permission, unknown ids, offline).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smartChargingPaths, type ChargingProfileInput } from '@domain/smart-charging';
import { rowsOf } from '@server/db/rows';
import { startJobWorkers, type JobWorkers } from '@server/jobs/job-worker';
import { smartChargingJobHandlers } from '@server/smart-charging/smart-charging-service';
import { call, signIn } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { openLiveCharger, quiet, until, type LiveCharger } from '@tests/server/support/live-charger';

type Row = Record<string, unknown>;

const maxProfile = (limit: number, stackLevel = 0): ChargingProfileInput => ({
  connectorId: 0,
  purpose: 'ChargePointMaxProfile',
  stackLevel,
  kind: 'Relative',
  schedule: { unit: 'A', periods: [{ startPeriod: 0, limit }] },
});
const defaultProfile = (limits: number[], stackLevel = 1, connectorId = 0): ChargingProfileInput => ({
  connectorId,
  purpose: 'TxDefaultProfile',
  stackLevel,
  kind: 'Absolute',
  schedule: { unit: 'A', periods: limits.map((limit, i) => ({ startPeriod: i * 1800, limit })) },
});

describe.each(testDrivers)('smart charging (%s)', { timeout: 120_000 }, (driver) => {
  let live: LiveCharger;
  let workers: JobWorkers;
  let admin: string;
  let readOnly: string;
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await live.database.db.execute(query));
  const profiles = async () => (await call(live.t, 'GET', smartChargingPaths.ofCharger(live.chargerId), { authKey: admin })).body.items as Row[];
  const held = () => live.charger.chargingProfiles.list().map((p) => p.profile.chargingProfileId).sort();
  const stored = async () => Number((await q(sql`select count(*) as n from charging_profiles`))[0]!.n);

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    workers = startJobWorkers({ db: live.database.db, handlers: smartChargingJobHandlers({ bus: live.bus }), pollMs: 200, logger: quiet });
    admin = (await signIn(live.t, '9000000001')).authKey;
    readOnly = (await signIn(live.t, '9000000006')).authKey;
    await until(async () => (await q(sql`select booted_at from ocpp_charge_points where charger_id = ${live.chargerId}`))[0]?.booted_at, (at) => Boolean(at), 30_000);
    // Its connectors are known once their StatusNotifications after the boot are taken (a connector it lacks is refused then).
    await until(async () => Number((await q(sql`select count(*) as n from ocpp_connectors where charger_id = ${live.chargerId} and connector_id > 0`))[0]!.n), (n) => n >= live.charger.connectors.length, 30_000);
  }, 240_000);
  afterAll(async () => {
    await workers?.stop();
    await live?.close();
  });

  it('sets a charger maximum the charger accepts and holds; the profile is listed in force', async () => {
    const set = await call(live.t, 'POST', smartChargingPaths.ofCharger(live.chargerId), { authKey: admin, body: maxProfile(16) });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    expect(set.body).toMatchObject({ chargerId: live.chargerId, locationId: null, connectorId: 0, purpose: 'ChargePointMaxProfile', stackLevel: 0, state: 'accepted', answer: null });
    expect(set.body.id).toBeGreaterThanOrEqual(100_000);
    expect(held()).toEqual([set.body.id]);
    expect(live.charger.chargingProfiles.list()[0]!.profile).toEqual(set.body.profile);
    expect((await profiles()).map((p) => p.id)).toEqual([set.body.id]);
    // The command record is the staff member's, with the batch's audit row.
    const [record] = await q(sql`select status, requested_by is not null as by_staff from ocpp_commands where charger_id = ${live.chargerId} and action = 'SetChargingProfile' order by created_at desc limit 1`);
    expect(record).toEqual({ status: 'accepted', by_staff: true });
  });

  it('a profile of the same purpose and stack level replaces the one there; another stack level stands beside it', async () => {
    const first = (await call(live.t, 'POST', smartChargingPaths.ofCharger(live.chargerId), { authKey: admin, body: defaultProfile([32, 16]) })).body;
    const second = (await call(live.t, 'POST', smartChargingPaths.ofCharger(live.chargerId), { authKey: admin, body: defaultProfile([20]) })).body;
    const third = (await call(live.t, 'POST', smartChargingPaths.ofCharger(live.chargerId), { authKey: admin, body: defaultProfile([10], 2, 1) })).body;
    expect([second.state, third.state]).toEqual(['accepted', 'accepted']);
    const ids = (await profiles()).map((p) => p.id);
    expect(ids).not.toContain(first.id);
    expect(ids).toEqual(expect.arrayContaining([second.id, third.id]));
    expect(held()).not.toContain(first.id);
    expect(held()).toEqual(expect.arrayContaining([second.id, third.id]));
    expect(Number((await q(sql`select count(*) as n from charging_profiles where id = ${first.id}`))[0]!.n)).toBe(0);
  });

  it('the composite schedule is the charger’s: the lower of the maximum and the default, in A or in W', async () => {
    // Connector 1 has a default of its own (10 A) under the maximum (16 A); connector 0 the charger's default (20 A).
    const a = await call(live.t, 'POST', smartChargingPaths.composite(live.chargerId), { authKey: admin, body: { connectorId: 1, duration: 3600 } });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ state: 'accepted', connectorId: 1, chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 10 }] } });
    const w = await call(live.t, 'POST', smartChargingPaths.composite(live.chargerId), { authKey: admin, body: { connectorId: 0, duration: 3600, unit: 'W' } });
    expect(w.body).toMatchObject({ state: 'accepted', chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 3680 }] } });
    const none = await call(live.t, 'POST', smartChargingPaths.composite(live.chargerId), { authKey: admin, body: { connectorId: 7, duration: 3600 } });
    expect(none.status).toBe(400);
  });

  it('clears by purpose and stack level, then by id; the stored profiles follow the charger', async () => {
    const before = await profiles();
    const byPurpose = await call(live.t, 'POST', smartChargingPaths.clear(live.chargerId), { authKey: admin, body: { purpose: 'TxDefaultProfile', stackLevel: 2 } });
    expect(byPurpose.body).toMatchObject({ status: 'accepted', answer: 'Accepted', removed: 1 });
    const after = await profiles();
    expect(after.length).toBe(before.length - 1);
    expect(after.some((p) => p.purpose === 'TxDefaultProfile' && p.stackLevel === 2)).toBe(false);
    const max = after.find((p) => p.purpose === 'ChargePointMaxProfile')!;
    const byId = await call(live.t, 'POST', smartChargingPaths.clear(live.chargerId), { authKey: admin, body: { id: max.id } });
    expect(byId.body).toMatchObject({ status: 'accepted', removed: 1 });
    expect(held()).not.toContain(max.id);
    expect((await call(live.t, 'POST', smartChargingPaths.clear(live.chargerId), { authKey: admin, body: { id: max.id } })).status).toBe(404);
    const unknown = await call(live.t, 'POST', smartChargingPaths.clear(live.chargerId), { authKey: admin, body: { purpose: 'ChargePointMaxProfile' } });
    expect(unknown.body).toMatchObject({ status: 'rejected', answer: 'Unknown', removed: 0 });
  });

  it('refuses bad input with 400 and changes nothing; needs its permission; unknown ids are 404', async () => {
    const count = await stored();
    const path = smartChargingPaths.ofCharger(live.chargerId);
    const bad: [unknown, string][] = [
      [{ ...maxProfile(16), purpose: 'TxProfile' }, 'purpose'],
      [{ ...maxProfile(16), connectorId: 1 }, 'connectorId'],
      [{ ...defaultProfile([10, 20]), schedule: { unit: 'A', periods: [{ startPeriod: 0, limit: 10 }, { startPeriod: 0, limit: 20 }] } }, 'schedule.periods.1.startPeriod'],
      [{ ...defaultProfile([10]), schedule: { unit: 'A', periods: [{ startPeriod: 5, limit: 10 }] } }, 'schedule.periods.0.startPeriod'],
      [{ ...defaultProfile([10]), kind: 'Recurring' }, 'recurrency'],
      [{ ...defaultProfile([10]), schedule: { unit: 'A', periods: [{ startPeriod: 0, limit: 10.25 }] } }, 'schedule.periods.0.limit'],
      [{ ...defaultProfile([10]), stackLevel: -1 }, 'stackLevel'],
      [{ ...defaultProfile([10]), validFrom: '2026-12-01T00:00:00Z', validTo: '2026-11-01T00:00:00Z' }, 'validTo'],
      [{ ...defaultProfile([10]), extra: true }, ''],
    ];
    for (const [body, field] of bad) {
      const res = await call(live.t, 'POST', path, { authKey: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.contentType).toContain('application/problem+json');
      if (field) expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect((await call(live.t, 'POST', smartChargingPaths.ofCharger(live.chargerId), { authKey: admin, body: { ...maxProfile(16), connectorId: 0, stackLevel: 0, purpose: 'TxDefaultProfile', connector: 1 } })).status).toBe(400);
    expect((await call(live.t, 'POST', smartChargingPaths.clear(live.chargerId), { authKey: admin, body: {} })).status).toBe(400);
    expect((await call(live.t, 'POST', smartChargingPaths.composite(live.chargerId), { authKey: admin, body: { connectorId: 1, duration: 10 } })).status).toBe(400);
    expect((await call(live.t, 'POST', path, { authKey: readOnly, body: maxProfile(16) })).status).toBe(403);
    expect((await call(live.t, 'GET', path, { authKey: readOnly })).status).toBe(200);
    expect((await call(live.t, 'POST', smartChargingPaths.ofCharger(999_999_999), { authKey: admin, body: maxProfile(16) })).status).toBe(404);
    expect((await call(live.t, 'GET', smartChargingPaths.ofCharger('abc'), { authKey: admin })).status).toBe(404);
    expect((await call(live.t, 'GET', smartChargingPaths.ofLocation(999_999_999), { authKey: admin })).status).toBe(404);
    const offline = await call(live.t, 'POST', smartChargingPaths.ofCharger(live.offlineCharger.id), { authKey: admin, body: maxProfile(16) });
    expect(offline.status).toBe(409);
    expect(offline.body.type).toBe('/problems/charger-offline');
    expect(await stored()).toBe(count);
  });

  it("a location's default goes to its online chargers now, and to a charger again after it boots; removing it clears it", async () => {
    const [{ location_id: locationId }] = (await q(sql`select location_id from chargers where id = ${live.chargerId}`)) as [{ location_id: number }];
    const added = await call(live.t, 'POST', smartChargingPaths.ofLocation(locationId), { authKey: admin, body: maxProfile(24, 3) });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = added.body.profile.id as number;
    expect(added.body.results).toEqual(expect.arrayContaining([expect.objectContaining({ chargerId: live.chargerId, state: 'accepted' })]));
    expect(held()).toContain(id);
    const listed = await call(live.t, 'GET', smartChargingPaths.ofLocation(locationId), { authKey: readOnly });
    expect(listed.body.items).toEqual([expect.objectContaining({ id, accepted: 1, notAccepted: 0, purpose: 'ChargePointMaxProfile', stackLevel: 3 })]);
    expect((await profiles()).find((p) => p.id === id)).toMatchObject({ locationId: Number(locationId), state: 'accepted' });

    // The charger forgets it (a new board, say) and boots: the job sends it again.
    live.charger.chargingProfiles.clear({ id });
    live.charger.drop();
    await until(async () => held(), (ids) => ids.includes(id), 60_000);
    expect(held()).toContain(id);
    const [job] = await q(sql`select state from background_jobs where kind = 'smart-charging.location-defaults' and payload->>'chargerId' = ${String(live.chargerId)} order by id desc limit 1`);
    expect(job).toBeDefined();

    const removed = await call(live.t, 'DELETE', smartChargingPaths.locationProfile(locationId, id), { authKey: admin });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.results).toEqual([expect.objectContaining({ chargerId: live.chargerId, state: 'accepted', answer: 'Accepted' })]);
    expect(held()).not.toContain(id);
    expect((await call(live.t, 'GET', smartChargingPaths.ofLocation(locationId), { authKey: admin })).body.items).toEqual([]);
    expect((await call(live.t, 'DELETE', smartChargingPaths.locationProfile(locationId, id), { authKey: admin })).status).toBe(404);
  });

  it("a charger's own profiles in force go again after it boots, its own taking the place of the location's default of the same purpose, stack level and connector", async () => {
    const [{ location_id: locationId }] = (await q(sql`select location_id from chargers where id = ${live.chargerId}`)) as [{ location_id: number }];
    const addDefault = async (body: ChargingProfileInput) => {
      const added = await call(live.t, 'POST', smartChargingPaths.ofLocation(locationId), { authKey: admin, body });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      return added.body.profile.id as number;
    };
    // The location's maximum at stack level 6, then the charger's own there (it replaces the location's at the charger).
    const colliding = await addDefault(maxProfile(22, 6));
    const own = await call(live.t, 'POST', smartChargingPaths.ofCharger(live.chargerId), { authKey: admin, body: maxProfile(18, 6) });
    expect(own.body.state).toBe('accepted');
    const ownDefault = await call(live.t, 'POST', smartChargingPaths.ofCharger(live.chargerId), { authKey: admin, body: defaultProfile([12], 8) });
    expect(ownDefault.body.state).toBe('accepted');
    const other = await addDefault(defaultProfile([28], 9));
    expect(held()).toEqual(expect.arrayContaining([own.body.id, ownDefault.body.id, other]));
    expect(held()).not.toContain(colliding);
    try {
      // A new controller: the charger holds nothing and boots again.
      const setCommands = sql`select id, payload->'csChargingProfiles'->>'chargingProfileId' as profile_id from ocpp_commands where charger_id = ${live.chargerId} and action = 'SetChargingProfile'`;
      const before = new Set((await q(setCommands)).map((r) => r.id));
      const ownInForce = (await profiles()).filter((p) => p.locationId === null && p.state === 'accepted').map((p) => Number(p.id));
      expect(ownInForce).toEqual(expect.arrayContaining([own.body.id, ownDefault.body.id]));
      live.charger.chargingProfiles.clear({});
      expect(held()).toEqual([]);
      live.charger.drop();
      await until(async () => held(), (ids) => [own.body.id, ownDefault.body.id, other].every((id) => ids.includes(id)), 60_000);
      const job = sql`select state from background_jobs where kind = 'smart-charging.location-defaults' and payload->>'chargerId' = ${String(live.chargerId)} order by id desc limit 1`;
      await until(() => q(job), (rows) => rows[0]?.state === 'done', 30_000);
      expect(held()).toEqual(expect.arrayContaining([own.body.id, ownDefault.body.id, other]));
      expect(held()).not.toContain(colliding);
      // The limit in force is the charger's own 18 A, and what was sent after the boot never held the location's 22 A.
      expect(live.charger.chargingProfiles.list().find((p) => p.profile.chargingProfileId === own.body.id)?.profile).toEqual(own.body.profile);
      const sentAfterBoot = (await q(setCommands)).filter((r) => !before.has(r.id)).map((r) => Number(r.profile_id));
      expect(sentAfterBoot.sort()).toEqual([...ownInForce, other].sort());
      expect((await profiles()).find((p) => p.id === own.body.id)).toMatchObject({ state: 'accepted', locationId: null });
    } finally {
      for (const id of [colliding, other]) await call(live.t, 'DELETE', smartChargingPaths.locationProfile(locationId, id), { authKey: admin });
      for (const id of [own.body.id, ownDefault.body.id]) await call(live.t, 'POST', smartChargingPaths.clear(live.chargerId), { authKey: admin, body: { id } });
    }
  });

  it("a session's power follows the charger maximum; a clear naming no purpose is refused while a customer's session runs", async () => {
    const [user] = await q(sql`select user_id from wallets where credits >= 50000 and not postpaid order by user_id limit 1`);
    const card = `SCLIVE${driver.slice(0, 2).toUpperCase()}`;
    await live.database.db.execute(sql`insert into rfid_card_history (card_number, user_id, action, acted_at, created_at, updated_at) values (${card}, ${user!.user_id}, 'ADDED', now(), now(), now())`);
    const started = await call(live.t, 'POST', '/ccu/charger-command', { authKey: admin, body: { chargerIds: [live.chargerId], command: { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: card } }, wait: true } });
    expect(started.body.items[0].status).toBe('accepted');
    await until(async () => live.charger.session(1)?.transactionId ?? null, (tx) => tx !== null, 30_000);
    const set = await call(live.t, 'POST', smartChargingPaths.ofCharger(live.chargerId), { authKey: admin, body: maxProfile(10, 4) });
    expect(set.body.state).toBe('accepted');
    // 10 A on a single-phase supply at 230 V: at most 2,300 W from the next reading on, and the energy with it.
    expect(live.charger.session(1)?.limitA).toBe(10);
    const reading = await until(async () => live.charger.session(1)?.powerW ?? 0, (w) => w > 0, 30_000);
    expect(reading).toBeGreaterThan(0);
    expect(reading).toBeLessThanOrEqual(2300);
    const refused = await call(live.t, 'POST', smartChargingPaths.clear(live.chargerId), { authKey: admin, body: { stackLevel: 4 } });
    expect(refused.status).toBe(409);
    expect(refused.body.type).toBe('/problems/customer-session');
    expect(live.charger.chargingProfiles.list().map((p) => p.profile.chargingProfileId)).toContain(set.body.id);
    const [audit] = await q(sql`select count(*) as n from audit_log where entity_type = 'charging-profile' and entity_id = ${String(set.body.id)}`);
    expect(Number(audit!.n)).toBe(1);
  });
});
