// Firmware updates over a real socket: an image uploaded, a simulated charger told to update, downloading it through
// its signed link and reporting each step until it boots with the new version; failures the charger reports, an offline
// charger, a charging charger waiting for its session's end, the silence timeout, a campaign's update queueing the
// campaign's step, a status of one charger never moving another's update, and the routes' permissions and bad input.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firmwarePaths, type FirmwareUpdateView } from '@domain/firmware';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { applyFirmwareStatuses } from '@server/firmware/firmware-status';
import { requestFirmwareUpdates, runFirmwarePass } from '@server/firmware/firmware-update-service';
import { firmwareLink } from '@server/firmware/firmware-files';
import { openLiveCharger, quiet, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { ruleDrivers } from '../support/test-database';

describe.each(ruleDrivers)('firmware updates on %s', (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let admin: string;
  let support: string;
  let adminId: string;
  let chargerId: number;
  let fileId: string;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const deps = () => ({ db: database.db, bus: live.bus, now: () => new Date(), logger: quiet, config: t.config });
  const firmwareOf = async (id = chargerId) => (await call(t, 'GET', firmwarePaths.ofCharger(id), { authKey: admin })).body as { currentVersion: string | null; current: FirmwareUpdateView | null; history: FirmwareUpdateView[] };
  const updateById = async (id: string) => (await q<{ status: string; error: string | null; installed_version: string | null; last_charger_status: string | null }>(sql`select status, error, installed_version, last_charger_status from firmware_updates where id = ${id}::uuid`))[0]!;
  const counts = async () => (await q<{ updates: number; commands: number; files: number }>(sql`select (select count(*)::int from firmware_updates) as updates, (select count(*)::int from ocpp_commands where action = 'UpdateFirmware') as commands, (select count(*)::int from firmware_files) as files`))[0]!;

  async function upload(version: string, bytes = 4096, authKey = admin, extra: Record<string, string> = {}) {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(bytes).fill(7)], `fw-${version}.bin`));
    form.set('version', version);
    for (const [k, v] of Object.entries(extra)) form.set(k, v);
    const response = await t.app.request(firmwarePaths.files, { method: 'POST', body: form, headers: { authorization: `Bearer ${authKey}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** Ends the charger's open update, whatever it is (each case starts with none). */
  const closeOpen = () => database.db.execute(sql`update firmware_updates set status = 'cancelled', finished_at = now() where finished_at is null`);

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, chargerId } = live);
    admin = (await signIn(t, '9000000001')).authKey;
    support = (await signIn(t, '9000000005')).authKey;
    adminId = (await q<{ id: string }>(sql`select id from users where mobile_number = '9000000001'`))[0]!.id;
    await until(() => q<{ connected_node: string | null }>(sql`select connected_node from ocpp_charge_points where charger_id = ${chargerId}`), (r) => r[0]?.connected_node != null);
    const made = await upload('2.0.0');
    expect(made.status).toBe(201);
    fileId = String(made.body.id);
  }, 300_000);
  afterAll(() => live.close());
  beforeEach(async () => {
    live.charger.firmware.configure({ failureRate: 0 });
    await closeOpen();
  });

  it('uploads an image with its SHA-256 and size, lists it; refuses no file, bad fields, too large, and anyone without the permission', async () => {
    const listed = await call(t, 'GET', firmwarePaths.files, { authKey: admin });
    expect(listed.status).toBe(200);
    const file = (listed.body.items as { id: string }[]).find((f) => f.id === fileId);
    // 4,096 bytes of 7: its digest, computed by the server.
    expect(file).toMatchObject({ version: '2.0.0', name: 'fw-2.0.0.bin', sizeBytes: 4096, sha256: createHash('sha256').update(new Uint8Array(4096).fill(7)).digest('hex'), vendor: null, model: null });
    const before = await counts();
    expect((await upload('', 10)).status).toBe(400);
    expect((await upload('3.0', 10, admin, { colour: 'red' })).status).toBe(400);
    expect((await upload('3.0', 0)).status).toBe(400);
    const noFile = await t.app.request(firmwarePaths.files, { method: 'POST', body: 'x', headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' } });
    expect(noFile.status).toBe(400);
    expect(noFile.headers.get('content-type')).toContain('application/problem+json');
    const limit = t.config.firmware.maxBytes;
    t.config.firmware.maxBytes = 1000;
    try {
      expect((await upload('3.0', 2000)).status).toBe(413);
    } finally {
      t.config.firmware.maxBytes = limit;
    }
    expect((await upload('3.0', 10, support)).status).toBe(403);
    expect((await call(t, 'GET', firmwarePaths.files, { authKey: support })).status).toBe(403);
    expect(await counts()).toEqual(before);
    const audit = await q<{ n: number }>(sql`select count(*)::int as n from audit_log where entity_type = 'firmware-file' and entity_id = ${fileId} and action = 'upload'`);
    expect(audit[0]!.n).toBe(1);
  });

  it('updates a charger: it downloads the image through its link, reports each step, and boots with the new version', async () => {
    const answer = await call(t, 'POST', firmwarePaths.updates, { authKey: admin, body: { chargerIds: [chargerId], firmwareFileId: fileId, retries: 1, retryInterval: 1 } });
    expect(answer.status).toBe(201);
    const [update] = answer.body.items as FirmwareUpdateView[];
    expect(update).toMatchObject({ chargerId, firmwareVersion: '2.0.0', retries: 1, retryInterval: 1 });
    expect(['sent', 'accepted', 'downloading']).toContain(update!.status);
    const downloadsBefore = live.charger.firmware.counters.downloads;
    const done = await until(() => updateById(update!.id), (u) => u.installed_version !== null, 30_000);
    expect(done).toMatchObject({ status: 'installed', installed_version: '2.0.0', last_charger_status: 'Installed', error: null });
    expect(live.charger.firmware.counters.downloads).toBe(downloadsBefore + 1);
    expect(live.charger.firmware.counters.bytes).toBeGreaterThanOrEqual(4096);
    // The charger's own firmware version is the new one, and its page says so with the update in its history.
    const page = await until(() => firmwareOf(), (f) => f.currentVersion === '2.0.0', 15_000);
    expect(page.current).toBeNull();
    expect(page.history[0]).toMatchObject({ id: update!.id, status: 'installed', summary: 'Installed', installedVersion: '2.0.0' });
    // The command went through the one path: a record and its batch's audit row.
    const [command] = await q<{ status: string; payload: { location: string; retrieveDate: string; retries: number } }>(sql`select c.status, c.payload from ocpp_commands c join firmware_updates f on f.command_id = c.id where f.id = ${update!.id}::uuid`);
    expect(command).toMatchObject({ status: 'accepted', payload: { retries: 1 } });
    expect(command!.payload.location.startsWith(`${live.url}/ocpp-files/firmware/${fileId}?expires=`)).toBe(true);
  });

  it('records the charger’s DownloadFailed and InstallationFailed as failures with words', async () => {
    live.charger.firmware.configure({ failureRate: 1, failStep: 'download' });
    const [a] = await requestFirmwareUpdates(deps(), { chargerIds: [chargerId], firmwareFileId: fileId, requestedBy: adminId });
    expect(await until(() => updateById(a!.id), (u) => u.status === 'failed', 20_000)).toMatchObject({ last_charger_status: 'DownloadFailed', error: 'The charger could not download the image.' });
    live.charger.firmware.configure({ failureRate: 1, failStep: 'install' });
    const [b] = await requestFirmwareUpdates(deps(), { chargerIds: [chargerId], firmwareFileId: fileId, requestedBy: adminId });
    expect(await until(() => updateById(b!.id), (u) => u.status === 'failed', 20_000)).toMatchObject({ last_charger_status: 'InstallationFailed', error: 'The charger could not install the image.' });
  });

  it('one request to several chargers gives each update its own charger’s command, marked sent in one go', async () => {
    // The live charger fails its download (no reboot to wait for).
    live.charger.firmware.configure({ failureRate: 1, failStep: 'download' });
    const views = await requestFirmwareUpdates(deps(), { chargerIds: [chargerId, live.offlineCharger.id], firmwareFileId: fileId, requestedBy: adminId });
    const rows = await q<{ charger_id: number; status: string; command_charger: number | null; command_status: string | null }>(
      sql`select f.charger_id, f.status, c.charger_id as command_charger, c.status as command_status from firmware_updates f left join ocpp_commands c on c.id = f.command_id
        where f.id in (${sql.join(views.map((v) => sql`${v.id}::uuid`), sql`, `)}) order by f.charger_id`,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(Number(r.command_charger)).toBe(Number(r.charger_id));
    const byCharger = new Map(rows.map((r) => [Number(r.charger_id), r]));
    expect(byCharger.get(live.offlineCharger.id)).toMatchObject({ status: 'failed', command_status: 'offline' });
    expect(['sent', 'accepted', 'downloading', 'failed']).toContain(byCharger.get(chargerId)!.status);
    const online = views.find((v) => v.chargerId === chargerId)!;
    expect(await until(() => updateById(online.id), (u) => u.status === 'failed', 30_000)).toMatchObject({ last_charger_status: 'DownloadFailed' });
  });

  it('ignores a status that does not fit, and one charger’s status never moves another’s update', async () => {
    const [offline] = await requestFirmwareUpdates(deps(), { chargerIds: [live.offlineCharger.id], firmwareFileId: fileId, requestedBy: adminId });
    // Offline: failed at once, nothing sent.
    expect(offline).toMatchObject({ status: 'failed', error: expect.stringContaining('offline') });
    // Put the offline charger's update back in progress by hand: the live charger's statuses must not reach it.
    await database.db.execute(sql`update firmware_updates set status = 'downloading', finished_at = null, error = null where id = ${offline!.id}::uuid`);
    // The live charger has no update: Installed moves nothing anywhere (answered {}, never an error).
    expect(await live.charger.call('FirmwareStatusNotification', { status: 'Installed' })).toEqual({});
    expect(await live.charger.call('FirmwareStatusNotification', { status: 'Downloaded' })).toEqual({});
    expect((await updateById(offline!.id)).status).toBe('downloading');
    await closeOpen();
    // An update the charger accepted: Installed before Downloading does not fit and is ignored.
    const [own] = await q<{ id: string }>(sql`insert into firmware_updates (charger_id, firmware_file_id, status, retrieve_date) values (${chargerId}, ${fileId}::uuid, 'accepted', now()) returning id`);
    expect(await live.charger.call('FirmwareStatusNotification', { status: 'Installed' })).toEqual({});
    expect((await updateById(own!.id)).status).toBe('accepted');
    expect(await live.charger.call('FirmwareStatusNotification', { status: 'Downloading' })).toEqual({});
    expect((await updateById(own!.id)).status).toBe('downloading');
    // The charger's own firmware status is kept as before.
    const [point] = await q<{ firmware_status: string }>(sql`select firmware_status from ocpp_charge_points where charger_id = ${chargerId}`);
    expect(point!.firmware_status).toBe('Downloading');
  });

  it('applies many chargers’ statuses in one batch: each charger’s in the order heard, one not fitting moving nothing, a final one queueing its campaign’s step once', async () => {
    const campaignId = `batch-${driver}-${Date.now()}`;
    const insert = (charger: number, status: string, campaign: string | null = null) =>
      q<{ id: string }>(sql`insert into firmware_updates (charger_id, firmware_file_id, status, retrieve_date, campaign_id) values (${charger}, ${fileId}::uuid, ${status}, now(), ${campaign}) returning id`);
    const [own] = await insert(chargerId, 'accepted');
    const [other] = await insert(live.offlineCharger.id, 'installing', campaignId);
    const at = new Date();
    const results = await applyFirmwareStatuses(database.db, [
      { chargerId, status: 'Downloading', at },
      { chargerId: live.offlineCharger.id, status: 'InstallationFailed', at },
      // The same charger's next statuses: taken after its first, in order.
      { chargerId, status: 'Downloaded', at },
      { chargerId, status: 'Idle', at },
      // Installed straight after Downloaded fits; Downloading after it does not (a final update moves no more).
      { chargerId, status: 'Installed', at },
      { chargerId, status: 'Downloading', at },
    ]);
    expect(results.map((r) => (r ? `${r.from}→${r.to}` : null))).toEqual(['accepted→downloading', 'installing→failed', 'downloading→downloaded', null, 'downloaded→installed', null]);
    expect(await updateById(own!.id)).toMatchObject({ status: 'installed', last_charger_status: 'Installed', error: null });
    expect(await updateById(other!.id)).toMatchObject({ status: 'failed', last_charger_status: 'InstallationFailed', error: 'The charger could not install the image.' });
    const [finished] = await q<{ n: number }>(sql`select count(*)::int as n from firmware_updates where id in (${own!.id}::uuid, ${other!.id}::uuid) and finished_at is not null`);
    expect(finished!.n).toBe(2);
    // The charger keeps the last status it reported, Idle among them.
    const [point] = await q<{ firmware_status: string }>(sql`select firmware_status from ocpp_charge_points where charger_id = ${chargerId}`);
    expect(point!.firmware_status).toBe('Downloading');
    const jobs = await q<{ payload: { campaignId: string } }>(sql`select payload from background_jobs where kind = 'firmware-campaigns.advance' and subject = ${campaignId}`);
    expect(jobs).toEqual([{ payload: { campaignId } }]);
  });

  it('a charging charger waits for its session to end; its StopTransaction queues the pass that sends the update', async () => {
    const transactionId = 900_000 + Math.floor(Math.random() * 90_000);
    await database.db.execute(sql`insert into ocpp_sessions (transaction_id, charger_id, connector_id, id_tag, meter_start_wh, started_at, start_key)
      values (${transactionId}, ${chargerId}, 1, 'FWTEST', 1000, now(), ${`fw-${transactionId}`})`);
    const [waiting] = await requestFirmwareUpdates(deps(), { chargerIds: [chargerId], firmwareFileId: fileId, requestedBy: adminId });
    expect(waiting).toMatchObject({ status: 'waitingForSession', commandId: null });
    // A pass while it still charges sends nothing.
    await runFirmwarePass(deps());
    expect((await updateById(waiting!.id)).status).toBe('waitingForSession');
    await database.db.execute(sql`delete from background_jobs where kind = 'firmware.pass'`);
    expect(await live.charger.call('StopTransaction', { transactionId, meterStop: 2000, timestamp: new Date().toISOString() })).toMatchObject({ idTagInfo: expect.anything() });
    expect((await q<{ n: number }>(sql`select count(*)::int as n from background_jobs where kind = 'firmware.pass' and state = 'queued'`))[0]!.n).toBe(1);
    const pass = await runFirmwarePass(deps());
    expect(pass.sent).toBe(1);
    expect(await until(() => updateById(waiting!.id), (u) => u.status === 'installed', 30_000)).toMatchObject({ status: 'installed' });
  });

  it('cancels an update not yet sent; one sent is a 409; bad ids are 404', async () => {
    const transactionId = 800_000 + Math.floor(Math.random() * 90_000);
    await database.db.execute(sql`insert into ocpp_sessions (transaction_id, charger_id, connector_id, id_tag, meter_start_wh, started_at, start_key)
      values (${transactionId}, ${chargerId}, 1, 'FWTEST', 1000, now(), ${`fw-${transactionId}`})`);
    try {
      const [waiting] = await requestFirmwareUpdates(deps(), { chargerIds: [chargerId], firmwareFileId: fileId, requestedBy: adminId });
      // A second update of the same charger while this one is open: refused with words, the first untouched.
      const [second] = await requestFirmwareUpdates(deps(), { chargerIds: [chargerId], firmwareFileId: fileId, requestedBy: adminId });
      expect(second).toMatchObject({ status: 'failed', error: 'Another firmware update of this charger is in progress.' });
      expect((await call(t, 'POST', firmwarePaths.cancel(waiting!.id), { authKey: support })).status).toBe(403);
      const cancelled = await call(t, 'POST', firmwarePaths.cancel(waiting!.id), { authKey: admin });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', summary: 'Cancelled' });
      expect((await call(t, 'POST', firmwarePaths.cancel(waiting!.id), { authKey: admin })).status).toBe(409);
      expect((await call(t, 'POST', firmwarePaths.cancel('not-a-uuid'), { authKey: admin })).status).toBe(404);
      expect((await call(t, 'POST', firmwarePaths.cancel('00000000-0000-4000-8000-000000000000'), { authKey: admin })).status).toBe(404);
    } finally {
      await database.db.execute(sql`update ocpp_sessions set stopped_at = now() where transaction_id = ${transactionId}`);
    }
  });

  it('times out an update whose charger stopped reporting', async () => {
    const [silent] = await q<{ id: string }>(sql`insert into firmware_updates (charger_id, firmware_file_id, status, retrieve_date, last_heard_at, updated_at)
      values (${chargerId}, ${fileId}::uuid, 'downloading', now() - interval '3 hours', now() - interval '2 hours', now() - interval '2 hours') returning id`);
    const pass = await runFirmwarePass(deps());
    expect(pass.timedOut).toBeGreaterThanOrEqual(1);
    expect(await updateById(silent!.id)).toMatchObject({ status: 'timedOut', error: `No word from the charger for ${t.config.firmware.statusTimeoutMinutes} min.` });
    // A recent one is left alone.
    const [recent] = await q<{ id: string }>(sql`insert into firmware_updates (charger_id, firmware_file_id, status, retrieve_date, last_heard_at) values (${chargerId}, ${fileId}::uuid, 'downloading', now(), now()) returning id`);
    await runFirmwarePass(deps());
    expect((await updateById(recent!.id)).status).toBe('downloading');
  });

  it('an update of a campaign reaching a final state queues the campaign’s next step', async () => {
    const campaignId = `campaign-${driver}-${Date.now()}`;
    const [update] = await requestFirmwareUpdates(deps(), { chargerIds: [live.offlineCharger.id], firmwareFileId: fileId, campaignId, wave: 2, requestedBy: null });
    expect(update).toMatchObject({ status: 'failed', campaignId, wave: 2 });
    const jobs = await q<{ payload: { campaignId: string } }>(sql`select payload from background_jobs where kind = 'firmware-campaigns.advance' and subject = ${campaignId}`);
    expect(jobs).toEqual([{ payload: { campaignId } }]);
  });

  it('serves the image to a charger through its link only: a forged or expired link is 403, an unknown image 404', async () => {
    const link = firmwareLink(t.config, fileId, new Date()).url.slice(live.url.length);
    const ok = await t.app.request(link);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-firmware-version')).toBe('2.0.0');
    expect((await ok.arrayBuffer()).byteLength).toBe(4096);
    const forged = await t.app.request(link.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`));
    expect(forged.status).toBe(403);
    expect(forged.headers.get('content-type')).toContain('application/problem+json');
    expect((await t.app.request(`${firmwarePaths.download}/${fileId}`)).status).toBe(403);
    const old = firmwareLink(t.config, fileId, new Date(Date.now() - (t.config.firmware.linkHours + 1) * 3_600_000)).url.slice(live.url.length);
    expect((await t.app.request(old)).status).toBe(403);
    const other = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.request(firmwareLink(t.config, other, new Date()).url.slice(live.url.length))).status).toBe(404);
  });

  it('refuses bad input with 400 and unknown chargers or files with 404, writing nothing; the command route does not take UpdateFirmware', async () => {
    const before = await counts();
    const bad = [
      {},
      { chargerIds: [], firmwareFileId: fileId },
      { chargerIds: [chargerId], firmwareFileId: 'nope' },
      { chargerIds: [chargerId], firmwareFileId: fileId, retries: -1 },
      { chargerIds: [chargerId], firmwareFileId: fileId, retrieveDate: 'tomorrow' },
      { chargerIds: [chargerId], firmwareFileId: fileId, extra: true },
      { chargerIds: ['1'], firmwareFileId: fileId },
    ];
    for (const body of bad) {
      const answer = await call(t, 'POST', firmwarePaths.updates, { authKey: admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.contentType).toContain('application/problem+json');
    }
    expect((await call(t, 'POST', firmwarePaths.updates, { authKey: admin, rawBody: '{"chargerIds":' })).status).toBe(400);
    expect((await call(t, 'POST', firmwarePaths.updates, { authKey: admin, body: { chargerIds: [chargerId, 987_654_321], firmwareFileId: fileId } })).status).toBe(404);
    expect((await call(t, 'POST', firmwarePaths.updates, { authKey: admin, body: { chargerIds: [chargerId], firmwareFileId: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    expect((await call(t, 'POST', firmwarePaths.updates, { authKey: support, body: { chargerIds: [chargerId], firmwareFileId: fileId } })).status).toBe(403);
    const generic = await call(t, 'POST', '/ccu/charger-command', { authKey: admin, body: { chargerIds: [chargerId], command: { action: 'UpdateFirmware', payload: { location: 'http://x/y', retrieveDate: new Date().toISOString() } } } });
    expect(generic.status).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await call(t, 'GET', firmwarePaths.ofCharger(987_654_321), { authKey: admin })).status).toBe(404);
    expect((await call(t, 'GET', firmwarePaths.ofCharger('abc'), { authKey: admin })).status).toBe(404);
  });
});
