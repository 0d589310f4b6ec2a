// Diagnostics retention: files received more than DIAGNOSTICS_RETENTION_DAYS ago are deleted from the app file store
// and their requests say "File deleted after N days" (the request, its file's name and size kept; no link any more);
// recent files are kept; a second run deletes nothing more; a file the store fails to delete is not marked deleted;
// the hourly job reads the setting and the app's store.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosticsPaths, type DiagnosticsRequestView } from '@domain/diagnostics';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { diagnosticsModule } from '@server/diagnostics/diagnostics-module';
import { DIAGNOSTICS_RETENTION_JOB, deleteOldDiagnosticsFiles } from '@server/diagnostics/diagnostics-retention';
import type { JobContext } from '@server/jobs/job-worker';
import type { JobDeps } from '@server/server-module';
import { appFileStoreOf } from '@server/uploads/app-file-store';
import { createDatabaseFileStore } from '@server/uploads/database-file-store';
import { createDiskFileStore, type FileStore } from '@server/uploads/file-store';
import { quiet } from '../support/live-charger';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app';
import { createTestDatabase, testDrivers } from '../support/test-database';

const DAY = 24 * 60 * 60_000;

describe.each(testDrivers)('diagnostics retention on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;
  let dir: string;
  let store: FileStore;
  let admin: string;
  let chargerId: number;
  const now = new Date('2026-11-29T10:00:00.000Z');
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

  /** A request whose file arrived `daysAgo` days before `now`, its bytes in `into`. */
  async function received(daysAgo: number, into: FileStore = store) {
    const id = randomUUID();
    const key = `private/diagnostics/2026/08/${randomBytes(16).toString('base64url')}.bin`;
    const body = Buffer.from(`diagnostics of ${id}\n`);
    await into.put(key, body, 'application/octet-stream');
    const at = new Date(now.getTime() - daysAgo * DAY).toISOString();
    await database.db.execute(sql`insert into ocpp_diagnostics_requests
      (id, charger_id, state, link_expires_at, file_name, file_key, file_size, file_sha256, uploaded_at, last_status, created_at, updated_at)
      values (${id}::uuid, ${chargerId}, 'uploaded', ${at}, ${`diag-${daysAgo}.log`}, ${key}, ${body.length}, ${'0'.repeat(64)}, ${at}, 'Uploaded', ${at}, ${at})`);
    return { id, key, size: body.length };
  }
  const rowOf = async (id: string) =>
    (await q<{ file_key: string | null; file_deleted_at: unknown; file_retention_days: number | null }>(
      sql`select file_key, file_deleted_at, file_retention_days from ocpp_diagnostics_requests where id = ${id}::uuid`,
    ))[0]!;
  const viewOf = async (id: string) =>
    ((await call(t, 'GET', diagnosticsPaths.ofCharger(chargerId), { authKey: admin })).body.items as DiagnosticsRequestView[]).find((r) => r.id === id)!;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    dir = mkdtempSync(path.join(os.tmpdir(), 'czo-diag-retention-'));
    t = createTestApp(database, { DATA_DIR: dir });
    // The store the server uses on each: the database's on PostgreSQL, the disk's on the embedded database.
    store = driver === 'postgres' ? createDatabaseFileStore(database.db) : createDiskFileStore(path.join(dir, 'store'));
    admin = (await signIn(t, '9000000001')).authKey;
    [{ id: chargerId }] = (await q<{ id: number }>(sql`select id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' order by id limit 1`)).map((r) => ({ id: Number(r.id) })) as [{ id: number }];
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('deletes files older than the retention from the store and marks their requests; recent files stay; a second run deletes nothing more', async () => {
    const old = await received(91);
    const older = await received(400);
    const recent = await received(89);
    expect(await deleteOldDiagnosticsFiles({ db: database.db, store, now }, 90)).toEqual({ deleted: 2, failed: 0 });
    expect(await store.get(old.key)).toBeUndefined();
    expect(await store.get(older.key)).toBeUndefined();
    expect(await store.get(recent.key)).toBeDefined();
    const marked = await rowOf(old.id);
    expect(marked).toMatchObject({ file_key: null, file_retention_days: 90 });
    expect(new Date(marked.file_deleted_at as string).toISOString()).toBe(now.toISOString());
    expect(await rowOf(recent.id)).toMatchObject({ file_deleted_at: null, file_retention_days: null });
    expect((await rowOf(recent.id)).file_key).toBe(recent.key);

    // The console: the request stays, with its file's name and size and the words in place of a download.
    expect(await viewOf(old.id)).toMatchObject({ state: 'uploaded', fileName: 'diag-91.log', fileSize: old.size, fileDeletedLabel: 'File deleted after 90 days', fileDeletedAt: now.toISOString() });
    expect(await viewOf(recent.id)).toMatchObject({ fileDeletedLabel: null, fileDeletedAt: null });
    const gone = await call(t, 'POST', diagnosticsPaths.link(old.id), { authKey: admin });
    expect(gone.status).toBe(410);
    expect(gone.contentType).toContain('application/problem+json');
    expect(gone.body.detail).toBe('File deleted after 90 days: it is no longer kept.');
    expect((await call(t, 'POST', diagnosticsPaths.link(recent.id), { authKey: admin })).status).toBe(200);

    // Again, a day later: nothing more to delete; what was marked stays as it was.
    expect(await deleteOldDiagnosticsFiles({ db: database.db, store, now: new Date(now.getTime() + 60_000) }, 90)).toEqual({ deleted: 0, failed: 0 });
    expect(new Date((await rowOf(old.id)).file_deleted_at as string).toISOString()).toBe(now.toISOString());
    expect(await store.get(recent.key)).toBeDefined();
  });

  it('does not mark a request whose file the store failed to delete; the next run deletes it', async () => {
    const old = await received(120);
    const failing: FileStore = { ...store, delete: async () => Promise.reject(new Error('the store is unreachable')) };
    const warnings: string[] = [];
    const logger = { ...quiet, warn: (line: unknown) => void warnings.push(String(line)) };
    expect(await deleteOldDiagnosticsFiles({ db: database.db, store: failing, now, logger }, 90)).toEqual({ deleted: 0, failed: 1 });
    expect(await rowOf(old.id)).toMatchObject({ file_key: old.key, file_deleted_at: null, file_retention_days: null });
    expect(await store.get(old.key)).toBeDefined();
    expect((await viewOf(old.id)).fileDeletedLabel).toBeNull();
    expect(warnings.some((w) => w.includes('diagnostics-file-delete-failed') && w.includes(old.id))).toBe(true);
    expect(await deleteOldDiagnosticsFiles({ db: database.db, store, now }, 90)).toEqual({ deleted: 1, failed: 0 });
    expect((await rowOf(old.id)).file_key).toBeNull();
  });

  it('runs hourly on the job queue with DIAGNOSTICS_RETENTION_DAYS and the app’s file store', async () => {
    t.config.diagnostics.retentionDays = 30;
    const deps: JobDeps = { db: database.db, config: t.config };
    const jobs = diagnosticsModule.jobs!(deps);
    expect(jobs.schedule).toContainEqual({ kind: DIAGNOSTICS_RETENTION_JOB, everyMs: 60 * 60_000 });
    const appStore = appFileStoreOf(deps);
    const month = await received(31, appStore);
    const week = await received(7, appStore);
    const ctx = { db: database.db, now: () => now, logger: quiet, heartbeat: async () => {} } as unknown as JobContext;
    await jobs.handlers[DIAGNOSTICS_RETENTION_JOB]!.run(ctx);
    expect(await appStore.get(month.key)).toBeUndefined();
    expect(await appStore.get(week.key)).toBeDefined();
    expect((await viewOf(month.id)).fileDeletedLabel).toBe('File deleted after 30 days');
    expect((await viewOf(week.id)).fileDeletedLabel).toBeNull();
  });
});
