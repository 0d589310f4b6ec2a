import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResource } from '@domain/resources/downloads/download';
import { auditLog } from '@server/db/schema';
import { backgroundJobs } from '@server/db/tables/background-jobs';
import type { OpenDatabase } from '@server/db/open-database';
import { EXPORT_JOB } from '@server/downloads/download-job';
import { downloadsTable, loadDownload, moveDownload, recordProgress } from '@server/downloads/download-state';
import { appJobHandlers } from '@server/jobs/app-jobs';
import { claimJob, enqueueJob } from '@server/jobs/job-queue';
import { JobFailedForGood, startJobWorkers, type JobHandler, type JobWorkers } from '@server/jobs/job-worker';
import { expireOldDownloads } from '@server/jobs/housekeeping';
import { downloadStoreOf } from '@server/downloads/download-store';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app';
import { createTestDatabase, testDrivers } from '../support/test-database';

const BASE = downloadResource.apiPath;

describe.each(testDrivers)('downloads on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let finance: string;
  let financeId: string;
  let operations: string;
  /** Hooks the tests set on the export handler: before each heartbeat, and a forced failure. */
  let beforeHeartbeat: ((done: number) => Promise<void>) | undefined;
  let failNext: string | undefined;
  const progress: number[] = [];
  let workers: JobWorkers;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'czo-downloads-'));
    database = await createTestDatabase(driver);
    t = createTestApp(database, { DATA_DIR: dataDir });
    admin = (await signIn(t, '9000000001')).authKey;
    const f = await signIn(t, '9000000004');
    finance = f.authKey;
    financeId = f.userId;
    operations = (await signIn(t, '9000000002')).authKey;
    const handlers = appJobHandlers({ db: database.db, config: t.config }, { batchRows: 40, maxRowsPerSheet: 101, progressEveryMs: 0 });
    const exportHandler = handlers[EXPORT_JOB]!;
    // The real export handler, with hooks: the tests cancel mid-way and force a failure through them.
    const hooked: JobHandler = {
      onFailed: exportHandler.onFailed,
      run: async (ctx) => {
        if (failNext) {
          const message = failNext;
          failNext = undefined;
          throw new JobFailedForGood(message);
        }
        await exportHandler.run({
          ...ctx,
          heartbeat: async (p) => {
            if (p) progress.push(p.done);
            if (p && beforeHeartbeat) await beforeHeartbeat(p.done);
            await ctx.heartbeat(p);
          },
        });
      },
    };
    workers = startJobWorkers({ db: database.db, handlers: { ...handlers, [EXPORT_JOB]: hooked }, count: 1, pollMs: 50, now: t.clock.now, logger: { info: () => {}, warn: () => {}, error: () => {} } });
  });
  afterAll(async () => {
    await workers?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const create = (authKey: string, body: Record<string, unknown>) => call(t, 'POST', BASE, { authKey, body });
  const one = async (id: number) => (await call(t, 'GET', `${BASE}/${id}`, { authKey: admin })).body as Record<string, unknown>;
  const fileOf = async (authKey: string, id: number) => {
    const link = await call(t, 'POST', `${BASE}/${id}/link`, { authKey });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const response = await t.app.request(link.body.url as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+\.(csv|xlsx)"$/);
    return { response, fileName: link.body.fileName as string };
  };
  const csvRows = async (authKey: string, id: number) => {
    const bytes = new Uint8Array(await (await fileOf(authKey, id)).response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM, so Excel reads UTF-8
    return parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true }).data;
  };

  it('exports a filtered, searched, sorted list: the file holds exactly the list’s rows in its order, with IST dates, rupees and kWh; progress is recorded', async () => {
    const query = 'status=COMPLETED&sort=amount,desc&startedAtFrom=2025-06-01';
    const list = await call(t, 'GET', `/booking-service/admin/booking?${query}&size=1000`, { authKey: finance });
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(80); // several batches of 40
    progress.length = 0;
    const created = await create(finance, { resource: 'bookings', query: `?${query}&page=3&size=50`, format: 'CSV', columns: ['id', 'startedAt', 'amount', 'energyWh', 'userId'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: 'QUEUED', reportType: 'BOOKINGS', format: 'CSV', rowCount: list.body.items.length, requestedBy: financeId });
    expect(created.body.filtersSummary).toContain('Status: Completed');
    await workers.drain();
    const done = await one(created.body.id);
    expect(done).toMatchObject({ status: 'READY', rowsWritten: list.body.items.length, rowCount: list.body.items.length });
    expect(progress.filter((p) => p > 0).length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const rows = await csvRows(finance, created.body.id);
    expect(rows[0]).toEqual(['Booking', 'Started', 'Amount (₹)', 'Energy (kWh)', 'Customer name']);
    const items = list.body.items as Record<string, unknown>[];
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(items.map((i) => i.id));
    const first = items[0]!;
    expect(rows[1]![1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(Number(rows[1]![2])).toBe(Number(first.amount) / 100);
    expect(Number(rows[1]![3])).toBe(Number(first.energyWh) / 1000);
    expect(rows[1]![4]).toBe((first._labels as Record<string, string>).userId);
    const transitions = await database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'downloads'), eq(auditLog.entityId, String(created.body.id))));
    expect(transitions.map((a) => a.event ?? a.action)).toEqual(['create', 'START', 'FINISH']);
  });

  it('only the requester or ROLE_MANAGE_DOWNLOADS fetches, cancels or retries a download; a bad filter is a 400 on its path', async () => {
    const created = await create(finance, { reportType: 'PAYOUTS', format: 'CSV' });
    expect(created.status).toBe(201);
    await workers.drain();
    const id = created.body.id as number;
    expect((await call(t, 'POST', `${BASE}/${id}/link`, { authKey: operations })).status).toBe(403);
    expect((await call(t, 'POST', `${BASE}/${id}/transition`, { authKey: operations, body: { type: 'RETRY', version: 2 } })).status).toBe(403);
    expect((await csvRows(admin, id)).length).toBeGreaterThan(1); // Super Admin holds ROLE_MANAGE_DOWNLOADS
    const link = await call(t, 'POST', `${BASE}/${id}/link`, { authKey: finance });
    // One character of the signature changed (to another: a signature starting with "A" made "A" no change, 1 run in 64).
    const tampered = (link.body.url as string).replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.request(tampered)).status).toBe(403);
    t.clock.advance(60 * 60_000);
    expect((await t.app.request(link.body.url as string)).status).toBe(403); // expired
    const bad = await create(finance, { resource: 'bookings', query: 'status=NOPE&amountMin=x', format: 'CSV' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['query.amountMin', 'query.status.0']);
    expect((await create(operations, { reportType: 'PAYOUTS', format: 'CSV' })).status).toBe(403);
  });

  it('refuses a download past the report’s row limit with a clear message; the limit is changed on Download Configuration, audited', async () => {
    const configs = await call(t, 'GET', '/upload-service/download/config?size=50', { authKey: admin });
    const bookings = (configs.body.items as Record<string, unknown>[]).find((c) => c.reportType === 'BOOKINGS')!;
    const changed = await call(t, 'PUT', `/upload-service/download/config/${bookings.id}`, { authKey: admin, body: { maxRows: 50 } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'download-configurations'), eq(auditLog.entityId, String(bookings.id))));
    expect(audit.at(-1)?.changes).toMatchObject({ maxRows: { from: 500_000, to: 50 } });
    const refused = await create(finance, { reportType: 'BOOKINGS', format: 'XLSX' });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('This download would have more than 50 rows, the limit for bookings downloads. Narrow the filters (a shorter date range, a status) and try again.');
    const narrow = await create(finance, { reportType: 'BOOKINGS', format: 'CSV', query: 'status=FAILED&startedAtFrom=2025-12-20' });
    expect(narrow.status, JSON.stringify(narrow.body)).toBe(201);
    await call(t, 'PUT', `/upload-service/download/config/${bookings.id}`, { authKey: admin, body: { maxRows: 500_000 } });
    await workers.drain();
  });

  it('neutralises cells a spreadsheet would run as formulas, in CSV and in Excel (a new sheet past the sheet’s row limit)', async () => {
    for (const name of ['=HYPERLINK("http://x","y")', '+91 cmd|calc', '-2+3', '@SUM(A1)']) {
      const made = await call(t, 'POST', '/config/admin/vendor', { authKey: admin, body: { name: `${name} zzvendor`, mobileNumber: '9812345678' } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const csv = await create(admin, { resource: 'vendors', query: 'q=zzvendor&sort=name,asc', format: 'CSV', columns: ['name'] });
    await workers.drain();
    const names = (await csvRows(admin, csv.body.id)).slice(1).map((r) => r[0]);
    expect(names).toEqual([`'+91 cmd|calc zzvendor`, `'-2+3 zzvendor`, `'=HYPERLINK("http://x","y") zzvendor`, `'@SUM(A1) zzvendor`]);

    const xlsx = await create(admin, { resource: 'bookings', query: 'sort=startedAt,asc', format: 'XLSX', columns: ['id', 'amount', 'userPhone'] });
    expect(xlsx.status).toBe(201);
    await workers.drain();
    const { response } = await fileOf(admin, xlsx.body.id);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const total = xlsx.body.rowCount as number;
    expect(book.worksheets.length).toBe(Math.ceil(total / 100)); // 101 rows per sheet here: a header and 100 rows
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, 'Booking', 'Amount (₹)', 'Customer']);
    expect(book.worksheets.reduce((n, s) => n + s.rowCount - 1, 0)).toBe(total);
    expect(typeof book.worksheets[0]!.getRow(2).getCell(2).value).toBe('number');
  });

  it('cancels an export mid-way: the worker stops at its next batch, no file is kept or offered; retry after a forced failure makes the file', async () => {
    let cancelled = false;
    let id = 0;
    beforeHeartbeat = async (done) => {
      if (done >= 80 && !cancelled) {
        cancelled = true;
        const d = await one(id);
        const answer = await call(t, 'POST', `${BASE}/${id}/transition`, { authKey: finance, body: { type: 'CANCEL', version: d.version } });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
    };
    const created = await create(finance, { reportType: 'BOOKINGS', format: 'CSV' });
    id = created.body.id;
    await workers.drain();
    beforeHeartbeat = undefined;
    expect(cancelled).toBe(true);
    const after = await one(id);
    expect(after).toMatchObject({ status: 'CANCELLED', filePath: null });
    expect(after.rowsWritten).toBeLessThan(after.rowCount as number);
    const [job] = await database.db.select().from(backgroundJobs).where(and(eq(backgroundJobs.kind, EXPORT_JOB), eq(backgroundJobs.subject, String(id))));
    expect(job?.state).toBe('cancelled');
    expect(readdirSync(path.join(dataDir, 'uploads', '.exports'))).toEqual([]);
    expect((await call(t, 'POST', `${BASE}/${id}/link`, { authKey: finance })).status).toBe(409);

    failNext = 'Forced failure for the test';
    const failing = await create(finance, { resource: 'payouts', format: 'CSV' });
    await workers.drain();
    const failed = await one(failing.body.id);
    expect(failed).toMatchObject({ status: 'FAILED', error: 'Forced failure for the test' });
    const retried = await call(t, 'POST', `${BASE}/${failing.body.id}/transition`, { authKey: finance, body: { type: 'RETRY', version: failed.version } });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'QUEUED', error: null });
    await workers.drain();
    expect(await one(failing.body.id)).toMatchObject({ status: 'READY', error: null });
    // A second CANCEL of a finished download is refused by its machine.
    expect((await call(t, 'POST', `${BASE}/${failing.body.id}/transition`, { authKey: finance, body: { type: 'CANCEL', version: (await one(failing.body.id)).version } })).status).toBe(409);
  });

  it('takes back the job of a worker that died mid-export when its lease runs out, and finishes it; old files expire', async () => {
    await workers.stop();
    const created = await create(finance, { resource: 'payouts', format: 'CSV' });
    const id = created.body.id as number;
    // A worker claims the job, starts the export and dies (it never renews its lease).
    const job = await claimJob(database.db, { workerId: 'dead-worker', leaseMs: 30_000, now: t.clock.now() });
    expect(job?.subject).toBe(String(id));
    await moveDownload(database.db, id, { type: 'START' }, {}, t.clock.now());
    await recordProgress(database.db, id, 40);
    workers = startJobWorkers({ db: database.db, handlers: appJobHandlers({ db: database.db, config: t.config }), count: 1, pollMs: 50, now: t.clock.now, logger: { info: () => {}, warn: () => {}, error: () => {} } });
    await workers.drain();
    expect((await loadDownload(database.db, id))?.status).toBe('RUNNING'); // the lease still holds
    t.clock.advance(31_000);
    workers.wake();
    await new Promise((r) => setTimeout(r, 200));
    await workers.drain();
    const done = await one(id);
    expect(done).toMatchObject({ status: 'READY' });
    const [row] = await database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, job!.id));
    expect(row).toMatchObject({ state: 'done', attempts: 2 });

    const store = downloadStoreOf({ config: t.config });
    t.clock.advance(8 * 24 * 60 * 60_000);
    await database.db.update(downloadsTable).set({ finishedAt: new Date(t.clock.now().getTime() - 8 * 24 * 60 * 60_000) }).where(eq(downloadsTable.id, id));
    expect(await expireOldDownloads(database.db, { store, exportTempDir: path.join(dataDir, 'uploads', '.exports'), retentionDays: 7 }, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await loadDownload(database.db, id)).toMatchObject({ status: 'EXPIRED', filePath: null });
    expect(await store.open!(String(done.filePath))).toBeUndefined();
  });

  it('two workers never take the same job', async () => {
    const runs: number[] = [];
    const handlers: Record<string, JobHandler> = {
      'test.noop': {
        run: async ({ job }) => {
          runs.push(job.id);
          await new Promise((r) => setTimeout(r, 2));
        },
      },
    };
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push((await enqueueJob(database.db, { kind: 'test.noop' }, t.clock.now()))!);
    const a = startJobWorkers({ db: database.db, handlers, count: 3, pollMs: 20, now: t.clock.now });
    const b = startJobWorkers({ db: database.db, handlers, count: 3, pollMs: 20, now: t.clock.now });
    await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.stop(), b.stop()]);
    expect([...runs].sort((x, y) => x - y)).toEqual(ids);
  });
});
