// A firmware campaign over three simulated chargers on real sockets, with the job workers running as in the server:
// each charger downloads the image through its link, installs it and boots with the new version; the firmware updates'
// ends queue the campaign's advance, which starts the next wave by itself and completes the campaign. Then a campaign
// whose first charger fails (a failure injected in the simulator) pauses by itself, and the next wave is never sent.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmwareCampaignPaths as paths } from '@domain/firmware-campaigns';
import { firmwarePaths } from '@domain/firmware';
import { rowsOf } from '@server/db/rows';
import { appJobHandlers } from '@server/jobs/app-jobs';
import { startJobWorkers, type JobWorkers } from '@server/jobs/job-worker';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { openLiveCharger, quiet, until, type LiveCharger } from '../support/live-charger';
import { call, signIn } from '../support/test-app';
import { ruleDrivers } from '../support/test-database';

type Row = Record<string, unknown>;

describe.each(ruleDrivers)('a firmware campaign over simulated chargers on %s', { timeout: 120_000 }, (driver) => {
  let live: LiveCharger;
  let workers: JobWorkers;
  let admin: string;
  const chargers: SimulatedCharger[] = [];
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await live.database.db.execute(query));
  const oldVersion = `camp-old-${driver}`;

  async function upload(version: string): Promise<string> {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(2048).fill(3)], `fw-${version}.bin`));
    form.set('version', version);
    const response = await live.t.app.request(firmwarePaths.files, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(201);
    return String(((await response.json()) as Row).id);
  }
  const detail = async (id: string) => (await call(live.t, 'GET', paths.one(id), { authKey: admin })).body as Row & { counts: Row; pausedReason: string | null };

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    admin = (await signIn(live.t, '9000000001')).authKey;
    const boxes = await q(sql`select id, charger_box_id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null and id <> ${live.chargerId} order by id limit 3`);
    expect(boxes).toHaveLength(3);
    for (const box of boxes) {
      const charger = new SimulatedCharger({
        url: `${live.url.replace(/^http/, 'ws')}/ocpp`,
        identity: String(box.charger_box_id),
        password: DEV_CHARGER_PASSWORD,
        connectors: 1,
        backoff: { initialDelay: 100, maxDelay: 500 },
        firmware: { version: oldVersion, stepMs: 50 },
      });
      chargers.push(charger);
    }
    await Promise.all(chargers.map((c) => c.start()));
    const ids = boxes.map((b) => Number(b.id));
    await until(() => q(sql`select count(*)::int as n from ocpp_charge_points where charger_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and firmware_version = ${oldVersion}`), (r) => r[0]?.n === 3, 30_000);
    workers = startJobWorkers({ db: live.database.db, handlers: appJobHandlers({ db: live.database.db, config: live.t.config, bus: live.bus, logger: quiet }), pollMs: 100, logger: quiet });
  }, 300_000);
  afterAll(async () => {
    await workers?.stop();
    await Promise.all(chargers.map((c) => c.stop()));
    await live?.close();
  });

  it('updates every charger wave after wave and completes by itself', async () => {
    const fileId = await upload(`camp-new-${driver}`);
    const made = await call(live.t, 'POST', paths.list, { authKey: admin, body: { name: 'Simulated roll-out', firmwareFileId: fileId, filters: { firmwareVersions: [oldVersion] }, waves: [1, 100] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    expect(made.body.chargerCount).toBe(3);
    const started = await call(live.t, 'POST', paths.action(id, 'start'), { authKey: admin });
    expect(started.body).toMatchObject({ state: 'running', currentWave: 1 });
    const done = await until(() => detail(id), (d) => d.state === 'completed', 60_000);
    expect(done).toMatchObject({ state: 'completed', currentWave: 2, counts: { succeeded: 3, failed: 0 } });
    // Each charger reboots after installing and boots with the new version.
    const versions = await until(async () => chargers.map((c) => c.firmware.version), (v) => v.every((x) => x === `camp-new-${driver}`), 30_000);
    expect(versions).toEqual([`camp-new-${driver}`, `camp-new-${driver}`, `camp-new-${driver}`]);
    await until(() => q(sql`select count(*)::int as n from ocpp_charge_points where firmware_version = ${`camp-new-${driver}`}`), (r) => r[0]?.n === 3, 30_000);
    // The second wave was asked only after the first had installed.
    const updates = await q(sql`select wave, created_at, finished_at from firmware_updates where campaign_id = ${id} order by wave, created_at`);
    expect(updates.map((u) => u.wave)).toEqual([1, 2, 2]);
    expect(new Date(updates[1]!.created_at as string).getTime()).toBeGreaterThanOrEqual(new Date(updates[0]!.finished_at as string).getTime());
  });

  it('pauses by itself when its first wave fails, and never sends the next wave', async () => {
    for (const c of chargers) c.firmware.configure({ failureRate: 1, failStep: 'install' });
    const asked = chargers.map((c) => c.firmware.counters.updates);
    const fileId = await upload(`camp-bad-${driver}`);
    const made = await call(live.t, 'POST', paths.list, { authKey: admin, body: { name: 'Failing roll-out', firmwareFileId: fileId, filters: { firmwareVersions: [`camp-new-${driver}`] }, waves: [1, 100], failureThresholdPercent: 20 } });
    const id = made.body.id as string;
    await call(live.t, 'POST', paths.action(id, 'start'), { authKey: admin });
    const paused = await until(() => detail(id), (d) => d.state === 'paused', 60_000);
    expect(paused.pausedReason).toBe("Paused by itself: 1 of wave 1's 1 chargers failed (100 %, over the 20 % threshold)");
    expect(paused.counts).toMatchObject({ failed: 1, pending: 2 });
    const failed = (await call(live.t, 'GET', `${paths.members(id)}?state=failed`, { authKey: admin })).body.items as Row[];
    expect(failed[0]).toMatchObject({ wave: 1, state: 'failed' });
    expect(failed[0]!.error).toBeTruthy();
    // Only the first wave's charger was asked.
    expect(chargers.reduce((n, c, i) => n + c.firmware.counters.updates - asked[i]!, 0)).toBe(1);
    expect(await q(sql`select count(*)::int as n from firmware_updates where campaign_id = ${id}`)).toEqual([{ n: 1 }]);
  });
});
