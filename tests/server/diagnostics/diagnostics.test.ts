// Diagnostics: a simulated charger over a real socket asked for its diagnostics through the API over HTTP, its file
// uploaded to its own location (below CHARGER_FILES_URL, whichever address staff asked on) and downloaded through a
// signed link; a failing and a too large upload (retries honoured); who may ask and download; bad input, unknown and
// offline chargers changing nothing; the sweep's timeout.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { diagnosticsPaths, type DiagnosticsRequestView } from '@domain/diagnostics';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { sweepDiagnostics } from '@server/diagnostics/diagnostics-service';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { testDrivers } from '../support/test-database';

describe.each(testDrivers)('diagnostics on %s', (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  let support: string;
  let chargerId: number;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const settings = { maxBytes: 20 * 1024 * 1024, linkMinutes: 60, timeoutMinutes: 60 };

  /** The API over the app's real HTTP server. */
  async function api(method: string, path: string, authKey: string, body?: unknown) {
    const answer = await fetch(`${live.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${authKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    return { status: answer.status, contentType: answer.headers.get('content-type'), body: text ? JSON.parse(text) : undefined };
  }
  const requestsOf = async (id = chargerId) => (await api('GET', diagnosticsPaths.ofCharger(id), admin)).body.items as DiagnosticsRequestView[];
  const requestWhen = async (id: string, ok: (r: DiagnosticsRequestView) => boolean) =>
    (await until(async () => (await requestsOf()).find((r) => r.id === id), (r) => r !== undefined && ok(r), 30_000))!;
  const count = async () => (await q<{ n: number }>(sql`select count(*)::int as n from ocpp_diagnostics_requests`))[0]!.n;

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, chargerId } = live);
    admin = (await signIn(t, '9000000001')).authKey;
    support = (await signIn(t, '9000000005')).authKey;
    readOnly = (await signIn(t, '9000000006')).authKey;
    await until(() => q<{ connected_node: string | null }>(sql`select connected_node from ocpp_charge_points where charger_id = ${chargerId}`), (r) => r[0]?.connected_node != null);
  }, 300_000);
  afterAll(() => live.close());
  beforeEach(() => {
    // Back to the real time (a test moves the app's clock on).
    t.clock.set(new Date());
    live.charger.options.diagnosticsUpload = 'ok';
  });

  it('asks the charger, receives its file at the location and serves it through a signed link; the command, its audit row and the period reach the charger', async () => {
    const startTime = new Date(Date.now() - 3_600_000).toISOString();
    const made = await api('POST', diagnosticsPaths.request, admin, { chargerIds: [chargerId], startTime, retries: 1, retryInterval: 1 });
    expect(made.status).toBe(201);
    const [request] = made.body.items as DiagnosticsRequestView[];
    expect(request).toMatchObject({ chargerId, startTime });
    // Sent, or further on already: the charger may answer before the route does.
    expect(['sent', 'accepted', 'uploading', 'uploaded']).toContain(request!.state);
    const done = await requestWhen(request!.id, (r) => r.state === 'uploaded');
    expect(done.fileName).toMatch(/-diagnostics-.*\.log$/);
    expect(done.lastStatus).toBe('Uploaded');
    const [command] = await q<{ action: string; payload: { location: string; startTime: string; retries: number }; status: string; batch_id: string }>(
      sql`select action, payload, status, batch_id from ocpp_commands where id = ${done.commandId}::uuid`,
    );
    expect(command).toMatchObject({ action: 'GetDiagnostics', status: 'accepted', payload: { startTime, retries: 1 } });
    expect(command!.payload.location.startsWith(`${live.url}/ocpp-files/diagnostics/${done.id}.`)).toBe(true);
    const audit = await q(sql`select 1 from audit_log where entity_type = 'ocpp-command-batch' and entity_id = ${command!.batch_id}`);
    expect(audit).toHaveLength(1);
    // The file as the charger sent it: its header names the charger and the period asked for.
    const link = await api('POST', diagnosticsPaths.link(done.id), admin);
    expect(link.status).toBe(200);
    const file = await fetch(`${live.url}${link.body.url}`);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(done.fileSize);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(done.fileSha256);
    expect(bytes.toString()).toContain(`# period ${startTime}`);
    // The same link with its signature altered, and an expired one, are refused.
    const forged = link.body.url.replace(/signature=./, (m: string) => (m.endsWith('A') ? 'signature=B' : 'signature=A'));
    expect((await fetch(`${live.url}${forged}`)).status).toBe(403);
    // Used once: the location takes no second file.
    expect((await fetch(command!.payload.location, { method: 'PUT', body: 'again' })).status).toBe(409);
    t.clock.set(new Date(Date.now() + 2 * 3_600_000));
    expect((await fetch(`${live.url}${link.body.url}`)).status).toBe(403);
  });

  it('gives the charger a location below CHARGER_FILES_URL even when staff asked on another address, and the file arrives there', async () => {
    // The console on an address of its own (the request's Host and X-Forwarded-Proto), chargers on the setting's.
    const made = await call(t, 'POST', `http://console.example.test${diagnosticsPaths.request}`, {
      authKey: admin,
      body: { chargerIds: [chargerId], retries: 0 },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const done = await requestWhen(made.body.items[0].id, (r) => r.state === 'uploaded');
    const [command] = await q<{ payload: { location: string } }>(sql`select payload from ocpp_commands where id = ${done.commandId}::uuid`);
    expect(t.config.chargerFilesUrl).toBe(live.url);
    expect(command!.payload.location.startsWith(`${t.config.chargerFilesUrl}/ocpp-files/diagnostics/${done.id}.`)).toBe(true);
    expect(command!.payload.location).not.toContain('console.example.test');
    expect(done.fileSize).toBeGreaterThan(0);
  });

  it('records upload failed when every try of the charger’s upload gets an HTTP error (retries honoured)', async () => {
    live.charger.options.diagnosticsUpload = 'fail';
    const before = live.charger.diagnostics.counters.failedTries;
    const made = await api('POST', diagnosticsPaths.request, admin, { chargerIds: [chargerId], retries: 1, retryInterval: 0 });
    const failed = await requestWhen(made.body.items[0].id, (r) => r.state === 'uploadFailed');
    expect(failed.summary).toBe('Upload failed: the charger reported that its upload failed');
    expect(live.charger.diagnostics.counters.failedTries - before).toBe(2);
    expect(failed.fileSize).toBeNull();
  });

  it('refuses a file over DIAGNOSTICS_MAX_BYTES as it streams in: nothing stored, upload failed', async () => {
    live.charger.options.diagnosticsUpload = 'tooLarge';
    const made = await api('POST', diagnosticsPaths.request, admin, { chargerIds: [chargerId], retries: 0 });
    const failed = await requestWhen(made.body.items[0].id, (r) => r.state === 'uploadFailed');
    const [row] = await q<{ file_key: string | null; upload_started_at: unknown }>(sql`select file_key, upload_started_at from ocpp_diagnostics_requests where id = ${failed.id}::uuid`);
    expect(row).toEqual({ file_key: null, upload_started_at: null });
  });

  it('asks only for holders of ROLE_REQUEST_DIAGNOSTICS and links files only for ROLE_VIEW_HARDWARE_ACTIVITY_LOGS; nothing written when refused', async () => {
    const before = await count();
    const refused = await api('POST', diagnosticsPaths.request, support, { chargerIds: [chargerId] });
    expect(refused.status).toBe(403);
    expect(refused.contentType).toContain('application/problem+json');
    expect(await count()).toBe(before);
    const [some] = await q<{ id: string }>(sql`select id from ocpp_diagnostics_requests where file_key is not null limit 1`);
    expect((await api('POST', diagnosticsPaths.link(some!.id), readOnly)).status).toBe(403);
    expect((await api('GET', diagnosticsPaths.ofCharger(chargerId), readOnly)).status).toBe(200);
  });

  it('refuses bad input (400), unknown chargers and requests (404) and one offline charger (409), writing nothing; a batch records the offline one', async () => {
    const before = await count();
    for (const body of [
      { chargerIds: [] },
      { chargerIds: [chargerId], startTime: '2026-11-02T00:00:00Z', stopTime: '2026-11-01T00:00:00Z' },
      { chargerIds: [chargerId], retries: -1 },
      { chargerIds: [chargerId], startTime: 'yesterday' },
      { chargerIds: [chargerId], location: 'http://elsewhere.example/x' },
      { chargerIds: ['1'] },
    ]) {
      const answer = await api('POST', diagnosticsPaths.request, admin, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.contentType).toContain('application/problem+json');
    }
    expect((await api('POST', diagnosticsPaths.request, admin, { chargerIds: [999_999_999] })).status).toBe(404);
    const offline = await api('POST', diagnosticsPaths.request, admin, { chargerIds: [live.offlineCharger.id] });
    expect(offline.status).toBe(409);
    expect(offline.body.type).toBe('/problems/charger-offline');
    expect(await count()).toBe(before);
    expect((await api('POST', diagnosticsPaths.link('00000000-0000-4000-8000-000000000000'), admin)).status).toBe(404);
    expect((await api('POST', diagnosticsPaths.link('not-an-id'), admin)).status).toBe(404);
    expect((await api('GET', diagnosticsPaths.ofCharger('abc'), admin)).status).toBe(404);

    const both = await api('POST', diagnosticsPaths.request, admin, { chargerIds: [chargerId, live.offlineCharger.id] });
    expect(both.status).toBe(201);
    const states = Object.fromEntries((both.body.items as DiagnosticsRequestView[]).map((r) => [r.chargerId, r.state]));
    expect(states[live.offlineCharger.id]).toBe('offline');
    expect(['sent', 'accepted', 'uploading', 'uploaded']).toContain(states[chargerId]);
    await requestWhen((both.body.items as DiagnosticsRequestView[]).find((r) => r.chargerId === chargerId)!.id, (r) => r.state === 'uploaded');
  });

  it('times out a request that stays open past DIAGNOSTICS_TIMEOUT_MINUTES (the sweep), once', async () => {
    const id = crypto.randomUUID();
    const long = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await database.db.execute(sql`insert into ocpp_diagnostics_requests (id, charger_id, state, link_expires_at, created_at, updated_at)
      values (${id}::uuid, ${chargerId}, 'accepted', ${new Date(Date.now() + 3_600_000).toISOString()}, ${long}, ${long})`);
    expect(await sweepDiagnostics({ db: database.db, now: () => new Date(), bus: live.bus }, settings)).toBeGreaterThanOrEqual(1);
    const [row] = await q<{ state: string; note: string }>(sql`select state, note from ocpp_diagnostics_requests where id = ${id}::uuid`);
    expect(row).toEqual({ state: 'timedOut', note: 'no file and no final status within 60 min' });
    // A second sweep changes nothing more.
    expect(await sweepDiagnostics({ db: database.db, now: () => new Date(), bus: live.bus }, settings)).toBe(0);
  });
});
