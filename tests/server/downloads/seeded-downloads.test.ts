// The seeded downloads are in states the live system can be in, and act like downloads staff asked for: each names
// the list it exports with a query that list accepts, so a retry makes its file again. None is ready without a file
// to fetch, or queued or running without the job queue's work: they ended (expired, failed or cancelled).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResource } from '@domain/resources/downloads/download';
import type { OpenDatabase } from '@server/db/open-database';
import { backgroundJobs } from '@server/db/tables/background-jobs';
import { EXPORT_JOB, exportSourceOf } from '@server/downloads/download-job';
import { downloadsTable, type DownloadRow } from '@server/downloads/download-state';
import { appJobHandlers } from '@server/jobs/app-jobs';
import { startJobWorkers, type JobWorkers } from '@server/jobs/job-worker';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app';
import { createTestDatabase, testDrivers } from '../support/test-database';

const BASE = downloadResource.apiPath;

describe.each(testDrivers)('seeded downloads on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let workers: JobWorkers;
  let seeded: DownloadRow[];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'czo-seeded-downloads-'));
    database = await createTestDatabase(driver);
    t = createTestApp(database, { DATA_DIR: dataDir });
    admin = (await signIn(t, '9000000001')).authKey;
    seeded = (await database.db.select().from(downloadsTable)) as DownloadRow[];
    workers = startJobWorkers({ db: database.db, handlers: appJobHandlers({ db: database.db, config: t.config }), count: 1, pollMs: 50, now: t.clock.now, logger: { info: () => {}, warn: () => {}, error: () => {} } });
  });
  afterAll(async () => {
    await workers?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds every download with a list and query its export accepts, and only in states the live system reaches', async () => {
    expect(seeded.length).toBeGreaterThanOrEqual(20);
    for (const d of seeded) {
      const source = exportSourceOf(d);
      expect(typeof source === 'string' ? source : 'valid', `download ${String(d.id)}`).toBe('valid');
      expect(String(d.columnFields ?? '').split(',').filter(Boolean).length, `download ${String(d.id)} columns`).toBeGreaterThan(0);
      expect(['CSV', 'XLSX']).toContain(d.format);
    }
    // Ready means a file to fetch, queued or running an export job: a seed makes neither, so every one has ended.
    expect([...new Set(seeded.map((d) => String(d.status)))].sort()).toEqual(['CANCELLED', 'EXPIRED', 'FAILED']);
    expect(await database.db.select({ id: backgroundJobs.id }).from(backgroundJobs).where(eq(backgroundJobs.kind, EXPORT_JOB))).toEqual([]);
    const retention = t.config.jobs.downloadRetentionDays * 24 * 60 * 60_000;
    for (const d of seeded) {
      expect(d.filePath, `download ${String(d.id)}`).toBeNull();
      expect(d.finishedAt, `download ${String(d.id)}`).toBeInstanceOf(Date);
      // Expired: its file was deleted once the retention period had passed.
      if (d.status === 'EXPIRED') expect((d.finishedAt as Date).getTime(), `download ${String(d.id)}`).toBeLessThan(t.clock.now().getTime() - retention);
      if (d.status === 'FAILED') expect(d.error, `download ${String(d.id)}`).toBeTruthy();
    }
  });

  it('retries a seeded expired, failed and cancelled download into a file', async () => {
    const mine = seeded.filter((d) => d.requestedBy === demoStaffUserId('9000000001'));
    for (const status of ['EXPIRED', 'FAILED', 'CANCELLED']) {
      const download = mine.find((d) => d.status === status);
      expect(download, `a seeded ${status} download of the Super Admin`).toBeDefined();
      const retried = await call(t, 'POST', `${BASE}/${download!.id}/transition`, { authKey: admin, body: { type: 'RETRY', version: Number(download!.version) } });
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    }
    await workers.drain();
    for (const id of ['EXPIRED', 'FAILED', 'CANCELLED'].map((status) => Number(mine.find((d) => d.status === status)!.id))) {
      const done = (await call(t, 'GET', `${BASE}/${id}`, { authKey: admin })).body as Record<string, unknown>;
      expect(done, `download ${id}`).toMatchObject({ status: 'READY', error: null });
      const link = await call(t, 'POST', `${BASE}/${id}/link`, { authKey: admin });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      const file = await t.app.request(link.body.url as string);
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  }, 120_000);
});
