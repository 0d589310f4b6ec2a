// Firmware campaigns through the API on both drivers: the filters and the preview, a draft's bad input changing
// nothing, the start fixing the chargers in their waves, a wave started only once the one before it is final (and
// once only, however many advances run at once), the pause by itself over the threshold with its reason, staff's pause,
// resume and cancel, the chargers page, the permissions, and the jobs the module declares. The chargers' updates are
// moved by hand here (server/firmware moves them on the chargers' reports; its own tests cover that).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { firmwareCampaignPaths as paths } from '@domain/firmware-campaigns';
import { rowsOf } from '@server/db/rows';
import { advanceCampaign, type CampaignDeps } from '@server/firmware-campaigns/campaign-service';
import { FIRMWARE_CAMPAIGN_SWEEP_JOB } from '@server/firmware-campaigns/firmware-campaigns-module';
import { FIRMWARE_CAMPAIGN_ADVANCE_JOB } from '@server/firmware/firmware-store';
import { appJobHandlers } from '@server/jobs/app-jobs';
import { createInProcessBus } from '@server/live/notification-bus';
import { call } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(testDrivers)('firmware campaigns on %s', { timeout: 120_000 }, (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let readOnly: string;
  let technician: string;
  let fileId: string;
  /** Ten OCPP chargers of vendor FCV (model A the first six, B the rest), online by their socket's node, and two of FCW. */
  let fleet: number[];
  let other: number[];
  const vendor = `FCV${driver.slice(0, 2)}`;
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const deps = (): CampaignDeps => ({ db: env.database.db, now: () => env.t.clock.now(), logger: quiet, bus: createInProcessBus(), config: env.t.config });
  const create = (body: Row) => call(env.t, 'POST', paths.list, { authKey: admin, body });
  const detail = async (id: string) => (await call(env.t, 'GET', paths.one(id), { authKey: admin })).body as Row & { waveProgress: { counts: Row; size: number }[] };
  const updatesOf = (id: string) => q(sql`select charger_id, wave, status from firmware_updates where campaign_id = ${id} order by wave, charger_id`);
  /** Moves the campaign's open updates of these chargers (all when none named) to a final state, as the chargers' reports would. */
  const finish = (id: string, status: 'installed' | 'failed', chargerIds?: number[]) =>
    env.database.db.execute(sql`update firmware_updates set status = ${status}, finished_at = ${env.t.clock.now().toISOString()}, error = ${status === 'failed' ? 'Installation failed' : null}
      where campaign_id = ${id} and finished_at is null ${chargerIds ? sql`and charger_id in (${sql.join(chargerIds.map((c) => sql`${c}`), sql`, `)})` : sql``}`);

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
    technician = (await env.signInAs('9000000003')).authKey;
    // The seed holds a few OCPP chargers at the tests' scale: twelve active chargers are made OCPP ones here.
    const ocpp = await q(sql`update chargers set charger_type = 'OCPP_16_JSON_CHARGER' where id in (select id from chargers where is_active order by id limit 12) returning id`);
    ocpp.sort((a, b) => Number(a.id) - Number(b.id));
    const ids = ocpp.map((r) => Number(r.id));
    fleet = ids.slice(0, 10);
    other = ids.slice(10);
    for (const [i, id] of ids.entries()) {
      const [v, model] = i < 10 ? [vendor, i < 6 ? 'A' : 'B'] : [`${vendor}W`, 'A'];
      await env.database.db.execute(sql`insert into ocpp_charge_points (charger_id, vendor, model, firmware_version, connected_node, updated_at)
        values (${id}, ${v}, ${model}, '1.0', 'test-node', now())
        on conflict (charger_id) do update set vendor = excluded.vendor, model = excluded.model, firmware_version = excluded.firmware_version, connected_node = 'test-node'`);
    }
    const [file] = await q(sql`insert into firmware_files (name, version, size_bytes, sha256, store_key) values ('fw-2.0.bin', '2.0', 10, ${'ab'.repeat(32)}, ${`fc-test-${driver}`}) returning id`);
    fileId = String(file!.id);
  });

  it('counts and previews the chargers the filters match, with the waves sized', async () => {
    const preview = async (filters: Row, waves?: number[]) => (await call(env.t, 'POST', paths.preview, { authKey: admin, body: { filters, ...(waves ? { waves } : {}) } })).body as Row;
    expect(await preview({ vendors: [vendor] })).toMatchObject({ count: 10, waveSizes: [1, 1, 8] });
    expect(await preview({ vendors: [vendor], models: ['B'] })).toMatchObject({ count: 4, waveSizes: [1, 1, 2] });
    expect(await preview({ vendors: [vendor, `${vendor}W`] }, [50, 100])).toMatchObject({ count: 12, waveSizes: [6, 6] });
    expect(await preview({ vendors: [vendor], firmwareVersions: ['9.9'] })).toMatchObject({ count: 0, chargers: [], waveSizes: [] });
    const [place] = await q(sql`select city_id, location_id, charge_point_operator_id from chargers where id = ${fleet[0]}`);
    const byPlace = await preview({ vendors: [vendor], cityIds: [place!.city_id], locationIds: [Number(place!.location_id)], operatorIds: [place!.charge_point_operator_id] });
    expect(byPlace.count).toBeGreaterThanOrEqual(1);
    expect((byPlace.chargers as Row[]).map((c) => c.chargerId)).toContain(fleet[0]);
    const options = (await call(env.t, 'GET', '/ccu/firmware-campaigns/filter-options', { authKey: admin })).body as Row;
    expect(options.vendors).toEqual(expect.arrayContaining([vendor, `${vendor}W`]));
    expect(options.models).toEqual(expect.arrayContaining(['A', 'B']));
  });

  it('refuses bad input with a 400 that creates nothing', async () => {
    const before = (await q(sql`select count(*)::int as n from firmware_campaigns`))[0]!.n;
    const good = { name: 'Bad input', firmwareFileId: fileId, filters: { vendors: [vendor] } };
    for (const body of [
      { ...good, extra: true },
      { ...good, name: '' },
      { ...good, filters: { vendor: vendor } },
      { ...good, filters: { cityIds: ['not-a-uuid'] } },
      { ...good, waves: [10, 5, 100] },
      { ...good, waves: [10, 50] },
      { ...good, failureThresholdPercent: 101 },
      { ...good, retrieveDate: 'soon' },
      { ...good, firmwareFileId: '3b241101-e2bb-4255-8caf-4136c566a962' },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.contentType).toContain('application/problem+json');
    }
    expect((await call(env.t, 'POST', paths.list, { authKey: admin, rawBody: '{"name":' })).status).toBe(400);
    expect((await q(sql`select count(*)::int as n from firmware_campaigns`))[0]!.n).toBe(before);
    expect((await call(env.t, 'GET', paths.one('not-an-id'), { authKey: admin })).status).toBe(404);
    expect((await call(env.t, 'GET', paths.one('3b241101-e2bb-4255-8caf-4136c566a962'), { authKey: admin })).status).toBe(404);
    expect((await call(env.t, 'POST', paths.action('3b241101-e2bb-4255-8caf-4136c566a962', 'start'), { authKey: admin })).status).toBe(404);
  });

  it('lets only those holding the permissions see or run campaigns', async () => {
    const body = { name: 'Permissions', firmwareFileId: fileId, filters: { vendors: [vendor] } };
    expect((await call(env.t, 'POST', paths.list, { authKey: readOnly, body })).status).toBe(403);
    expect((await call(env.t, 'POST', paths.preview, { authKey: technician, body: { filters: {} } })).status).toBe(403);
    expect((await call(env.t, 'GET', paths.list, { authKey: technician })).status).toBe(403);
    expect((await call(env.t, 'GET', paths.list, { authKey: readOnly })).status).toBe(200);
    expect((await call(env.t, 'GET', paths.list)).status).toBe(401);
    const made = await create(body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await call(env.t, 'POST', paths.action(made.body.id, 'start'), { authKey: readOnly })).status).toBe(403);
    expect((await call(env.t, 'GET', paths.one(made.body.id), { authKey: readOnly })).body).toMatchObject({ state: 'draft', chargerCount: 10 });
    expect((await call(env.t, 'POST', paths.action(made.body.id, 'cancel'), { authKey: admin })).body).toMatchObject({ state: 'cancelled' });
    expect((await call(env.t, 'POST', paths.action(made.body.id, 'start'), { authKey: admin })).status).toBe(409);
  });

  it('fixes the chargers at the start and starts each wave once the one before is final, once however many advances run', async () => {
    const made = await create({ name: 'Roll-out 2.0', firmwareFileId: fileId, filters: { vendors: [vendor] }, failureThresholdPercent: 50 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    expect(made.body).toMatchObject({ state: 'draft', waves: [1, 10, 100], failureThresholdPercent: 50, chargerCount: 10, currentWave: null });
    const started = await call(env.t, 'POST', paths.action(id, 'start'), { authKey: admin });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ state: 'running', currentWave: 1, chargerCount: 10 });
    expect(started.body.waveProgress.map((w: Row) => w.size)).toEqual([1, 1, 8]);
    expect((await updatesOf(id)).map((u) => u.wave)).toEqual([1]);
    expect((await call(env.t, 'POST', paths.action(id, 'start'), { authKey: admin })).status).toBe(409);
    // A charger matching the filters after the start is not in the campaign.
    await env.database.db.execute(sql`update ocpp_charge_points set vendor = ${vendor} where charger_id = ${other[0]}`);
    // Wave 1 under way: advancing starts nothing.
    await advanceCampaign(deps(), id);
    expect(await updatesOf(id)).toHaveLength(1);
    await finish(id, 'installed');
    const moves = await Promise.all(Array.from({ length: 6 }, () => advanceCampaign(deps(), id)));
    expect(moves.reduce((n, m) => n + m.moves, 0)).toBe(1);
    expect((await updatesOf(id)).map((u) => u.wave)).toEqual([1, 2]);
    await finish(id, 'installed');
    await Promise.all(Array.from({ length: 6 }, () => advanceCampaign(deps(), id)));
    const updates = await updatesOf(id);
    expect(updates.map((u) => u.wave)).toEqual([1, 2, 3, 3, 3, 3, 3, 3, 3, 3]);
    expect(new Set(updates.map((u) => Number(u.charger_id)))).toEqual(new Set(fleet));
    expect((await q(sql`select count(*)::int as n from audit_log where entity_id = ${id} and action = 'next-wave'`))[0]!.n).toBe(2);
    // One failure of eight is within 50 %: the campaign completes when the rest are installed.
    await finish(id, 'failed', [Number(updates.at(-1)!.charger_id)]);
    await advanceCampaign(deps(), id);
    expect((await detail(id)).state).toBe('running');
    await finish(id, 'installed');
    await advanceCampaign(deps(), id);
    const done = await detail(id);
    expect(done).toMatchObject({ state: 'completed', currentWave: 3, counts: { succeeded: 9, failed: 1, pending: 0, inProgress: 0 } });
    expect(done.waveProgress.map((w) => w.counts)).toEqual([
      { pending: 0, inProgress: 0, succeeded: 1, failed: 0, cancelled: 0 },
      { pending: 0, inProgress: 0, succeeded: 1, failed: 0, cancelled: 0 },
      { pending: 0, inProgress: 0, succeeded: 7, failed: 1, cancelled: 0 },
    ]);
    const failedPage = (await call(env.t, 'GET', `${paths.members(id)}?state=failed`, { authKey: readOnly })).body as Row & { items: Row[] };
    expect(failedPage).toMatchObject({ total: 1, page: 1 });
    expect(failedPage.items[0]).toMatchObject({ wave: 3, state: 'failed', step: 'Failed', error: 'Installation failed' });
    const page2 = (await call(env.t, 'GET', `${paths.members(id)}?pageSize=4&page=2`, { authKey: admin })).body as Row & { items: Row[] };
    expect(page2).toMatchObject({ total: 10, page: 2, pageSize: 4 });
    expect(page2.items).toHaveLength(4);
    // Unfiltered, the pages hold every charger once, by wave, each with its own update's step (read page by page).
    const pages = await Promise.all([1, 2, 3].map(async (n) => ((await call(env.t, 'GET', `${paths.members(id)}?pageSize=4&page=${n}`, { authKey: admin })).body as { items: Row[] }).items));
    const all = pages.flat();
    expect(all.map((r) => r.wave)).toEqual([1, 2, 3, 3, 3, 3, 3, 3, 3, 3]);
    expect(new Set(all.map((r) => r.chargerId))).toEqual(new Set(fleet));
    expect(all.filter((r) => r.state === 'failed')).toEqual([failedPage.items[0]]);
    expect(all.filter((r) => r.state === 'succeeded').every((r) => r.step === 'Installed' && r.error === null)).toBe(true);
    expect((await call(env.t, 'GET', `${paths.members(id)}?pageSize=1000`, { authKey: admin })).status).toBe(400);
    await env.database.db.execute(sql`update ocpp_charge_points set vendor = ${`${vendor}W`} where charger_id = ${other[0]}`);
  });

  it('pauses by itself when a wave fails over the threshold, saying why, and goes on when staff resume', async () => {
    const made = await create({ name: 'Failing image', firmwareFileId: fileId, filters: { vendors: [vendor] }, waves: [20, 100], failureThresholdPercent: 40 });
    const id = made.body.id as string;
    await call(env.t, 'POST', paths.action(id, 'start'), { authKey: admin });
    const first = await updatesOf(id);
    expect(first).toHaveLength(2);
    // One of two is 50 %, over 40 %: paused before the wave has even finished.
    await finish(id, 'failed', [Number(first[0]!.charger_id)]);
    await advanceCampaign(deps(), id);
    const paused = await detail(id);
    expect(paused).toMatchObject({ state: 'paused', currentWave: 1 });
    expect(paused.pausedReason).toBe("Paused by itself: 1 of wave 1's 2 chargers failed (50 %, over the 40 % threshold)");
    await finish(id, 'installed');
    await advanceCampaign(deps(), id);
    expect(await updatesOf(id)).toHaveLength(2);
    // Staff resume: the failure is accepted, the wave is final, so the next wave starts.
    const resumed = await call(env.t, 'POST', paths.action(id, 'resume'), { authKey: admin });
    expect(resumed.body).toMatchObject({ state: 'running', currentWave: 2, pausedReason: null });
    expect(await updatesOf(id)).toHaveLength(10);
    // Staff pause with a reason; pausing twice is refused.
    const pausedByStaff = await call(env.t, 'POST', paths.action(id, 'pause'), { authKey: admin, body: { reason: 'Site visits this week' } });
    expect(pausedByStaff.body).toMatchObject({ state: 'paused', pausedReason: 'Paused by Aarav Sharma: Site visits this week' });
    expect((await call(env.t, 'POST', paths.action(id, 'pause'), { authKey: admin, body: {} })).status).toBe(409);
    expect((await call(env.t, 'POST', paths.action(id, 'pause'), { authKey: admin, body: { reason: 5 } })).status).toBe(400);
    const audit = await q(sql`select action, from_state, to_state, actor_user_id is not null as by_staff from audit_log where entity_id = ${id}`);
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'auto-pause', from_state: 'running', to_state: 'paused', by_staff: false },
        { action: 'resume', from_state: 'paused', to_state: 'running', by_staff: true },
        { action: 'next-wave', from_state: 'running', to_state: 'running', by_staff: false },
        { action: 'pause', from_state: 'running', to_state: 'paused', by_staff: true },
      ]),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['auto-pause', 'create', 'next-wave', 'pause', 'resume', 'start']);
    // Its chargers' updates end, so the next campaigns may update them.
    await finish(id, 'installed');
  });

  it('cancels: pending chargers are never sent, updates already sent are left to finish', async () => {
    const made = await create({ name: 'Cancelled', firmwareFileId: fileId, filters: { vendors: [vendor] }, waves: [30, 100] });
    const id = made.body.id as string;
    await call(env.t, 'POST', paths.action(id, 'start'), { authKey: admin });
    expect(await updatesOf(id)).toHaveLength(3);
    const cancelled = await call(env.t, 'POST', paths.action(id, 'cancel'), { authKey: admin });
    expect(cancelled.body).toMatchObject({ state: 'cancelled', counts: { cancelled: 7, inProgress: 3 } });
    await finish(id, 'installed');
    await advanceCampaign(deps(), id);
    expect(await updatesOf(id)).toHaveLength(3);
    expect((await call(env.t, 'POST', paths.action(id, 'resume'), { authKey: admin })).status).toBe(409);
    const list = (await call(env.t, 'GET', paths.list, { authKey: admin })).body.items as Row[];
    expect(list.find((c) => c.id === id)).toMatchObject({ state: 'cancelled', counts: { succeeded: 3, cancelled: 7 } });
  });

  it('a wave whose chargers are offline fails at once and pauses the campaign', async () => {
    await env.database.db.execute(sql`update ocpp_charge_points set connected_node = null where charger_id in (${sql.join(fleet.map((c) => sql`${c}`), sql`, `)})`);
    const made = await create({ name: 'Offline', firmwareFileId: fileId, filters: { vendors: [vendor], models: ['B'] } });
    const started = await call(env.t, 'POST', paths.action(made.body.id, 'start'), { authKey: admin });
    expect(started.body).toMatchObject({ state: 'paused', counts: { failed: 1, pending: 3 } });
    expect(started.body.pausedReason).toContain('1 of wave 1');
    await env.database.db.execute(sql`update ocpp_charge_points set connected_node = 'test-node' where charger_id in (${sql.join(fleet.map((c) => sql`${c}`), sql`, `)})`);
  });

  it('a request sends a large wave in part and leaves the rest to the advance job, a chunk claimed at a time', async () => {
    const made = await create({ name: 'Large wave', firmwareFileId: fileId, filters: { vendors: [vendor] }, waves: [100] });
    const id = made.body.id as string;
    await call(env.t, 'POST', paths.action(id, 'start'), { authKey: admin });
    // The wave as if none of it had been sent yet (ten chargers stand for thousands here).
    await env.database.db.execute(sql`delete from firmware_updates where campaign_id = ${id}`);
    await env.database.db.execute(sql`update firmware_campaign_members set status = 'pending', sent_at = null where campaign_id = ${id}`);
    await env.database.db.execute(sql`delete from background_jobs where kind = ${FIRMWARE_CAMPAIGN_ADVANCE_JOB} and subject = ${id}`);
    expect(await advanceCampaign(deps(), id, null, 3)).toMatchObject({ state: 'running', sent: 3 });
    expect(await updatesOf(id)).toHaveLength(3);
    expect(await q(sql`select state from background_jobs where kind = ${FIRMWARE_CAMPAIGN_ADVANCE_JOB} and subject = ${id}`)).toEqual([{ state: 'queued' }]);
    // The job's advance sends the rest.
    expect(await advanceCampaign(deps(), id)).toMatchObject({ sent: 7 });
    expect(await updatesOf(id)).toHaveLength(10);
    await finish(id, 'installed');
    await advanceCampaign(deps(), id);
    expect((await detail(id)).state).toBe('completed');
  });

  it('sends a wave at the pace set, a few chargers a minute here: the rest by advances queued seconds later', async () => {
    const pace = env.t.config.firmwareCampaigns.sendsPerMinute;
    env.t.config.firmwareCampaigns.sendsPerMinute = 12;
    try {
      const made = await create({ name: 'Paced wave', firmwareFileId: fileId, filters: { vendors: [vendor] }, waves: [100] });
      const id = made.body.id as string;
      const startedAt = env.t.clock.now().getTime();
      expect((await call(env.t, 'POST', paths.action(id, 'start'), { authKey: admin })).status).toBe(200);
      // 12 a minute from the first send, with 5 s of it at once: 1 charger now.
      expect(await updatesOf(id)).toHaveLength(1);
      const paced = await q(sql`select state, run_after from background_jobs where dedupe_key = ${`${FIRMWARE_CAMPAIGN_ADVANCE_JOB}:${id}:paced`}`);
      expect(paced).toHaveLength(1);
      expect(paced[0]).toMatchObject({ state: 'queued' });
      expect(new Date(paced[0]!.run_after as string).getTime() - startedAt).toBe(5_000);
      // An advance at once sends nothing more; 30 s later 7 in all (12 × 35 s); a minute after that, every one.
      expect(await advanceCampaign(deps(), id)).toMatchObject({ state: 'running', sent: 0 });
      env.t.clock.advance(30_000);
      expect(await advanceCampaign(deps(), id)).toMatchObject({ sent: 6 });
      expect(await updatesOf(id)).toHaveLength(7);
      env.t.clock.advance(60_000);
      expect(await advanceCampaign(deps(), id)).toMatchObject({ sent: 3 });
      expect(await updatesOf(id)).toHaveLength(10);
      await finish(id, 'installed');
      await advanceCampaign(deps(), id);
      expect((await detail(id)).state).toBe('completed');
    } finally {
      env.t.config.firmwareCampaigns.sendsPerMinute = pace;
    }
  });

  it('declares the advance job and the sweep', () => {
    const handlers = appJobHandlers({ db: env.database.db, config: env.t.config });
    expect(Object.keys(handlers)).toEqual(expect.arrayContaining([FIRMWARE_CAMPAIGN_ADVANCE_JOB, FIRMWARE_CAMPAIGN_SWEEP_JOB]));
  });
});
