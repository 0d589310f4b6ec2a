// Firmware Management, what the central system sends and takes for an update: UpdateFirmware with a signed link to
// the image (which the charger can download, and only through that link), each FirmwareStatusNotification moving the
// charger's own update, the charger's failures, a status out of order ignored, no answer, an offline charger, and
// TriggerMessage FirmwareStatusNotification. (FW-01…03, the statuses kept on the charger, are in profiles.test.ts.)
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { firmwarePaths, type FirmwareUpdateView } from '@domain/firmware';
import { firmwareLink } from '@server/firmware/firmware-files';
import { signIn } from '../server/support/test-app';
import { COMMAND_TIMEOUT_SECONDS, conformanceDrivers, useConformanceServer, type ChargePoint } from './harness';

const IMAGE = new Uint8Array(3000).fill(42);

describe.each(conformanceDrivers)('Firmware Management on %s', (driver) => {
  const cs = useConformanceServer(driver);
  let fileId: string;

  beforeAll(async () => {
    const { authKey } = await signIn(cs.t, '9000000001');
    const form = new FormData();
    form.set('file', new File([IMAGE], 'conf-9.9.9.bin'));
    form.set('version', `9.9.9-${driver}`);
    const made = await cs.t.app.request(firmwarePaths.files, { method: 'POST', body: form, headers: { authorization: `Bearer ${authKey}` } });
    expect(made.status).toBe(201);
    fileId = ((await made.json()) as { id: string }).id;
  });

  const updateOf = async (id: string) => (await cs.rows<{ status: string; error: string | null; last_charger_status: string | null; installed_version: string | null }>(sql`select status, error, last_charger_status, installed_version from firmware_updates where id = ${id}::uuid`))[0]!;
  const until = (id: string, ok: (u: Awaited<ReturnType<typeof updateOf>>) => boolean, ms = 15_000) => cs.until(() => updateOf(id), ok, ms);

  /** A booted charger told to update; its UpdateFirmware call answered with `answer` (or not answered). */
  async function updated(options: { answer?: Record<string, unknown> | 'silence' | 'error'; retries?: number } = {}): Promise<{ cp: ChargePoint; chargerId: number; update: FirmwareUpdateView; payload: Record<string, unknown> }> {
    const { charger, cp } = await cs.bootedCharger();
    const asked = await cs.api('POST', firmwarePaths.updates, { chargerIds: [charger.id], firmwareFileId: fileId, ...(options.retries === undefined ? {} : { retries: options.retries, retryInterval: 30 }) });
    expect(asked.status).toBe(201);
    const update = (asked.body as { items: FirmwareUpdateView[] }).items[0]!;
    const call = await cp.expectCall('UpdateFirmware');
    const answer = options.answer ?? {};
    if (answer === 'error') call.error('InternalError', 'flash busy');
    else if (answer !== 'silence') call.reply(answer);
    return { cp, chargerId: charger.id, update, payload: call.payload };
  }

  it('FW-04 UpdateFirmware accepted: the charger gets the image link, retrieveDate, retries and retryInterval; answered {} the update is accepted', async () => {
    const { cp, update, payload } = await updated({ retries: 2 });
    expect(payload).toEqual({ location: expect.stringMatching(new RegExp(`^${cs.url}/ocpp-files/firmware/${fileId}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`)), retrieveDate: update.retrieveDate, retries: 2, retryInterval: 30 });
    expect(await until(update.id, (u) => u.status === 'accepted')).toMatchObject({ status: 'accepted', error: null });
    await cp.close();
  });

  it('FW-05 Downloading, Downloaded, Installing, Installed recorded in order; the next BootNotification’s firmwareVersion recorded on the update', async () => {
    const { cp, update } = await updated();
    for (const [status, state] of [
      ['Downloading', 'downloading'],
      ['Downloaded', 'downloaded'],
      ['Installing', 'installing'],
      ['Installed', 'installed'],
    ] as const) {
      expect(await cp.ok('FirmwareStatusNotification', { status })).toEqual({});
      expect(await updateOf(update.id), status).toMatchObject({ status: state, last_charger_status: status });
    }
    expect(await cp.ok('BootNotification', { chargePointVendor: 'Conformance', chargePointModel: 'CP', firmwareVersion: `9.9.9-${driver}` })).toMatchObject({ status: 'Accepted' });
    expect((await updateOf(update.id)).installed_version).toBe(`9.9.9-${driver}`);
    await cp.close();
  });

  it('FW-06 DownloadFailed: the update fails, in words', async () => {
    const { cp, update } = await updated();
    expect(await cp.ok('FirmwareStatusNotification', { status: 'Downloading' })).toEqual({});
    expect(await cp.ok('FirmwareStatusNotification', { status: 'DownloadFailed' })).toEqual({});
    expect(await updateOf(update.id)).toMatchObject({ status: 'failed', last_charger_status: 'DownloadFailed', error: 'The charger could not download the image.' });
    await cp.close();
  });

  it('FW-07 InstallationFailed: the update fails, in words', async () => {
    const { cp, update } = await updated();
    for (const status of ['Downloading', 'Downloaded', 'Installing', 'InstallationFailed']) expect(await cp.ok('FirmwareStatusNotification', { status })).toEqual({});
    expect(await updateOf(update.id)).toMatchObject({ status: 'failed', last_charger_status: 'InstallationFailed', error: 'The charger could not install the image.' });
    await cp.close();
  });

  it('FW-08 A status out of order (Installed before any download) answered {} and ignored; the update stays where it was', async () => {
    const { cp, update } = await updated();
    await until(update.id, (u) => u.status === 'accepted');
    expect(await cp.ok('FirmwareStatusNotification', { status: 'Installed' })).toEqual({});
    expect(await cp.ok('FirmwareStatusNotification', { status: 'Installing' })).toEqual({});
    expect((await updateOf(update.id)).status).toBe('accepted');
    // The charger's own status is kept whatever it says.
    expect((await cs.rows<{ firmware_status: string }>(sql`select firmware_status from ocpp_charge_points where charger_id = ${(await cs.rows<{ charger_id: number }>(sql`select charger_id from firmware_updates where id = ${update.id}::uuid`))[0]!.charger_id}`))[0]!.firmware_status).toBe('Installing');
    await cp.close();
  });

  it('FW-09 UpdateFirmware not answered: the command times out and the update fails, in words', async () => {
    const { cp, update } = await updated({ answer: 'silence' });
    expect(await until(update.id, (u) => u.status === 'failed', (COMMAND_TIMEOUT_SECONDS + 10) * 1000)).toMatchObject({ status: 'failed', error: expect.stringMatching(/answer/i) });
    await cp.close();
  });

  it('FW-10 UpdateFirmware answered with a CALLERROR: the update fails', async () => {
    const { cp, update } = await updated({ answer: 'error' });
    expect(await until(update.id, (u) => u.status === 'failed')).toMatchObject({ status: 'failed' });
    await cp.close();
  });

  it('FW-11 An offline charger: the update fails at once and nothing is sent', async () => {
    const charger = await cs.charger();
    const asked = await cs.api('POST', firmwarePaths.updates, { chargerIds: [charger.id], firmwareFileId: fileId });
    expect(asked.status).toBe(201);
    expect((asked.body as { items: FirmwareUpdateView[] }).items[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('offline') });
    expect((await cs.rows<{ status: string }>(sql`select status from ocpp_commands where charger_id = ${charger.id} and action = 'UpdateFirmware'`))).toEqual([{ status: 'offline' }]);
  });

  it('FW-12 The link the charger is given downloads the image with no session; forged or expired it is refused (403)', async () => {
    const { cp, payload } = await updated();
    const location = String(payload.location);
    const got = await fetch(location);
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(IMAGE);
    const forged = await fetch(location.replace(/signature=[^&]+/, `signature=${'B'.repeat(43)}`));
    expect(forged.status).toBe(403);
    expect(forged.headers.get('content-type')).toContain('application/problem+json');
    const expired = firmwareLink(cs.t.config, fileId, new Date(cs.t.clock.now().getTime() - (cs.t.config.firmware.linkHours * 3600 + 120) * 1000)).url;
    expect((await fetch(expired)).status).toBe(403);
    await cp.close();
  });

  it('FW-13 TriggerMessage FirmwareStatusNotification: the charger answers Accepted and reports its status, which moves its update', async () => {
    const { cp, update } = await updated();
    await until(update.id, (u) => u.status === 'accepted');
    const chargerId = (await cs.rows<{ charger_id: number }>(sql`select charger_id from firmware_updates where id = ${update.id}::uuid`))[0]!.charger_id;
    const triggered = cs.command(Number(chargerId), 'TriggerMessage', { requestedMessage: 'FirmwareStatusNotification' });
    const call = await cp.expectCall('TriggerMessage');
    expect(call.payload).toEqual({ requestedMessage: 'FirmwareStatusNotification' });
    call.reply({ status: 'Accepted' });
    expect((await triggered).status).toBe('accepted');
    expect(await cp.ok('FirmwareStatusNotification', { status: 'Downloading' })).toEqual({});
    expect(await updateOf(update.id)).toMatchObject({ status: 'downloading', last_charger_status: 'Downloading' });
    await cp.close();
  });

  it('FW-14 A charger’s status never moves another charger’s update', async () => {
    const first = await updated();
    await until(first.update.id, (u) => u.status === 'accepted');
    const { cp: other } = await cs.bootedCharger();
    for (const status of ['Downloading', 'Downloaded', 'Installing', 'Installed']) expect(await other.ok('FirmwareStatusNotification', { status })).toEqual({});
    expect((await updateOf(first.update.id)).status).toBe('accepted');
    await other.close();
    await first.cp.close();
  });
});

