// Firmware Management profile, diagnostics: GetDiagnostics with a location of the central system's own (one use,
// signed for its request and charger), the upload to it, DiagnosticsStatusNotification moving the request, and what
// is refused (a second upload, an oversized one, a forged location, a status with no request open).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diagnosticsPaths, type DiagnosticsRequestView } from '@domain/diagnostics';
import { conformanceDrivers, DIAGNOSTICS_MAX_BYTES, useConformanceServer, type ConformanceServer } from './harness';

type Booted = Awaited<ReturnType<ConformanceServer['bootedCharger']>>;

/** Asks a new booted charger for its diagnostics and answers GetDiagnostics with `answer`. */
async function requested(cs: ConformanceServer, answer: Record<string, unknown>, body: Record<string, unknown> = {}) {
  const booted = await cs.bootedCharger();
  const made = await cs.api('POST', diagnosticsPaths.request, { chargerIds: [booted.charger.id], ...body });
  expect(made.status).toBe(201);
  const call = await booted.cp.expectCall('GetDiagnostics');
  call.reply(answer);
  const request = made.body.items[0] as DiagnosticsRequestView;
  return { ...booted, request, got: call.payload as { location: string; retries?: number; retryInterval?: number; startTime?: string; stopTime?: string } };
}

/** The charger's request once `ok` holds. */
async function requestWhen(cs: ConformanceServer, booted: Pick<Booted, 'charger'>, id: string, ok: (r: DiagnosticsRequestView) => boolean) {
  const read = async () => ((await cs.api('GET', diagnosticsPaths.ofCharger(booted.charger.id))).body.items as DiagnosticsRequestView[]).find((r) => r.id === id);
  return (await cs.until(read, (r) => r !== undefined && ok(r)))!;
}

const upload = (location: string, body: BodyInit, init: RequestInit = {}) => fetch(location, { method: 'PUT', body, ...init });

describe.each(conformanceDrivers)('Firmware Management on %s', (driver) => {
  const cs = useConformanceServer(driver);

  it('DIAG-01 GetDiagnostics accepted with a fileName: the charger gets a location of ours with the period, retries and interval', async () => {
    const startTime = '2026-11-01T00:00:00.000Z';
    const stopTime = '2026-11-02T00:00:00.000Z';
    const r = await requested(cs, { fileName: 'diag-01.tar.gz' }, { startTime, stopTime, retries: 2, retryInterval: 30 });
    expect(r.got).toMatchObject({ startTime, stopTime, retries: 2, retryInterval: 30 });
    expect(r.got.location.startsWith(`${cs.t.config.chargerFilesUrl}/ocpp-files/diagnostics/`)).toBe(true);
    const accepted = await requestWhen(cs, r, r.request.id, (x) => x.state === 'accepted');
    expect(accepted).toMatchObject({ fileName: 'diag-01.tar.gz', startTime, stopTime });
    await r.cp.close();
  });

  it('DIAG-02 The upload to the location is accepted: the file kept with its size and sha256', async () => {
    const r = await requested(cs, { fileName: 'diag-02.log' });
    const bytes = Buffer.from('2026-11-29 boot ok\n'.repeat(100));
    const answer = await upload(r.got.location, bytes);
    expect(answer.status).toBe(201);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(await answer.json()).toEqual({ size: bytes.length, sha256 });
    const stored = await requestWhen(cs, r, r.request.id, (x) => x.fileSha256 !== null);
    expect(stored).toMatchObject({ state: 'uploading', fileSize: bytes.length, fileSha256: sha256 });
    expect(stored.uploadedAt).not.toBeNull();
    await r.cp.close();
  });

  it('DIAG-03 Status sequence Uploading → Uploaded recorded; the file is downloaded as it was sent (multipart upload)', async () => {
    const r = await requested(cs, { fileName: 'diag-03.log' });
    await requestWhen(cs, r, r.request.id, (x) => x.state === 'accepted');
    expect(await r.cp.ok('DiagnosticsStatusNotification', { status: 'Uploading' })).toEqual({});
    await requestWhen(cs, r, r.request.id, (x) => x.state === 'uploading' && x.lastStatus === 'Uploading');
    const bytes = Buffer.from('frame log\n'.repeat(300));
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'diag-03.log');
    expect((await fetch(r.got.location, { method: 'POST', body: form })).status).toBe(201);
    expect(await r.cp.ok('DiagnosticsStatusNotification', { status: 'Uploaded' })).toEqual({});
    const done = await requestWhen(cs, r, r.request.id, (x) => x.state === 'uploaded');
    expect(done).toMatchObject({ lastStatus: 'Uploaded', fileSize: bytes.length, summary: 'Uploaded' });
    const link = await cs.api('POST', diagnosticsPaths.link(done.id));
    expect(link.status).toBe(200);
    const file = await fetch(`${cs.url}${link.body.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="diag-03.log"');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    await r.cp.close();
  });

  it('DIAG-04 UploadFailed recorded: the request ends upload failed, in words', async () => {
    const r = await requested(cs, { fileName: 'diag-04.log' });
    expect(await r.cp.ok('DiagnosticsStatusNotification', { status: 'Uploading' })).toEqual({});
    expect(await r.cp.ok('DiagnosticsStatusNotification', { status: 'UploadFailed' })).toEqual({});
    const failed = await requestWhen(cs, r, r.request.id, (x) => x.state === 'uploadFailed');
    expect(failed.summary).toBe('Upload failed: the charger reported that its upload failed');
    await r.cp.close();
  });

  it('DIAG-05 A second upload to the same location is refused (409); the first file is kept', async () => {
    const r = await requested(cs, { fileName: 'diag-05.log' });
    const first = Buffer.from('first\n'.repeat(50));
    expect((await upload(r.got.location, first)).status).toBe(201);
    const second = await upload(r.got.location, Buffer.from('second\n'));
    expect(second.status).toBe(409);
    expect(second.headers.get('content-type')).toContain('application/problem+json');
    const kept = await requestWhen(cs, r, r.request.id, (x) => x.fileSize !== null);
    expect(kept.fileSha256).toBe(createHash('sha256').update(first).digest('hex'));
    await r.cp.close();
  });

  it('DIAG-06 An upload over DIAGNOSTICS_MAX_BYTES is refused (413), nothing stored; the location still takes a file', async () => {
    const r = await requested(cs, { fileName: 'diag-06.log' });
    const tooLarge = await upload(r.got.location, Buffer.alloc(DIAGNOSTICS_MAX_BYTES + 1, 65));
    expect(tooLarge.status).toBe(413);
    const [row] = await cs.rows<{ file_key: string | null; upload_started_at: unknown }>(sql`select file_key, upload_started_at from ocpp_diagnostics_requests where id = ${r.request.id}::uuid`);
    expect(row).toEqual({ file_key: null, upload_started_at: null });
    expect((await upload(r.got.location, Buffer.from('retry fits\n'))).status).toBe(201);
    await r.cp.close();
  });

  it('DIAG-07 A forged or altered location is refused (403), nothing stored', async () => {
    const r = await requested(cs, { fileName: 'diag-07.log' });
    const location = new URL(r.got.location);
    const token = location.pathname.split('/').pop()!;
    const [id, expires, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [`${id}.${expires}.${flipped}`, `${id}.${Number(expires) + 3600}.${signature}`, 'not-a-token', `${crypto.randomUUID()}.${expires}.${signature}`]) {
      const answer = await upload(`${cs.url}/ocpp-files/diagnostics/${forged}`, Buffer.from('forged\n'));
      expect(answer.status).toBe(403);
    }
    const [row] = await cs.rows<{ file_key: string | null }>(sql`select file_key from ocpp_diagnostics_requests where id = ${r.request.id}::uuid`);
    expect(row!.file_key).toBeNull();
    await r.cp.close();
  });

  it('DIAG-08 GetDiagnostics answered with no fileName: nothing to upload, and the location takes nothing', async () => {
    const r = await requested(cs, {});
    const ended = await requestWhen(cs, r, r.request.id, (x) => x.state === 'nothingToUpload');
    expect(ended.fileName).toBeNull();
    expect((await upload(r.got.location, Buffer.from('late\n'))).status).toBe(410);
    await r.cp.close();
  });

  it('DIAG-09 A DiagnosticsStatusNotification with no request open is accepted and moves no request', async () => {
    const { charger, cp } = await cs.bootedCharger();
    expect(await cp.ok('DiagnosticsStatusNotification', { status: 'Uploaded' })).toEqual({});
    const rows = await cs.rows(sql`select id from ocpp_diagnostics_requests where charger_id = ${charger.id}`);
    expect(rows).toEqual([]);
    await cp.close();
  });

  it('DIAG-10 TriggerMessage DiagnosticsStatusNotification: accepted, the status taken; Idle leaves the open request as it was', async () => {
    const r = await requested(cs, { fileName: 'diag-10.log' });
    await requestWhen(cs, r, r.request.id, (x) => x.state === 'accepted');
    const sent = cs.command(r.charger.id, 'TriggerMessage', { requestedMessage: 'DiagnosticsStatusNotification' });
    const trigger = await r.cp.expectCall('TriggerMessage');
    expect(trigger.payload).toEqual({ requestedMessage: 'DiagnosticsStatusNotification' });
    trigger.reply({ status: 'Accepted' });
    expect((await sent).status).toBe('accepted');
    expect(await r.cp.ok('DiagnosticsStatusNotification', { status: 'Idle' })).toEqual({});
    const after = await requestWhen(cs, r, r.request.id, (x) => x.lastStatus === 'Idle');
    expect(after.state).toBe('accepted');
    await r.cp.close();
  });

  it('DIAG-11 GetDiagnostics is not a command of the generic command route (400), nothing sent', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const refused = await cs.api('POST', '/ccu/charger-command', { chargerIds: [charger.id], command: { action: 'GetDiagnostics', payload: { location: 'http://example.com/x' } } });
    expect(refused.status).toBe(400);
    const rows = await cs.rows(sql`select id from ocpp_commands where charger_id = ${charger.id} and action = 'GetDiagnostics'`);
    expect(rows).toEqual([]);
    await cp.close();
  });
});
